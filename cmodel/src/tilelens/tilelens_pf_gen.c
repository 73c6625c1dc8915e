/*
 * tilelens_pf_gen.c - cycle model of rtl/tilelens/tilelens_pf_gen.v: the
 * stride prefetch generator of paper section 5.3 with the two tiers of
 * section 6.1 (L2 for distances 1..d, the SRAM buffer for d+1..2d), a page
 * filter against duplicate prefetches and valid/ready back-pressure.
 * docs/tilelens_prefetch.md fixes the semantics; the header (tilelens.h,
 * "tilelens_pf") lists the ports.
 */
#include "tilelens_internal.h"

#define PF_GEN_TAG 0x54504647u /* "TPFG": initialized by tl_pf_gen_init */
#define PF_ADDR_MASK ((1ull << TL_PF_ADDR_BITS) - 1u)

static void pf_gen_clear(tl_pf_gen *g) {
  g->busy = 0;
  g->cand = g->stride = 0;
  g->k = g->last = g->d = 0;
  g->err = TL_OK;
  g->fvalid = 0;
  g->wptr = 0;
  for (uint32_t e = 0; e < TL_PF_FILTER_MAX; e++) g->fpage[e] = 0;
}

tl_status tl_pf_gen_init(tl_pf_gen *g, uint32_t filter) {
  if (!g) return TL_ERR_NULL;
  if (filter < 1 || filter > TL_PF_FILTER_MAX) return TL_ERR_RANGE;
  *g = (tl_pf_gen){0};
  g->filter = filter;
  g->tag = PF_GEN_TAG;
  pf_gen_clear(g);
  return TL_OK;
}

/* The candidate's page is in the filter. */
static int pf_gen_hit(const tl_pf_gen *g) {
  uint64_t page = g->cand >> TL_PF_LOG2_PAGE;
  for (uint32_t e = 0; e < g->filter; e++)
    if ((g->fvalid >> e & 1u) && g->fpage[e] == page) return 1;
  return 0;
}

static void pf_gen_outputs(const tl_pf_gen *g, tl_pf_gen_out *out) {
  out->dem_ready = !g->busy;
  out->pf_valid = g->busy && !pf_gen_hit(g);
  out->pf_addr = g->cand;
  out->pf_tier = g->k > g->d;
  out->err = g->err;
}

static int pf_bit(uint32_t v) { return v <= 1; }

tl_status tl_pf_gen_step(tl_pf_gen *g, const tl_pf_gen_in *in, tl_pf_gen_out *out) {
  if (out) *out = (tl_pf_gen_out){0};
  if (!g || !in || !out) return TL_ERR_NULL;
  if (g->tag != PF_GEN_TAG) return TL_ERR_STATE;
  if (!pf_bit(in->rst_n) || !pf_bit(in->dem_valid) || !pf_bit(in->buffer) || !pf_bit(in->pf_ready) ||
      in->dem_addr >> TL_PF_ADDR_BITS || in->stride >> TL_PF_ADDR_BITS || in->dem_iter >> TL_PF_KIT_BITS ||
      in->kiters >> TL_PF_KIT_BITS || in->degree >> TL_PF_KIT_BITS)
    return TL_ERR_RANGE;
  if (!in->rst_n) {            /* asynchronous reset: cleared at once */
    pf_gen_clear(g);
    pf_gen_outputs(g, out);
    return TL_OK;
  }
  pf_gen_outputs(g, out);
  g->stats.cycles++;
  tl_status ev = TL_OK;
  if (!g->busy) {
    if (!in->dem_valid) return TL_OK;
    g->stats.demands++;
    uint64_t next = in->dem_addr + in->stride;
    if (!in->kiters || !in->stride) {
      ev = TL_ERR_PF_CONFIG;
    } else if (in->dem_iter >= in->kiters) {
      ev = TL_ERR_PF_ITER;
    } else {
      uint32_t D = in->buffer ? 2u * in->degree : in->degree;
      uint32_t room = in->kiters - 1u - in->dem_iter;
      uint32_t last = D < room ? D : room;
      g->stats.dropped_end += D - last;
      if (last && next >> TL_PF_ADDR_BITS) {
        ev = TL_ERR_OVERFLOW;
        g->stats.overflows++;
      } else if (last) {
        g->busy = 1;
        g->cand = next;
        g->stride = in->stride;
        g->k = 1;
        g->last = last;
        g->d = in->degree;
      }
    }
    g->err = ev;
    if (ev != TL_OK) g->stats.rejected++;
    return ev;
  }
  /* busy: one candidate this cycle */
  int hit = pf_gen_hit(g);
  if (!hit && !in->pf_ready) {
    g->stats.stall_cycles++;
    return TL_OK;
  }
  if (hit) {
    g->stats.merged++;
  } else {
    g->stats.issued++;
    if (g->k > g->d) g->stats.issued_tier1++;
    g->fpage[g->wptr] = g->cand >> TL_PF_LOG2_PAGE;
    g->fvalid |= 1u << g->wptr;
    g->wptr = g->wptr + 1u == g->filter ? 0 : g->wptr + 1u;
  }
  if (g->k == g->last) {
    g->busy = 0;
  } else {
    uint64_t next = g->cand + g->stride;
    if (next >> TL_PF_ADDR_BITS) {
      g->busy = 0;
      g->err = TL_ERR_OVERFLOW;
      g->stats.overflows++;
    } else {
      g->cand = next;
      g->k++;
    }
  }
  return TL_OK;
}

/* ---- checkpoint ------------------------------------------------------------ */
tl_status tl_pf_gen_save(const tl_pf_gen *g, void *buf, size_t cap, size_t *len) {
  if (len) *len = 0;
  if (!g || !buf) return TL_ERR_NULL;
  if (g->tag != PF_GEN_TAG) return TL_ERR_STATE;
  return tl_ckpt_save(TL_CKPT_PF_GEN, TL_CKPT_PF_GEN_LAYOUT, g, sizeof *g, buf, cap, len);
}

/* A state the model can reach from its reset. */
static int pf_gen_valid(const tl_pf_gen *g) {
  if (g->tag != PF_GEN_TAG || g->filter < 1 || g->filter > TL_PF_FILTER_MAX || g->busy > 1) return 0;
  if (g->cand >> TL_PF_ADDR_BITS || g->stride >> TL_PF_ADDR_BITS || g->d >> TL_PF_KIT_BITS ||
      g->last > 2u * ((1u << TL_PF_KIT_BITS) - 1u) || g->wptr >= g->filter || g->fvalid >> g->filter)
    return 0;
  if (g->busy && (g->k < 1 || g->k > g->last || !g->stride)) return 0;
  for (uint32_t e = 0; e < TL_PF_FILTER_MAX; e++)
    if (g->fpage[e] >> (TL_PF_ADDR_BITS - TL_PF_LOG2_PAGE)) return 0;
  return g->err == TL_OK || g->err == TL_ERR_OVERFLOW || g->err == TL_ERR_PF_CONFIG || g->err == TL_ERR_PF_ITER;
}

tl_status tl_pf_gen_restore(tl_pf_gen *g, const void *buf, size_t len) {
  if (!g || !buf) return TL_ERR_NULL;
  tl_pf_gen tmp;
  tl_status st = tl_ckpt_load(TL_CKPT_PF_GEN, TL_CKPT_PF_GEN_LAYOUT, &tmp, sizeof tmp, buf, len);
  if (st != TL_OK) return st;
  if (!pf_gen_valid(&tmp)) return TL_ERR_STATE;
  *g = tmp;
  return TL_OK;
}
