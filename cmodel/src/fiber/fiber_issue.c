/*
 * fiber_issue.c - the composed FIBER issue stage (fiber_issue_stage) of one
 * SM: four selectors, the pending-read guard, the read-port arbiter, the
 * register busy bitmap and the crossbar, one call per clock cycle.
 *
 * Written from the block semantics of docs/fiber.md (section 4: multi-pass
 * reads of deferred sources; section 5: arbiter and crossbar select;
 * section 5a: the pending-read guard; section 7: bitmap eligibility and its
 * update order) and the per-cycle contract of docs/fiber.md section 11. It
 * calls the block models (fb_sel_eval, fb_bm_check, fb_arb_step_detail,
 * fb_bm_step, fb_xbar_step) and adds only the glue: the pass register
 * (rem), the select registered at issue, the guard, the bitmap's operand
 * read from last cycle's bank reads.
 */
#include <string.h>

#include "fiber_internal.h"

#define ISSUE_MAGIC 0x46424953u /* "FBIS" */

fb_err fb_issue_reset(fb_issue *st, const fb_issue_cfg *cfg) {
  if (!st) return FB_ERR_NULL;
  fb_issue_cfg c;
  memset(&c, 0, sizeof c);
  if (cfg) c = *cfg;
  if (c.nreg == 0) c.nreg = FB_NVREG;
  if (c.nrep == 0) c.nrep = FB_BM_NREP;
  if (c.width == 0) c.width = FB_XBAR_WIDTH;
  if (c.nreg > FB_NVREG || c.nrep > FB_BM_MAX_NREP || c.lanes > FB_XBAR_MAX_LANES ||
      c.width > FB_XBAR_MAX_WIDTH || c.start >= FB_NSP || c.baseline > 1u)
    return FB_ERR_RANGE;
  memset(st, 0, sizeof *st);
  st->cfg = c;
  fb_arb_reset(&st->arb);
  st->arb.start = c.start;
  fb_err e = fb_bm_reset(&st->bm, c.nreg, c.nrep);
  if (e == FB_OK && c.lanes) e = fb_xbar_reset(&st->xbar, c.lanes, c.width);
  if (e != FB_OK) return e;
  st->magic = ISSUE_MAGIC;
  return FB_OK;
}

/* Strict port widths: 1 if any input is wider than its RTL port (the OR
 * of values is above a width's maximum exactly when one of them is). */
static inline int issue_too_wide(const fb_issue_in *in) {
  unsigned one = in->all_set, four = 0, ext = 0;
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_issue_sp_in *p = &in->sp[s];
    one |= p->valid | p->mode | p->dst_valid | p->wb_valid | p->dep_valid | p->dep_group | p->dep_set;
    four |= p->src_valid | p->cons_valid;
    ext |= p->ext;
  }
  return one > 1u || four > 0xFu || ext > 0x1FFFu;
}

/* Pending-read guard (docs/fiber.md 5a). Per SP p: busy = passes remain;
 * cand = valid & !illegal & (busy | eligible) with the bitmap's eligibility;
 * pset = the sources p still has to read after this cycle's pass decision:
 * rem while busy, the selector's deferrals of a first pass. Reader p hits
 * writer w (p != w) when both are cand, w writes its destination, and a
 * source in pset of p is w's destination. A hit holds the first pass of the
 * writer when the reader is busy, of the reader when the writer is busy,
 * and otherwise of the one the arbiter scans later this cycle. A busy SP is
 * never held. */
#define LANE16_LSBS 0x0001000100010001ull
#define LANE16_MSBS 0x8000800080008000ull

/* Bits k of a 4-bit vector spread to the low bit of 16-bit lane k. */
static inline uint64_t lane16_spread(unsigned v) {
  return (uint64_t)(v & 1u) | ((uint64_t)((v >> 1) & 1u) << 16) | ((uint64_t)((v >> 2) & 1u) << 32) |
         ((uint64_t)((v >> 3) & 1u) << 48);
}

static unsigned issue_guard(const fb_issue *st, const fb_issue_in *in, const fb_issue_out *o) {
  unsigned busy[FB_NSP], pset[FB_NSP], blk = 0, writers = 0, readers = 0;
  unsigned start = st->arb.start & 3u;
  FB_UNROLL
  for (unsigned p = 0; p < FB_NSP; p++) {
    busy[p] = st->rem[p] != 0;
    unsigned cand = (in->sp[p].valid & 1u) && !o->sel[p].illegal && (busy[p] || ((o->eligible >> p) & 1u));
    pset[p] = busy[p] ? st->rem[p] : (o->sel[p].defer & 0xFu);
    writers |= (cand && (in->sp[p].dst_valid & 1u)) << p;
    readers |= (cand && pset[p]) << p;
  }
  if (!readers || !writers) return 0;        /* (the common case: nothing to compare) */
  for (unsigned p = 0; p < FB_NSP; p++) {     /* reader */
    if (!((readers >> p) & 1u)) continue;
    /* the four 11-bit source ids as 16-bit lanes; a lane outside pset
     * gets bit 0 set after the compare, so it never reads as equal */
    uint64_t srcs = fb_pack_u16x4(o->sel[p].src_reg), off = lane16_spread(~pset[p]);
    for (unsigned w = 0; w < FB_NSP; w++) {   /* writer */
      if (w == p || !((writers >> w) & 1u)) continue;
      /* hit: a source in pset of p equals w's destination (a 16-bit lane
       * of x is 0; the lanes are below 0x8000, so no borrow crosses) */
      uint64_t x = (srcs ^ (o->dst_reg[w] * LANE16_LSBS)) | off;
      if (!(~((x | LANE16_MSBS) - LANE16_LSBS) & LANE16_MSBS)) continue;
      unsigned held;                            /* the SP whose first pass waits */
      if (busy[p]) held = w;
      else if (busy[w]) held = p;
      else held = ((p - start) & 3u) > ((w - start) & 3u) ? p : w;
      if (!busy[held]) blk |= 1u << held;
    }
  }
  return blk;
}

/* The data path: the crossbar's select, decoded one-hot at issue, and this
 * cycle's bank words (out of line: its 6 KB of words stay off the timing
 * path's stack frame). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void issue_xbar(fb_issue *st, const fb_issue_out *out, const uint8_t sel_valid[FB_NSP],
                       const fb_xbar_word port_data[FB_NPORT], fb_xbar_out *opnd) {
  static const fb_xbar_word zero_word;
  fb_xbar_in xi;
  fb_xbar_out scratch;
  for (unsigned s = 0; s < FB_NSP; s++)
    for (unsigned k = 0; k < FB_NSRC; k++)
      xi.sel_oh[s][k] = fb_xbar_onehot((sel_valid[s] >> k) & 1u, out->sel[s].src_port[k]);
  for (unsigned pt = 0; pt < FB_NPORT; pt++) xi.port_data[pt] = port_data ? port_data[pt] : zero_word;
  fb_xbar_step(&st->xbar, &xi, opnd ? opnd : &scratch);
}

/* The bitmap updates of the cycle (section 7's order: clears, sets, DEPBAR
 * by SP, ALL), written straight into replica 0 and then broadcast. An id
 * at or above nreg (nreg <= 2048: also one that does not fit 11 bits, never
 * taken modulo 2^11) and an issue or writeback outside the SP's partition
 * are dropped and set the SP's update-error bit; a read port's error goes
 * to the SP owning its bank. Returns the update-error vector. */
FB_ALWAYS_INLINE unsigned issue_bm_update(fb_issue *st, const fb_issue_in *in, unsigned issue,
                                          const uint16_t dst_reg[FB_NSP]) {
  fb_bm *bm = &st->bm;
  const unsigned nreg = bm->nreg;
  uint64_t(*g)[FB_BM_WORDS] = bm->bits[0];
  uint64_t dirty = 0;
  unsigned err = 0;
  /* 1. hardware clears: writeback (EMPTY, local), consumption (FULL) */
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_issue_sp_in *p = &in->sp[s];
    if (p->wb_valid) {
      unsigned r = p->wb_dst;
      if (r >= nreg || fb_reg_sp(r) != s) err |= 1u << s;
      else fb_bm_wr(g, &dirty, FB_BM_EMPTY, r, 0);
    }
    for (unsigned cv = p->cons_valid; cv; cv &= cv - 1u) {
      unsigned r = p->cons_src[fb_ctz64(cv)];
      if (r >= nreg) err |= 1u << s;
      else fb_bm_wr(g, &dirty, FB_BM_FULL, r, 0);
    }
  }
  /* 2. hardware sets: issue (EMPTY; the destination is local by
   * construction), operand read of last cycle's bank reads (FULL) */
  for (unsigned s = 0; s < FB_NSP; s++) {
    if (((issue >> s) & 1u) && in->sp[s].dst_valid) {
      unsigned r = dst_reg[s];
      if (r >= nreg) err |= 1u << s;
      else fb_bm_wr(g, &dirty, FB_BM_EMPTY, r, 1);
    }
  }
  for (unsigned occ = st->rd_occ; occ; occ &= occ - 1u) {
    unsigned pt = fb_ctz64(occ);
    unsigned r = fb_reg_make(pt / 2u, st->rd_row[pt], pt % 2u);
    if (r >= nreg) err |= 1u << (pt / 2u);
    else fb_bm_wr(g, &dirty, FB_BM_FULL, r, 1);
  }
  /* 3. extended DEPBAR, SP order (the last one to touch a bit wins) */
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_issue_sp_in *p = &in->sp[s];
    if (p->dep_valid) {
      unsigned r = p->dep_reg;
      if (r >= nreg) err |= 1u << s;
      else fb_bm_wr(g, &dirty, p->dep_group, r, p->dep_set);
    }
  }
  /* 4. ALL-scope set of EMPTY */
  if (in->all_set) fb_bm_all_set(bm, &dirty);
  fb_bm_broadcast(bm, dirty);
  return err;
}

fb_err fb_issue_step_data(fb_issue *st, const fb_issue_in *in, const fb_xbar_word port_data[FB_NPORT],
                          fb_issue_out *out, fb_xbar_out *opnd) {
  if (!out) return FB_ERR_NULL;
  fb_err bad = !st || !in ? FB_ERR_NULL
             : st->magic != ISSUE_MAGIC || !fb_bm_ok(&st->bm) || (port_data && !st->cfg.lanes) ? FB_ERR_STATE
             : issue_too_wide(in) ? FB_ERR_WIDTH : FB_OK;
  if (bad != FB_OK) {
    memset(out, 0, sizeof *out);
    return bad;
  }
  /* Every output field below is written in full: the selector core, the
   * bitmap query core and the arbiter fill theirs, the bit vectors are
   * gathered in locals. (The inputs are known to fit their ports here.) */
  const unsigned base = st->cfg.baseline;
  unsigned busyv = 0, eligv = 0, rerr = 0, illv = 0, confv = 0, pend = 0;
  unsigned rv[FB_NSP], ports[FB_NSP];
  uint64_t rows[FB_NSP];

  /* 1-2. pass, selectors, eligibility from the state at the start of the cycle */
  FB_UNROLL
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_issue_sp_in *p = &in->sp[s];
    fb_sel_out *so = &out->sel[s];
    unsigned rem = st->rem[s], busy = rem != 0;
    unsigned pass = busy ? rem : p->src_valid;
    out->pass_src[s] = (uint8_t)pass;
    rows[s] = fb_sel_core(base ? FB_MODE_CUDA : p->mode, s, pass, p->src_orig, base ? 0u : p->ext, p->dst_orig,
                          so);
    ports[s] = so->port_en;
    out->dst_reg[s] = so->dst_reg;
    if (!base) {
      fb_bm_elig *e = &out->elig[s];
      fb_bm_check_core(&st->bm, s, p->dst_valid, so->dst_reg, p->src_valid, so->src_reg, e);
      eligv |= (unsigned)e->eligible << s;
      rerr |= (unsigned)e->range_err << s;
    }
    illv |= (unsigned)so->illegal << s;
    confv |= (unsigned)so->conflict << s;
    busyv |= busy << s;
  }
  out->busy = (uint8_t)busyv;
  out->eligible = (uint8_t)eligv;
  out->range_err = (uint8_t)rerr;
  out->illegal = (uint8_t)illv;
  out->conflict = (uint8_t)confv;

  /* 3. pending-read guard and the requests */
  if (!base) pend = issue_guard(st, in, out);
  out->pend_block = (uint8_t)pend;
  unsigned ok = base ? 0xFu : eligv & ~pend;  /* a first pass may request */
  for (unsigned s = 0; s < FB_NSP; s++)
    rv[s] = in->sp[s].valid & ~(illv >> s) & ((busyv | ok) >> s) & 1u;

  /* 4. arbitration */
  unsigned grant;
  if (base) {
    /* no cross-SP arbitration: every request is granted; each SP's banks
     * read the rows its selector names */
    memset(out->elig, 0, sizeof out->elig);
    memset(&out->arb, 0, sizeof out->arb);
    for (unsigned s = 0; s < FB_NSP; s++) {
      out->arb.grant |= (uint8_t)(rv[s] << s);
      out->arb.occ |= out->sel[s].port_en;
      for (unsigned pt = 0; pt < FB_NPORT; pt++)
        if ((out->sel[s].port_en >> pt) & 1u) out->arb.row[pt] = out->sel[s].port_row[pt];
    }
    grant = out->arb.grant;
  } else {
    unsigned q = st->arb.start & (FB_NSP - 1u);
    grant = fb_arb_grant_w(q, rv, ports, rows);
    fb_arb_out_w(q, grant, rv, ports, rows, &out->arb);
    st->arb.start = (uint8_t)((q + 1u) & (FB_NSP - 1u));
  }
  unsigned issue = grant & ~confv;
  unsigned validv = 0;
  uint8_t sel_valid[FB_NSP];
  for (unsigned s = 0; s < FB_NSP; s++) {
    validv |= (in->sp[s].valid & 1u) << s;
    sel_valid[s] = (uint8_t)(((grant >> s) & 1u) ? (out->pass_src[s] & ~out->sel[s].defer & 0xFu) : 0u);
  }
  out->grant = (uint8_t)grant;
  out->issue = (uint8_t)issue;
  out->stall = (uint8_t)(validv & ~issue);

  /* 5. delivery: last cycle's granted pass reads the banks now */
  memcpy(out->opnd_valid, st->rd_valid, sizeof out->opnd_valid);
  memcpy(out->opnd_reg, st->rd_reg, sizeof out->opnd_reg);
  if (st->cfg.lanes) {
    issue_xbar(st, out, sel_valid, port_data, opnd);
  } else if (opnd) {
    memset(opnd, 0, sizeof *opnd);
  }

  /* 6. bitmap updates of the cycle */
  out->upd_range_err = (uint8_t)(base ? 0u : issue_bm_update(st, in, issue, out->dst_reg));

  /* 7. the registers at the edge */
  for (unsigned s = 0; s < FB_NSP; s++) {
    unsigned g = (grant >> s) & 1u;
    st->rem[s] = (uint8_t)(!in->sp[s].valid ? 0u : g ? (out->sel[s].defer & 0xFu) : st->rem[s]);
    st->rd_valid[s] = sel_valid[s];
    memcpy(st->rd_reg[s], out->sel[s].src_reg, sizeof st->rd_reg[s]);
  }
  st->rd_occ = base ? 0 : out->arb.occ;
  memcpy(st->rd_row, out->arb.row, sizeof st->rd_row);
  return (out->range_err | out->upd_range_err) ? FB_ERR_RANGE : FB_OK;
}

fb_err fb_issue_step(fb_issue *st, const fb_issue_in *in, fb_issue_out *out) {
  return fb_issue_step_data(st, in, NULL, out, NULL);
}

fb_err fb_issue_insn(fb_issue_sp_in *p, unsigned sp, const uint16_t *src, unsigned n, int dst) {
  if (!p || (!src && n > 0)) return FB_ERR_NULL;
  if (n > FB_NSRC || sp >= FB_NSP) return FB_ERR_RANGE;
  unsigned en = 0, ext = 0;
  for (unsigned k = 0; k < n; k++) {
    if (src[k] >= FB_NVREG) return FB_ERR_RANGE;
    en |= fb_reg_sp(src[k]) != sp;
  }
  if (dst >= 0 && ((unsigned)dst >> 8) != sp * 2u) return FB_ERR_RANGE; /* {sp, 1'b0, orig8} */
  p->mode = FB_MODE_FIBER;
  p->src_valid = (uint8_t)((1u << n) - 1u);
  memset(p->src_orig, 0, sizeof p->src_orig);
  for (unsigned k = 0; k < n; k++) {
    p->src_orig[k] = (uint8_t)(src[k] & 0xFFu);
    if (en) ext |= fb_reg_sp(src[k]) << (FB_EXT_HI_OFF + FB_EXT_HI_W * k);
    ext |= ((src[k] >> 8) & 1u) << (FB_EXT_LO_OFF + k);
  }
  p->ext = (uint16_t)(ext | (en << FB_EXT_EN_OFF));
  p->dst_valid = dst >= 0;
  p->dst_orig = (uint8_t)(dst >= 0 ? (unsigned)dst & 0xFFu : 0u);
  return FB_OK;
}
