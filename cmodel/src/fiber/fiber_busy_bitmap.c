/*
 * fiber_busy_bitmap.c - model of fiber_busy_bitmap, the register busy bitmap.
 *
 * Two groups of one bit per vector register: EMPTY (the latest value is not
 * yet written back) and FULL (the value is still being read). An instruction
 * may issue only when its destination is clear in FULL and every source is
 * clear in EMPTY; the check reads the state at the start of the cycle.
 * The hardware keeps one replica of both groups per SP so that each SP's
 * eligibility logic has its own read ports; every write is broadcast, so
 * the replicas are equal at every cycle. The model keeps every replica and
 * writes each one (replica 0 takes the ordered writes, the others receive
 * the same words), so that a co-simulation can compare them one by one. A
 * simulator that does not look at replicas can run with one (nrep = 1):
 * the behaviour is the same.
 *
 * Registers: ids 0 .. nreg-1 exist (bit r is register r); SP s's partition
 * is ids s*512 .. s*512+511. Destinations are local (the ISA has no remote write): an issue or
 * writeback of SP s, and the destination of SP s's query, must lie in SP
 * s's partition. Operand reads come by read port (the register-read
 * cycle's bank addresses), one row per port.
 *
 * One cycle of updates applies, in this order, to every replica:
 *   1. hardware clears   writeback clears EMPTY[dst], consumption clears
 *                        FULL[src], from all SPs;
 *   2. hardware sets     issue sets EMPTY[dst], operand read sets FULL of
 *                        the register each read port reads;
 *   3. extended DEPBAR   SP 0, 1, 2, 3 in turn set or clear one bit of one
 *                        group, so the highest-numbered SP touching a bit
 *                        decides it;
 *   4. ALL-scope         (SET_FIBER_NUM) sets every EMPTY bit.
 * Applying the steps in sequence to the stored bits is the priority chain
 * of the RTL's next-state logic: a later step overrides an earlier one on
 * the same bit and leaves every other bit alone. An operation on a register
 * >= nreg (a smaller RTL instance), or an issue or writeback
 * outside the SP's partition, is dropped and raises the SP's update-error
 * bit (a read port's error goes to the SP owning the bank).
 */
#include <string.h>

#include "fiber_internal.h"

#define FB_BM_WORDS (FB_NVREG / 64)

fb_err fb_bm_reset(fb_bm *bm, unsigned nreg, unsigned nrep) {
  if (!bm) return FB_ERR_NULL;
  if (nreg < 1 || nreg > FB_NVREG || nrep < 1 || nrep > FB_BM_MAX_NREP) return FB_ERR_RANGE;
  memset(bm, 0, sizeof *bm);
  bm->nreg = (uint16_t)nreg;
  bm->nrep = (uint8_t)nrep;
  return FB_OK;
}

/* A bitmap set up by fb_bm_reset (a never-reset one would index past its
 * arrays). */
static inline int bm_ok(const fb_bm *bm) {
  return bm && bm->nreg >= 1 && bm->nreg <= FB_NVREG && bm->nrep >= 1 && bm->nrep <= FB_BM_MAX_NREP;
}

int fb_bm_index(const fb_bm *bm, unsigned r) {
  if (!bm) return -1;
  r &= 0x7FFu;
  return r < bm->nreg ? (int)r : -1;
}

static inline unsigned bm_bit(const uint64_t *g, unsigned r) { return (unsigned)(g[r >> 6] >> (r & 63)) & 1u; }

unsigned fb_bm_get(const fb_bm *bm, unsigned rep, unsigned group, unsigned r) {
  if (!bm_ok(bm)) return 0;
  int i = fb_bm_index(bm, r & 0x7FFu);
  if (rep >= bm->nrep || group > 1 || i < 0) return 0;
  return bm_bit(bm->bits[rep][group], (unsigned)i);
}

int fb_bm_replicas_equal(const fb_bm *bm) {
  if (!bm_ok(bm)) return 0;
  for (unsigned rep = 1; rep < bm->nrep; rep++)
    if (memcmp(bm->bits[rep], bm->bits[0], sizeof bm->bits[0]) != 0) return 0;
  return 1;
}

fb_err fb_bm_check(const fb_bm *bm, unsigned sp, const fb_bm_query *q, fb_bm_elig *out) {
  if (!out) return FB_ERR_NULL;
  if (!bm || !q || !bm_ok(bm)) {
    memset(out, 0, sizeof *out);
    return !bm || !q ? FB_ERR_NULL : FB_ERR_STATE;
  }
  unsigned r_ = sp & 0x3u;
  const uint64_t(*rep)[FB_BM_WORDS] = bm->bits[r_ < bm->nrep ? r_ : r_ % bm->nrep];
  unsigned range = 0, dst_busy = 0, src_busy = 0;
  if (q->dst_valid & 1u) {
    unsigned d = q->dst & 0x7FFu;
    int i = fb_bm_index(bm, d);
    if (i < 0 || fb_reg_sp(d) != (sp & 0x3u)) range = 1;
    else dst_busy = bm_bit(rep[FB_BM_FULL], (unsigned)i);
  }
  for (unsigned k = 0; k < FB_NSRC; k++) {
    if (!((q->src_valid >> k) & 1u)) continue;
    int i = fb_bm_index(bm, q->src[k] & 0x7FFu);
    if (i < 0) range = 1;
    else if (bm_bit(rep[FB_BM_EMPTY], (unsigned)i)) src_busy |= 1u << k;
  }
  out->dst_busy = (uint8_t)dst_busy;
  out->src_busy = (uint8_t)src_busy;
  out->range_err = (uint8_t)range;
  out->eligible = (uint8_t)(!dst_busy && !src_busy && !range);
  return FB_OK;
}

/* One pending write: group, register, value. */
typedef struct { uint8_t group, value; uint16_t r; } bm_op;

uint8_t fb_bm_step(fb_bm *bm, const fb_bm_in *in) {
  if (!in || !bm_ok(bm)) return 0xFF;
  bm_op ops[FB_NSP * (2 + FB_NSRC + 1) + FB_NPORT];
  unsigned n = 0, err = 0;

  /* local: 1 when the register must lie in SP s's partition */
#define BM_PUSH(s, grp, reg, val, local)                                              \
  do {                                                                              \
    unsigned r_ = (reg) & 0x7FFu;                                                   \
    int i_ = fb_bm_index(bm, r_);                                                   \
    if (i_ < 0 || ((local) && fb_reg_sp(r_) != (s))) {                              \
      err |= 1u << (s);                                                             \
    } else {                                                                        \
      ops[n].group = (uint8_t)(grp);                                                \
      ops[n].value = (uint8_t)(val);                                                \
      ops[n].r = (uint16_t)i_;                                                      \
      n++;                                                                          \
    }                                                                               \
  } while (0)

  /* 1. hardware clears */
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_bm_sp_in *p = &in->sp[s];
    if (p->wb_valid & 1u) BM_PUSH(s, FB_BM_EMPTY, p->wb_dst, 0, 1);
    for (unsigned k = 0; k < FB_NSRC; k++)
      if ((p->cons_valid >> k) & 1u) BM_PUSH(s, FB_BM_FULL, p->cons_src[k], 0, 0);
  }
  /* 2. hardware sets */
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_bm_sp_in *p = &in->sp[s];
    if (p->issue_valid & 1u) BM_PUSH(s, FB_BM_EMPTY, p->issue_dst, 1, 1);
  }
  for (unsigned p = 0; p < FB_NPORT; p++)
    if ((in->read_valid >> p) & 1u)
      BM_PUSH(p / 2u, FB_BM_FULL, fb_reg_make(p / 2u, in->read_row[p], p % 2u), 1, 0);
  /* 3. extended DEPBAR, SP order */
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_bm_sp_in *p = &in->sp[s];
    if (p->dep_valid & 1u) BM_PUSH(s, p->dep_group & 1u, p->dep_reg, p->dep_set & 1u, 0);
  }
#undef BM_PUSH

  /* Replica 0 takes the writes in order; the others receive the same
   * words (a broadcast), so every replica holds the same state. */
  unsigned words = (bm->nreg + 63u) / 64u;
  uint64_t last = (bm->nreg % 64u) ? (1ull << (bm->nreg % 64u)) - 1u : ~0ull;
  uint64_t(*g)[FB_BM_WORDS] = bm->bits[0];
  for (unsigned i = 0; i < n; i++) {
    uint64_t m = 1ull << (ops[i].r & 63u);
    uint64_t *w = &g[ops[i].group][ops[i].r >> 6];
    *w = (*w & ~m) | (m & (0ull - ops[i].value));
  }
  /* 4. ALL-scope set of EMPTY */
  if (in->all_set & 1u) {
    for (unsigned i = 0; i + 1 < words; i++) g[FB_BM_EMPTY][i] = ~0ull;
    g[FB_BM_EMPTY][words - 1] = last;
  }
  for (unsigned rep = 1; rep < bm->nrep; rep++) memcpy(bm->bits[rep], g, sizeof bm->bits[rep]);
  return (uint8_t)err;
}

fb_err fb_bm_step_checked(fb_bm *bm, const fb_bm_in *in, uint8_t *upd_err) {
  if (upd_err) *upd_err = 0;
  if (!bm || !in) return FB_ERR_NULL;
  if (!bm_ok(bm)) return FB_ERR_STATE;
  uint8_t e = fb_bm_step(bm, in);
  if (upd_err) *upd_err = e;
  return FB_OK;
}
