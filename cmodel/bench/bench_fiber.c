/*
 * bench_fiber.c - cycle cost of the FIBER C models, for simulator authors.
 *
 * Measures nanoseconds per call of each block's per-cycle function with all
 * four SPs active: the read-port arbiter (target: at most 10 ns per cycle,
 * so a full-GPU simulator can call it every cycle of every SM), the busy
 * bitmap step (every update port of every SP driven, 2048 registers, four
 * replicas) and its four eligibility checks, one full SM cycle of the
 * composed issue stage (fb_issue_step: four selectors, eligibility checks,
 * pending-read guard, arbiter, bitmap updates; target: at most 150 ns per
 * cycle) and, for reference, the selector, crossbar, decoder and weft
 * controller.
 *
 * Inputs are drawn in advance from a fixed-seed generator into a ring that
 * stays in cache, so the figures are the models' cost, not the stimulus'.
 * Time is the process's CPU time, and each figure is the best of five runs
 * (the least disturbed by other work on a shared machine). Prints one line
 * per measurement:
 *
 *   bench <name>: <ns> ns/<unit> (<what>; best of 5 x <count> calls)
 *
 * Usage: bench_fiber [scale]   (scale multiplies the call counts, default 1)
 */
#define _POSIX_C_SOURCE 200112L /* clock_gettime() under -std=c11 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fiber/fiber.h"

#define RING 256
#define REPS 5

static uint64_t rng_state = 0xF1BE5EEDull;
static uint64_t rnd(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static volatile uint64_t sink;

/* ---- stimulus ---- */
static fb_arb_req arb_ring[RING][FB_NSP];
static fb_bm_in bm_ring[RING];
static fb_bm_query q_ring[RING][FB_NSP];
static fb_sel_in sel_ring[RING];
static fb_word word_ring[RING];
static fb_issue_in issue_ring[RING];
static fb_issue issue_st, issue_st1, issue_idle_st;
static fb_xbar_in xbar_in;
static fb_xbar_out xbar_out;

/* ---- model state ---- */
static fb_arb arb;
static fb_bm bm, bm1;
static fb_xbar xbar;
static fb_wc wc;
static fb_dec_cfg dec_cfg;

static void run_arb(unsigned long n) {
  uint64_t acc = 0;
  for (unsigned long c = 0; c < n; c++) acc += fb_arb_step(&arb, arb_ring[c % RING]);
  sink = acc;
}

static void run_arb_detail(unsigned long n) {
  uint64_t acc = 0;
  fb_arb_out o;
  for (unsigned long c = 0; c < n; c++) acc += fb_arb_step_detail(&arb, arb_ring[c % RING], &o) + o.occ;
  sink = acc;
}

static void run_bm_step(unsigned long n) {
  uint64_t acc = 0;
  for (unsigned long c = 0; c < n; c++) acc += fb_bm_step(&bm, &bm_ring[c % RING]);
  sink = acc + bm.bits[0][0][0];
}

static void run_bm_step1(unsigned long n) {
  uint64_t acc = 0;
  for (unsigned long c = 0; c < n; c++) acc += fb_bm_step(&bm1, &bm_ring[c % RING]);
  sink = acc + bm1.bits[0][0][0];
}

static void run_bm_check(unsigned long n) {
  uint64_t acc = 0;
  fb_bm_elig e;
  for (unsigned long c = 0; c < n; c++)
    for (unsigned s = 0; s < FB_NSP; s++) {
      fb_bm_check(&bm, s, &q_ring[c % RING][s], &e);
      acc += e.eligible;
    }
  sink = acc;
}

/* One SM cycle of the composed issue stage, timing only (no data path).
 * The contract: an SP whose `again` bit is set presents its instruction in
 * flight again (the pipeline fields still come from the ring). */
static void run_issue_on(fb_issue *st, unsigned long n) {
  uint64_t acc = 0;
  fb_issue_out o;
  fb_issue_in in;
  const fb_issue_in *last = &in;   /* what was presented last cycle */
  memset(&o, 0, sizeof o);
  memset(&in, 0, sizeof in);
  for (unsigned long c = 0; c < n; c++) {
    const fb_issue_in *x = &issue_ring[c % RING];
    if (o.again) {   /* SPs with passes left keep their instruction fields */
      for (unsigned s = 0; s < FB_NSP; s++) {
        fb_issue_sp_in keep = last->sp[s];
        in.sp[s] = x->sp[s];
        if ((o.again >> s) & 1u) {
          in.sp[s].mode = keep.mode;
          in.sp[s].src_valid = keep.src_valid;
          memcpy(in.sp[s].src_orig, keep.src_orig, sizeof keep.src_orig);
          in.sp[s].ext = keep.ext;
          in.sp[s].dst_valid = keep.dst_valid;
          in.sp[s].dst_orig = keep.dst_orig;
        }
      }
      in.all_set = x->all_set;
      x = &in;
    }
    acc += fb_issue_step(st, x, &o) != FB_OK;   /* counts refused calls: 0 */
    acc += o.issue;
    last = x;
  }
  sink = acc;
}

/* The idle fast-forward: n idle cycles in one call (O(1)). */
static void run_idle(unsigned long n) {
  uint64_t acc = 0;
  for (unsigned long c = 0; c < n; c++) acc += fb_issue_idle(&issue_idle_st, 1000) == FB_OK;
  sink = acc;
}

/* The same idle cycles stepped one by one (the comparison). */
static void run_idle_steps(unsigned long n) {
  uint64_t acc = 0;
  fb_issue_in in;
  fb_issue_out o;
  memset(&in, 0, sizeof in);
  for (unsigned long c = 0; c < n; c++) {
    fb_issue_step(&issue_idle_st, &in, &o);
    acc += o.issue;
  }
  sink = acc;
}

static void run_issue(unsigned long n) { run_issue_on(&issue_st, n); }
static void run_issue1(unsigned long n) { run_issue_on(&issue_st1, n); }

static void run_sel(unsigned long n) {
  uint64_t acc = 0;
  fb_sel_out o;
  for (unsigned long c = 0; c < n; c++) {
    fb_sel_eval(&sel_ring[c % RING], &o);
    acc += o.port_en;
  }
  sink = acc;
}

static void run_xbar(unsigned long n) {
  uint64_t acc = 0;
  for (unsigned long c = 0; c < n; c++) {
    xbar_in.sel_oh[c % 4][c % 3] = fb_xbar_onehot(1, (unsigned)c);
    fb_xbar_step(&xbar, &xbar_in, &xbar_out);
    acc += xbar_out.opnd[c % 4][0].lane[c % 32];
  }
  sink = acc;
}

static void run_dec(unsigned long n) {
  uint64_t acc = 0;
  fb_dec_out o;
  for (unsigned long c = 0; c < n; c++) {
    fb_dec_eval(word_ring[c % RING], FB_MODE_FIBER, &dec_cfg, &o);
    acc += o.err + o.ext;
  }
  sink = acc;
}

/* 256 wefts arrive in turn on all four SPs; a release every 65 cycles. */
static void run_wc(unsigned long n) {
  uint64_t acc = 0;
  fb_wc_in in;
  fb_wc_out o;
  memset(&in, 0, sizeof in);
  for (unsigned long c = 0; c < n; c++) {
    unsigned slot = (unsigned)(c % 65);
    for (int s = 0; s < FB_NSP; s++) {
      in.sp[s].op = slot < 64 ? FB_WC_ARRIVE : FB_WC_NONE;
      in.sp[s].weft = (uint8_t)slot;
      in.sp[s].wefts = 256;
      in.sp[s].pc = 0x100;
    }
    fb_wc_step(&wc, &in, &o);
    acc += o.release + o.err[0];
  }
  sink = acc;
}

static void measure(const char *name, void (*run)(unsigned long), unsigned long n, const char *unit,
                    const char *what) {
  double best = 0;
  for (int r = 0; r < REPS; r++) {
    double t0 = now_ns();
    run(n);
    double t = now_ns() - t0;
    if (r == 0 || t < best) best = t;
  }
  printf("bench %s: %.2f ns/%s (%s; best of %d x %lu calls)\n", name, best / (double)n, unit, what,
         REPS, n);
  if (run == run_arb)
    printf("bench %s target <= 10 ns/cycle: %s\n", name, best / (double)n <= 10.0 ? "met" : "NOT met");
  if (run == run_issue || run == run_issue1)
    printf("bench %s target <= 150 ns/cycle: %s\n", name, best / (double)n <= 150.0 ? "met" : "NOT met");
}

static void setup(void) {
  /* Every SP requests every cycle (three sources, rows from a small set so
   * that conflicts and broadcasts both occur); every bitmap port is driven. */
  for (int i = 0; i < RING; i++) {
    for (int s = 0; s < FB_NSP; s++) {
      fb_arb_req *q = &arb_ring[i][s];
      q->valid = 1;
      q->ports = (uint8_t)((1u << (rnd() % 8)) | (1u << (rnd() % 8)) | (1u << (rnd() % 8)));
      for (int p = 0; p < FB_NPORT; p++) q->row[p] = (uint8_t)(rnd() % 4);
      fb_bm_sp_in *b = &bm_ring[i].sp[s];
      b->issue_valid = 1;
      b->issue_dst = (uint16_t)(((unsigned)s << 9) | (rnd() % 512));
      b->wb_valid = 1;
      b->wb_dst = (uint16_t)(((unsigned)s << 9) | (rnd() % 512));
      b->cons_valid = 0xF;
      for (int k = 0; k < FB_NSRC; k++) b->cons_src[k] = (uint16_t)(rnd() % 2048);
      b->dep_valid = 1;
      b->dep_reg = (uint16_t)(rnd() % 2048);
      b->dep_group = (uint8_t)(rnd() & 1);
      b->dep_set = (uint8_t)(rnd() & 1);
      bm_ring[i].read_valid = 0xFF;
      for (int p = 0; p < FB_NPORT; p++) bm_ring[i].read_row[p] = (uint8_t)(rnd() % 256);
      fb_bm_query *qq = &q_ring[i][s];
      qq->dst_valid = 1;
      qq->dst = (uint16_t)(((unsigned)s << 9) | (rnd() % 512));
      qq->src_valid = 0xF;
      for (int k = 0; k < FB_NSRC; k++) qq->src[k] = (uint16_t)(rnd() % 2048);
    }
    bm_ring[i].all_set = (uint8_t)(i == 0);
    sel_ring[i].mode = FB_MODE_FIBER;
    sel_ring[i].sp = (uint8_t)(i % 4);
    sel_ring[i].src_valid = 0x7;
    sel_ring[i].ext = (uint16_t)(rnd() & 0x1FFF);
    for (int k = 0; k < FB_NSRC; k++) sel_ring[i].src_orig[k] = (uint8_t)rnd();
    sel_ring[i].dst_orig = (uint8_t)rnd();
    word_ring[i].lo = rnd();
    word_ring[i].hi = rnd();
    if (i % 3 == 0) word_ring[i].lo = (word_ring[i].lo & ~0xFFFull) | FB_OPC_SET_FIBER_NUM_DEFAULT;
  }
  for (int p = 0; p < FB_NPORT; p++)
    for (int l = 0; l < FB_XBAR_MAX_LANES; l++) xbar_in.port_data[p].lane[l] = rnd();
  for (int s = 0; s < FB_NSP; s++) {
    for (int k = 0; k < FB_NSRC; k++) xbar_in.sel_oh[s][k] = fb_xbar_onehot(1, (unsigned)(rnd() % 8));
  }
  /* The issue stage: every SP presents an instruction every cycle (FIBER-
   * native, 1-4 sources among a few hot registers of every SP, so port
   * conflicts, broadcasts, multi-pass reads and guard hits occur), with a
   * writeback, consumptions and a DEPBAR per SP; the state evolves. */
  for (int i = 0; i < RING; i++) {
    for (unsigned s = 0; s < FB_NSP; s++) {
      fb_issue_sp_in *p = &issue_ring[i].sp[s];
      uint16_t src[FB_NSRC];
      unsigned n = 1 + (unsigned)(rnd() % FB_NSRC);
      for (unsigned k = 0; k < n; k++) src[k] = (uint16_t)fb_reg_make((unsigned)(rnd() % 4), (unsigned)(rnd() % 8), (unsigned)(rnd() & 1));
      fb_issue_insn(p, s, src, n, (int)fb_reg_make(s, (unsigned)(rnd() % 8), (unsigned)(rnd() & 1)));
      p->valid = 1;
      p->wb_valid = 1;
      p->wb_dst = (uint16_t)fb_reg_make(s, (unsigned)(rnd() % 8), (unsigned)(rnd() & 1));
      p->cons_valid = (uint8_t)(rnd() & 0xF);
      for (unsigned k = 0; k < FB_NSRC; k++) p->cons_src[k] = (uint16_t)fb_reg_make((unsigned)(rnd() % 4), (unsigned)(rnd() % 8), (unsigned)(rnd() & 1));
      p->dep_valid = (uint8_t)(rnd() % 8 == 0);
      p->dep_reg = (uint16_t)(rnd() % 2048);
      p->dep_group = (uint8_t)(rnd() & 1);
      p->dep_set = 0;
    }
  }
  fb_issue_reset(&issue_st, NULL);
  fb_issue_cfg one = {0};
  one.nrep = 1;
  fb_issue_reset(&issue_st1, &one);
  fb_issue_reset(&issue_idle_st, NULL);
  fb_arb_reset(&arb);
  fb_bm_reset(&bm, FB_NVREG, FB_BM_NREP);
  fb_bm_reset(&bm1, FB_NVREG, 1);
  fb_xbar_reset(&xbar, FB_XBAR_LANES, FB_XBAR_WIDTH);
  dec_cfg = fb_dec_cfg_default();
  fb_wc_reset(&wc);
  fb_wc_in in;
  fb_wc_out o;
  memset(&in, 0, sizeof in);
  in.launch = 1;
  in.launch_wefts = 256;
  fb_wc_step(&wc, &in, &o);
}

int main(int argc, char **argv) {
  unsigned long scale = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;
  if (scale == 0) scale = 1;
  setup();
  measure("fb_arb_step", run_arb, 10000000ul * scale, "cycle", "4 SPs requesting");
  measure("fb_arb_step_detail", run_arb_detail, 5000000ul * scale, "cycle",
          "4 SPs requesting, every output");
  measure("fb_bm_step", run_bm_step, 1000000ul * scale, "cycle",
          "2048 regs x 4 replicas; 4 SPs x issue, writeback, 4 reads, 4 consumes, DEPBAR");
  measure("fb_bm_step (1 replica)", run_bm_step1, 1000000ul * scale, "cycle",
          "2048 regs x 1 replica, same traffic: a simulator that ignores replicas");
  measure("fb_bm_check x4", run_bm_check, 1000000ul * scale, "cycle", "4 SPs, dst + 4 sources each");
  measure("fb_issue_step", run_issue, 1000000ul * scale, "cycle",
          "one SM cycle: 4 selectors, 4 bitmap checks, guard, arbiter, bitmap updates (2048 x 4)");
  measure("fb_issue_step (1 replica)", run_issue1, 1000000ul * scale, "cycle",
          "the same with cfg.nrep = 1: replicas are equal by construction");
  measure("fb_issue_idle", run_idle, 5000000ul * scale, "call",
          "1000 idle cycles fast-forwarded per call (O(1); equal to 1000 idle steps)");
  measure("fb_issue_step (idle)", run_idle_steps, 1000000ul * scale, "cycle", "no SP presents an instruction");
  measure("fb_sel_eval", run_sel, 5000000ul * scale, "call", "one SP, 3 sources");
  measure("fb_xbar_step", run_xbar, 500000ul * scale, "cycle", "32 lanes x 32 bits, 16 operands");
  measure("fb_dec_eval", run_dec, 5000000ul * scale, "call", "random words, 1/3 SET_FIBER_NUM");
  measure("fb_wc_step", run_wc, 2000000ul * scale, "cycle", "4 SPs arriving, 256 wefts");
  return 0;
}
