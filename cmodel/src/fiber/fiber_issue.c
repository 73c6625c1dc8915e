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
#include <stdio.h>
#include <string.h>

#include "fiber_internal.h"

#define ISSUE_MAGIC FB_ISSUE_MAGIC

/* The instruction fields of one SP's input packed into one word (the
 * contract check compares it with the instruction in flight):
 * bit 0 mode, 4:1 src_valid, 5 dst_valid, 13:6 dst_orig, 26:14 ext,
 * 58:27 src_orig[0..3]. Inputs are known to fit their ports. */
static inline uint64_t issue_pack(const fb_issue_sp_in *p) {
  uint32_t o;
  memcpy(&o, p->src_orig, 4);
#if !(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
  o = (uint32_t)p->src_orig[0] | (uint32_t)p->src_orig[1] << 8 | (uint32_t)p->src_orig[2] << 16 |
      (uint32_t)p->src_orig[3] << 24;
#endif
  return (uint64_t)(p->mode & 1u) | (uint64_t)(p->src_valid & 0xFu) << 1 | (uint64_t)(p->dst_valid & 1u) << 5 |
         (uint64_t)p->dst_orig << 6 | (uint64_t)(p->ext & 0x1FFFu) << 14 | (uint64_t)o << 27;
}

static inline void issue_unpack(uint64_t q, fb_issue_sp_in *p) {
  memset(p, 0, sizeof *p);
  p->valid = 1;
  p->mode = (uint8_t)(q & 1u);
  p->src_valid = (uint8_t)((q >> 1) & 0xFu);
  p->dst_valid = (uint8_t)((q >> 5) & 1u);
  p->dst_orig = (uint8_t)(q >> 6);
  p->ext = (uint16_t)((q >> 14) & 0x1FFFu);
  for (unsigned k = 0; k < FB_NSRC; k++) p->src_orig[k] = (uint8_t)(q >> (27u + 8u * k));
}

/* The four rem bytes as one word (0: no SP has passes left). */
static inline uint32_t issue_remw(const fb_issue *st) { return fb_pack_u8x4(st->rem); }

/* The parameters agree with the blocks (a hand-changed cfg is refused). */
static inline int issue_cfg_ok(const fb_issue *st) {
  const fb_issue_cfg *c = &st->cfg;
  return st->magic == ISSUE_MAGIC && fb_bm_ok(&st->bm) && c->nreg == st->bm.nreg && c->nrep == st->bm.nrep &&
         c->part_regs == st->bm.part_regs &&
         c->baseline <= 1u && c->lanes == st->xbar.lanes && c->width >= 1u && c->width <= FB_XBAR_MAX_WIDTH &&
         st->arb.start < FB_NSP && (!c->lanes || c->width == st->xbar.width);
}

/* rem within the sources of the instruction in flight. */
static inline int issue_rem_ok(const fb_issue *st) {
  unsigned bad = 0;
  for (unsigned s = 0; s < FB_NSP; s++) bad |= st->rem[s] & ~(unsigned)((st->insn_q[s] >> 1) & 0xFu);
  return bad == 0;
}

int fb_issue_valid(const fb_issue *st) { return issue_cfg_ok(st) && (!issue_remw(st) || issue_rem_ok(st)); }

fb_err fb_issue_reset(fb_issue *st, const fb_issue_cfg *cfg) {
  if (!st) return FB_ERR_NULL;
  fb_issue_cfg c;
  memset(&c, 0, sizeof c);
  if (cfg) c = *cfg;
  if (c.nreg == 0) c.nreg = FB_NVREG;
  if (c.nrep == 0) c.nrep = FB_BM_NREP;
  if (c.width == 0) c.width = FB_XBAR_WIDTH;
  if (c.part_regs == 0) c.part_regs = 512;
  if (c.part_regs > 512 || (c.part_regs & (c.part_regs - 1u)) != 0 || (c.part_regs < 512 && c.nreg != FB_NVREG) ||
      c.nreg > FB_NVREG || c.nrep > FB_BM_MAX_NREP || c.lanes > FB_XBAR_MAX_LANES ||
      c.width > FB_XBAR_MAX_WIDTH || c.start >= FB_NSP || c.baseline > 1u) {
    st->magic = 0;   /* a failed re-reset leaves nothing running: refused */
    return FB_ERR_RANGE;
  }
  memset(st, 0, sizeof *st);
  st->cfg = c;
  fb_arb_reset(&st->arb);
  st->arb.start = c.start;
  fb_err e = fb_bm_reset_part(&st->bm, c.nreg, c.nrep, c.part_regs);
  if (e == FB_OK && c.lanes) e = fb_xbar_reset(&st->xbar, c.lanes, c.width);
  if (e != FB_OK) {
    st->magic = 0;
    return e;
  }
  st->magic = ISSUE_MAGIC;
  return FB_OK;
}

/* Strict port widths: 1 if any input is wider than its RTL port. The bits
 * above each field's port width, as an SP input (padding 0); the inputs of
 * the four SPs are OR-ed and tested against it a word at a time. */
static const fb_issue_sp_in kTooWide = {.valid = 0xFE, .mode = 0xFE, .src_valid = 0xF0, .ext = 0xE000,
                                        .dst_valid = 0xFE, .wb_valid = 0xFE, .cons_valid = 0xF0,
                                        .dep_valid = 0xFE, .dep_group = 0xFE, .dep_set = 0xFE};
#define ISSUE_SP_WORDS (sizeof(fb_issue_sp_in) / 8u)
_Static_assert(sizeof(fb_issue_sp_in) % 8u == 0, "an SP input is whole 64-bit words");

static inline int issue_too_wide(const fb_issue_in *in) {
  uint64_t any[ISSUE_SP_WORDS] = {0}, w, bad = in->all_set > 1u;
  for (unsigned s = 0; s < FB_NSP; s++)
    for (unsigned i = 0; i < ISSUE_SP_WORDS; i++) {
      memcpy(&w, (const unsigned char *)&in->sp[s] + 8u * i, 8);
      any[i] |= w;
    }
  for (unsigned i = 0; i < ISSUE_SP_WORDS; i++) {
    memcpy(&w, (const unsigned char *)&kTooWide + 8u * i, 8);
    bad |= any[i] & w;
  }
  return bad != 0;
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

static unsigned issue_guard(const fb_issue *st, const fb_issue_out *o, unsigned validv, unsigned illv,
                            unsigned busyv, unsigned eligv, unsigned confv, unsigned dstv) {
  unsigned blk = 0, start = st->arb.start & 3u;
  /* cand, and pset != 0: passes left (rem) or deferrals (conflict) */
  unsigned cand = validv & ~illv & (busyv | eligv);
  unsigned writers = cand & dstv, readers = cand & (busyv | confv);
  if (!readers || !writers) return 0;        /* (the common case: nothing to compare) */
  for (unsigned p = 0; p < FB_NSP; p++) {     /* reader */
    if (!((readers >> p) & 1u)) continue;
    unsigned bp = (busyv >> p) & 1u, pset = bp ? st->rem[p] : (o->sel[p].defer & 0xFu);
    /* the four 11-bit source ids as 16-bit lanes; a lane outside pset
     * gets bit 0 set after the compare, so it never reads as equal */
    uint64_t srcs = fb_pack_u16x4(o->sel[p].src_reg), off = lane16_spread(~pset);
    for (unsigned w = 0; w < FB_NSP; w++) {   /* writer */
      if (w == p || !((writers >> w) & 1u)) continue;
      /* hit: a source in pset of p equals w's destination (a 16-bit lane
       * of x is 0; the lanes are below 0x8000, so no borrow crosses) */
      uint64_t x = (srcs ^ (o->dst_reg[w] * LANE16_LSBS)) | off;
      if (!(~((x | LANE16_MSBS) - LANE16_LSBS) & LANE16_MSBS)) continue;
      unsigned held;                            /* the SP whose first pass waits */
      if (bp) held = w;
      else if ((busyv >> w) & 1u) held = p;
      else held = ((p - start) & 3u) > ((w - start) & 3u) ? p : w;
      if (!((busyv >> held) & 1u)) blk |= 1u << held;
    }
  }
  return blk;
}

/* Bit s of a 4-bit vector spread to bit 16s (lane s = SP s). */
#define SP16(m) ((((m) & 1ull)) | (((m) >> 1 & 1ull) << 16) | (((m) >> 2 & 1ull) << 32) | (((m) >> 3 & 1ull) << 48))
static const uint64_t kSpread16[16] = {SP16(0),  SP16(1),  SP16(2),  SP16(3),  SP16(4),  SP16(5),
                                       SP16(6),  SP16(7),  SP16(8),  SP16(9),  SP16(10), SP16(11),
                                       SP16(12), SP16(13), SP16(14), SP16(15)};
#undef SP16

/* The statistics' lanes are folded into the 64-bit counters every
 * ISSUE_FOLD cycles (a lane gains at most 4 a cycle: 4 * 8192 < 2^16). */
#define ISSUE_FOLD 8192u

/* Adds the lanes (16-bit lane s = SP s) to the counters of *stats. */
static void issue_add_lanes(const fb_issue *st, fb_issue_stats *stats) {
  for (unsigned s = 0; s < FB_NSP; s++) {
    fb_issue_sp_stats *p = &stats->sp[s];
    for (unsigned w = 0; w < FB_WHY_NUM; w++) p->by[w] += (st->lane_by[w] >> (16u * s)) & 0xFFFFu;
    p->opnd_local += (st->lane_opnd[0] >> (16u * s)) & 0xFFFFu;
    p->opnd_remote += (st->lane_opnd[1] >> (16u * s)) & 0xFFFFu;
  }
}

static void issue_fold(fb_issue *st) {
  issue_add_lanes(st, &st->stats);
  memset(st->lane_by, 0, sizeof st->lane_by);
  memset(st->lane_opnd, 0, sizeof st->lane_opnd);
}

/* Per-SP values side by side, byte s = SP s (4-bit values): a 4-bit SP
 * mask to bytes of 0xFF, the bytes that are not 0 back to an SP mask, and
 * the bits set in each byte. */
static inline uint32_t issue_sp_bytes(unsigned m) {
  return ((m & 0xFu) * 0x00204081u & 0x01010101u) * 0xFFu;   /* bit s to bit 8s */
}

static inline unsigned issue_sp_nonzero(uint32_t x) {
  uint32_t nz = ((x + 0x7F7F7F7Fu) & 0x80808080u) >> 7;        /* bytes below 0x80 */
  return (nz * 0x01020408u) >> 24;                              /* bit 8s to bit 24+s */
}

static inline uint32_t issue_sp_popcount(uint32_t x) {
  x -= (x >> 1) & 0x55555555u;
  return (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
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
 * that does not exist (at or above nreg, nreg <= 2048: also one that does
 * not fit 11 bits, never taken modulo 2^11; or offset >= part_regs) and an issue or writeback outside the SP's partition
 * are dropped and set the SP's update-error bit; a read port's error goes
 * to the SP owning its bank. Returns the update-error vector. */
FB_ALWAYS_INLINE unsigned issue_bm_update(fb_issue *st, const fb_issue_in *in, unsigned issue,
                                          const uint16_t dst_reg[FB_NSP]) {
  fb_bm *bm = &st->bm;
  const unsigned nreg = bm->nreg, pmask = fb_bm_pmask(bm);
  uint64_t(*g)[FB_BM_WORDS] = bm->bits[0];
  uint64_t dirty = 0;
  unsigned err = 0;
  /* 1. hardware clears: writeback (EMPTY, local), consumption (FULL) */
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_issue_sp_in *p = &in->sp[s];
    if (p->wb_valid) {
      unsigned r = p->wb_dst;
      if (fb_bm_missing(r, nreg, pmask) || fb_reg_sp(r) != s) err |= 1u << s;
      else fb_bm_wr(g, &dirty, FB_BM_EMPTY, r, 0);
    }
    const unsigned cv = p->cons_valid;
    FB_UNROLL
    for (unsigned k = 0; k < FB_NSRC; k++) {
      if (!((cv >> k) & 1u)) continue;
      unsigned r = p->cons_src[k];
      if (fb_bm_missing(r, nreg, pmask)) err |= 1u << s;
      else fb_bm_wr(g, &dirty, FB_BM_FULL, r, 0);
    }
  }
  /* 2. hardware sets: issue (EMPTY; the destination is local by
   * construction), operand read of last cycle's bank reads (FULL) */
  for (unsigned s = 0; s < FB_NSP; s++) {
    if (((issue >> s) & 1u) && in->sp[s].dst_valid) {
      unsigned r = dst_reg[s];
      if (fb_bm_missing(r, nreg, pmask)) err |= 1u << s;
      else fb_bm_wr(g, &dirty, FB_BM_EMPTY, r, 1);
    }
  }
  for (unsigned occ = st->rd_occ; occ; occ &= occ - 1u) {
    unsigned pt = fb_ctz64(occ);
    unsigned r = fb_reg_make(pt / 2u, st->rd_row[pt], pt % 2u);
    if (fb_bm_missing(r, nreg, pmask)) err |= 1u << (pt / 2u);
    else fb_bm_wr(g, &dirty, FB_BM_FULL, r, 1);
  }
  /* 3. extended DEPBAR, SP order (the last one to touch a bit wins) */
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_issue_sp_in *p = &in->sp[s];
    if (p->dep_valid) {
      unsigned r = p->dep_reg;
      if (fb_bm_missing(r, nreg, pmask)) err |= 1u << s;
      else fb_bm_wr(g, &dirty, p->dep_group, r, p->dep_set);
    }
  }
  /* 4. ALL-scope set of EMPTY */
  if (in->all_set) fb_bm_all_set(bm, &dirty);
  fb_bm_broadcast(bm, dirty);
  return err;
}

/* The replica SP s reads: s < nrep ? s : s % nrep (fb_bm_check_core's). */
_Static_assert(FB_BM_MAX_NREP == 4 && FB_NSP == 4, "kRepOf lists nrep 0..4 for 4 SPs");
static const uint8_t kRepOf[FB_BM_MAX_NREP + 1][FB_NSP] = {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 1, 0, 1}, {0, 1, 2, 0},
                                                           {0, 1, 2, 3}};

fb_err fb_issue_step_data(fb_issue *st, const fb_issue_in *in, const fb_xbar_word port_data[FB_NPORT],
                          fb_issue_out *out, fb_xbar_out *opnd) {
  if (!out) return FB_ERR_NULL;
  fb_err bad = !st || !in ? FB_ERR_NULL
             : !issue_cfg_ok(st) || (port_data && !st->cfg.lanes) ? FB_ERR_STATE
             : issue_too_wide(in) ? FB_ERR_WIDTH : FB_OK;
  if (bad == FB_OK && issue_remw(st)) {
    /* rem within the instruction in flight; the contract: an SP with
     * passes left presents that instruction again (or none: valid 0
     * abandons it) */
    if (!issue_rem_ok(st)) bad = FB_ERR_STATE;
    else
      for (unsigned s = 0; s < FB_NSP; s++)
        if (st->rem[s] && (in->sp[s].valid & 1u) && issue_pack(&in->sp[s]) != st->insn_q[s]) bad = FB_ERR_CONTRACT;
  }
  if (bad != FB_OK) {
    memset(out, 0, sizeof *out);
    return bad;
  }
  /* Every output field below is written in full: the selector core, the
   * bitmap query core and the arbiter fill theirs, the bit vectors are
   * gathered in locals. (The inputs are known to fit their ports here.) */
  const unsigned base = st->cfg.baseline, nrep = st->bm.nrep, full = st->bm.nreg == FB_NVREG && st->bm.part_regs == 512u;
  unsigned eligv = 0, rerr = 0, illv = 0, confv = 0, pend = 0, emptyv = 0, fullv = 0, validv = 0, dstv = 0;
  unsigned rv[FB_NSP], ports[FB_NSP];
  uint64_t rows[FB_NSP];
  uint32_t passw = 0, deferw = 0, remotew = 0;   /* byte s = SP s */
  const uint32_t remw0 = fb_pack_u8x4(st->rem);    /* rem, byte s = SP s */
  const unsigned busyv = issue_sp_nonzero(remw0);  /* busy: passes remain */

  /* 1-2. pass, selectors, eligibility from the state at the start of the cycle */
  FB_UNROLL
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_issue_sp_in *p = &in->sp[s];
    fb_sel_out *so = &out->sel[s];
    unsigned rem = (remw0 >> (8u * s)) & 0xFFu;
    unsigned pass = rem ? rem : p->src_valid;
    rows[s] = fb_sel_core(base ? FB_MODE_CUDA : p->mode, s, pass, p->src_orig, base ? 0u : p->ext, p->dst_orig,
                          so);
    /* the selector's outputs read back before any other store */
    const unsigned dreg = so->dst_reg, vs = p->src_valid, vd = p->dst_valid;
    ports[s] = so->port_en;
    passw |= pass << (8u * s);
    deferw |= (uint32_t)so->defer << (8u * s);
    remotew |= (uint32_t)so->remote << (8u * s);
    illv |= (unsigned)so->illegal << s;
    confv |= (unsigned)so->conflict << s;
    out->dst_reg[s] = (uint16_t)dreg;
    if (!base) {
      fb_bm_elig *e = &out->elig[s];
      if (full) {
        /* fb_bm_check_core with every id inside: the selector's addresses
         * are 11 bits and its destination {s, 1'b0, orig8} lies in SP s's
         * partition, so no range error; the same replica */
        const uint64_t(*rep)[FB_BM_WORDS] = st->bm.bits[kRepOf[nrep][s]];
        unsigned db = vd & fb_bm_bit(rep[FB_BM_FULL], dreg), sb = 0;
        FB_UNROLL
        for (unsigned k = 0; k < FB_NSRC; k++) sb |= fb_bm_bit(rep[FB_BM_EMPTY], so->src_reg[k]) << k;
        sb &= vs;
        e->dst_busy = (uint8_t)db;
        e->src_busy = (uint8_t)sb;
        e->range_err = 0;
        e->eligible = (uint8_t)!(db | sb);
        eligv |= (unsigned)!(db | sb) << s;
        emptyv |= (unsigned)(sb != 0) << s;
        fullv |= db << s;
      } else {
        fb_bm_check_core(&st->bm, s, vd, dreg, vs, so->src_reg, e);
        eligv |= (unsigned)e->eligible << s;
        rerr |= (unsigned)e->range_err << s;
        emptyv |= (unsigned)(e->src_busy != 0) << s;
        fullv |= (unsigned)e->dst_busy << s;
      }
    }
    validv |= (p->valid & 1u) << s;
    dstv |= (vd & 1u) << s;
  }
  fb_unpack_u8x4(passw, out->pass_src);
  out->busy = (uint8_t)busyv;
  out->eligible = (uint8_t)eligv;
  out->range_err = (uint8_t)rerr;
  out->illegal = (uint8_t)illv;
  out->conflict = (uint8_t)confv;

  /* 3. pending-read guard and the requests */
  if (!base) pend = issue_guard(st, out, validv, illv, busyv, eligv, confv, dstv);
  out->pend_block = (uint8_t)pend;
  unsigned ok = base ? 0xFu : eligv & ~pend;  /* a first pass may request */
  unsigned reqv = validv & ~illv & (busyv | ok);
  FB_UNROLL
  for (unsigned s = 0; s < FB_NSP; s++) rv[s] = (reqv >> s) & 1u;

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
    fb_arb_out_m(q, grant, reqv, ports, rows, &out->arb);
    st->arb.start = (uint8_t)((q + 1u) & (FB_NSP - 1u));
  }
  unsigned issue = grant & ~confv;
  /* the select registered at issue: a granted pass reads what it does not
   * defer (byte s = SP s) */
  const uint32_t grantw = issue_sp_bytes(grant), selw = passw & ~deferw & grantw;
  out->grant = (uint8_t)grant;
  out->issue = (uint8_t)issue;
  out->stall = (uint8_t)(validv & ~issue);

  /* 5. delivery: last cycle's granted pass reads the banks now (copied in
   * the units the last cycle stored them: whole loads forwarded) */
  fb_unpack_u8x4(fb_pack_u8x4(st->rd_valid), out->opnd_valid);
  FB_UNROLL
  for (unsigned s = 0; s < FB_NSP; s++) fb_unpack_u16x4(fb_pack_u16x4(st->rd_reg[s]), out->opnd_reg[s]);
  if (st->cfg.lanes) {
    uint8_t sel_valid[FB_NSP];
    fb_unpack_u8x4(selw, sel_valid);
    issue_xbar(st, out, sel_valid, port_data, opnd);
  } else if (opnd) {
    memset(opnd, 0, sizeof *opnd);
  }

  /* 6. bitmap updates of the cycle */
  out->upd_range_err = (uint8_t)(base ? 0u : issue_bm_update(st, in, issue, out->dst_reg));

  /* 7. the registers at the edge; the model-only outputs and statistics.
   * The reason of each SP (fb_issue_why's order) as disjoint SP masks,
   * counted in 16-bit lanes (lane s = SP s), folded into the 64-bit
   * counters every ISSUE_FOLD cycles. */
  unsigned nis = validv & ~issue, f = nis & ~illv & ~busyv;
  unsigned f1 = f & ~rerr, f2 = f1 & ~emptyv, f3 = f2 & ~fullv;
  unsigned req = (nis & ~illv & busyv) | (f3 & ~pend);   /* requested, not issued */
  uint64_t *lb = st->lane_by;
  lb[FB_WHY_IDLE] += kSpread16[~validv & 0xFu];
  lb[FB_WHY_ISSUE] += kSpread16[issue];
  lb[FB_WHY_PASS] += kSpread16[req & grant];
  lb[FB_WHY_PORT] += kSpread16[req & ~grant & 0xFu];
  lb[FB_WHY_EMPTY] += kSpread16[f1 & emptyv];
  lb[FB_WHY_FULL] += kSpread16[f2 & fullv];
  lb[FB_WHY_GUARD] += kSpread16[f3 & pend];
  lb[FB_WHY_ILLEGAL] += kSpread16[nis & illv];
  lb[FB_WHY_RANGE] += kSpread16[f & rerr];
  const uint64_t cyc = st->stats.cycles++;
  const unsigned wend = (~validv | grant) & 0xFu;
  /* rem' = !valid ? 0 : grant ? defer : rem, byte s = SP s */
  const uint32_t remw = issue_sp_bytes(validv) & ((grantw & deferw) | (~grantw & fb_pack_u8x4(st->rem)));
  const unsigned again = issue_sp_nonzero(remw);
  for (unsigned m = again & grant & ~busyv; m; m &= m - 1u) {   /* a first pass with more to read */
    unsigned s = fb_ctz64(m);
    st->insn_q[s] = issue_pack(&in->sp[s]);
  }
  FB_UNROLL
  for (unsigned s = 0; s < FB_NSP; s++) {
    fb_unpack_u16x4(fb_pack_u16x4(out->sel[s].src_reg), st->rd_reg[s]);
    /* a wait ends with a grant or with no instruction */
    st->since[s] = ((wend >> s) & 1u) ? cyc + 1u : st->since[s];
  }
  fb_unpack_u8x4(remw, st->rem);         /* (one store each: the next call */
  fb_unpack_u8x4(selw, st->rd_valid);    /* loads them whole)              */
  /* the operand words this pass reads (delivered next cycle), in 16-bit
   * lanes */
  const uint32_t rmw = selw & remotew;
  st->lane_opnd[0] += fb_u8x4_lanes(issue_sp_popcount(selw & ~rmw));
  st->lane_opnd[1] += fb_u8x4_lanes(issue_sp_popcount(rmw));
  if (((cyc + 1u) & (ISSUE_FOLD - 1u)) == 0) issue_fold(st);
  out->again = (uint8_t)again;
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

/* ---- scheduler-facing queries (model-only) ---- */

fb_err fb_issue_query(const fb_issue *st, unsigned sp, const fb_issue_sp_in *c, fb_issue_elig *w) {
  if (!w) return FB_ERR_NULL;
  memset(w, 0, sizeof *w);
  if (!st || !c) return FB_ERR_NULL;
  if (!fb_issue_valid(st)) return FB_ERR_STATE;
  if (sp >= FB_NSP) return FB_ERR_RANGE;
  if (c->mode > 1u || c->src_valid > 0xFu || c->ext > 0x1FFFu || c->dst_valid > 1u) return FB_ERR_WIDTH;
  const unsigned base = st->cfg.baseline;
  fb_sel_out so;
  (void)fb_sel_core(base ? FB_MODE_CUDA : c->mode, sp, c->src_valid, c->src_orig, base ? 0u : c->ext, c->dst_orig,
                    &so);
  w->busy = st->rem[sp] != 0;
  w->illegal = so.illegal;
  if (!base) {
    fb_bm_elig e;
    fb_bm_check_core(&st->bm, sp, c->dst_valid, so.dst_reg, c->src_valid, so.src_reg, &e);
    w->range_err = e.range_err;
    w->src_empty = e.src_busy;
    w->dst_full = e.dst_busy;
    /* the guard against the SPs with passes left (docs/fiber.md 5a): a
     * busy reader of the candidate's destination holds it; so does a busy
     * writer of a source the candidate defers to a later pass */
    if (!w->busy && !so.illegal && e.eligible) {
      unsigned pset = so.defer & 0xFu;
      for (unsigned q = 0; q < FB_NSP; q++) {
        if (q == sp || !st->rem[q]) continue;
        fb_issue_sp_in wi;
        fb_sel_out wo;
        issue_unpack(st->insn_q[q], &wi);
        (void)fb_sel_core(wi.mode, q, st->rem[q], wi.src_orig, wi.ext, wi.dst_orig, &wo);
        unsigned hit = 0;
        for (unsigned k = 0; k < FB_NSRC; k++) {
          hit |= (c->dst_valid & 1u) && ((st->rem[q] >> k) & 1u) && wo.src_reg[k] == so.dst_reg;
          hit |= wi.dst_valid && ((pset >> k) & 1u) && so.src_reg[k] == wo.dst_reg;
        }
        w->guard_sp |= (uint8_t)(hit << q);
      }
      w->guard = w->guard_sp != 0;
    }
  }
  w->eligible = !w->busy && !w->illegal && !w->range_err && !w->src_empty && !w->dst_full && !w->guard;
  return FB_OK;
}

fb_err fb_issue_get_stats(const fb_issue *st, fb_issue_stats *stats) {
  if (!st || !stats) return FB_ERR_NULL;
  if (!fb_issue_valid(st)) return FB_ERR_STATE;
  *stats = st->stats;
  issue_add_lanes(st, stats);
  for (unsigned s = 0; s < FB_NSP; s++) stats->sp[s].wait = st->stats.cycles - st->since[s];
  return FB_OK;
}

fb_err fb_issue_clear_stats(fb_issue *st) {
  if (!st) return FB_ERR_NULL;
  if (!fb_issue_valid(st)) return FB_ERR_STATE;
  memset(&st->stats, 0, sizeof st->stats);
  memset(st->since, 0, sizeof st->since);
  memset(st->lane_by, 0, sizeof st->lane_by);
  memset(st->lane_opnd, 0, sizeof st->lane_opnd);
  return FB_OK;
}

fb_err fb_issue_progress(const fb_issue *st, uint64_t limit, uint8_t *stuck) {
  if (stuck) *stuck = 0;
  if (!st) return FB_ERR_NULL;
  if (!fb_issue_valid(st)) return FB_ERR_STATE;
  if (limit == 0) return FB_ERR_RANGE;
  unsigned m = 0;
  for (unsigned s = 0; s < FB_NSP; s++) m |= (st->stats.cycles - st->since[s] >= limit) << s;
  if (stuck) *stuck = (uint8_t)m;
  return m ? FB_ERR_DEADLOCK : FB_OK;
}

fb_err fb_issue_idle(fb_issue *st, uint64_t n) {
  if (!st) return FB_ERR_NULL;
  if (!fb_issue_valid(st)) return FB_ERR_STATE;
  unsigned act = st->rd_occ;
  for (unsigned s = 0; s < FB_NSP; s++) act |= st->rem[s] | st->rd_valid[s];
  if (act) return FB_ERR_CONTRACT;
  if (n == 0) return FB_OK;
  /* what one all-zero cycle writes (the selectors of an empty input name
   * {s, 0, 0}; no grant: no bank read, no select), then n - 1 more of the
   * same: only the arbiter's start and the statistics move */
  for (unsigned s = 0; s < FB_NSP; s++)
    for (unsigned k = 0; k < FB_NSRC; k++) st->rd_reg[s][k] = (uint16_t)(s << 9);
  memset(st->rd_row, 0, sizeof st->rd_row);
  if (!st->cfg.baseline) st->arb.start = (uint8_t)((st->arb.start + n) & (FB_NSP - 1u));
  /* the statistics exactly as n steps leave them: IDLE counted in the
   * lanes, folded at the last fold boundary the n cycles cross */
  const uint64_t F = ISSUE_FOLD, c0 = st->stats.cycles, c1 = c0 + n, last = c1 & ~(F - 1u);
  if (last > c0) {   /* fold boundaries B with c0 < B <= c1 */
    uint64_t b1 = (c0 & ~(F - 1u)) + F;
    st->lane_by[FB_WHY_IDLE] += kSpread16[0xF] * (b1 - c0);
    issue_fold(st);
    for (unsigned s = 0; s < FB_NSP; s++) st->stats.sp[s].by[FB_WHY_IDLE] += last - b1;
    st->lane_by[FB_WHY_IDLE] += kSpread16[0xF] * (c1 - last);
  } else {
    st->lane_by[FB_WHY_IDLE] += kSpread16[0xF] * n;
  }
  st->stats.cycles = c1;
  for (unsigned s = 0; s < FB_NSP; s++) st->since[s] = st->stats.cycles;   /* no wait runs through idle cycles */
  return FB_OK;
}

const char *fb_issue_reason_str(unsigned r) {
  static const char *const n[FB_WHY_NUM] = {"idle", "issue", "pass", "port", "empty", "full", "guard", "illegal",
                                            "range"};
  return r < FB_WHY_NUM ? n[r] : "?";
}

unsigned fb_issue_why(const fb_issue_out *o, unsigned sp) {
  if (!o || sp >= FB_NSP) return FB_WHY_IDLE;
  unsigned b = 1u << sp;
  if (o->issue & b) return FB_WHY_ISSUE;
  if (!(o->stall & b)) return FB_WHY_IDLE;
  if (o->illegal & b) return FB_WHY_ILLEGAL;
  if (o->busy & b) return (o->grant & b) ? FB_WHY_PASS : FB_WHY_PORT;
  if (o->range_err & b) return FB_WHY_RANGE;
  if (o->elig[sp].src_busy) return FB_WHY_EMPTY;
  if (o->elig[sp].dst_busy) return FB_WHY_FULL;
  if (o->pend_block & b) return FB_WHY_GUARD;
  return (o->grant & b) ? FB_WHY_PASS : FB_WHY_PORT;
}

int fb_issue_trace(const fb_issue_out *o, uint64_t cycle, char *buf, unsigned long cap) {
  if (!o) return -1;
  char tmp[160];
  int n = snprintf(tmp, sizeof tmp, "cyc=%llu issue=%x grant=%x stall=%x busy=%x again=%x sp0=%s sp1=%s sp2=%s sp3=%s",
                   (unsigned long long)cycle, o->issue & 0xFu, o->grant & 0xFu, o->stall & 0xFu, o->busy & 0xFu,
                   o->again & 0xFu, fb_issue_reason_str(fb_issue_why(o, 0)), fb_issue_reason_str(fb_issue_why(o, 1)),
                   fb_issue_reason_str(fb_issue_why(o, 2)), fb_issue_reason_str(fb_issue_why(o, 3)));
  if (buf && cap) {
    unsigned long m = (unsigned long)n < cap ? (unsigned long)n : cap - 1u;
    memcpy(buf, tmp, m);
    buf[m] = '\0';
  }
  return n;
}
