/*
 * test_fiber_weft_ctl.c - Criterion tests of the SET_FIBER_NUM controller.
 *
 * Directed scenarios for launch, spawn, mask and wait (including the cycle
 * in which each effect becomes visible), one test per error code, the
 * weft-to-SP distribution, and a random comparison with a reference that
 * keeps one record per global weft id instead of per-SP bit masks.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "fiber.h"
#include "fiber_test_util.h"

static fb_wc_in idle(void) {
  fb_wc_in in;
  memset(&in, 0, sizeof in);
  return in;
}

static fb_wc_in arrive(unsigned sp, unsigned weft, unsigned wefts, unsigned all, uint64_t pc) {
  fb_wc_in in = idle();
  in.sp[sp].op = FB_WC_ARRIVE;
  in.sp[sp].weft = (uint8_t)weft;
  in.sp[sp].wefts = (uint16_t)wefts;
  in.sp[sp].all = (uint8_t)all;
  in.sp[sp].pc = pc;
  return in;
}

static void launch(fb_wc *w, unsigned wefts, uint64_t pc) {
  fb_wc_in in = idle();
  fb_wc_out o;
  in.launch = 1;
  in.launch_wefts = (uint16_t)wefts;
  in.launch_pc = pc;
  fb_wc_step(w, &in, &o);
  cr_assert_eq(o.launch_err, 0);
}

/* Rationale: the static weft-to-SP mapping (weft w on SP w % 4, slot w / 4)
 * decides how many contexts each SP runs; hand-computed counts for edge
 * values of the SM weft count. */
Test(fiber_weft_ctl, weft_distribution) {
  static const struct { unsigned w, n[4]; } t[] = {
    {0, {0, 0, 0, 0}}, {1, {1, 0, 0, 0}}, {3, {1, 1, 1, 0}}, {4, {1, 1, 1, 1}},
    {5, {2, 1, 1, 1}}, {6, {2, 2, 1, 1}}, {255, {64, 64, 64, 63}}, {256, {64, 64, 64, 64}},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    for (unsigned s = 0; s < 4; s++)
      cr_assert_eq(fb_wc_sp_wefts(t[i].w, s), t[i].n[s], "W=%u SP %u", t[i].w, s);
}

/* Rationale: reset leaves nothing active and nothing pending; a launch of
 * 6 wefts spawns slots {0,1} on SPs 0-1 and {0} on SPs 2-3 at the launch PC,
 * visible (active, eligible) from the next cycle; a launch above 256 wefts
 * is refused and changes nothing. */
Test(fiber_weft_ctl, reset_and_launch) {
  fb_wc w;
  memset(&w, 0xA5, sizeof w);
  fb_wc_reset(&w);
  fb_wc_in in = idle();
  fb_wc_out o;
  fb_wc_step(&w, &in, &o);
  for (int s = 0; s < 4; s++) cr_assert_eq(o.active[s] | o.eligible[s] | o.spawn[s] | o.mask[s], 0);
  cr_assert_eq(o.release | o.all_set | o.launch_err, 0);
  in.launch = 1;
  in.launch_wefts = 6;
  in.launch_pc = 0x1000;
  fb_wc_step(&w, &in, &o);
  static const uint64_t sp6[4] = {0x3, 0x3, 0x1, 0x1};
  for (int s = 0; s < 4; s++) {
    cr_assert_eq(o.spawn[s], sp6[s]);
    cr_assert_eq(o.active[s], 0, "not active in the launch cycle itself");
  }
  cr_assert_eq(o.spawn_pc, 0x1000);
  in = idle();
  fb_wc_step(&w, &in, &o);
  for (int s = 0; s < 4; s++) {
    cr_assert_eq(o.active[s], sp6[s]);
    cr_assert_eq(o.eligible[s], sp6[s]);
  }
  in.launch = 1;
  in.launch_wefts = 257;
  fb_wc_step(&w, &in, &o);
  cr_assert_eq(o.launch_err, 1);
  cr_assert_eq(o.spawn[0] | o.mask[0], 0);
  fb_wc_step(&w, &(fb_wc_in){0}, &o);
  for (int s = 0; s < 4; s++) cr_assert_eq(o.active[s], sp6[s], "refused launch left state alone");
}

/* Rationale: spawn. Four wefts (one per SP) request 12 wefts. They arrive
 * on different cycles; until the last arrival the others wait (not
 * eligible) and nothing is released. The release comes in the cycle after
 * the last arrival (the check reads the start-of-cycle state): it spawns
 * slots 1-2 on every SP at PC + 16, drives the ALL-scope set, and from the
 * next cycle all twelve wefts are active and eligible. */
Test(fiber_weft_ctl, spawn_after_all_arrive) {
  fb_wc w;
  fb_wc_out o;
  fb_wc_reset(&w);
  launch(&w, 4, 0x100);
  const uint64_t pc = 0x2A0;
  for (unsigned s = 0; s < 4; s++) {
    fb_wc_in in = arrive(s, 0, 12, 1, pc);
    fb_wc_step(&w, &in, &o);
    cr_assert_eq(o.release, 0, "arrival of SP %u: no release yet", s);
    for (unsigned t = 0; t < s; t++) cr_assert_eq(o.eligible[t], 0, "SP %u waits", t);
    for (unsigned t = s; t < 4; t++) cr_assert_eq(o.eligible[t], 1, "SP %u still runs", t);
    for (int k = 0; k < 4; k++) cr_assert_eq(o.err[k], FB_WC_OK);
  }
  fb_wc_in in = idle();
  fb_wc_step(&w, &in, &o);
  cr_assert_eq(o.release, 1);
  cr_assert_eq(o.all_set, 1);
  cr_assert_eq(o.spawn_pc, pc + 16);
  for (int s = 0; s < 4; s++) {
    cr_assert_eq(o.spawn[s], 0x6);
    cr_assert_eq(o.mask[s], 0);
    cr_assert_eq(o.eligible[s], 0, "release cycle: everyone still waiting");
  }
  fb_wc_step(&w, &in, &o);
  cr_assert_eq(o.release, 0);
  cr_assert_eq(o.all_set, 0);
  for (int s = 0; s < 4; s++) {
    cr_assert_eq(o.active[s], 0x7);
    cr_assert_eq(o.eligible[s], 0x7);
  }
}

/* Rationale: mask. 256 wefts reduce to 5: every weft must arrive (here all
 * four SPs' wefts in lock step, one per SP per cycle), then the release
 * keeps global wefts 0-4 (SP 0 slots 0-1, others slot 0) and masks the
 * other 251; no spawn, no ALL-scope set when the bit is clear. */
Test(fiber_weft_ctl, mask_surplus_wefts) {
  fb_wc w;
  fb_wc_out o;
  fb_wc_reset(&w);
  launch(&w, 256, 0);
  for (unsigned j = 0; j < 64; j++) {
    fb_wc_in in = idle();
    for (unsigned s = 0; s < 4; s++) {
      in.sp[s].op = FB_WC_ARRIVE;
      in.sp[s].weft = (uint8_t)j;
      in.sp[s].wefts = 5;
      in.sp[s].pc = 0x800;
    }
    fb_wc_step(&w, &in, &o);
    cr_assert_eq(o.release, 0);
    for (int s = 0; s < 4; s++) cr_assert_eq(o.err[s], FB_WC_OK, "slot %u", j);
  }
  fb_wc_in in = idle();
  fb_wc_step(&w, &in, &o);
  cr_assert_eq(o.release, 1);
  cr_assert_eq(o.all_set, 0);
  static const uint64_t keep[4] = {0x3, 0x1, 0x1, 0x1};
  for (int s = 0; s < 4; s++) {
    cr_assert_eq(o.spawn[s], 0);
    cr_assert_eq(o.mask[s], ~keep[s]);
  }
  fb_wc_step(&w, &in, &o);
  for (int s = 0; s < 4; s++) cr_assert_eq(o.active[s], keep[s]);
}

/* Rationale: wait semantics. The synchronization waits for every active
 * context, not only those of the SPs that arrived: with SP 3 running two
 * wefts, one arrival is not enough. An EXIT of the last non-arrived weft
 * completes it; since the requested count (8) includes that weft's id 7,
 * the release spawns it again with fresh state at the next instruction
 * (the active set after a release is always wefts 0..W-1). */
Test(fiber_weft_ctl, wait_for_every_active_weft_and_exit) {
  fb_wc w;
  fb_wc_out o;
  fb_wc_reset(&w);
  launch(&w, 8, 0);               /* slots {0,1} on every SP */
  for (unsigned s = 0; s < 4; s++)
    for (unsigned j = 0; j < 2; j++) {
      if (s == 3 && j == 1) continue;
      fb_wc_in in = arrive(s, j, 8, 0, 0x40);
      fb_wc_step(&w, &in, &o);
      cr_assert_eq(o.release, 0);
    }
  for (int c = 0; c < 5; c++) {
    fb_wc_in in = idle();
    fb_wc_step(&w, &in, &o);
    cr_assert_eq(o.release, 0, "weft 7 (SP 3 slot 1) has not arrived");
    cr_assert_eq(o.eligible[3], 0x2);
  }
  fb_wc_in in = idle();
  in.sp[3].op = FB_WC_EXIT;
  in.sp[3].weft = 1;
  fb_wc_step(&w, &in, &o);
  cr_assert_eq(o.release, 0, "the exit takes effect at the end of the cycle");
  cr_assert_eq(o.err[3], FB_WC_OK);
  in = idle();
  fb_wc_step(&w, &in, &o);
  cr_assert_eq(o.release, 1);
  for (int s = 0; s < 4; s++) {
    cr_assert_eq(o.mask[s], 0, "SP %d", s);
    cr_assert_eq(o.spawn[s], s == 3 ? 0x2u : 0u, "SP %d: weft 7 comes back fresh", s);
  }
  cr_assert_eq(o.spawn_pc, 0x50);
  fb_wc_step(&w, &in, &o);
  for (int s = 0; s < 4; s++) cr_assert_eq(o.active[s], 0x3);
}

/* Rationale: same-cycle arrivals from several SPs: the lowest-numbered SP
 * records the request and a different request in the same cycle from a
 * higher SP is divergent; an equal one is accepted. */
Test(fiber_weft_ctl, same_cycle_arrivals) {
  fb_wc w;
  fb_wc_out o;
  fb_wc_reset(&w);
  launch(&w, 4, 0);
  fb_wc_in in = idle();
  for (unsigned s = 0; s < 4; s++) {
    in.sp[s].op = FB_WC_ARRIVE;
    in.sp[s].wefts = 8;
    in.sp[s].pc = 0x500;
  }
  in.sp[2].wefts = 9;
  fb_wc_step(&w, &in, &o);
  cr_assert_eq(o.err[0], FB_WC_OK);
  cr_assert_eq(o.err[1], FB_WC_OK);
  cr_assert_eq(o.err[2], FB_WC_ERR_DIVERGENT);
  cr_assert_eq(o.err[3], FB_WC_OK);
  cr_assert_eq(w.pend_wefts, 8);
  fb_wc_step(&w, &(fb_wc_in){0}, &o);
  cr_assert_eq(o.release, 0, "SP 2's weft was refused and is still running");
  cr_assert_eq(o.eligible[2], 1);
}

/* One row per weft-controller error code. */
typedef struct {
  const char *why;
  unsigned launch_wefts;             /* state: launched wefts, then pending SFN */
  int pend_sp;                       /* -1: nothing pending; else this SP's slot 0 arrived */
  unsigned op, weft, wefts, all;
  uint64_t pc;
  unsigned with_launch;
  unsigned err;
} wc_err_case;

static const wc_err_case wc_errs[] = {
  {"ARRIVE from an inactive slot", 4, -1, FB_WC_ARRIVE, 5, 8, 0, 0x10, 0, FB_WC_ERR_INACTIVE},
  {"EXIT from an inactive slot", 4, -1, FB_WC_EXIT, 1, 0, 0, 0, 0, FB_WC_ERR_INACTIVE},
  {"ARRIVE twice from a waiting weft", 8, 1, FB_WC_ARRIVE, 0, 8, 0, 0x10, 0, FB_WC_ERR_WAITING},
  {"EXIT from a waiting weft", 8, 1, FB_WC_EXIT, 0, 0, 0, 0, 0, FB_WC_ERR_WAITING},
  {"divergent count", 8, 0, FB_WC_ARRIVE, 0, 9, 0, 0x10, 0, FB_WC_ERR_DIVERGENT},
  {"divergent ALL bit", 8, 0, FB_WC_ARRIVE, 0, 8, 1, 0x10, 0, FB_WC_ERR_DIVERGENT},
  {"divergent PC", 8, 0, FB_WC_ARRIVE, 0, 8, 0, 0x20, 0, FB_WC_ERR_DIVERGENT},
  {"zero wefts", 8, -1, FB_WC_ARRIVE, 0, 0, 0, 0x10, 0, FB_WC_ERR_COUNT},
  {"257 wefts", 8, -1, FB_WC_ARRIVE, 0, 257, 0, 0x10, 0, FB_WC_ERR_COUNT},
  {"operation in a launch cycle", 8, -1, FB_WC_ARRIVE, 0, 8, 0, 0x10, 1, FB_WC_ERR_LAUNCH},
  {"undefined op code 3", 8, -1, 3, 0, 8, 0, 0x10, 0, FB_WC_ERR_OP},
};

/* Rationale: every error code of the controller is produced by the
 * operation that defines it (on SP 1; the pending request, if any, is
 * {8 wefts, no ALL, PC 0x10}), the refused operation changes no state, and
 * every code has a distinct name. */
Test(fiber_weft_ctl, every_error_code) {
  unsigned seen = 0;
  for (size_t i = 0; i < sizeof wc_errs / sizeof wc_errs[0]; i++) {
    const wc_err_case *c = &wc_errs[i];
    fb_wc w;
    fb_wc_out o;
    fb_wc_reset(&w);
    launch(&w, c->launch_wefts, 0);
    if (c->pend_sp >= 0) {
      fb_wc_in in = arrive((unsigned)c->pend_sp, 0, 8, 0, 0x10);
      fb_wc_step(&w, &in, &o);
      cr_assert_eq(o.err[c->pend_sp], FB_WC_OK);
    }
    fb_wc before = w;
    fb_wc_in in = idle();
    in.sp[1].op = (uint8_t)c->op;
    in.sp[1].weft = (uint8_t)c->weft;
    in.sp[1].wefts = (uint16_t)c->wefts;
    in.sp[1].all = (uint8_t)c->all;
    in.sp[1].pc = c->pc;
    if (c->with_launch) {
      in.launch = 1;
      in.launch_wefts = (uint16_t)c->launch_wefts;
    }
    fb_wc_step(&w, &in, &o);
    cr_assert_eq(o.err[1], c->err, "%s: got %s", c->why, fb_wc_err_str(o.err[1]));
    if (!c->with_launch) cr_assert_eq(memcmp(&before, &w, sizeof w), 0, "%s: state changed", c->why);
    seen |= 1u << c->err;
  }
  for (unsigned e = 1; e < FB_WC_ERR_NUM; e++) cr_assert(seen >> e & 1, "code %u never produced", e);
  for (unsigned a = 0; a < FB_WC_ERR_NUM; a++)
    for (unsigned b = 0; b < a; b++) cr_assert_str_neq(fb_wc_err_str(a), fb_wc_err_str(b));
  cr_assert_str_eq(fb_wc_err_str(FB_WC_ERR_NUM), "FB_WC_ERR_?: unknown code");
}

/* ---------------------------------------------------------------------- */
/* Reference with one record per global weft id g (SP g % 4, slot g / 4). */
/* ---------------------------------------------------------------------- */
typedef struct {
  uint8_t act[256], arr[256];
  int pend;
  unsigned pw, pa;
  uint64_t ppc;
} ref_wc;

static unsigned gid(unsigned s, unsigned j) { return 4 * j + s; }

static void ref_step(ref_wc *m, const fb_wc_in *in, fb_wc_out *o) {
  ref_wc nx = *m;
  memset(o, 0, sizeof *o);
  int release = m->pend;
  for (unsigned g = 0; g < 256; g++) {
    if (m->act[g]) o->active[g % 4] |= 1ull << (g / 4);
    if (m->act[g] && !m->arr[g]) {
      o->eligible[g % 4] |= 1ull << (g / 4);
      release = 0;
    }
  }
  unsigned lw = in->launch_wefts % 512;
  if ((in->launch & 1) && lw > 256) o->launch_err = 1;
  if ((in->launch & 1) && lw <= 256) {
    for (unsigned g = 0; g < 256; g++) {
      if (g < lw) o->spawn[g % 4] |= 1ull << (g / 4);
      if (m->act[g] && g >= lw) o->mask[g % 4] |= 1ull << (g / 4);
      nx.act[g] = g < lw;
      nx.arr[g] = 0;
    }
    for (unsigned s = 0; s < 4; s++) if (in->sp[s].op % 4) o->err[s] = FB_WC_ERR_LAUNCH;
    nx.pend = 0; nx.pw = 0; nx.pa = 0; nx.ppc = 0;
    o->spawn_pc = in->launch_pc % (1ull << 48);
    *m = nx;
    return;
  }
  if (release) {
    for (unsigned g = 0; g < 256; g++) {
      if (!m->act[g] && g < m->pw) o->spawn[g % 4] |= 1ull << (g / 4);
      if (m->act[g] && g >= m->pw) o->mask[g % 4] |= 1ull << (g / 4);
      nx.act[g] = g < m->pw;
      nx.arr[g] = 0;
    }
    o->release = 1;
    o->all_set = (uint8_t)m->pa;
    o->spawn_pc = (m->ppc + 16) % (1ull << 48);
    nx.pend = 0; nx.pw = 0; nx.pa = 0; nx.ppc = 0;
  }
  int pend = m->pend;
  unsigned pw = m->pw, pa = m->pa;
  uint64_t ppc = m->ppc;
  for (unsigned s = 0; s < 4; s++) {
    const fb_wc_sp_in *p = &in->sp[s];
    unsigned op = p->op % 4, g = gid(s, p->weft % 64);
    if (op == 0) continue;
    if (op == 3) { o->err[s] = FB_WC_ERR_OP; continue; }
    if (!m->act[g]) { o->err[s] = FB_WC_ERR_INACTIVE; continue; }
    if (m->arr[g]) { o->err[s] = FB_WC_ERR_WAITING; continue; }
    if (op == FB_WC_EXIT) { nx.act[g] = 0; continue; }
    unsigned wf = p->wefts % 512, all = p->all % 2;
    uint64_t pc = p->pc % (1ull << 48);
    if (wf == 0 || wf > 256) { o->err[s] = FB_WC_ERR_COUNT; continue; }
    if (pend && (wf != pw || all != pa || pc != ppc)) { o->err[s] = FB_WC_ERR_DIVERGENT; continue; }
    if (!pend) {
      pend = 1; pw = wf; pa = all; ppc = pc;
      nx.pend = 1; nx.pw = wf; nx.pa = all; nx.ppc = pc;
    }
    nx.arr[g] = 1;
  }
  *m = nx;
}

/* Rationale: 300,000 random cycles of program-like traffic (eligible wefts
 * arrive at the current phase's SET_FIBER_NUM, occasionally exit, rarely
 * misbehave; launches are rare), compared output by output with the
 * global-id reference. The run must see releases that spawn and releases
 * that mask. */
Test(fiber_weft_ctl, random_vs_reference) {
  fbt_rng r = fbt_rng_for("fiber_weft_ctl.random_vs_reference");
  fb_wc w;
  static ref_wc m;
  fb_wc_reset(&w);
  memset(&m, 0, sizeof m);
  unsigned long n_spawn = 0, n_mask = 0, n_rel = 0, n_err = 0;
  unsigned phase_w = 1 + fbt_below(&r, 256), phase_all = fbt_below(&r, 2);
  uint64_t phase_pc = 0x40;
  for (int c = 0; c < 300000; c++) {
    fb_wc_in in = idle();
    if (fbt_chance(&r, 1, 3000)) {
      in.launch = 1;
      in.launch_wefts = (uint16_t)fbt_below(&r, 300);
      in.launch_pc = fbt_next(&r);
    }
    for (unsigned s = 0; s < 4; s++) {
      if (!fbt_chance(&r, 1, 2)) continue;
      /* pick an eligible slot of this SP most of the time */
      unsigned j = fbt_below(&r, 64), tries = 0;
      while (tries++ < 8 && !(m.act[gid(s, j)] && !m.arr[gid(s, j)])) j = fbt_below(&r, 64);
      in.sp[s].weft = (uint8_t)j;
      unsigned k = fbt_below(&r, 100);
      in.sp[s].op = k < 90 ? FB_WC_ARRIVE : k < 97 ? FB_WC_EXIT : (uint8_t)fbt_below(&r, 4);
      in.sp[s].wefts = (uint16_t)phase_w;
      in.sp[s].all = (uint8_t)phase_all;
      in.sp[s].pc = phase_pc;
      if (fbt_chance(&r, 1, 200)) in.sp[s].wefts = (uint16_t)fbt_below(&r, 512);
      if (fbt_chance(&r, 1, 200)) in.sp[s].pc ^= 16;
    }
    fb_wc_out got, exp;
    fb_wc_step(&w, &in, &got);
    ref_step(&m, &in, &exp);
    if (memcmp(&got, &exp, sizeof got) != 0) {
      for (int s = 0; s < 4; s++) {
        cr_assert_eq(got.active[s], exp.active[s], "cycle %d SP %d active", c, s);
        cr_assert_eq(got.eligible[s], exp.eligible[s], "cycle %d SP %d eligible", c, s);
        cr_assert_eq(got.spawn[s], exp.spawn[s], "cycle %d SP %d spawn", c, s);
        cr_assert_eq(got.mask[s], exp.mask[s], "cycle %d SP %d mask", c, s);
        cr_assert_eq(got.err[s], exp.err[s], "cycle %d SP %d err", c, s);
      }
      cr_assert_eq(got.release, exp.release, "cycle %d release", c);
      cr_assert_eq(got.all_set, exp.all_set, "cycle %d all_set", c);
      cr_assert_eq(got.spawn_pc, exp.spawn_pc, "cycle %d spawn_pc", c);
      cr_assert_eq(got.launch_err, exp.launch_err, "cycle %d launch_err", c);
      cr_assert_fail("cycle %d: outputs differ", c);
    }
    if (got.release) {
      n_rel++;
      for (int s = 0; s < 4; s++) {
        n_spawn += got.spawn[s] != 0;
        n_mask += got.mask[s] != 0;
      }
      phase_w = 1 + fbt_below(&r, 256);
      phase_all = fbt_below(&r, 2);
      phase_pc += 0x100;
    }
    for (int s = 0; s < 4; s++) n_err += got.err[s] != 0;
  }
  cr_assert_gt(n_rel, 100ul, "releases %lu", n_rel);
  cr_assert_gt(n_spawn, 50ul, "spawning releases %lu", n_spawn);
  cr_assert_gt(n_mask, 50ul, "masking releases %lu", n_mask);
  cr_assert_gt(n_err, 100ul);
}
