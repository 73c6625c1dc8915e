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

/* Strict port widths: 1 if any input is wider than its RTL port. */
static int issue_too_wide(const fb_issue_in *in) {
  if (in->all_set > 1u) return 1;
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_issue_sp_in *p = &in->sp[s];
    if (p->valid > 1u || p->mode > 1u || p->src_valid > 0xFu || p->ext > 0x1FFFu || p->dst_valid > 1u ||
        p->wb_valid > 1u || p->cons_valid > 0xFu || p->dep_valid > 1u || p->dep_group > 1u || p->dep_set > 1u)
      return 1;
  }
  return 0;
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
static unsigned issue_guard(const fb_issue *st, const fb_issue_in *in, const fb_issue_out *o) {
  unsigned busy[FB_NSP], cand[FB_NSP], pset[FB_NSP], blk = 0, writers = 0, readers = 0;
  unsigned start = st->arb.start & 3u;
  for (unsigned p = 0; p < FB_NSP; p++) {
    busy[p] = st->rem[p] != 0;
    cand[p] = (in->sp[p].valid & 1u) && !o->sel[p].illegal && (busy[p] || ((o->eligible >> p) & 1u));
    pset[p] = busy[p] ? st->rem[p] : (o->sel[p].defer & 0xFu);
    writers |= (cand[p] && (in->sp[p].dst_valid & 1u)) << p;
    readers |= (cand[p] && pset[p]) << p;
  }
  if (!readers || !writers) return 0;        /* (the common case: nothing to compare) */
  for (unsigned p = 0; p < FB_NSP; p++) {     /* reader */
    if (!((readers >> p) & 1u)) continue;
    for (unsigned w = 0; w < FB_NSP; w++) {   /* writer */
      if (w == p || !((writers >> w) & 1u)) continue;
      unsigned hit = 0;
      for (unsigned k = 0; k < FB_NSRC; k++)
        hit |= ((pset[p] >> k) & 1u) && o->sel[p].src_reg[k] == o->dst_reg[w];
      if (!hit) continue;
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

fb_err fb_issue_step_data(fb_issue *st, const fb_issue_in *in, const fb_xbar_word port_data[FB_NPORT],
                          fb_issue_out *out, fb_xbar_out *opnd) {
  if (!out) return FB_ERR_NULL;
  fb_err bad = !st || !in ? FB_ERR_NULL
             : st->magic != ISSUE_MAGIC || (port_data && !st->cfg.lanes) ? FB_ERR_STATE
             : issue_too_wide(in) ? FB_ERR_WIDTH : FB_OK;
  if (bad != FB_OK) {
    memset(out, 0, sizeof *out);
    return bad;
  }
  /* Every output field below is written in full (the selector, the bitmap
   * query and the arbiter fill theirs); the bit vectors start at 0. */
  out->issue = out->stall = out->grant = out->busy = out->eligible = 0;
  out->pend_block = out->illegal = out->conflict = out->range_err = out->upd_range_err = 0;
  const unsigned base = st->cfg.baseline;
  if (base) {
    memset(out->elig, 0, sizeof out->elig);
    memset(&out->arb, 0, sizeof out->arb);
  }
  const unsigned nreg = st->cfg.nreg;

  /* 1-2. pass, selectors, eligibility from the state at the start of the cycle */
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_issue_sp_in *p = &in->sp[s];
    unsigned busy = st->rem[s] != 0;
    fb_sel_in si;
    out->pass_src[s] = (uint8_t)(busy ? st->rem[s] : p->src_valid);
    si.mode = base ? (uint8_t)FB_MODE_CUDA : p->mode;
    si.sp = (uint8_t)s;
    si.src_valid = out->pass_src[s];
    memcpy(si.src_orig, p->src_orig, sizeof si.src_orig);
    si.ext = base ? 0 : p->ext;
    si.dst_orig = p->dst_orig;
    fb_sel_eval(&si, &out->sel[s]);
    out->dst_reg[s] = out->sel[s].dst_reg;
    if (!base) {
      fb_bm_query q;
      q.dst_valid = p->dst_valid;
      q.dst = out->sel[s].dst_reg;
      q.src_valid = p->src_valid;     /* every source, not only this pass's */
      for (unsigned k = 0; k < FB_NSRC; k++) q.src[k] = out->sel[s].src_reg[k];
      fb_bm_check(&st->bm, s, &q, &out->elig[s]);
      out->eligible |= (uint8_t)((out->elig[s].eligible & 1u) << s);
      out->range_err |= (uint8_t)((out->elig[s].range_err & 1u) << s);
    }
    out->illegal |= (uint8_t)((out->sel[s].illegal & 1u) << s);
    out->conflict |= (uint8_t)((out->sel[s].conflict & 1u) << s);
    out->busy |= (uint8_t)(busy << s);
  }

  /* 3. pending-read guard and the requests */
  if (!base) out->pend_block = (uint8_t)issue_guard(st, in, out);
  fb_arb_req req[FB_NSP];
  for (unsigned s = 0; s < FB_NSP; s++) {
    unsigned busy = (out->busy >> s) & 1u;
    unsigned elig = base ? 1u : (out->eligible >> s) & 1u;
    unsigned held = (out->pend_block >> s) & 1u;
    unsigned rv = in->sp[s].valid && !out->sel[s].illegal && (busy || (elig && !held));
    req[s].valid = (uint8_t)rv;           /* fb_sel_arb_req(&out->sel[s], rv) */
    req[s].ports = out->sel[s].port_en;
    memcpy(req[s].row, out->sel[s].port_row, sizeof req[s].row);
  }

  /* 4. arbitration */
  if (base) {
    /* no cross-SP arbitration: every request is granted; each SP's banks
     * read the rows its selector names */
    for (unsigned s = 0; s < FB_NSP; s++) {
      out->arb.grant |= (uint8_t)(req[s].valid << s);
      out->arb.occ |= out->sel[s].port_en;
      for (unsigned pt = 0; pt < FB_NPORT; pt++)
        if ((out->sel[s].port_en >> pt) & 1u) out->arb.row[pt] = out->sel[s].port_row[pt];
    }
  } else {
    fb_arb_step_detail(&st->arb, req, &out->arb);
  }
  out->grant = out->arb.grant;
  uint8_t sel_valid[FB_NSP];
  for (unsigned s = 0; s < FB_NSP; s++) {
    unsigned g = (out->grant >> s) & 1u;
    unsigned issue = g && !out->sel[s].conflict;
    out->issue |= (uint8_t)(issue << s);
    out->stall |= (uint8_t)(((in->sp[s].valid & 1u) && !issue) << s);
    sel_valid[s] = (uint8_t)(g ? (out->pass_src[s] & ~out->sel[s].defer & 0xFu) : 0u);
  }

  /* 5. delivery: last cycle's granted pass reads the banks now */
  for (unsigned s = 0; s < FB_NSP; s++) {
    out->opnd_valid[s] = st->rd_valid[s];
    memcpy(out->opnd_reg[s], st->rd_reg[s], sizeof out->opnd_reg[s]);
  }
  if (st->cfg.lanes) {
    issue_xbar(st, out, sel_valid, port_data, opnd);
  } else if (opnd) {
    memset(opnd, 0, sizeof *opnd);
  }

  /* 6. bitmap updates of the cycle */
  if (!base) {
    fb_bm_in b;
    memset(&b, 0, sizeof b);
    unsigned wide = 0;   /* ids that do not fit 11 bits: dropped, range error */
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_issue_sp_in *p = &in->sp[s];
      fb_bm_sp_in *u = &b.sp[s];
      u->issue_valid = (uint8_t)(((out->issue >> s) & 1u) && p->dst_valid);
      u->issue_dst = out->dst_reg[s];
      if (p->wb_valid && p->wb_dst >= FB_NVREG) wide |= 1u << s;
      else {
        u->wb_valid = p->wb_valid;
        u->wb_dst = p->wb_dst;
      }
      for (unsigned k = 0; k < FB_NSRC; k++) {
        if (((p->cons_valid >> k) & 1u) && p->cons_src[k] >= FB_NVREG) {
          wide |= 1u << s;
          continue;
        }
        u->cons_valid |= (uint8_t)(p->cons_valid & (1u << k));
        u->cons_src[k] = p->cons_src[k];
      }
      if (p->dep_valid && p->dep_reg >= FB_NVREG) wide |= 1u << s;
      else {
        u->dep_valid = p->dep_valid;
        u->dep_reg = p->dep_reg;
        u->dep_group = p->dep_group;
        u->dep_set = p->dep_set;
      }
    }
    b.read_valid = st->rd_occ;
    memcpy(b.read_row, st->rd_row, sizeof b.read_row);
    b.all_set = in->all_set;
    out->upd_range_err = (uint8_t)(fb_bm_step(&st->bm, &b) | wide);
  }

  /* 7. the registers at the edge */
  for (unsigned s = 0; s < FB_NSP; s++) {
    unsigned g = (out->grant >> s) & 1u;
    st->rem[s] = (uint8_t)(!in->sp[s].valid ? 0u : g ? (out->sel[s].defer & 0xFu) : st->rem[s]);
    st->rd_valid[s] = sel_valid[s];
    memcpy(st->rd_reg[s], out->sel[s].src_reg, sizeof st->rd_reg[s]);
  }
  st->rd_occ = base ? 0 : out->arb.occ;
  memcpy(st->rd_row, out->arb.row, sizeof st->rd_row);
  (void)nreg;
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
