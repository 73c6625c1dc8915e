/*
 * test_fiber_issue_ref.c - the composed issue stage (fb_issue_step_data)
 * against a literal composition of the per-cycle contract (docs/fiber.md
 * section 11), cycle by cycle, on random traffic.
 *
 * The reference is written from the contract, not from the library's fast
 * path: the selectors and the arbiter are the public block functions
 * (fb_sel_eval, fb_arb_step_detail, fb_xbar_step, each tested against its
 * own literal reference), the pending-read guard is the rule of section 5a
 * source by source, and the busy bitmap is a plain array of one byte per
 * register and group, updated op by op in section 7's order (clears, sets,
 * DEPBAR by SP, ALL). Every output field, every register of the stage and
 * every word of every bitmap replica are compared after every cycle, for
 * full and small instances, 1 to 4 replicas, the baseline and the data path.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "fiber/fiber.h"
#include "fiber_test_util.h"

/* ---- the reference composition ---- */

typedef struct {
  unsigned nreg, baseline, lanes;
  fb_arb arb;
  fb_xbar xbar;
  uint8_t bits[2][FB_NVREG];   /* [group][register]: the one true bitmap */
  uint8_t rem[FB_NSP], rd_valid[FB_NSP], rd_occ, rd_row[FB_NPORT];
  uint16_t rd_reg[FB_NSP][FB_NSRC];
} ref_issue;

static void ref_reset(ref_issue *r, const fb_issue_cfg *c) {
  memset(r, 0, sizeof *r);
  r->nreg = c->nreg ? c->nreg : FB_NVREG;
  r->baseline = c->baseline;
  r->lanes = c->lanes;
  fb_arb_reset(&r->arb);
  r->arb.start = c->start;
  if (c->lanes) cr_assert_eq(fb_xbar_reset(&r->xbar, c->lanes, c->width ? c->width : FB_XBAR_WIDTH), FB_OK);
}

/* Eligibility of SP s (section 7): the destination must be local and
 * below nreg and clear in FULL; every valid source below nreg and clear in
 * EMPTY. */
static void ref_elig(const ref_issue *r, unsigned s, const fb_issue_sp_in *p, const fb_sel_out *so, fb_bm_elig *e) {
  memset(e, 0, sizeof *e);
  if (p->dst_valid) {
    unsigned d = so->dst_reg;
    if (d >= r->nreg || fb_reg_sp(d) != s) e->range_err = 1;
    else e->dst_busy = r->bits[FB_BM_FULL][d];
  }
  for (unsigned k = 0; k < FB_NSRC; k++) {
    if (!((p->src_valid >> k) & 1u)) continue;
    unsigned x = so->src_reg[k];
    if (x >= r->nreg) e->range_err = 1;
    else if (r->bits[FB_BM_EMPTY][x]) e->src_busy |= (uint8_t)(1u << k);
  }
  e->eligible = !e->dst_busy && !e->src_busy && !e->range_err;
}

/* One bitmap write; x < nreg and (local) x in SP s's partition, else the
 * SP's update error. */
static void ref_wr(ref_issue *r, unsigned *err, unsigned s, unsigned grp, unsigned x, unsigned val, int local) {
  if (x >= r->nreg || (local && fb_reg_sp(x) != s)) {
    *err |= 1u << s;
    return;
  }
  r->bits[grp][x] = (uint8_t)val;
}

static fb_err ref_step(ref_issue *r, const fb_issue_in *in, const fb_xbar_word *port_data, fb_issue_out *o,
                       fb_xbar_out *opnd) {
  unsigned base = r->baseline;
  unsigned busy[FB_NSP];
  /* 1-2. pass, selectors, eligibility */
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_issue_sp_in *p = &in->sp[s];
    busy[s] = r->rem[s] != 0;
    o->pass_src[s] = busy[s] ? r->rem[s] : p->src_valid;
    fb_sel_in si;
    si.mode = base ? FB_MODE_CUDA : p->mode;
    si.sp = (uint8_t)s;
    si.src_valid = o->pass_src[s];
    memcpy(si.src_orig, p->src_orig, sizeof si.src_orig);
    si.ext = base ? 0 : p->ext;
    si.dst_orig = p->dst_orig;
    cr_assert_eq(fb_sel_eval(&si, &o->sel[s]), FB_OK);
    o->dst_reg[s] = o->sel[s].dst_reg;
    if (!base) ref_elig(r, s, p, &o->sel[s], &o->elig[s]);
    o->eligible |= (uint8_t)(o->elig[s].eligible << s);
    o->range_err |= (uint8_t)(o->elig[s].range_err << s);
    o->illegal |= (uint8_t)(o->sel[s].illegal << s);
    o->conflict |= (uint8_t)(o->sel[s].conflict << s);
    o->busy |= (uint8_t)(busy[s] << s);
  }
  /* 3. guard (section 5a), literally: every reader, writer, source */
  if (!base) {
    unsigned cand[FB_NSP], pset[FB_NSP];
    for (unsigned p = 0; p < FB_NSP; p++) {
      cand[p] = in->sp[p].valid && !o->sel[p].illegal && (busy[p] || ((o->eligible >> p) & 1u));
      pset[p] = busy[p] ? r->rem[p] : o->sel[p].defer;
    }
    unsigned start = r->arb.start & 3u;
    for (unsigned p = 0; p < FB_NSP; p++)
      for (unsigned w = 0; w < FB_NSP; w++) {
        if (w == p || !cand[p] || !cand[w] || !in->sp[w].dst_valid) continue;
        int hit = 0;
        for (unsigned k = 0; k < FB_NSRC; k++)
          if (((pset[p] >> k) & 1u) && o->sel[p].src_reg[k] == o->dst_reg[w]) hit = 1;
        if (!hit) continue;
        unsigned held = busy[p] ? w : busy[w] ? p : ((p - start) & 3u) > ((w - start) & 3u) ? p : w;
        if (!busy[held]) o->pend_block |= (uint8_t)(1u << held);
      }
  }
  fb_arb_req req[FB_NSP];
  for (unsigned s = 0; s < FB_NSP; s++) {
    unsigned elig = base || ((o->eligible >> s) & 1u);
    unsigned held = (o->pend_block >> s) & 1u;
    req[s] = fb_sel_arb_req(&o->sel[s], in->sp[s].valid && !o->sel[s].illegal && (busy[s] || (elig && !held)));
  }
  /* 4. arbitration (the baseline grants every request) */
  if (base) {
    for (unsigned s = 0; s < FB_NSP; s++) {
      o->arb.grant |= (uint8_t)(req[s].valid << s);
      o->arb.occ |= req[s].ports;
      for (unsigned pt = 0; pt < FB_NPORT; pt++)
        if ((req[s].ports >> pt) & 1u) o->arb.row[pt] = req[s].row[pt];
    }
  } else {
    fb_arb_step_detail(&r->arb, req, &o->arb);
  }
  o->grant = o->arb.grant;
  uint8_t sel_valid[FB_NSP];
  for (unsigned s = 0; s < FB_NSP; s++) {
    unsigned g = (o->grant >> s) & 1u;
    unsigned iss = g && !o->sel[s].conflict;
    o->issue |= (uint8_t)(iss << s);
    o->stall |= (uint8_t)((in->sp[s].valid && !iss) << s);
    sel_valid[s] = (uint8_t)(g ? (o->pass_src[s] & ~o->sel[s].defer & 0xFu) : 0u);
  }
  /* 5. delivery */
  for (unsigned s = 0; s < FB_NSP; s++) {
    o->opnd_valid[s] = r->rd_valid[s];
    memcpy(o->opnd_reg[s], r->rd_reg[s], sizeof o->opnd_reg[s]);
  }
  if (r->lanes) {
    static fb_xbar_in xi;
    for (unsigned s = 0; s < FB_NSP; s++)
      for (unsigned k = 0; k < FB_NSRC; k++)
        xi.sel_oh[s][k] = fb_xbar_onehot((sel_valid[s] >> k) & 1u, o->sel[s].src_port[k]);
    for (unsigned pt = 0; pt < FB_NPORT; pt++) {
      if (port_data) xi.port_data[pt] = port_data[pt];
      else memset(&xi.port_data[pt], 0, sizeof xi.port_data[pt]);
    }
    static fb_xbar_out scratch;
    fb_xbar_step(&r->xbar, &xi, opnd ? opnd : &scratch);
  }
  /* 6. bitmap, op by op in section 7's order */
  if (!base) {
    unsigned err = 0;
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_issue_sp_in *p = &in->sp[s];
      if (p->wb_valid) ref_wr(r, &err, s, FB_BM_EMPTY, p->wb_dst, 0, 1);
      for (unsigned k = 0; k < FB_NSRC; k++)
        if ((p->cons_valid >> k) & 1u) ref_wr(r, &err, s, FB_BM_FULL, p->cons_src[k], 0, 0);
    }
    for (unsigned s = 0; s < FB_NSP; s++)
      if (((o->issue >> s) & 1u) && in->sp[s].dst_valid) ref_wr(r, &err, s, FB_BM_EMPTY, o->dst_reg[s], 1, 1);
    for (unsigned pt = 0; pt < FB_NPORT; pt++)
      if ((r->rd_occ >> pt) & 1u)
        ref_wr(r, &err, pt / 2, FB_BM_FULL, fb_reg_make(pt / 2, r->rd_row[pt], pt % 2), 1, 0);
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_issue_sp_in *p = &in->sp[s];
      if (p->dep_valid) ref_wr(r, &err, s, p->dep_group, p->dep_reg, p->dep_set, 0);
    }
    if (in->all_set)
      for (unsigned x = 0; x < r->nreg; x++) r->bits[FB_BM_EMPTY][x] = 1;
    o->upd_range_err = (uint8_t)err;
  }
  /* 7. registers */
  for (unsigned s = 0; s < FB_NSP; s++) {
    unsigned g = (o->grant >> s) & 1u;
    r->rem[s] = (uint8_t)(!in->sp[s].valid ? 0u : g ? o->sel[s].defer : r->rem[s]);
    r->rd_valid[s] = sel_valid[s];
    memcpy(r->rd_reg[s], o->sel[s].src_reg, sizeof r->rd_reg[s]);
  }
  r->rd_occ = base ? 0 : o->arb.occ;
  memcpy(r->rd_row, o->arb.row, sizeof r->rd_row);
  return (o->range_err | o->upd_range_err) ? FB_ERR_RANGE : FB_OK;
}

/* ---- random traffic ---- */

/* A register id: mostly a few hot registers of a random SP (conflicts,
 * broadcasts, guard hits), sometimes any id, at or above a small nreg, or
 * one that does not fit 11 bits. */
static unsigned rnd_reg(fbt_rng *g, int sp) {
  unsigned c = fbt_below(g, 16);
  if (c == 0) return fbt_below(g, FB_NVREG);
  if (c == 1) return FB_NVREG + fbt_below(g, 4000);
  return fb_reg_make(sp >= 0 ? (unsigned)sp : fbt_below(g, 4), fbt_below(g, 6), fbt_below(g, 2));
}

static void rnd_in(fbt_rng *g, fb_issue_in *in) {
  memset(in, 0, sizeof *in);
  for (unsigned s = 0; s < FB_NSP; s++) {
    fb_issue_sp_in *p = &in->sp[s];
    p->valid = (uint8_t)fbt_chance(g, 7, 8);
    p->mode = (uint8_t)!fbt_chance(g, 1, 10);
    p->src_valid = (uint8_t)fbt_below(g, 16);
    for (unsigned k = 0; k < FB_NSRC; k++) p->src_orig[k] = (uint8_t)fbt_below(g, fbt_chance(g, 1, 8) ? 256 : 6);
    p->ext = (uint16_t)(fbt_next(g) & 0x1FFFu);
    if (fbt_chance(g, 3, 4)) p->ext &= 0x1FFu;   /* extra low bits 0: rows shared with destinations */
    if (fbt_chance(g, 1, 4)) p->ext &= (uint16_t)~(1u << FB_EXT_EN_OFF);
    p->dst_valid = (uint8_t)fbt_chance(g, 3, 4);
    p->dst_orig = (uint8_t)fbt_below(g, fbt_chance(g, 1, 8) ? 256 : 6);
    p->wb_valid = (uint8_t)fbt_chance(g, 1, 2);
    p->wb_dst = (uint16_t)rnd_reg(g, fbt_chance(g, 1, 16) ? -1 : (int)s);
    p->cons_valid = (uint8_t)fbt_below(g, 16);
    for (unsigned k = 0; k < FB_NSRC; k++) p->cons_src[k] = (uint16_t)rnd_reg(g, -1);
    p->dep_valid = (uint8_t)fbt_chance(g, 1, 8);
    p->dep_reg = (uint16_t)rnd_reg(g, -1);
    p->dep_group = (uint8_t)fbt_below(g, 2);
    p->dep_set = (uint8_t)fbt_below(g, 2);
  }
  in->all_set = (uint8_t)fbt_chance(g, 1, 1024);
}

/* ---- the comparison ---- */

static void compare(const fb_issue *st, const ref_issue *r, const fb_issue_out *a, const fb_issue_out *b,
                    unsigned long cyc) {
#define EQ(f) cr_assert_eq(a->f, b->f, "cycle %lu: " #f " %u, reference %u", cyc, (unsigned)a->f, (unsigned)b->f)
  EQ(issue); EQ(stall); EQ(grant); EQ(busy); EQ(eligible); EQ(pend_block);
  EQ(illegal); EQ(conflict); EQ(range_err); EQ(upd_range_err);
  for (unsigned s = 0; s < FB_NSP; s++) {
    EQ(dst_reg[s]); EQ(opnd_valid[s]); EQ(pass_src[s]);
    for (unsigned k = 0; k < FB_NSRC; k++) {
      EQ(opnd_reg[s][k]); EQ(sel[s].src_reg[k]); EQ(sel[s].src_port[k]);
    }
    EQ(sel[s].port_en); EQ(sel[s].remote); EQ(sel[s].defer); EQ(sel[s].conflict);
    EQ(sel[s].illegal); EQ(sel[s].dst_reg);
    for (unsigned pt = 0; pt < FB_NPORT; pt++) EQ(sel[s].port_row[pt]);
    EQ(elig[s].eligible); EQ(elig[s].dst_busy); EQ(elig[s].src_busy); EQ(elig[s].range_err);
  }
  EQ(arb.grant); EQ(arb.stall); EQ(arb.start); EQ(arb.occ); EQ(arb.shared);
  for (unsigned pt = 0; pt < FB_NPORT; pt++) {
    EQ(arb.owner[pt]); EQ(arb.row[pt]);
  }
#undef EQ
  cr_assert_eq(st->arb.start, r->arb.start, "cycle %lu: arbiter start", cyc);
  cr_assert_eq(memcmp(st->rem, r->rem, sizeof r->rem), 0, "cycle %lu: rem", cyc);
  cr_assert_eq(memcmp(st->rd_valid, r->rd_valid, sizeof r->rd_valid), 0, "cycle %lu: rd_valid", cyc);
  cr_assert_eq(memcmp(st->rd_reg, r->rd_reg, sizeof r->rd_reg), 0, "cycle %lu: rd_reg", cyc);
  cr_assert_eq(st->rd_occ, r->rd_occ, "cycle %lu: rd_occ", cyc);
  cr_assert_eq(memcmp(st->rd_row, r->rd_row, sizeof r->rd_row), 0, "cycle %lu: rd_row", cyc);
  /* every word of every replica (bits at and above nreg are 0) */
  for (unsigned rep = 0; rep < st->bm.nrep; rep++)
    for (unsigned grp = 0; grp < 2; grp++)
      for (unsigned w = 0; w < FB_NVREG / 64; w++) {
        uint64_t x = 0;
        for (unsigned i = 0; i < 64; i++) x |= (uint64_t)r->bits[grp][64 * w + i] << i;
        if (st->bm.bits[rep][grp][w] != x)
          cr_assert_fail("cycle %lu: replica %u group %u word %u = 0x%016llx, reference 0x%016llx", cyc, rep,
                         grp, w, (unsigned long long)st->bm.bits[rep][grp][w], (unsigned long long)x);
      }
}

static fb_issue st;
static ref_issue ref;
static fb_xbar_word port_data[FB_NPORT];
static fb_xbar_out opnd_a, opnd_b;

static void run_config(const char *name, fb_issue_cfg c, unsigned long cycles) {
  fbt_rng g = fbt_rng_for(name);
  cr_assert_eq(fb_issue_reset(&st, &c), FB_OK, "%s", name);
  ref_reset(&ref, &c);
  fb_issue_in in, prev;
  memset(&prev, 0, sizeof prev);
  unsigned long busy = 0, held = 0, issued = 0, errs = 0, multi = 0;
  unsigned long by_sum[FB_WHY_NUM] = {0};
  for (unsigned long cyc = 0; cyc < cycles; cyc++) {
    rnd_in(&g, &in);
    /* the contract (docs/fiber.md 11): an SP with passes left presents its
     * instruction in flight again, or abandons it (valid 0) */
    for (unsigned s = 0; s < FB_NSP; s++)
      if (st.rem[s] && in.sp[s].valid) {
        fb_issue_sp_in *p = &in.sp[s];
        const fb_issue_sp_in *q = &prev.sp[s];
        p->mode = q->mode;
        p->src_valid = q->src_valid;
        memcpy(p->src_orig, q->src_orig, sizeof p->src_orig);
        p->ext = q->ext;
        p->dst_valid = q->dst_valid;
        p->dst_orig = q->dst_orig;
      }
    prev = in;
    fb_issue_out a, b;
    memset(&a, 0xA5, sizeof a);
    memset(&b, 0, sizeof b);
    fb_err ea, eb;
    if (c.lanes) {
      for (unsigned pt = 0; pt < FB_NPORT; pt++)
        for (unsigned l = 0; l < FB_XBAR_MAX_LANES; l++) port_data[pt].lane[l] = fbt_next(&g);
      memset(&opnd_a, 0xA5, sizeof opnd_a);
      memset(&opnd_b, 0, sizeof opnd_b);
      ea = fb_issue_step_data(&st, &in, port_data, &a, &opnd_a);
      eb = ref_step(&ref, &in, port_data, &b, &opnd_b);
      cr_assert_eq(memcmp(&opnd_a, &opnd_b, sizeof opnd_a), 0, "%s cycle %lu: routed operands", name, cyc);
    } else {
      ea = fb_issue_step(&st, &in, &a);
      eb = ref_step(&ref, &in, NULL, &b, NULL);
    }
    cr_assert_eq(ea, eb, "%s cycle %lu: result %d, reference %d", name, cyc, (int)ea, (int)eb);
    compare(&st, &ref, &a, &b, cyc);
    /* model-only outputs: again is next cycle's busy; one reason per SP,
     * issue exactly for the issuing SPs, IDLE exactly for the absent ones */
    unsigned nb = 0;
    for (unsigned s = 0; s < FB_NSP; s++) {
      nb |= (st.rem[s] != 0) << s;
      unsigned why = fb_issue_why(&a, s);
      cr_assert_lt(why, FB_WHY_NUM);
      cr_assert_eq(why == FB_WHY_ISSUE, (a.issue >> s) & 1u, "%s cycle %lu SP %u: reason %s", name, cyc, s,
                   fb_issue_reason_str(why));
      cr_assert_eq(why == FB_WHY_IDLE, !in.sp[s].valid, "%s cycle %lu SP %u", name, cyc, s);
      by_sum[why]++;
    }
    cr_assert_eq(a.again, nb, "%s cycle %lu: again 0x%x, next busy 0x%x", name, cyc, a.again, nb);
    busy += a.busy != 0;
    held += a.pend_block != 0;
    issued += (unsigned)__builtin_popcount(a.issue);
    errs += ea != FB_OK;
    multi += a.conflict != 0;
  }
  fprintf(stderr, "%s: %lu cycles, %lu issues, %lu busy, %lu held, %lu multi-pass, %lu range errors\n", name, cycles,
          issued, busy, held, multi, errs);
  /* the statistics count the same cycles, one reason per SP and cycle */
  fb_issue_stats stt;
  cr_assert_eq(fb_issue_get_stats(&st, &stt), FB_OK);
  cr_assert_eq(stt.cycles, cycles);
  uint64_t tot[FB_WHY_NUM] = {0};
  for (unsigned s = 0; s < FB_NSP; s++) {
    uint64_t sum = 0;
    for (unsigned w = 0; w < FB_WHY_NUM; w++) {
      sum += stt.sp[s].by[w];
      tot[w] += stt.sp[s].by[w];
    }
    cr_assert_eq(sum, cycles, "%s SP %u: reasons sum to the cycles", name, s);
  }
  for (unsigned w = 0; w < FB_WHY_NUM; w++) cr_assert_eq(tot[w], by_sum[w], "%s reason %s", name, fb_issue_reason_str(w));
  cr_assert_eq(tot[FB_WHY_ISSUE], issued);
  /* the traffic reaches every path the comparison is meant to cover */
  cr_assert_gt(issued, cycles / 8, "%s: issues %lu", name, issued);
  if (!c.baseline) {
    cr_assert_gt(errs, 0, "%s: range errors", name);
    cr_assert_gt(busy, cycles / 50, "%s: busy cycles %lu", name, busy);
    cr_assert_gt(held, 0, "%s: guard holds %lu", name, held);
    cr_assert_gt(multi, cycles / 50, "%s: multi-pass cycles %lu", name, multi);
  }
}

static fb_issue_cfg cfg(unsigned nreg, unsigned nrep, unsigned start) {
  fb_issue_cfg c;
  memset(&c, 0, sizeof c);
  c.nreg = (uint16_t)nreg;
  c.nrep = (uint8_t)nrep;
  c.start = (uint8_t)start;
  return c;
}

/* Why: the composed stage is written for speed (the blocks' cores inlined,
 * bitmap writes straight into replica 0 and a broadcast of the words
 * written, the guard's compares by 16-bit lanes); the literal composition
 * must agree with it in every field and every replica bit, cycle by cycle,
 * for every replica count (1-4), full and small instances. */
Test(fiber_issue_ref, random_vs_literal_composition) {
  run_config("issue_ref 2048x4", cfg(0, 0, 0), 40000);
  run_config("issue_ref 2048x1", cfg(2048, 1, 1), 20000);
  run_config("issue_ref 2048x2", cfg(2048, 2, 2), 20000);
  run_config("issue_ref 2048x3", cfg(2048, 3, 3), 20000);
  run_config("issue_ref 700x4", cfg(700, 4, 0), 20000);
  run_config("issue_ref 63x3", cfg(63, 3, 1), 20000);
}

/* Why: the baseline path (no bitmap, no guard, every request granted) and
 * the operand data path go through the same fast step. */
Test(fiber_issue_ref, random_baseline_and_data_path) {
  fb_issue_cfg b = cfg(0, 0, 2);
  b.baseline = 1;
  run_config("issue_ref baseline", b, 20000);
  fb_issue_cfg d = cfg(1000, 2, 3);
  d.lanes = 3;
  d.width = 7;
  run_config("issue_ref data path", d, 20000);
}
