/*
 * test_tilelens_blocks.c - the three blocks and the generator one by one:
 * split-and-sum routing and ranges, the permuter on every field split of a
 * 4 KB granule, the counter nest of each case, bubbles and clipping, and
 * the sector and page helpers.
 */
#include <criterion/criterion.h>

#include "tl_test_ref.h"

static tl_split_sum_in ss_in(uint32_t rank, int tm, uint64_t L, uint32_t lb) {
  tl_split_sum_in in;
  memset(&in, 0, sizeof in);
  in.rank = rank; in.tile_major = (uint32_t)tm; in.lead_stride = L; in.log2_b = lb;
  return in;
}

/* Why: routing by stride < L, dimension 0 always a row; linear mode is the
 * plain sum whatever the routing; tile-major shifts only the row part. */
Test(tilelens_blocks, split_sum_routing) {
  tl_split_sum_in in = ss_in(5, 0, 4096, 3);
  tl_split_sum_out o;
  int32_t c[5] = {16, 3, -2, 5, 1};
  uint64_t st[5] = {4, 1024, 4096, 4096 * 8, 512};  /* rows: 0, 1, 4 */
  memcpy(in.coord, c, sizeof c);
  memcpy(in.stride, st, sizeof st);
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_OK);
  cr_assert_eq(o.row_mask, 0x13);
  int64_t row = 16 * 4 + 3 * 1024 + 512, col = -2 * 4096 + 5 * 4096 * 8;
  cr_assert_eq(o.tile_base, row + col);
  in.tile_major = 1;
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_OK);
  cr_assert_eq(o.tile_base, col + (row << 3));
  /* stride == L is a column dimension (the leading stride itself). */
  in.stride[1] = 4096;
  tl_split_sum(&in, &o);
  cr_assert_eq(o.row_mask, 0x11);
  /* dimensions beyond rank contribute nothing */
  in.rank = 1;
  tl_split_sum(&in, &o);
  cr_assert_eq(o.tile_base, (16 * 4) << 3);
  cr_assert_eq(o.row_mask, 0x1);
}

/* Why: the row range of tile-major mode ([0, L)) and the int64 range of the
 * tile base are the two ways a split-and-sum result cannot be used. */
Test(tilelens_blocks, split_sum_ranges) {
  tl_split_sum_in in = ss_in(2, 1, 4096, 5);
  tl_split_sum_out o;
  in.stride[0] = 1; in.stride[1] = 4096;
  in.coord[0] = 4095;
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_OK);
  in.coord[0] = 4096;
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_ERR_ROW_RANGE);
  cr_assert_eq(o.tile_base, 0);
  in.coord[0] = -1;
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_ERR_ROW_RANGE);
  in.tile_major = 0;  /* linear mode: any sign */
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_OK);
  cr_assert_eq(o.tile_base, -1);
  /* largest products: 5 x (-2^31) x (2^40 - 16) overflows int64 */
  in = ss_in(5, 0, 1ull << 39, 0);
  for (int k = 0; k < 5; k++) { in.coord[k] = INT32_MIN; in.stride[k] = (1ull << 40) - 16; }
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_ERR_OVERFLOW);
  /* just inside: 2^23 * 2^40 = 2^63 overflows, 2^22 * 2^40 - fits */
  in = ss_in(2, 0, 1ull << 39, 0);
  in.stride[0] = 8; in.stride[1] = 1ull << 39;
  in.coord[1] = 1 << 24;
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_ERR_OVERFLOW);
  in.coord[1] = (1 << 24) - 1;
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_OK);
  cr_assert_eq(o.tile_base, (int64_t)((1ull << 24) - 1) << 39);
}

/* Why: the permuter is a bijection on the low lg bits for every legal field
 * split of a 4 KB granule, the identity when sub is empty, and never
 * touches the bits above lg. Exhaustive over all 2^12 values per split. */
Test(tilelens_blocks, permute_every_split_bijective) {
  static uint8_t hit[4096];
  int splits = 0;
  for (uint32_t row = 0; row <= 12; row++)
    for (uint32_t col = 0; row + col <= 12; col++) {
      uint32_t sub = 12 - row - col;
      memset(hit, 0, sizeof hit);
      for (uint64_t x = 0; x < 4096; x++) {
        uint64_t y = tl_bit_permute(x | (0x5a5ull << 12), row, col, sub);
        cr_assert_eq(y >> 12, 0x5a5ull, "high bits changed");
        cr_assert_eq(hit[y & 4095], 0, "split %u/%u/%u not injective at %llx", row, col, sub,
                     (unsigned long long)x);
        hit[y & 4095] = 1;
        if (sub == 0 || col == 0) cr_assert_eq(y & 4095, x, "identity expected");
        /* field-by-field: the row field stays, col moves above sub */
        cr_assert_eq(y & ((1ull << row) - 1), x & ((1ull << row) - 1));
        cr_assert_eq((y >> (row + sub)) & ((1ull << col) - 1), (x >> row) & ((1ull << col) - 1));
        cr_assert_eq((y >> row) & ((1ull << sub) - 1), (x >> (row + col)) & ((1ull << sub) - 1));
      }
      splits++;
    }
  cr_assert_eq(splits, 91);
}

static void small_tm(tl_desc *d, tl_box *b, uint32_t s, uint32_t la, uint32_t lb, uint64_t K, uint64_t N) {
  memset(d, 0, sizeof *d);
  memset(b, 0, sizeof *b);
  d->base = 1ull << 20; d->elem_bytes = s; d->rank = 2;
  d->dim[0] = K; d->dim[1] = N; d->stride[1] = K * s; d->lead_stride = K * s;
  d->tile_major = 1; d->log2_a = la; d->log2_b = lb; d->log2_granule = la + lb + ref_log2(s);
}

/* Why: the nest of Eq. 5 for each case: aligned (u == a), wide tile (u < a,
 * permuted), wide box (u > a, pieces of a with stride G), and a split
 * dimension with m = 2 (inner b/m steps of m*a'*s, outer stride b*L). */
Test(tilelens_blocks, counter_nest_cases) {
  tl_desc d;
  tl_box b;
  tl_counters c;
  small_tm(&d, &b, 4, 5, 5, 256, 128);       /* 32 x 32 FP32 tile */
  b.box[0] = 32; b.box[1] = 64;
  cr_assert_eq(tl_counter_config(&d, &b, &c), TL_OK);
  cr_assert_eq(c.mode, TL_MODE_ALIGNED);
  cr_assert_eq(c.count[0], 1);
  cr_assert_eq(c.count[1], 32); cr_assert_eq(c.stride[1], 32 * 4);
  cr_assert_eq(c.count[2], 2);  cr_assert_eq(c.stride[2], 32 * 1024);
  cr_assert_eq(c.log2_weight[2], 5); cr_assert_eq(c.vdim[2], 1);
  cr_assert_eq(c.split_level, 1);
  cr_assert_eq(c.run_bytes, 128);
  b.box[0] = 8;
  cr_assert_eq(tl_counter_config(&d, &b, &c), TL_OK);
  cr_assert_eq(c.mode, TL_MODE_WIDE_TILE);
  cr_assert_eq(c.perm_row_bits, 5); cr_assert_eq(c.perm_col_bits, 5); cr_assert_eq(c.perm_sub_bits, 2);
  cr_assert_eq(c.stride[1], 8 * 4);
  b.box[0] = 128;
  cr_assert_eq(tl_counter_config(&d, &b, &c), TL_OK);
  cr_assert_eq(c.mode, TL_MODE_WIDE_BOX);
  cr_assert_eq(c.count[0], 4); cr_assert_eq(c.stride[0], 4096); cr_assert_eq(c.log2_weight[0], 5);
  /* a view with column stride 2L (every other column): m = 2 < b = 32 */
  d.dim[1] = 64; d.stride[1] = 2 * 1024;
  b.box[0] = 32; b.box[1] = 48;
  cr_assert_eq(tl_counter_config(&d, &b, &c), TL_OK);
  cr_assert_eq(c.count[1], 16); cr_assert_eq(c.stride[1], 2 * 32 * 4);
  cr_assert_eq(c.count[2], 3); cr_assert_eq(c.stride[2], 32 * 1024); cr_assert_eq(c.log2_weight[2], 4);
  /* linear mode: level d is view dimension d, unchanged */
  d.tile_major = 0;
  cr_assert_eq(tl_counter_config(&d, &b, &c), TL_OK);
  cr_assert_eq(c.mode, TL_MODE_LINEAR);
  cr_assert_eq(c.count[1], 48); cr_assert_eq(c.stride[1], 2048); cr_assert_eq(c.count[2], 1);
}

/* Why: out-of-bounds behaviour of the real TMA: a run partly outside along
 * dimension 0 is clipped, a run entirely outside (or a step outside in a
 * higher dimension) is a bubble, and destinations keep their box position. */
Test(tilelens_blocks, bubbles_and_clipping) {
  tl_desc d;
  tl_box b;
  memset(&d, 0, sizeof d);
  memset(&b, 0, sizeof b);
  d.base = 0x1000; d.elem_bytes = 2; d.rank = 2;
  d.dim[0] = 100; d.dim[1] = 3; d.stride[1] = 256;
  b.coord[0] = -8; b.coord[1] = -1; b.box[0] = 16; b.box[1] = 5;
  b.smem_base = 0x2000;
  tl_gen g;
  cr_assert_eq(tl_gen_begin(&g, &d, &b), TL_OK);
  cr_assert_eq(tl_gen_total_steps(&g), 5);
  tl_req r;
  cr_assert_eq(tl_gen_next(&g, &r), TL_STEP_BUBBLE);           /* column -1 */
  for (uint32_t col = 0; col < 3; col++) {
    cr_assert_eq(tl_gen_next(&g, &r), TL_STEP_REQ);
    cr_assert_eq(r.src, 0x1000 + col * 256);                    /* clipped to i = 0 */
    cr_assert_eq(r.dst, 0x2000 + (col + 1) * 32 + 16);          /* 8 elements skipped */
    cr_assert_eq(r.bytes, 16);
  }
  cr_assert_eq(tl_gen_next(&g, &r), TL_STEP_BUBBLE);           /* column 3 */
  cr_assert_eq(tl_gen_next(&g, &r), TL_STEP_DONE);
  cr_assert_eq(tl_gen_next(&g, &r), TL_STEP_DONE);             /* stays done */
  b.coord[0] = 96; b.coord[1] = 0;                               /* clipped at the high end */
  cr_assert_eq(tl_gen_begin(&g, &d, &b), TL_OK);
  cr_assert_eq(tl_gen_next(&g, &r), TL_STEP_REQ);
  cr_assert_eq(r.src, 0x1000 + 96 * 2);
  cr_assert_eq(r.bytes, 8);
  cr_assert_eq(r.dst, 0x2000);
  b.coord[0] = 100;                                              /* entirely beyond */
  size_t n;
  cr_assert_eq(tl_box_requests(&d, &b, NULL, 0, &n), TL_OK);
  cr_assert_eq(n, 0);
}

/* Why: tile-major boxes may start outside the tensor along a column
 * dimension; the in-bounds part is still read at the Eq. 2 addresses. */
Test(tilelens_blocks, tile_major_negative_column_start) {
  tl_desc d;
  tl_box b;
  small_tm(&d, &b, 1, 7, 5, 256, 64);
  b.box[0] = 128; b.box[1] = 64; b.coord[1] = -32;
  static tl_req r[128];
  size_t n;
  cr_assert_eq(tl_box_requests(&d, &b, r, 128, &n), TL_OK);
  cr_assert_eq(n, 32);
  cr_assert_eq(r[0].src, d.base + tl_tile_offset(&d, 0, 0));
  cr_assert_eq(r[0].dst, 32 * 128);
  cr_assert_eq(r[31].src, d.base + tl_tile_offset(&d, 0, 31));
}

/* Why: simulators split requests into 32 B sectors and 128 B lines. */
Test(tilelens_blocks, sectors_and_lines) {
  tl_req r = {0x1010, 0, 0x50};  /* bytes 0x1010..0x105f */
  uint64_t out[8];
  cr_assert_eq(tl_req_blocks(&r, 5, out, 8), 3);
  cr_assert_eq(out[0], 0x1000); cr_assert_eq(out[1], 0x1020); cr_assert_eq(out[2], 0x1040);
  cr_assert_eq(tl_req_blocks(&r, 7, out, 8), 1);
  cr_assert_eq(out[0], 0x1000);
  cr_assert_eq(tl_req_blocks(&r, 5, out, 1), 3);  /* count beyond cap */
  r.bytes = 0;
  cr_assert_eq(tl_req_blocks(&r, 5, out, 8), 0);
  cr_assert_eq(tl_req_blocks(NULL, 5, out, 8), 0);
}

/* Why: the page list is the distinct granules in ascending order. */
Test(tilelens_blocks, page_list) {
  tl_desc d;
  tl_box b;
  small_tm(&d, &b, 1, 7, 5, 256, 64);
  b.box[0] = 128; b.box[1] = 64;
  uint64_t pages[8];
  tl_page_stats st;
  cr_assert_eq(tl_box_pages(&d, &b, 12, pages, 8, &st), TL_OK);
  cr_assert_eq(st.pages, 2);
  cr_assert_eq(pages[0], d.base);
  cr_assert_eq(pages[1], d.base + 2 * 4096);   /* tile (0, 1): K/a = 2 tiles per column */
  cr_assert_eq(st.requests, 64);
  cr_assert_eq(st.bytes_fetched, 8192);
  d.tile_major = 0;
  cr_assert_eq(tl_box_pages(&d, &b, 12, pages, 8, &st), TL_OK);
  cr_assert_eq(st.pages, 4);  /* 64 columns x 256 B = 16 KB, aligned */
}
