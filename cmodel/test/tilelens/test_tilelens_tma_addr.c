/*
 * test_tilelens_tma_addr.c - the composed TMA address unit's cycle model
 * (tl_tma_*): its per-cycle contract of tilelens.h (start handshake, the
 * box's check of sum_stages clocks and its verdict, one step per unstalled
 * cycle, back-pressure, done pulse, reset, rejected starts), its statistics,
 * and its errors.
 */
#include <criterion/criterion.h>

#include "tl_test_ref.h"

static void tm_case(tl_desc *d, tl_box *b) {  /* FP16, 64 x 32 tiles of 4 KB, 256 x 64 matrix */
  memset(d, 0, sizeof *d);
  memset(b, 0, sizeof *b);
  d->base = 1ull << 20; d->elem_bytes = 2; d->rank = 2;
  d->dim[0] = 256; d->dim[1] = 64; d->stride[1] = 512; d->lead_stride = 512;
  d->tile_major = 1; d->log2_a = 6; d->log2_b = 5; d->log2_granule = 12;
  b->box[0] = 64; b->box[1] = 64; b->coord[0] = 64; b->coord[1] = 32;  /* 32 columns beyond N: bubbles */
  b->smem_base = 0x100;
}

/* Runs one box through the unit with a ready pattern; returns the number of
 * transferred requests written to out. Checks the handshake each cycle. */
static size_t run_box(tl_tma *u, const tl_desc *d, const tl_box *b, uint32_t ready_mask, tl_req *out,
                      uint64_t *cycles_busy) {
  cr_assert_eq(tl_tma_eval(u), TL_OK);
  cr_assert_eq(u->start_ready, 1);
  cr_assert_eq(u->valid, 0);
  cr_assert_eq(tl_tma_commit(u, 1, 1, 0, d, b), TL_OK);
  size_t n = 0;
  uint64_t cyc = 0;
  for (;;) {
    cr_assert_eq(tl_tma_eval(u), TL_OK);
    if (!u->busy) break;
    cr_assert_eq(u->err_out, TL_OK);
    if (cyc <= u->sum_stages) cr_assert_eq(u->kind, TL_STEP_DONE, "no step while the box is checked");
    cr_assert_eq(u->start_ready, 0);
    cr_assert_eq(u->done, 0);
    uint32_t ready = ready_mask >> (cyc % 32) & 1u;
    if (u->valid && ready) out[n++] = u->req;
    /* a start while busy is ignored, and needs no box */
    cr_assert_eq(tl_tma_commit(u, 1, (uint32_t)(cyc & 1), ready, NULL, NULL), TL_OK);
    cyc++;
  }
  cr_assert_eq(u->done, 1, "done is 1 in the cycle after the last step");
  cr_assert_eq(u->start_ready, 1);
  cr_assert_eq(tl_tma_commit(u, 1, 0, 1, NULL, NULL), TL_OK);
  cr_assert_eq(tl_tma_eval(u), TL_OK);
  cr_assert_eq(u->done, 0, "done lasts one cycle");
  cr_assert_eq(tl_tma_commit(u, 1, 0, 1, NULL, NULL), TL_OK);
  *cycles_busy = cyc;
  return n;
}

/* Why: under any back-pressure and at every check latency the unit transfers
 * exactly tl_box_requests()'s stream, one step per unstalled cycle behind the
 * check (sum_stages + 1 clocks, none with 0) and one cycle of request
 * latency: busy cycles = check + 1 + steps + stalls. */
Test(tilelens_tma_addr, stream_under_back_pressure) {
  tl_desc d;
  tl_box b;
  tm_case(&d, &b);
  static tl_req want[512], got[512];
  size_t nw;
  cr_assert_eq(tl_box_requests(&d, &b, want, 512, &nw), TL_OK);
  cr_assert_eq(nw, 32);
  tl_gen g;
  cr_assert_eq(tl_gen_begin(&g, &d, &b), TL_OK);
  uint64_t steps = tl_gen_total_steps(&g);
  cr_assert_eq(steps, 64);
  static const uint32_t masks[4] = {0xffffffffu, 0x55555555u, 0x0f0f0f0fu, 0x80000001u};
  for (size_t m = 0; m < 4 * (TL_SPLIT_SUM_STAGES_MAX + 1); m++) {
    tl_tma u;
    uint32_t stages = (uint32_t)(m / 4);
    cr_assert_eq(tl_tma_init(&u, stages), TL_OK);
    uint64_t busy;
    size_t n = run_box(&u, &d, &b, masks[m % 4], got, &busy);
    cr_assert_eq(n, nw, "mask %zu", m);
    for (size_t k = 0; k < n; k++) {
      cr_assert_eq(got[k].src, want[k].src);
      cr_assert_eq(got[k].dst, want[k].dst);
      cr_assert_eq(got[k].bytes, want[k].bytes);
    }
    cr_assert_eq(u.stats.requests, nw);
    cr_assert_eq(u.stats.bubbles, steps - nw);
    cr_assert_eq(busy, (stages ? stages + 1 : 0) + 1 + steps + u.stats.stalls, "mask %zu", m);
    cr_assert_eq(u.stats.busy_cycles, busy);
    cr_assert_eq(u.stats.boxes, 1);
    cr_assert_eq(u.stats.rejected, 0);
    cr_assert_eq(u.err, TL_OK);
    if (m % 4 == 0) cr_assert_eq(u.stats.stalls, 0);
    else cr_assert_gt(u.stats.stalls, 0);
  }
}

/* Why: random supported boxes, linear and tile-major, random ready: the
 * unit's transfers equal the generator's requests. */
Test(tilelens_tma_addr, random_boxes) {
  ref_rng r = {777};
  static tl_req want[65536], got[65536];
  for (int k = 0; k < 200; k++) {
    tl_desc d;
    tl_box b;
    if (!ref_random_case(&r, k & 1, &d, &b)) continue;
    size_t nw;
    cr_assert_eq(tl_box_requests(&d, &b, want, 65536, &nw), TL_OK);
    if (nw > 65536) continue;
    tl_tma u;
    tl_tma_init(&u, (uint32_t)k % (TL_SPLIT_SUM_STAGES_MAX + 1));
    uint64_t busy;
    size_t n = run_box(&u, &d, &b, (uint32_t)ref_next(&r) | 1u, got, &busy);
    cr_assert_eq(n, nw);
    cr_assert_eq(memcmp(got, want, n * sizeof *got), 0, "case %d", k);
  }
}

/* Why: without a check latency a rejected start is dropped at once (err
 * says why, the unit stays idle), and a reset mid-box returns to idle at once
 * without a done pulse. */
Test(tilelens_tma_addr, rejected_start_and_reset) {
  tl_desc d;
  tl_box b;
  tm_case(&d, &b);
  tl_tma u;
  tl_tma_init(&u, 0);
  b.coord[0] = 65;  /* row start not a multiple of a*s: rule 19 */
  tl_tma_eval(&u);
  cr_assert_eq(tl_tma_commit(&u, 1, 1, 1, &d, &b), TL_ERR_ALIGN);
  cr_assert_eq(u.err, TL_ERR_ALIGN);
  cr_assert_eq(u.busy, 0);
  cr_assert_eq(u.stats.rejected, 1);
  b.coord[0] = 64;
  cr_assert_eq(tl_tma_tick(&u, 1, 1, &d, &b), TL_OK);
  cr_assert_eq(u.busy, 1);
  cr_assert_eq(tl_tma_tick(&u, 0, 1, NULL, NULL), TL_OK);
  cr_assert_eq(u.valid, 0, "the cycle after the start: the request register is empty");
  cr_assert_eq(u.kind, TL_STEP_DONE);
  cr_assert_eq(u.busy, 1);
  cr_assert_eq(tl_tma_tick(&u, 0, 1, NULL, NULL), TL_OK);
  cr_assert_eq(u.valid, 1, "the first request, two cycles after the start");
  tl_tma_eval(&u);
  cr_assert_eq(tl_tma_commit(&u, 0, 0, 1, NULL, NULL), TL_OK);  /* reset */
  cr_assert_eq(u.busy, 0);
  cr_assert_eq(u.done, 0);
  cr_assert_eq(u.stats.boxes, 1, "a reset keeps the statistics");
  cr_assert_eq(u.sum_stages, 0, "a reset keeps the latency");
  tl_tma_eval(&u);
  cr_assert_eq(u.start_ready, 1);
  cr_assert_eq(u.valid, 0);
  cr_assert_eq(u.kind, TL_STEP_DONE);
}

/* Why: with the default latency (the RTL's SumStages = 5) every box is
 * checked for 6 clocks (the pipelined split-and-sum, then the status stage):
 * err_o (err_out) is TL_OK until the verdict cycle, 6 cycles after the
 * start, and gives the status there; a rejected box then leaves the unit
 * idle without a done pulse, an accepted one offers its first request 2
 * cycles after its verdict (8 after the start: 6 more than the generator
 * alone, within the paper's budget of about 5-7 extra cycles per load,
 * tilelens.txt Section 6.2). A reset in the check drops the box. */
Test(tilelens_tma_addr, check_latency_and_verdict) {
  tl_desc d;
  tl_box b;
  tm_case(&d, &b);
  tl_tma u;
  cr_assert_eq(tl_tma_reset(&u), TL_OK);
  cr_assert_eq(u.sum_stages, TL_TMA_SUM_STAGES);
  cr_assert_eq(TL_TMA_SUM_STAGES, 5);
  for (int bad = 1; bad >= 0; bad--) {
    b.coord[0] = bad ? 65 : 64;  /* rule 19, then the valid box */
    tl_status want = bad ? TL_ERR_ALIGN : TL_OK;
    tl_tma_eval(&u);
    cr_assert_eq(u.start_ready, 1);
    cr_assert_eq(u.err_out, TL_OK, "err_o is TL_OK before the verdict");
    cr_assert_eq(tl_tma_commit(&u, 1, 1, 1, &d, &b), want, "the model returns the status at the start");
    for (int c = 1; c <= 6; c++) {
      tl_tma_eval(&u);
      cr_assert_eq(u.busy, 1, "cycle %d: checking", c);
      cr_assert_eq(u.start_ready, 0);
      cr_assert_eq(u.kind, TL_STEP_DONE);
      cr_assert_eq(u.err_out, c == 6 ? want : TL_OK, "cycle %d: the verdict in cycle 6", c);
      cr_assert_eq(tl_tma_commit(&u, 1, 1, 1, NULL, NULL), TL_OK, "a start while checking is ignored");
    }
    tl_tma_eval(&u);
    cr_assert_eq(u.err_out, TL_OK);
    cr_assert_eq(u.done, 0);
    if (bad) {
      cr_assert_eq(u.busy, 0, "a rejected box is dropped after its verdict");
      cr_assert_eq(u.stats.rejected, 1);
      cr_assert_eq(u.stats.boxes, 0);
      cr_assert_eq(tl_tma_commit(&u, 1, 0, 1, NULL, NULL), TL_OK);
      continue;
    }
    cr_assert_eq(u.busy, 1);
    cr_assert_eq(u.valid, 0, "cycle 7: the nest presents its first step");
    cr_assert_eq(tl_tma_commit(&u, 1, 0, 1, NULL, NULL), TL_OK);
    tl_tma_eval(&u);
    cr_assert_neq(u.kind, TL_STEP_DONE, "cycle 8: the first step leaves the register");
    cr_assert_eq(u.stats.boxes, 1);
    cr_assert_eq(tl_tma_commit(&u, 1, 0, 1, NULL, NULL), TL_OK);
  }
  /* a reset in the check drops the box and keeps the latency */
  tl_tma_eval(&u);
  cr_assert_eq(tl_tma_commit(&u, 0, 0, 1, NULL, NULL), TL_OK);
  tl_tma_eval(&u);
  cr_assert_eq(tl_tma_commit(&u, 1, 1, 1, &d, &b), TL_OK);
  tl_tma_eval(&u);
  cr_assert_eq(tl_tma_commit(&u, 0, 0, 1, NULL, NULL), TL_OK);
  tl_tma_eval(&u);
  cr_assert_eq(u.busy, 0);
  cr_assert_eq(u.sum_stages, 5);
  for (int c = 0; c < 8; c++) {
    tl_tma_eval(&u);
    cr_assert_eq(u.err_out, TL_OK);
    cr_assert_eq(u.busy, 0);
    cr_assert_eq(tl_tma_commit(&u, 1, 0, 1, NULL, NULL), TL_OK);
  }
}

/* Why: every invalid input is a named error and changes nothing. */
Test(tilelens_tma_addr, errors) {
  tl_desc d;
  tl_box b;
  tm_case(&d, &b);
  tl_tma u;
  memset(&u, 0, sizeof u);
  cr_assert_eq(tl_tma_reset(NULL), TL_ERR_NULL);
  cr_assert_eq(tl_tma_eval(NULL), TL_ERR_NULL);
  cr_assert_eq(tl_tma_commit(NULL, 1, 0, 0, NULL, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_tma_tick(NULL, 0, 0, NULL, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_tma_init(NULL, 0), TL_ERR_NULL);
  cr_assert_eq(tl_tma_init(&u, TL_SPLIT_SUM_STAGES_MAX + 1), TL_ERR_RANGE, "latency above the pipeline's");
  cr_assert_eq(u.tag, 0, "a rejected init writes nothing");
  cr_assert_eq(tl_tma_eval(&u), TL_ERR_STATE, "never reset");
  cr_assert_eq(tl_tma_commit(&u, 1, 0, 0, NULL, NULL), TL_ERR_STATE);
  cr_assert_eq(tl_tma_tick(&u, 1, 1, &d, &b), TL_ERR_STATE);
  tl_tma_reset(&u);
  cr_assert_eq(tl_tma_commit(&u, 1, 1, 1, &d, &b), TL_ERR_STATE, "commit without eval");
  cr_assert_eq(u.busy, 0);
  tl_tma_eval(&u);
  cr_assert_eq(tl_tma_commit(&u, 1, 1, 1, NULL, &b), TL_ERR_NULL);
  cr_assert_eq(tl_tma_commit(&u, 1, 1, 1, &d, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_tma_commit(&u, 2, 0, 1, &d, &b), TL_ERR_RANGE);
  cr_assert_eq(tl_tma_commit(&u, 1, 2, 1, &d, &b), TL_ERR_RANGE, "start_valid = 2 is not a start");
  cr_assert_eq(tl_tma_commit(&u, 1, 1, 2, &d, &b), TL_ERR_RANGE);
  cr_assert_eq(u.busy, 0);
  cr_assert_eq(u.stats.cycles, 0, "rejected calls change nothing");
  cr_assert_eq(tl_tma_commit(&u, 1, 1, 1, &d, &b), TL_OK);
  cr_assert_eq(u.busy, 1);
}
