/*
 * test_tilelens_partition.c - the functions that mirror the RTL module
 * boundaries (tl_desc_info_get, tl_box_shape_check, tl_counter_hw,
 * tl_split_sum_masked): their values on the paper's views, and their
 * composition, which must be exactly tl_request_check() and tl_counter_config().
 */
#include <criterion/criterion.h>

#include "tl_test_ref.h"

static tl_desc fig9(uint32_t rank) {
  tl_desc d;
  memset(&d, 0, sizeof d);
  d.base = 0x100000; d.elem_bytes = 1; d.tile_major = 1;
  d.log2_a = 7; d.log2_b = 5; d.log2_granule = 12; d.lead_stride = 384; d.rank = rank;
  if (rank == 2) { d.dim[0] = 384; d.dim[1] = 128; d.stride[1] = 384; }
  else if (rank == 3) { d.dim[0] = 128; d.dim[1] = 128; d.dim[2] = 3; d.stride[1] = 384; d.stride[2] = 128; }
  else { d.dim[0] = 128; d.dim[1] = 64; d.dim[2] = 3; d.dim[3] = 2;
         d.stride[1] = 384; d.stride[2] = 128; d.stride[3] = 64 * 384; }
  return d;
}

/* Why: the classes the descriptor stage stores (so that no per-load hardware
 * compares strides): Figure 9's views by hand. Stride L is a split dimension
 * (m = 1 < b = 32), 128 < L a row dimension, 64 L a column dimension
 * (b divides 64); linear mode has no split dimensions. */
Test(tilelens_partition, desc_info_fig9) {
  tl_desc_info in;
  tl_desc d = fig9(2);
  cr_assert_eq(tl_desc_info_get(&d, &in), TL_OK);
  cr_assert_eq(in.row_mask, 0x1); cr_assert_eq(in.split_mask, 0x2); cr_assert_eq(in.split_log2_m[1], 0);
  d = fig9(3);
  cr_assert_eq(tl_desc_info_get(&d, &in), TL_OK);
  cr_assert_eq(in.row_mask, 0x5); cr_assert_eq(in.split_mask, 0x2);
  d = fig9(4);
  cr_assert_eq(tl_desc_info_get(&d, &in), TL_OK);
  cr_assert_eq(in.row_mask, 0x5); cr_assert_eq(in.split_mask, 0x2);
  d.stride[3] = 4 * 384; d.dim[3] = 2;   /* m = 4: a split dimension, k = 2 */
  d.dim[1] = 4;
  cr_assert_eq(tl_desc_info_get(&d, &in), TL_OK);
  cr_assert_eq(in.split_mask, 0xa); cr_assert_eq(in.split_log2_m[3], 2);
  d = fig9(3);
  d.tile_major = 0;
  cr_assert_eq(tl_desc_info_get(&d, &in), TL_OK);
  cr_assert_eq(in.row_mask, 0x5); cr_assert_eq(in.split_mask, 0);
  d.rank = 0;   /* invalid: the status, and no classes */
  cr_assert_eq(tl_desc_info_get(&d, &in), TL_ERR_RANK);
  cr_assert_eq(in.row_mask, 0); cr_assert_eq(in.split_mask, 0);
}

/* Why: tile-major takes only non-negative row coordinates (the row path of
 * the hardware is 40 bits because of it): a negative row coordinate is
 * rejected even when the row sum would still lie in [0, L). */
Test(tilelens_partition, row_coordinate_sign) {
  tl_split_sum_in in;
  tl_split_sum_out o;
  memset(&in, 0, sizeof in);
  in.rank = 2; in.tile_major = 1; in.lead_stride = 4096; in.log2_b = 3;
  in.stride[0] = 1; in.stride[1] = 128;
  in.coord[0] = 256; in.coord[1] = -1;           /* row = 128, in [0, L) */
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_ERR_ROW_RANGE);
  cr_assert_eq(o.row, 128);                       /* the row sum is still reported */
  in.coord[1] = 1;
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_OK);
  cr_assert_eq(o.tile_base, 384 << 3);
  cr_assert_eq(o.row, 384);
  in.tile_major = 0; in.coord[1] = -3;            /* linear: any sign; row mod 2^40 */
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_OK);
  cr_assert_eq(o.tile_base, 256 - 384);
  cr_assert_eq(o.row, (uint64_t)(256 - 384) & ((1ull << 40) - 1));
}

/* Why: the masked split-and-sum is the public one with its own routing, and
 * a forced mask routes as told (bit 0 always a row). */
Test(tilelens_partition, masked_split_sum) {
  ref_rng r = {5};
  for (int t = 0; t < 20000; t++) {
    tl_split_sum_in in;
    memset(&in, 0, sizeof in);
    in.rank = 1 + (uint32_t)ref_below(&r, 5);
    in.tile_major = (uint32_t)ref_below(&r, 2);
    in.lead_stride = 16 + ref_below(&r, 1ull << 20);
    in.log2_b = (uint32_t)ref_below(&r, 17);
    for (uint32_t k = 0; k < TL_MAX_RANK; k++) {
      in.coord[k] = (int32_t)ref_range(&r, -4, 5000);
      in.stride[k] = k ? 16 * (1 + ref_below(&r, 1ull << 17)) : 1ull << ref_below(&r, 4);
    }
    tl_split_sum_out a, b;
    tl_split_sum(&in, &a);
    tl_split_sum_masked(&in, a.row_mask, &b);
    cr_assert_eq(a.err, b.err);
    cr_assert_eq(a.tile_base, b.tile_base);
    cr_assert_eq(a.row, b.row);
    tl_split_sum_masked(&in, 0x1e, &b);            /* every dimension a row */
    cr_assert_eq(b.row_mask, (1u << in.rank) - 1);
  }
}

/* Why: rules 13-15 one by one. */
Test(tilelens_partition, box_shape_rules) {
  tl_desc d;
  tl_box b;
  memset(&d, 0, sizeof d);
  memset(&b, 0, sizeof b);
  d.rank = 2; d.elem_bytes = 2;
  b.box[0] = 64; b.box[1] = 256;
  cr_assert_eq(tl_box_shape_check(&d, &b), TL_OK);
  b.box[1] = 257; cr_assert_eq(tl_box_shape_check(&d, &b), TL_ERR_BOX);
  b.box[1] = 0; cr_assert_eq(tl_box_shape_check(&d, &b), TL_ERR_BOX);
  b.box[1] = 1; b.box[0] = 4; cr_assert_eq(tl_box_shape_check(&d, &b), TL_ERR_BOX);
  b.box[0] = 64; b.smem_base = 8; cr_assert_eq(tl_box_shape_check(&d, &b), TL_ERR_ALIGN);
  b.smem_base = 0xffffff80u; cr_assert_eq(tl_box_shape_check(&d, &b), TL_OK);       /* ends at 2^32 */
  b.smem_base = 0xffffff90u; cr_assert_eq(tl_box_shape_check(&d, &b), TL_ERR_OVERFLOW);
  b.box[2] = 0;   /* beyond rank: ignored */
  b.smem_base = 0; cr_assert_eq(tl_box_shape_check(&d, &b), TL_OK);
}

/* Why: the hardware partition composed in the documented priority is
 * tl_request_check(), and tl_counter_hw()'s nest is tl_counter_config()'s with
 * each stride equal to stride_raw << shift - on random supported
 * cases and on the same cases with one field disturbed. */
Test(tilelens_partition, composition_equals_box_check, .timeout = 60) {
  ref_rng r = {11};
  int ok = 0, bad = 0;
  for (int t = 0; t < 40000; t++) {
    tl_desc d;
    tl_box b;
    ref_random_case(&r, t & 1, &d, &b);
    switch (ref_below(&r, 6)) {   /* disturb one field, or none */
      case 0: b.coord[ref_below(&r, d.rank)] += (int32_t)ref_range(&r, -9, 9); break;
      case 1: b.box[ref_below(&r, d.rank)] = (uint32_t)ref_range(&r, 0, 300); break;
      case 2: b.coord[0] = -(int32_t)ref_range(&r, 1, 40); break;
      case 3: b.smem_base += (uint32_t)ref_below(&r, 16); break;
      default: break;
    }
    tl_status want = tl_request_check(&d, &b), got;
    tl_desc_info info;
    got = tl_desc_info_get(&d, &info);
    if (got == TL_OK) got = tl_box_shape_check(&d, &b);
    tl_counter_hw_out hw;
    if (got == TL_OK) { tl_counter_hw(&d, &info, &b, &hw); got = hw.view; }
    if (got == TL_OK) {
      tl_split_sum_in in;
      memset(&in, 0, sizeof in);
      in.rank = d.rank; in.lead_stride = d.lead_stride; in.log2_b = d.log2_b; in.tile_major = d.tile_major;
      for (uint32_t k = 0; k < d.rank; k++) { in.coord[k] = b.coord[k]; in.stride[k] = k ? d.stride[k] : d.elem_bytes; }
      tl_split_sum_out so;
      tl_split_sum_masked(&in, info.row_mask, &so);
      got = so.err;
    }
    if (got == TL_OK) got = hw.start;
    cr_assert_eq(got, want, "case %d: %s vs %s", t, tl_status_str(got), tl_status_str(want));
    if (want != TL_OK) { bad++; continue; }
    ok++;
    tl_counters c;
    cr_assert_eq(tl_counter_config(&d, &b, &c), TL_OK);
    for (int k = 0; k < TL_MAX_LEVELS; k++) {
      cr_assert_eq(hw.nest.count[k], c.count[k]);
      cr_assert_eq(hw.nest.stride[k], c.stride[k]);
      cr_assert_eq(hw.stride_raw[k] << hw.shift[k], c.stride[k]);
      cr_assert_lt(hw.stride_raw[k], 1ull << TL_STRIDE_BITS);
      cr_assert_leq(hw.shift[k], TL_LOG2_GRANULE_MAX);
      cr_assert_eq(hw.nest.vdim[k], c.vdim[k]);
      cr_assert_eq(hw.nest.log2_weight[k], c.log2_weight[k]);
    }
  }
  cr_assert_gt(ok, 10000);
  cr_assert_gt(bad, 5000);
}
