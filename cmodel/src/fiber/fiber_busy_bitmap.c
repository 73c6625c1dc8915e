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
 * writes each one (replica 0 takes the ordered writes, then every word the
 * cycle wrote is broadcast to the others), so that a co-simulation can
 * compare them one by one. A
 * simulator that does not look at replicas can run with one (nrep = 1):
 * the behaviour is the same.
 *
 * Registers: id r exists when r < nreg and its offset r & 511 is below
 * part_regs (bit r is register r); SP s's partition is ids s*512 ..
 * s*512+511 (at part_regs < 512, with nreg 2048, its first part_regs ids). Destinations are local (the ISA has no remote write): an issue or
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
 * that does not exist (a smaller RTL instance), or an issue or writeback
 * outside the SP's partition, is dropped and raises the SP's update-error
 * bit (a read port's error goes to the SP owning the bank).
 */
#include <string.h>

#include "fiber_internal.h"

fb_err fb_bm_reset_part(fb_bm *bm, unsigned nreg, unsigned nrep, unsigned part_regs) {
  if (!bm) return FB_ERR_NULL;
  if (nreg < 1 || nreg > FB_NVREG || nrep < 1 || nrep > FB_BM_MAX_NREP) return FB_ERR_RANGE;
  if (part_regs < 1 || part_regs > 512 || (part_regs & (part_regs - 1u)) != 0 ||
      (part_regs < 512 && nreg != FB_NVREG))
    return FB_ERR_RANGE;
  memset(bm, 0, sizeof *bm);
  bm->nreg = (uint16_t)nreg;
  bm->nrep = (uint8_t)nrep;
  bm->part_regs = (uint16_t)part_regs;
  return FB_OK;
}

fb_err fb_bm_reset(fb_bm *bm, unsigned nreg, unsigned nrep) { return fb_bm_reset_part(bm, nreg, nrep, 512); }

#define bm_ok fb_bm_ok

int fb_bm_index(const fb_bm *bm, unsigned r) {
  if (!bm_ok(bm)) return -1;
  return fb_bm_missing(r, bm->nreg, fb_bm_pmask(bm)) ? -1 : (int)r;   /* never taken modulo 2^11 */
}

unsigned fb_bm_get(const fb_bm *bm, unsigned rep, unsigned group, unsigned r) {
  if (!bm_ok(bm)) return 0;
  int i = fb_bm_index(bm, r);
  if (rep >= bm->nrep || group > 1 || i < 0) return 0;
  return fb_bm_bit(bm->bits[rep][group], (unsigned)i);
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
  fb_bm_check_core(bm, sp, q->dst_valid, q->dst, q->src_valid, q->src, out);
  return FB_OK;
}

uint8_t fb_bm_step(fb_bm *bm, const fb_bm_in *in) {
  if (!in || !bm_ok(bm)) return 0xFF;
  const unsigned nreg = bm->nreg, pmask = fb_bm_pmask(bm);
  uint64_t(*g)[FB_BM_WORDS] = bm->bits[0];
  uint64_t dirty = 0;   /* words written this cycle: bit 32*group + word */
  unsigned err = 0;

  /* Replica 0 takes the writes in order; the words written are then
   * broadcast to the other replicas, so every replica holds the same
   * state. local: 1 when the register must lie in SP s's partition. */
#define BM_WR(s, grp, reg, val, local)                                              \
  do {                                                                              \
    unsigned r_ = (reg);                                                            \
    if (fb_bm_missing(r_, nreg, pmask) || ((local) && fb_reg_sp(r_) != (s)))         \
      err |= 1u << (s);                                                             \
    else fb_bm_wr(g, &dirty, (grp), r_, (val));                                     \
  } while (0)

  /* 1. hardware clears */
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_bm_sp_in *p = &in->sp[s];
    if (p->wb_valid & 1u) BM_WR(s, FB_BM_EMPTY, p->wb_dst, 0, 1);
    for (unsigned k = 0; k < FB_NSRC; k++)
      if ((p->cons_valid >> k) & 1u) BM_WR(s, FB_BM_FULL, p->cons_src[k], 0, 0);
  }
  /* 2. hardware sets */
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_bm_sp_in *p = &in->sp[s];
    if (p->issue_valid & 1u) BM_WR(s, FB_BM_EMPTY, p->issue_dst, 1, 1);
  }
  for (unsigned p = 0; p < FB_NPORT; p++)
    if ((in->read_valid >> p) & 1u)
      BM_WR(p / 2u, FB_BM_FULL, fb_reg_make(p / 2u, in->read_row[p], p % 2u), 1, 0);
  /* 3. extended DEPBAR, SP order */
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_bm_sp_in *p = &in->sp[s];
    if (p->dep_valid & 1u) BM_WR(s, p->dep_group & 1u, p->dep_reg, p->dep_set & 1u, 0);
  }
#undef BM_WR
  /* 4. ALL-scope set of EMPTY */
  if (in->all_set & 1u) fb_bm_all_set(bm, &dirty);
  fb_bm_broadcast(bm, dirty);
  return (uint8_t)err;
}

/* Strict: a 1-bit field above 1 or a 4-bit one above 0xF is FB_ERR_WIDTH;
 * a register id of a valid operation that does not fit 11 bits (>= 2048)
 * is FB_ERR_RANGE, with *upd_err = the SPs that named one. Either way
 * nothing changes. */
static unsigned bm_too_wide(const fb_bm_in *in, unsigned *range) {
  unsigned one = in->all_set, four = 0, rg = 0;
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_bm_sp_in *p = &in->sp[s];
    one |= p->issue_valid | p->wb_valid | p->dep_valid | p->dep_group | p->dep_set;
    four |= p->cons_valid;
    unsigned big = ((p->issue_valid & 1u) && p->issue_dst >= FB_NVREG) || ((p->wb_valid & 1u) && p->wb_dst >= FB_NVREG) ||
                   ((p->dep_valid & 1u) && p->dep_reg >= FB_NVREG);
    for (unsigned k = 0; k < FB_NSRC; k++) big |= ((p->cons_valid >> k) & 1u) && p->cons_src[k] >= FB_NVREG;
    rg |= big << s;
  }
  *range = rg;
  return one > 1u || four > 0xFu;
}

fb_err fb_bm_step_checked(fb_bm *bm, const fb_bm_in *in, uint8_t *upd_err) {
  if (upd_err) *upd_err = 0;
  if (!bm || !in) return FB_ERR_NULL;
  if (!bm_ok(bm)) return FB_ERR_STATE;
  unsigned range;
  if (bm_too_wide(in, &range)) return FB_ERR_WIDTH;
  if (range) {
    if (upd_err) *upd_err = (uint8_t)range;
    return FB_ERR_RANGE;
  }
  uint8_t e = fb_bm_step(bm, in);
  if (upd_err) *upd_err = e;
  return FB_OK;
}
