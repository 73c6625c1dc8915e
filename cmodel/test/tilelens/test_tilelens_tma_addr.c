/*
 * test_tilelens_tma_addr.c - the composed TMA address unit's cycle model
 * (tl_tma_*): its per-cycle contract of tilelens.h (start handshake, one
 * step per unstalled cycle, back-pressure, done pulse, reset, rejected
 * starts), its statistics, and its errors.
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

/* Why: under any back-pressure the unit transfers exactly tl_box_requests()'s
 * stream, one step per unstalled cycle behind one cycle of request latency:
 * busy cycles = 1 + steps + stalls. */
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
  static const uint32_t masks[] = {0xffffffffu, 0x55555555u, 0x0f0f0f0fu, 0x80000001u};
  for (size_t m = 0; m < sizeof masks / sizeof masks[0]; m++) {
    tl_tma u;
    cr_assert_eq(tl_tma_reset(&u), TL_OK);
    uint64_t busy;
    size_t n = run_box(&u, &d, &b, masks[m], got, &busy);
    cr_assert_eq(n, nw, "mask %zu", m);
    for (size_t k = 0; k < n; k++) {
      cr_assert_eq(got[k].src, want[k].src);
      cr_assert_eq(got[k].dst, want[k].dst);
      cr_assert_eq(got[k].bytes, want[k].bytes);
    }
    cr_assert_eq(u.stats.requests, nw);
    cr_assert_eq(u.stats.bubbles, steps - nw);
    cr_assert_eq(busy, 1 + steps + u.stats.stalls, "mask %zu", m);
    cr_assert_eq(u.stats.busy_cycles, busy);
    cr_assert_eq(u.stats.boxes, 1);
    cr_assert_eq(u.stats.rejected, 0);
    cr_assert_eq(u.err, TL_OK);
    if (m == 0) cr_assert_eq(u.stats.stalls, 0);
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
    tl_tma_reset(&u);
    uint64_t busy;
    size_t n = run_box(&u, &d, &b, (uint32_t)ref_next(&r) | 1u, got, &busy);
    cr_assert_eq(n, nw);
    cr_assert_eq(memcmp(got, want, n * sizeof *got), 0, "case %d", k);
  }
}

/* Why: a rejected start is dropped (err says why, the unit stays idle), and
 * a reset mid-box returns to idle at once without a done pulse. */
Test(tilelens_tma_addr, rejected_start_and_reset) {
  tl_desc d;
  tl_box b;
  tm_case(&d, &b);
  tl_tma u;
  tl_tma_reset(&u);
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
  tl_tma_eval(&u);
  cr_assert_eq(u.start_ready, 1);
  cr_assert_eq(u.valid, 0);
  cr_assert_eq(u.kind, TL_STEP_DONE);
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
