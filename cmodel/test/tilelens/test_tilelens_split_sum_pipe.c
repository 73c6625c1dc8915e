/*
 * test_tilelens_split_sum_pipe.c - the cycle model of the pipelined
 * split-and-sum (tilelens_split_sum_pipe): latency, back-to-back issue,
 * bubbles, the reset of the valid bits, stages = 0 as the combinational unit,
 * and the argument checks.
 */
#include <criterion/criterion.h>

#include "tl_test_ref.h"

/* Request k of a stream: Fig. 9's view (rank 2, strides 1 and 384, L = 384,
 * lb = 5) at coordinates (k, 64 + k), tile-major when k is odd. */
static tl_split_sum_in req(uint32_t k) {
  tl_split_sum_in in;
  memset(&in, 0, sizeof in);
  in.rank = 2;
  in.coord[0] = (int32_t)k;
  in.coord[1] = (int32_t)(64 + k);
  in.stride[0] = 1;
  in.stride[1] = 384;
  in.lead_stride = 384;
  in.log2_b = 5;
  in.tile_major = k & 1u;
  return in;
}

static int64_t expect(uint32_t k) {
  int64_t row = k, col = (int64_t)(64 + k) * 384;
  return (k & 1u) ? col + (row << 5) : col + row;
}

/* Why: the outputs of a request come out exactly `stages` clocks later,
 * one request per clock with no gaps (back-to-back issue), for every depth. */
Test(tilelens_split_sum_pipe, latency_back_to_back) {
  for (uint32_t n = 0; n <= TL_SPLIT_SUM_STAGES_MAX; n++) {
    tl_split_sum_pipe p;
    cr_assert_eq(tl_split_sum_pipe_reset(&p, n), TL_OK);
    for (uint32_t cyc = 0; cyc < 40; cyc++) {
      tl_split_sum_in in = req(cyc);
      tl_split_sum_out o;
      int v = -1;
      tl_split_sum_pipe_step(&p, &in, 1, 1, 1, &o, &v);
      if (cyc < n) {
        cr_assert_eq(v, 0, "stages %u cycle %u: nothing issued yet", n, cyc);
        cr_assert_eq(o.tile_base, 0);
        continue;
      }
      cr_assert_eq(v, 1, "stages %u cycle %u", n, cyc);
      cr_assert_eq(o.err, TL_OK);
      cr_assert_eq(o.tile_base, expect(cyc - n), "stages %u cycle %u", n, cyc);
      cr_assert_eq(o.row, cyc - n);
    }
  }
}

/* Why: valid_o is valid_i delayed by the same latency (bubbles stay
 * bubbles, with zero outputs), and rst_n drops the requests in flight. */
Test(tilelens_split_sum_pipe, bubbles_and_reset) {
  tl_split_sum_pipe p;
  tl_split_sum_pipe_reset(&p, 3);
  const int vin[12] = {1, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0};
  for (uint32_t cyc = 0; cyc < 12; cyc++) {
    tl_split_sum_in in = req(cyc);
    tl_split_sum_out o;
    int v;
    tl_split_sum_pipe_step(&p, &in, 1, vin[cyc], cyc != 7, &o, &v);
    if (cyc < 3) { cr_assert_eq(v, 0); continue; }
    /* the reset at the end of cycle 7 drops the requests of cycles 5..7 */
    int want = vin[cyc - 3] && !(cyc >= 8 && cyc - 3 >= 5 && cyc - 3 <= 7);
    cr_assert_eq(v, want, "cycle %u", cyc);
    cr_assert_eq(o.tile_base, want ? expect(cyc - 3) : 0, "cycle %u", cyc);
    cr_assert_eq(o.row, want ? cyc - 3 : 0, "cycle %u", cyc);
  }
}

/* Why: errors travel with their request (the error mux is before the
 * output flops), and stages = 0 is the combinational function. */
Test(tilelens_split_sum_pipe, errors_and_comb) {
  tl_split_sum_pipe p;
  tl_split_sum_pipe_reset(&p, 2);
  tl_split_sum_in bad = req(1);
  bad.coord[0] = 400;             /* row 400 >= L = 384 in tile-major mode */
  tl_split_sum_in ok = req(2);
  tl_split_sum_out o, ref;
  int v;
  tl_split_sum_pipe_step(&p, &bad, 1, 1, 1, &o, &v);
  tl_split_sum_pipe_step(&p, &ok, 1, 1, 1, &o, &v);
  tl_split_sum_pipe_step(&p, &ok, 1, 0, 1, &o, &v);
  cr_assert_eq(v, 1);
  cr_assert_eq(o.err, TL_ERR_ROW_RANGE);
  cr_assert_eq(o.tile_base, 0);
  cr_assert_eq(o.row, 400);
  tl_split_sum_pipe_step(&p, &ok, 1, 0, 1, &o, &v);
  cr_assert_eq(o.err, TL_OK);
  cr_assert_eq(o.tile_base, expect(2));
  tl_split_sum_pipe_reset(&p, 0);
  tl_split_sum_masked(&bad, 1, &ref);
  cr_assert_eq(tl_split_sum_pipe_step(&p, &bad, 1, 1, 0, &o, &v), TL_ERR_ROW_RANGE);
  cr_assert_eq(v, 1, "stages 0: valid_o = valid_i, rst_n unused");
  cr_assert_eq(o.tile_base, ref.tile_base);
  cr_assert_eq(o.row, ref.row);
  cr_assert_eq(tl_split_sum_pipe_step(&p, &bad, 1, 0, 1, &o, &v), TL_OK);
  cr_assert_eq(v, 0);
  cr_assert_eq(o.row, 0, "stages 0: zero outputs without valid_in");
}

/* Why: the argument checks name their error. */
Test(tilelens_split_sum_pipe, arguments) {
  tl_split_sum_pipe p;
  tl_split_sum_in in = req(0);
  tl_split_sum_out o;
  int v;
  cr_assert_eq(tl_split_sum_pipe_reset(NULL, 1), TL_ERR_NULL);
  cr_assert_eq(tl_split_sum_pipe_reset(&p, TL_SPLIT_SUM_STAGES_MAX + 1), TL_ERR_RANGE);
  cr_assert_eq(tl_split_sum_pipe_reset(&p, 1), TL_OK);
  cr_assert_eq(tl_split_sum_pipe_step(NULL, &in, 1, 1, 1, &o, &v), TL_ERR_NULL);
  cr_assert_eq(tl_split_sum_pipe_step(&p, &in, 1, 1, 1, &o, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_split_sum_pipe_step(&p, &in, 1, 1, 1, NULL, &v), TL_ERR_NULL);
}
