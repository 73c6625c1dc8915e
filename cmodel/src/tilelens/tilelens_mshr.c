/*
 * tilelens_mshr.c - cycle model of the 4 KB-granularity MSHR partition
 * (paper section 5.2), the twin of rtl/tilelens/tilelens_mshr.v.
 *
 * Each call of tl_mshr_step() is one clock cycle, computed the way the RTL
 * computes it: the outputs from the registers and this cycle's inputs
 * (every selection is "the lowest entry index", every sector choice "the
 * lowest sector"), then the registers' next values. The names follow the
 * RTL's signals (miss_hit, free_sel, mem_sel, rel_sel, ...).
 * docs/tilelens_mshr.md has the semantics.
 */
#include <string.h>

#include "tilelens_internal.h"

#define TL_MSHR_TAG 0x544c4d53u /* "TLMS": a tl_mshr set up by tl_mshr_init */

_Static_assert(sizeof(tl_mshr) == 16 + 3 * TL_MSHR_ENTRIES_MAX + 12 * TL_MSHR_ENTRIES_MAX + sizeof(tl_mshr_stats),
               "tl_mshr has no padding (its bytes are its checkpoint)");

tl_status tl_mshr_init(tl_mshr *m, uint32_t entries, uint32_t page_bits) {
  if (!m) return TL_ERR_NULL;
  if (entries < 1 || entries > TL_MSHR_ENTRIES_MAX || page_bits < 1 || page_bits > TL_MSHR_PAGE_BITS_MAX)
    return TL_ERR_MSHR_PARAM;
  memset(m, 0, sizeof *m);
  m->entries = entries;
  m->page_bits = page_bits;
  m->tag = TL_MSHR_TAG;
  return TL_OK;
}

static int tl_mshr_ready(const tl_mshr *m) {
  return m->tag == TL_MSHR_TAG && m->entries >= 1 && m->entries <= TL_MSHR_ENTRIES_MAX && m->page_bits >= 1 &&
         m->page_bits <= TL_MSHR_PAGE_BITS_MAX;
}

/* The registers to their reset values (page and mask are not reset in the
 * RTL; they are cleared here so that a saved state is deterministic, and no
 * output reads them for a free entry). */
static void tl_mshr_clear(tl_mshr *m) {
  memset(m->valid, 0, sizeof m->valid);
  memset(m->req, 0, sizeof m->req);
  memset(m->filled, 0, sizeof m->filled);
  memset(m->mask, 0, sizeof m->mask);
  memset(m->page, 0, sizeof m->page);
  m->stats.occupancy = 0;
}

tl_status tl_mshr_reset(tl_mshr *m) {
  if (!m) return TL_ERR_NULL;
  if (!tl_mshr_ready(m)) return TL_ERR_STATE;
  tl_mshr_clear(m);
  memset(&m->stats, 0, sizeof m->stats);
  return TL_OK;
}

uint32_t tl_mshr_occupancy(const tl_mshr *m) {
  if (!m || !tl_mshr_ready(m)) return 0;
  uint32_t n = 0;
  for (uint32_t e = 0; e < m->entries; e++) n += m->valid[e];
  return n;
}

/* Lowest set bit of a non-zero mask, as a sector number. */
static uint32_t tl_mshr_low_sector(uint32_t mask) {
  uint32_t s = 0;
  while (!(mask & 1u)) { mask >>= 1; s++; }
  return s;
}

tl_status tl_mshr_step(tl_mshr *m, const tl_mshr_in *in, tl_mshr_out *out) {
  if (!m || !in || !out) return TL_ERR_NULL;
  memset(out, 0, sizeof *out);
  if (!tl_mshr_ready(m)) return TL_ERR_STATE;
  const uint64_t page_lim = 1ull << m->page_bits;
  if (in->rst_n > 1 || in->miss_valid > 1 || in->mem_ready > 1 || in->fill_valid > 1 || in->rel_ready > 1 ||
      in->miss_page >= page_lim || in->fill_page >= page_lim || in->miss_sector >= TL_MSHR_SECTORS)
    return TL_ERR_RANGE;

  /* Asynchronous reset: the registers are empty at once; the outputs are
   * those of the empty MSHR for these inputs; no state moves. */
  if (!in->rst_n) tl_mshr_clear(m);

  const uint32_t n = m->entries;
  /* ---- miss port: match, free entry, ready */
  int hit = -1, free_sel = -1;
  for (uint32_t e = 0; e < n; e++) {
    if (m->valid[e] && m->page[e] == in->miss_page && hit < 0) hit = (int)e;
    if (!m->valid[e] && free_sel < 0) free_sel = (int)e;
  }
  out->miss_ready = (hit >= 0 || free_sel >= 0) ? 1u : 0u;
  const int miss_fire = in->miss_valid && out->miss_ready;

  /* ---- memory port: the lowest entry whose page memory has not taken */
  int mem_sel = -1;
  for (uint32_t e = 0; e < n && mem_sel < 0; e++)
    if (m->valid[e] && m->req[e]) mem_sel = (int)e;
  out->mem_valid = mem_sel >= 0;
  out->mem_page = mem_sel >= 0 ? m->page[mem_sel] : 0;
  const int mem_fire = out->mem_valid && in->mem_ready;

  /* ---- fill port: the entry of the page, the error */
  int fill_hit = -1;
  for (uint32_t e = 0; e < n && fill_hit < 0; e++)
    if (m->valid[e] && m->page[e] == in->fill_page) fill_hit = (int)e;
  int fill_set = -1;
  tl_status st = TL_OK;
  if (in->fill_valid) {
    if (fill_hit < 0 || m->req[fill_hit]) {
      out->fill_err = TL_MSHR_FILL_UNTRACKED;
      st = TL_ERR_MSHR_UNTRACKED_FILL;
    } else if (m->filled[fill_hit]) {
      out->fill_err = TL_MSHR_FILL_DUP;
      st = TL_ERR_MSHR_DUP_FILL;
    } else {
      fill_set = fill_hit;
    }
  }

  /* ---- release port: the lowest filled entry, its lowest sector */
  int rel_sel = -1;
  for (uint32_t e = 0; e < n && rel_sel < 0; e++)
    if (m->valid[e] && m->filled[e]) rel_sel = (int)e;
  out->rel_valid = rel_sel >= 0;
  if (rel_sel >= 0) {
    out->rel_page = m->page[rel_sel];
    out->rel_sector = tl_mshr_low_sector(m->mask[rel_sel]);
  }
  const int rel_fire = out->rel_valid && in->rel_ready;

  if (!in->rst_n) return st;

  /* ---- statistics of the cycle */
  tl_mshr_stats *s = &m->stats;
  s->cycles++;
  if (in->miss_valid && !out->miss_ready) s->stall_cycles++;
  if (miss_fire) {
    s->misses++;
    if (hit >= 0) s->merges++;
    else s->allocations++;
  }
  if (mem_fire) s->mem_requests++;
  if (fill_set >= 0) s->fills++;
  if (out->fill_err == TL_MSHR_FILL_DUP) s->dup_fills++;
  if (out->fill_err == TL_MSHR_FILL_UNTRACKED) s->untracked_fills++;
  if (rel_fire) s->releases++;

  /* ---- next state (every term reads the registers before the edge) */
  if (rel_fire) {
    const uint32_t e = (uint32_t)rel_sel;
    m->mask[e] &= m->mask[e] - 1u;                 /* the lowest waiter leaves */
  }
  if (miss_fire && hit >= 0) m->mask[hit] |= 1u << in->miss_sector;
  if (rel_fire && m->mask[rel_sel] == 0) {          /* the last one: free */
    m->valid[rel_sel] = 0;
    m->filled[rel_sel] = 0;
    m->req[rel_sel] = 0;
    m->page[rel_sel] = 0;                           /* a free entry is all zero */
  }
  if (mem_fire) m->req[mem_sel] = 0;
  if (fill_set >= 0) m->filled[fill_set] = 1;
  if (miss_fire && hit < 0) {
    const uint32_t e = (uint32_t)free_sel;
    m->valid[e] = 1;
    m->req[e] = 1;
    m->filled[e] = 0;
    m->page[e] = in->miss_page;
    m->mask[e] = 1u << in->miss_sector;
  }
  s->occupancy = tl_mshr_occupancy(m);
  if (s->occupancy > s->high_water) s->high_water = s->occupancy;
  return st;
}

/* ---- checkpoint */
tl_status tl_mshr_save(const tl_mshr *m, void *buf, size_t cap, size_t *len) {
  if (len) *len = 0;
  if (!m || !buf) return TL_ERR_NULL;
  if (!tl_mshr_ready(m)) return TL_ERR_STATE;
  return tl_ckpt_save(TL_CKPT_MSHR, TL_CKPT_MSHR_LAYOUT, m, sizeof *m, buf, cap, len);
}

/* A state the model can reach from tl_mshr_init. */
static int tl_mshr_consistent(const tl_mshr *m) {
  if (!tl_mshr_ready(m) || m->reserved) return 0;
  const uint64_t lim = 1ull << m->page_bits;
  uint32_t used = 0;
  for (uint32_t e = 0; e < TL_MSHR_ENTRIES_MAX; e++) {
    if (m->valid[e] > 1 || m->req[e] > 1 || m->filled[e] > 1) return 0;
    if (!m->valid[e] || e >= m->entries) {
      if (m->valid[e] || m->req[e] || m->filled[e] || m->mask[e] || m->page[e]) return 0;
      continue;
    }
    used++;
    if (!m->mask[e] || (m->req[e] && m->filled[e]) || m->page[e] >= lim) return 0;
    for (uint32_t k = 0; k < e; k++)
      if (m->valid[k] && m->page[k] == m->page[e]) return 0;
  }
  return used == m->stats.occupancy && m->stats.high_water >= used && m->stats.high_water <= m->entries;
}

tl_status tl_mshr_restore(tl_mshr *m, const void *buf, size_t len) {
  if (!m || !buf) return TL_ERR_NULL;
  tl_mshr tmp;
  tl_status st = tl_ckpt_load(TL_CKPT_MSHR, TL_CKPT_MSHR_LAYOUT, &tmp, sizeof tmp, buf, len);
  if (st != TL_OK) return st;
  if (!tl_mshr_consistent(&tmp)) return TL_ERR_STATE;
  *m = tmp;
  return TL_OK;
}
