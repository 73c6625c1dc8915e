/*
 * test_fiber_issue_api.c - Criterion tests of the scheduler-facing API of
 * the composed issue stage (docs/fiber_simulator.md 2-7): the `again` output, the
 * eligibility query, the contract errors (another instruction while passes
 * remain, a failed re-reset, a state changed by hand), the statistics and
 * the deadlock check, the idle fast-forward, the trace line and the
 * checkpoint of every state struct.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "fiber/fiber.h"
#include "fiber_test_util.h"

static fb_issue st, st2, st3;   /* static: several KB each */

static void reset_cfg(fb_issue *s, unsigned lanes, unsigned baseline) {
  fb_issue_cfg c;
  memset(&c, 0, sizeof c);
  c.lanes = (uint8_t)lanes;
  c.baseline = (uint8_t)baseline;
  cr_assert_eq(fb_issue_reset(s, &c), FB_OK);
}

static void insn(fb_issue_in *in, unsigned sp, const uint16_t *src, unsigned n, int dst) {
  cr_assert_eq(fb_issue_insn(&in->sp[sp], sp, src, n, dst), FB_OK);
  in->sp[sp].valid = 1;
}

/* Two sources on port 0 (SP 0, bank 0) with different rows: two passes. */
static const uint16_t two_pass[2] = {(0u << 9) | (1u << 1), (0u << 9) | (2u << 1)};

/* ---- a random driver that keeps the contract ---- */

typedef struct {
  fbt_rng g;
  fb_issue_in prev;
  unsigned wb_pct;   /* chance (of 100) of a writeback per SP per cycle */
} drv;

static uint16_t hot_reg(fbt_rng *g, int sp) {
  unsigned s = sp < 0 ? fbt_below(g, 4) : (unsigned)sp;
  return (uint16_t)fb_reg_make(s, fbt_below(g, 4), fbt_below(g, 2));
}

/* Fields of an instruction only (valid set), on SP s. */
static void rnd_insn(fbt_rng *g, fb_issue_sp_in *p, unsigned s) {
  uint16_t src[FB_NSRC];
  unsigned n = fbt_below(g, 5);
  for (unsigned k = 0; k < n; k++) src[k] = hot_reg(g, -1);
  int dst = fbt_chance(g, 3, 4) ? (int)hot_reg(g, (int)s) : -1;
  cr_assert_eq(fb_issue_insn(p, s, src, n, dst), FB_OK);
  if (fbt_chance(g, 1, 20)) p->mode = FB_MODE_CUDA;   /* illegal when a source is remote */
  p->valid = 1;
}

static void rnd_events(drv *d, fb_issue_sp_in *p, unsigned s) {
  fbt_rng *g = &d->g;
  p->wb_valid = (uint8_t)(fbt_below(g, 100) < d->wb_pct);
  p->wb_dst = hot_reg(g, (int)s);
  p->cons_valid = (uint8_t)fbt_below(g, 16);
  for (unsigned k = 0; k < FB_NSRC; k++) p->cons_src[k] = hot_reg(g, -1);
  p->dep_valid = (uint8_t)fbt_chance(g, 1, 16);
  p->dep_reg = hot_reg(g, -1);
  p->dep_group = (uint8_t)fbt_below(g, 2);
  p->dep_set = (uint8_t)fbt_below(g, 2);
}

/* Copies the instruction fields of q into p (the instruction in flight). */
static void same_insn(fb_issue_sp_in *p, const fb_issue_sp_in *q) {
  p->mode = q->mode;
  p->src_valid = q->src_valid;
  memcpy(p->src_orig, q->src_orig, sizeof p->src_orig);
  p->ext = q->ext;
  p->dst_valid = q->dst_valid;
  p->dst_orig = q->dst_orig;
}

static void drv_in(drv *d, const fb_issue *s, fb_issue_in *in) {
  memset(in, 0, sizeof *in);
  for (unsigned sp = 0; sp < FB_NSP; sp++) {
    fb_issue_sp_in *p = &in->sp[sp];
    if (fbt_chance(&d->g, 3, 4)) rnd_insn(&d->g, p, sp);
    if (s->rem[sp] && p->valid) same_insn(p, &d->prev.sp[sp]);
    rnd_events(d, p, sp);
  }
  d->prev = *in;
}

/* ---- again ---- */

/* Why: the scheduler must know what to present next cycle without deriving
 * it from (grant & ~issue) | (busy & ~grant): `again` says it, and equals
 * the next cycle's busy (checked every cycle in the random comparison of
 * test_fiber_issue_ref.c; here the directed two-pass case). */
Test(fiber_issue_api, again_two_pass) {
  reset_cfg(&st, 0, 0);
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  insn(&in, 0, two_pass, 2, -1);
  fb_issue_out o;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  cr_assert_eq(o.grant, 0x1);
  cr_assert_eq(o.issue, 0x0, "first of two passes");
  cr_assert_eq(o.again, 0x1, "present it again");
  cr_assert_eq(fb_issue_why(&o, 0), FB_WHY_PASS);
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  cr_assert_eq(o.busy, 0x1);
  cr_assert_eq(o.issue, 0x1, "second pass: issued");
  cr_assert_eq(o.again, 0x0);
  cr_assert_eq(fb_issue_why(&o, 0), FB_WHY_ISSUE);
}

/* ---- contract violations ---- */

/* Why: a busy SP presented a different instruction: the stage used to
 * deliver another register as the deferred operand and never mark the
 * destination, returning FB_OK. Now FB_ERR_CONTRACT, nothing changes, and
 * the same instruction (or none: abandon) is accepted. */
Test(fiber_issue_api, contract_other_insn_while_busy) {
  reset_cfg(&st, 0, 0);
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  insn(&in, 0, two_pass, 2, (int)fb_reg_make(0, 9, 0));
  fb_issue_out o;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  cr_assert_eq(o.again, 0x1);
  static const struct { const char *why; unsigned field; } t[] = {
    {"another source register", 0}, {"another destination", 1}, {"no destination", 2},
    {"another source set", 3},      {"another mode", 4},        {"another ext", 5},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    fb_issue_in bad = in;
    fb_issue_sp_in *p = &bad.sp[0];
    switch (t[i].field) {
    case 0: p->src_orig[1] ^= 0x10; break;
    case 1: p->dst_orig ^= 0x4; break;
    case 2: p->dst_valid = 0; break;
    case 3: p->src_valid = 0x1; break;
    case 4: p->mode = FB_MODE_CUDA; break;
    default: p->ext ^= 1u << FB_EXT_LO_OFF; break;
    }
    st2 = st;
    memset(&o, 0xA5, sizeof o);
    cr_assert_eq(fb_issue_step(&st, &bad, &o), FB_ERR_CONTRACT, "%s", t[i].why);
    cr_assert(memcmp(&st, &st2, sizeof st) == 0, "%s: nothing changed", t[i].why);
    cr_assert_eq(o.grant, 0, "%s: outputs zeroed", t[i].why);
  }
  /* another SP's new instruction is no violation; the pipeline fields are free */
  fb_issue_in ok = in;
  ok.sp[0].wb_valid = 1;
  ok.sp[0].wb_dst = (uint16_t)fb_reg_make(0, 3, 1);
  insn(&ok, 1, NULL, 0, -1);
  cr_assert_eq(fb_issue_step(&st, &ok, &o), FB_OK);
  cr_assert_eq(o.issue & 0x1, 0x1);
  cr_assert_eq(fb_bm_get(&st.bm, 0, FB_BM_EMPTY, fb_reg_make(0, 9, 0)), 1, "its destination marked");
}

/* Why: abandoning (valid 0) an instruction with passes left is allowed
 * (the scheduler may squash it); the next instruction is a new one. */
Test(fiber_issue_api, contract_abandon) {
  reset_cfg(&st, 0, 0);
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  insn(&in, 0, two_pass, 2, -1);
  fb_issue_out o;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  fb_issue_in none;
  memset(&none, 0, sizeof none);
  cr_assert_eq(fb_issue_step(&st, &none, &o), FB_OK);
  cr_assert_eq(o.again, 0);
  uint16_t other = (uint16_t)fb_reg_make(1, 5, 1);
  memset(&in, 0, sizeof in);
  insn(&in, 0, &other, 1, -1);
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  cr_assert_eq(o.issue, 0x1);
}

/* Why: a failed re-reset (a parameter out of range) used to leave the old
 * state running; now the object is refused until a good reset. */
Test(fiber_issue_api, failed_rereset_refused) {
  reset_cfg(&st, 0, 0);
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  fb_issue_out o;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  fb_issue_cfg bad;
  memset(&bad, 0, sizeof bad);
  bad.lanes = 33;
  cr_assert_eq(fb_issue_reset(&st, &bad), FB_ERR_RANGE);
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_STATE);
  fb_issue_elig w;
  cr_assert_eq(fb_issue_query(&st, 0, &in.sp[0], &w), FB_ERR_STATE);
  cr_assert_eq(fb_issue_idle(&st, 5), FB_ERR_STATE);
  cr_assert_eq(fb_issue_reset(&st, NULL), FB_OK);
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
}

/* Why: the header promised FB_ERR_STATE for a corrupted state and did not
 * deliver: rem set by hand on an idle SP (or beyond the instruction's
 * sources), cfg.lanes, nreg, nrep, width or baseline changed by hand, an
 * arbiter start above 3 are refused now, and nothing changes. */
Test(fiber_issue_api, corrupted_state_refused) {
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  fb_issue_out o;
  for (unsigned c = 0; c < 8; c++) {
    reset_cfg(&st, c == 5 ? 8 : 0, 0);
    if (c == 7) {   /* rem beyond the sources of the instruction in flight */
      fb_issue_in two;
      memset(&two, 0, sizeof two);
      insn(&two, 0, two_pass, 2, -1);
      cr_assert_eq(fb_issue_step(&st, &two, &o), FB_OK);
      cr_assert_eq(st.rem[0], 0x2);
      st.rem[0] = 0x6;
    }
    switch (c) {
    case 0: st.rem[2] = 0x1; break;        /* idle SP made busy by hand */
    case 1: st.cfg.lanes = 32; break;      /* data path claimed, crossbar never reset */
    case 2: st.cfg.nreg = 100; break;
    case 3: st.cfg.nrep = 1; break;
    case 4: st.cfg.baseline = 2; break;
    case 5: st.cfg.width = 16; break;      /* crossbar reset with 32 */
    case 6: st.arb.start = 4; break;
    default: break;
    }
    st2 = st;
    cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_STATE, "corruption %u", c);
    cr_assert(memcmp(&st, &st2, sizeof st) == 0, "corruption %u: nothing changed", c);
  }
}

/* ---- statistics and the deadlock check ---- */

/* Why: a program that never feeds consumption stalls forever with every
 * call returning FB_OK. The stall reasons say why (FULL destination) and
 * fb_issue_progress names it (FB_ERR_DEADLOCK on the stuck SP). The same
 * for a source never written back (EMPTY). */
Test(fiber_issue_api, deadlock_never_consumed) {
  reset_cfg(&st, 0, 0);
  uint16_t r = (uint16_t)fb_reg_make(1, 7, 0);
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  insn(&in, 0, &r, 1, -1);   /* SP 0 reads r (remote): sets FULL[r] when read */
  fb_issue_out o;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  cr_assert_eq(o.issue, 0x1);
  memset(&in, 0, sizeof in);
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);   /* operand delivered, FULL[r] set, never consumed */
  cr_assert_eq(o.opnd_valid[0], 0x1);
  insn(&in, 1, NULL, 0, r);   /* SP 1 overwrites r: waits for FULL forever */
  for (unsigned c = 0; c < 200; c++) cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  cr_assert_eq(fb_issue_why(&o, 1), FB_WHY_FULL);
  fb_issue_stats s;
  cr_assert_eq(fb_issue_get_stats(&st, &s), FB_OK);
  cr_assert_eq(s.sp[1].by[FB_WHY_FULL], 200);
  cr_assert_eq(s.sp[1].wait, 200);
  cr_assert_eq(s.sp[0].by[FB_WHY_ISSUE], 1);
  cr_assert_eq(s.sp[0].opnd_remote, 1, "r lies in SP 1's banks");
  cr_assert_eq(s.sp[0].opnd_local, 0);
  uint8_t stuck = 0;
  cr_assert_eq(fb_issue_progress(&st, 200, &stuck), FB_ERR_DEADLOCK);
  cr_assert_eq(stuck, 0x2);
  cr_assert_eq(fb_issue_progress(&st, 201, &stuck), FB_OK);
  cr_assert_eq(stuck, 0);
  cr_assert_eq(fb_issue_progress(&st, 0, NULL), FB_ERR_RANGE);
  /* consumption releases it; the wait ends */
  fb_issue_in c = in;
  c.sp[0].cons_valid = 1;
  c.sp[0].cons_src[0] = r;
  cr_assert_eq(fb_issue_step(&st, &c, &o), FB_OK);
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  cr_assert_eq(o.issue, 0x2);
  cr_assert_eq(fb_issue_progress(&st, 1, &stuck), FB_OK);
  cr_assert_eq(fb_issue_clear_stats(&st), FB_OK);
  cr_assert_eq(fb_issue_get_stats(&st, &s), FB_OK);
  cr_assert_eq(s.cycles, 0);
}

Test(fiber_issue_api, deadlock_never_written_back) {
  reset_cfg(&st, 0, 0);
  uint16_t r = (uint16_t)fb_reg_make(2, 3, 1);
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  insn(&in, 2, NULL, 0, r);   /* SP 2 produces r: EMPTY until its writeback */
  fb_issue_out o;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  memset(&in, 0, sizeof in);
  uint16_t src[2] = {r, (uint16_t)fb_reg_make(3, 0, 0)};
  insn(&in, 3, src, 2, -1);   /* SP 3 reads r: waits for a writeback that never comes */
  for (unsigned c = 0; c < 50; c++) cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  cr_assert_eq(fb_issue_why(&o, 3), FB_WHY_EMPTY);
  fb_issue_elig w;
  cr_assert_eq(fb_issue_query(&st, 3, &in.sp[3], &w), FB_OK);
  cr_assert_eq(w.eligible, 0);
  cr_assert_eq(w.src_empty, 0x1, "source 0 is EMPTY");
  uint8_t stuck;
  cr_assert_eq(fb_issue_progress(&st, 50, &stuck), FB_ERR_DEADLOCK);
  cr_assert_eq(stuck, 0x8);
}

/* ---- the eligibility query ---- */

/* Why: the scheduler picks one of several ready warps per SP; the query
 * must answer exactly what the step would decide for a candidate first
 * pass (eligible & !pend_block & !illegal, with its reasons) when the SPs
 * with passes left continue and no other SP presents a new instruction.
 * Checked against a step on a copy of the state, over random states that
 * reach every reason, the guard against busy SPs included. */
Test(fiber_issue_api, query_equals_step) {
  static const unsigned base_of[2] = {0, 1};
  for (unsigned b = 0; b < 2; b++) {
    drv d = {fbt_rng_for(b ? "fiber_issue_api.query_equals_step.base" : "fiber_issue_api.query_equals_step"),
             {{{0}}, 0}, 40};
    reset_cfg(&st, 0, base_of[b]);
    unsigned long seen[8] = {0};
    for (unsigned long cyc = 0; cyc < 30000; cyc++) {
      for (unsigned p = 0; p < FB_NSP; p++) {
        fb_issue_sp_in cand;
        memset(&cand, 0, sizeof cand);
        rnd_insn(&d.g, &cand, p);
        fb_issue_elig w;
        cr_assert_eq(fb_issue_query(&st, p, &cand, &w), FB_OK);
        fb_issue_in in;
        memset(&in, 0, sizeof in);
        for (unsigned q = 0; q < FB_NSP; q++)
          if (q != p && st.rem[q]) {
            same_insn(&in.sp[q], &d.prev.sp[q]);
            in.sp[q].valid = 1;
          }
        if (st.rem[p]) {   /* busy: the query says so; nothing else to compare */
          cr_assert_eq(w.busy, 1);
          cr_assert_eq(w.eligible, 0);
          seen[0]++;
          continue;
        }
        in.sp[p] = cand;
        st2 = st;
        fb_issue_out o;
        fb_err e = fb_issue_step(&st2, &in, &o);
        cr_assert(e == FB_OK || e == FB_ERR_RANGE);
        unsigned bit = 1u << p;
        unsigned req = !(o.illegal & bit) && (b || ((o.eligible & bit) && !(o.pend_block & bit)));
        cr_assert_eq(w.eligible, req, "cycle %lu SP %u: query %u, step %u", cyc, p, w.eligible, req);
        cr_assert_eq(w.illegal, (o.illegal >> p) & 1u);
        cr_assert_eq(w.src_empty, o.elig[p].src_busy, "cycle %lu SP %u", cyc, p);
        cr_assert_eq(w.dst_full, o.elig[p].dst_busy, "cycle %lu SP %u", cyc, p);
        cr_assert_eq(w.range_err, o.elig[p].range_err);
        cr_assert_eq(w.guard, (o.pend_block >> p) & 1u, "cycle %lu SP %u: guard", cyc, p);
        seen[1] += w.eligible;
        seen[2] += w.src_empty != 0;
        seen[3] += w.dst_full;
        seen[4] += w.guard;
        seen[5] += w.illegal;
      }
      /* evolve the real state */
      fb_issue_in in;
      drv_in(&d, &st, &in);
      fb_issue_out o;
      fb_err e = fb_issue_step(&st, &in, &o);
      cr_assert(e == FB_OK || e == FB_ERR_RANGE, "cycle %lu: %s", cyc, fb_err_str(e));
    }
    fprintf(stderr, "query_equals_step%s: busy %lu eligible %lu empty %lu full %lu guard %lu illegal %lu\n",
            b ? " (baseline)" : "", seen[0], seen[1], seen[2], seen[3], seen[4], seen[5]);
    cr_assert_gt(seen[0], 100);
    cr_assert_gt(seen[1], 100);
    if (!b) {
      cr_assert_gt(seen[2], 100);
      cr_assert_gt(seen[3], 100);
      cr_assert_gt(seen[4], 0, "the guard against a busy SP was exercised");
    }
  }
}

/* Why: the query's errors are named. */
Test(fiber_issue_api, query_errors) {
  reset_cfg(&st, 0, 0);
  fb_issue_sp_in c;
  memset(&c, 0, sizeof c);
  fb_issue_elig w;
  cr_assert_eq(fb_issue_query(&st, 0, &c, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_issue_query(NULL, 0, &c, &w), FB_ERR_NULL);
  cr_assert_eq(fb_issue_query(&st, 0, NULL, &w), FB_ERR_NULL);
  cr_assert_eq(fb_issue_query(&st, 4, &c, &w), FB_ERR_RANGE);
  c.src_valid = 0x10;
  cr_assert_eq(fb_issue_query(&st, 0, &c, &w), FB_ERR_WIDTH);
  c.src_valid = 0;
  cr_assert_eq(fb_issue_query(&st, 0, &c, &w), FB_OK);
  cr_assert_eq(w.eligible, 1);
}

/* ---- idle fast-forward ---- */

/* Why: skipping the call on idle cycles changes the arbiter's rotating
 * start; fb_issue_idle(n) must equal n all-zero steps, bit for bit (the
 * whole state, statistics included), from random idle states, for n from 0
 * to 9 (every start residue) and a large n, data path and baseline too. */
Test(fiber_issue_api, idle_equals_steps) {
  static const uint64_t ns[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1001, 65538};
  for (unsigned cfgi = 0; cfgi < 3; cfgi++) {
    drv d = {fbt_rng_for("fiber_issue_api.idle_equals_steps"), {{{0}}, 0}, 60};
    reset_cfg(&st, cfgi == 1 ? 4 : 0, cfgi == 2);
    for (unsigned round = 0; round < 40; round++) {
      unsigned long busy_cycles = 1 + fbt_below(&d.g, 20);
      fb_issue_in in;
      fb_issue_out o;
      for (unsigned long c = 0; c < busy_cycles; c++) {
        drv_in(&d, &st, &in);
        fb_err e = fb_issue_step(&st, &in, &o);
        cr_assert(e == FB_OK || e == FB_ERR_RANGE);
      }
      /* not idle yet: refused, nothing changes */
      int active = st.rd_occ != 0;
      for (unsigned s = 0; s < FB_NSP; s++) active |= st.rem[s] || st.rd_valid[s];
      st2 = st;
      if (active) {
        cr_assert_eq(fb_issue_idle(&st, 3), FB_ERR_CONTRACT);
        cr_assert(memcmp(&st, &st2, sizeof st) == 0);
      }
      memset(&in, 0, sizeof in);
      while (active) {   /* drain: steps with no instruction */
        cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
        active = st.rd_occ != 0;
        for (unsigned s = 0; s < FB_NSP; s++) active |= st.rem[s] || st.rd_valid[s];
      }
      uint64_t n = ns[round % (sizeof ns / sizeof ns[0])];
      st2 = st;
      st3 = st;
      for (uint64_t c = 0; c < n; c++) cr_assert_eq(fb_issue_step(&st2, &in, &o), FB_OK);
      cr_assert_eq(fb_issue_idle(&st3, n), FB_OK);
      cr_assert(memcmp(&st2, &st3, sizeof st2) == 0, "cfg %u round %u: idle(%llu) differs from %llu steps", cfgi,
                round, (unsigned long long)n, (unsigned long long)n);
      st = st3;
    }
  }
  cr_assert_eq(fb_issue_idle(NULL, 1), FB_ERR_NULL);
}

/* ---- trace ---- */

/* Why: one documented line per cycle (docs/fiber_simulator.md 6), the format a
 * simulator's log parser relies on. */
Test(fiber_issue_api, trace_format) {
  reset_cfg(&st, 0, 0);
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  insn(&in, 0, two_pass, 2, -1);
  insn(&in, 2, NULL, 0, -1);
  fb_issue_out o;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  char buf[160];
  int n = fb_issue_trace(&o, 17, buf, sizeof buf);
  cr_assert_str_eq(buf, "cyc=17 issue=4 grant=5 stall=1 busy=0 again=1 sp0=pass sp1=idle sp2=issue sp3=idle");
  cr_assert_eq(n, (int)strlen(buf));
  char small[8];
  cr_assert_eq(fb_issue_trace(&o, 17, small, sizeof small), n, "truncated: the length it needed");
  cr_assert_str_eq(small, "cyc=17 ");
  cr_assert_eq(fb_issue_trace(NULL, 0, buf, sizeof buf), -1);
  cr_assert_str_eq(fb_issue_reason_str(FB_WHY_GUARD), "guard");
  cr_assert_str_eq(fb_issue_reason_str(FB_WHY_NUM), "?");
}

/* ---- checkpoint ---- */

/* Why: a simulator checkpoints mid-run; a struct copy and a saved and
 * restored byte image must both continue bit-exactly (every output, every
 * operand word of the data path, the whole state) for 2000 more cycles. */
Test(fiber_issue_api, checkpoint_continues_bit_exact) {
  static unsigned char buf[16384];
  static fb_xbar_word data[FB_NPORT];
  static fb_xbar_out xa, xb, xc;
  drv d = {fbt_rng_for("fiber_issue_api.checkpoint"), {{{0}}, 0}, 50};
  reset_cfg(&st, 8, 0);
  fb_issue_in in;
  fb_issue_out oa, ob, oc;
  for (unsigned c = 0; c < 3000; c++) {
    drv_in(&d, &st, &in);
    (void)fb_issue_step_data(&st, &in, data, &oa, &xa);
  }
  unsigned long len = 0;
  cr_assert_eq(fb_ckpt_bytes(FB_CKPT_ISSUE), FB_CKPT_HDR_BYTES + sizeof(fb_issue));
  cr_assert_eq(fb_ckpt_save(FB_CKPT_ISSUE, &st, buf, sizeof buf, &len), FB_OK);
  cr_assert_eq(len, fb_ckpt_bytes(FB_CKPT_ISSUE));
  st2 = st;   /* a struct copy is a checkpoint too */
  reset_cfg(&st3, 0, 1);   /* a different object, overwritten by the restore */
  cr_assert_eq(fb_ckpt_restore(FB_CKPT_ISSUE, &st3, buf, len), FB_OK);
  drv d2 = d;
  for (unsigned c = 0; c < 2000; c++) {
    drv_in(&d, &st, &in);
    for (unsigned pt = 0; pt < FB_NPORT; pt++) data[pt].lane[c % 8] = fbt_next(&d2.g);
    memset(&oa, 0, sizeof oa);   /* (padding bytes compare equal) */
    memset(&ob, 0, sizeof ob);
    memset(&oc, 0, sizeof oc);
    fb_err ea = fb_issue_step_data(&st, &in, data, &oa, &xa);
    fb_err eb = fb_issue_step_data(&st2, &in, data, &ob, &xb);
    fb_err ec = fb_issue_step_data(&st3, &in, data, &oc, &xc);
    cr_assert(ea == eb && ea == ec);
    cr_assert(memcmp(&oa, &ob, sizeof oa) == 0 && memcmp(&oa, &oc, sizeof oa) == 0, "cycle %u: outputs", c);
    cr_assert(memcmp(&xa, &xb, sizeof xa) == 0 && memcmp(&xa, &xc, sizeof xa) == 0, "cycle %u: operands", c);
  }
  cr_assert(memcmp(&st, &st2, sizeof st) == 0 && memcmp(&st, &st3, sizeof st) == 0, "final state");
}

/* Why: a saved state from another layout version, another kind, another
 * size, another byte order or a damaged one is refused (FB_ERR_CKPT), and a
 * payload that is no valid object (FB_ERR_STATE); *obj stays unchanged. */
Test(fiber_issue_api, checkpoint_refused) {
  static unsigned char buf[16384], bad[16384];
  reset_cfg(&st, 0, 0);
  unsigned long len;
  cr_assert_eq(fb_ckpt_save(FB_CKPT_ISSUE, &st, buf, sizeof buf, &len), FB_OK);
  reset_cfg(&st3, 4, 0);
  st2 = st3;
  static const struct { const char *why; unsigned off; unsigned char x; long dlen; fb_err e; } t[] = {
    {"magic", 0, 0x01, 0, FB_ERR_CKPT},
    {"byte order (magic reversed)", 3, 0, 0, FB_ERR_CKPT},
    {"layout version", 4, 0x01, 0, FB_ERR_CKPT},
    {"kind", 6, 0x01, 0, FB_ERR_CKPT},
    {"size", 8, 0x08, 0, FB_ERR_CKPT},
    {"checksum", 12, 0x01, 0, FB_ERR_CKPT},
    {"payload damaged", 100, 0x40, 0, FB_ERR_CKPT},
    {"truncated", 0, 0, -1, FB_ERR_CKPT},
    {"header only", 0, 0, -(long)sizeof(fb_issue), FB_ERR_CKPT},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    memcpy(bad, buf, len);
    if (i == 1) {   /* the header of the other byte order */
      unsigned char m[4];
      memcpy(m, bad, 4);
      for (unsigned k = 0; k < 4; k++) bad[k] = m[3 - k];
    } else {
      bad[t[i].off] ^= t[i].x;
    }
    cr_assert_eq(fb_ckpt_restore(FB_CKPT_ISSUE, &st3, bad, (unsigned long)((long)len + t[i].dlen)), t[i].e, "%s",
                 t[i].why);
    cr_assert(memcmp(&st3, &st2, sizeof st3) == 0, "%s: object unchanged", t[i].why);
  }
  cr_assert_eq(fb_ckpt_restore(FB_CKPT_BM, &st3, buf, len), FB_ERR_CKPT, "another kind asked");
  /* a well-formed checkpoint (header and checksum right) whose payload is
   * no valid stage: refused with FB_ERR_STATE, the object unchanged */
  {
    fb_issue forged = st;
    forged.rem[1] = 0x3;   /* passes left on an SP with no instruction in flight */
    memcpy(bad, buf, FB_CKPT_HDR_BYTES);
    memcpy(bad + FB_CKPT_HDR_BYTES, &forged, sizeof forged);
    uint32_t h = 2166136261u;   /* FNV-1a 32 of the payload, as documented */
    for (size_t i = 0; i < sizeof forged; i++) h = (h ^ bad[FB_CKPT_HDR_BYTES + i]) * 16777619u;
    memcpy(bad + 12, &h, 4);
    cr_assert_eq(fb_ckpt_restore(FB_CKPT_ISSUE, &st3, bad, len), FB_ERR_STATE, "forged payload");
    cr_assert(memcmp(&st3, &st2, sizeof st3) == 0, "forged payload: object unchanged");
  }
  /* a well-formed checkpoint of a corrupted object (checksum recomputed) */
  fb_issue broken = st;
  broken.magic = 0;
  cr_assert_eq(fb_ckpt_save(FB_CKPT_ISSUE, &broken, buf, sizeof buf, &len), FB_ERR_STATE, "not saved");
  cr_assert_eq(fb_ckpt_save(FB_CKPT_ISSUE, &st, buf, 100, &len), FB_ERR_RANGE, "buffer too small");
  cr_assert_eq(len, 0);
  cr_assert_eq(fb_ckpt_save(99, &st, buf, sizeof buf, &len), FB_ERR_RANGE, "unknown kind");
  cr_assert_eq(fb_ckpt_bytes(99), 0);
  cr_assert_eq(fb_ckpt_save(FB_CKPT_ISSUE, NULL, buf, sizeof buf, &len), FB_ERR_NULL);
  cr_assert_eq(fb_ckpt_restore(FB_CKPT_ISSUE, &st3, NULL, 0), FB_ERR_NULL);
}

/* Why: the same mechanism serves every state struct of the library: the
 * bitmap, the arbiter, the crossbar and the weft controller round-trip
 * and continue identically; a never-reset one is refused. */
Test(fiber_issue_api, checkpoint_other_kinds) {
  static unsigned char buf[16384];
  unsigned long len;
  static fb_bm bm, bm2;
  cr_assert_eq(fb_bm_reset(&bm, 700, 3), FB_OK);
  fb_bm_in bi;
  memset(&bi, 0, sizeof bi);
  bi.sp[1].dep_valid = 1; bi.sp[1].dep_reg = 600; bi.sp[1].dep_set = 1;
  cr_assert_eq(fb_bm_step(&bm, &bi), 0);
  cr_assert_eq(fb_ckpt_save(FB_CKPT_BM, &bm, buf, sizeof buf, &len), FB_OK);
  memset(&bm2, 0, sizeof bm2);
  cr_assert_eq(fb_ckpt_restore(FB_CKPT_BM, &bm2, buf, len), FB_OK);
  cr_assert(memcmp(&bm, &bm2, sizeof bm) == 0);
  cr_assert_eq(fb_bm_get(&bm2, 2, FB_BM_EMPTY, 600), 1);
  fb_arb a = {3}, a2 = {0};
  cr_assert_eq(fb_ckpt_save(FB_CKPT_ARB, &a, buf, sizeof buf, &len), FB_OK);
  cr_assert_eq(fb_ckpt_restore(FB_CKPT_ARB, &a2, buf, len), FB_OK);
  cr_assert_eq(a2.start, 3);
  fb_arb never = {7};
  cr_assert_eq(fb_ckpt_save(FB_CKPT_ARB, &never, buf, sizeof buf, &len), FB_ERR_STATE);
  fb_xbar x, x2;
  cr_assert_eq(fb_xbar_reset(&x, 4, 16), FB_OK);
  x.sel_oh_q[1][2] = 0x10;
  cr_assert_eq(fb_ckpt_save(FB_CKPT_XBAR, &x, buf, sizeof buf, &len), FB_OK);
  cr_assert_eq(fb_ckpt_restore(FB_CKPT_XBAR, &x2, buf, len), FB_OK);
  cr_assert(memcmp(&x, &x2, sizeof x) == 0);
  fb_wc w, w2;
  cr_assert_eq(fb_wc_reset(&w), FB_OK);
  fb_wc_in wi;
  memset(&wi, 0, sizeof wi);
  wi.launch = 1; wi.launch_wefts = 9; wi.launch_pc = 0x100;
  fb_wc_out wo;
  cr_assert_eq(fb_wc_step(&w, &wi, &wo), FB_OK);
  cr_assert_eq(fb_ckpt_save(FB_CKPT_WC, &w, buf, sizeof buf, &len), FB_OK);
  memset(&w2, 0, sizeof w2);
  cr_assert_eq(fb_ckpt_restore(FB_CKPT_WC, &w2, buf, len), FB_OK);
  cr_assert(memcmp(&w, &w2, sizeof w) == 0);
  memset(&w, 0, sizeof w);
  cr_assert_eq(fb_ckpt_save(FB_CKPT_WC, &w, buf, sizeof buf, &len), FB_ERR_STATE);
}
