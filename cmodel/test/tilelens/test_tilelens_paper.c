/*
 * test_tilelens_paper.c - the paper's check points (SPEC A.3):
 * Figure 9's three views, section 6.5's page counts, the case-2 bit
 * permutation example, and TileLens-SW (Eq. 3) against TileLens-HW.
 */
#include <criterion/criterion.h>

#include "tl_test_ref.h"

#define MAXREQ 4096

/* FP8 384 x 128 column-major matrix (L = 384), 4 KB granule. */
static tl_desc fig9_desc(uint32_t rank, int tile_major, uint32_t la, uint32_t lb) {
  tl_desc d;
  memset(&d, 0, sizeof d);
  d.base = 0x100000;
  d.elem_bytes = 1;
  d.tile_major = (uint32_t)tile_major;
  d.log2_a = la; d.log2_b = lb; d.log2_granule = 12;
  d.lead_stride = 384;
  d.rank = rank;
  if (rank == 2) {          /* (384, 128), strides (1, 384) */
    d.dim[0] = 384; d.dim[1] = 128; d.stride[1] = 384;
  } else if (rank == 3) {   /* (128, 128, 3), strides (1, 384, 128) */
    d.dim[0] = 128; d.dim[1] = 128; d.dim[2] = 3;
    d.stride[1] = 384; d.stride[2] = 128;
  } else {                  /* (128, 64, 3, 2), strides (1, 384, 128, 64*384) */
    d.dim[0] = 128; d.dim[1] = 64; d.dim[2] = 3; d.dim[3] = 2;
    d.stride[1] = 384; d.stride[2] = 128; d.stride[3] = 64 * 384;
  }
  return d;
}

static tl_box fig9_box(uint32_t rank) {
  tl_box b;
  memset(&b, 0, sizeof b);
  b.smem_base = 0x400;
  if (rank == 2) {
    b.coord[0] = 256; b.coord[1] = 64; b.box[0] = 128; b.box[1] = 64;
  } else if (rank == 3) {
    b.coord[0] = 0; b.coord[1] = 64; b.coord[2] = 2;
    b.box[0] = 128; b.box[1] = 64; b.box[2] = 1;
  } else {
    b.coord[0] = 0; b.coord[1] = 0; b.coord[2] = 2; b.coord[3] = 1;
    b.box[0] = 128; b.box[1] = 64; b.box[2] = 1; b.box[3] = 1;
  }
  return b;
}

/* Why: Figure 9 - the 2-D, 3-D and 4-D views of one load must give the
 * identical request stream, in linear mode and for every tile-major shape
 * (128x32 is case 1, 64x64 is u > a; a must divide K = 384 and b the column start 64, so these are the only 4 KB FP8 shapes, and case 2 is checked on its own below), and the stream must be
 * what the equations give. */
Test(tilelens_paper, fig9_views_identical) {
  static const uint32_t shapes[][3] = {{0, 7, 5}, {1, 7, 5}, {1, 6, 6}};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    static tl_req r2[MAXREQ], rk[MAXREQ];
    size_t n2 = 0, nk = 0;
    tl_desc d2 = fig9_desc(2, (int)shapes[s][0], shapes[s][1], shapes[s][2]);
    tl_box b2 = fig9_box(2);
    cr_assert_eq(tl_box_requests(&d2, &b2, r2, MAXREQ, &n2), TL_OK, "shape %zu", s);
    cr_assert_eq(n2, shapes[s][0] ? (shapes[s][1] >= 7 ? 64u : 128u) : 64u, "shape %zu: %zu requests", s, n2);
    static uint64_t want[128 * 64], got[128 * 64];
    ref_box_map(&d2, &b2, want);
    cr_assert(ref_requests_map(&d2, &b2, r2, n2, got));
    cr_assert_arr_eq(want, got, sizeof want);
    for (uint32_t rank = 3; rank <= 4; rank++) {
      tl_desc dk = fig9_desc(rank, (int)shapes[s][0], shapes[s][1], shapes[s][2]);
      tl_box bk = fig9_box(rank);
      cr_assert_eq(tl_box_requests(&dk, &bk, rk, MAXREQ, &nk), TL_OK, "shape %zu rank %u", s, rank);
      cr_assert_eq(nk, n2);
      for (size_t q = 0; q < n2; q++) {
        cr_assert_eq(rk[q].src, r2[q].src, "shape %zu rank %u req %zu", s, rank, q);
        cr_assert_eq(rk[q].dst, r2[q].dst);
        cr_assert_eq(rk[q].bytes, r2[q].bytes);
      }
    }
  }
}

/* Why: hand-computed values of Figure 9 with a 128 x 32 tile: the tile base
 * is Eq. 4, (K*j + i*b)*s = 384*64 + 256*32 = 32768 (tile (2, 2) = 8th 4 KB
 * tile), and the first requests step a = 128 bytes inside the tile. */
Test(tilelens_paper, fig9_hand_computed) {
  tl_desc d = fig9_desc(2, 1, 7, 5);
  tl_box b = fig9_box(2);
  tl_req r[64];
  size_t n = 0;
  cr_assert_eq(tl_box_requests(&d, &b, r, 64, &n), TL_OK);
  cr_assert_eq(n, 64);
  cr_assert_eq(r[0].src, 0x100000 + 32768);
  cr_assert_eq(r[1].src, 0x100000 + 32768 + 128);
  cr_assert_eq(r[31].src, 0x100000 + 32768 + 31 * 128);
  cr_assert_eq(r[32].src, 0x100000 + 32768 + 32 * 384);  /* next tile column: b*L */
  cr_assert_eq(r[0].bytes, 128);
  cr_assert_eq(r[63].dst, 0x400 + 63 * 128);
  cr_assert_eq(tl_tile_offset(&d, 256, 64), 32768);
  tl_split_sum_in in;
  tl_split_sum_out o;
  memset(&in, 0, sizeof in);
  in.rank = 2; in.coord[0] = 256; in.coord[1] = 64; in.stride[0] = 1; in.stride[1] = 384;
  in.lead_stride = 384; in.log2_b = 5; in.tile_major = 1;
  tl_split_sum(&in, &o);
  cr_assert_eq(o.err, TL_OK);
  cr_assert_eq(o.tile_base, 32768);
  cr_assert_eq(o.row_mask, 0x1);
  in.tile_major = 0;
  tl_split_sum(&in, &o);
  cr_assert_eq(o.tile_base, 256 + 64 * 384);
}

/* Why: section 6.5 - a 128 x 256 BF16 compute tile, 4 KB granules: 128
 * distinct pages when each of its 128 rows is a 512 B strip (row-major, i.e.
 * the 256-element dimension contiguous), 16 pages in tile-major layout. */
Test(tilelens_paper, sec65_pages) {
  tl_desc d;
  memset(&d, 0, sizeof d);
  d.base = 1ull << 30;
  d.elem_bytes = 2;
  d.rank = 2;
  d.dim[0] = 4096; d.dim[1] = 4096;
  d.stride[1] = 4096 * 2;
  d.lead_stride = 4096 * 2;
  d.log2_granule = 12;
  tl_box b;
  memset(&b, 0, sizeof b);
  b.coord[0] = 512; b.coord[1] = 1024;
  b.box[0] = 256; b.box[1] = 128;
  tl_page_stats st;
  cr_assert_eq(tl_box_pages(&d, &b, 12, NULL, 0, &st), TL_OK);
  cr_assert_eq(st.pages, 128);
  cr_assert_eq(st.bytes_used, 128 * 256 * 2);
  cr_assert_float_eq(st.amplification, 8.0, 1e-9);
  d.tile_major = 1;  /* 64 x 32 BF16 memory tile = 4 KB */
  d.log2_a = 6; d.log2_b = 5;
  cr_assert_eq(tl_box_pages(&d, &b, 12, NULL, 0, &st), TL_OK);
  cr_assert_eq(st.pages, 16);
  cr_assert_float_eq(st.amplification, 1.0, 1e-9);
  d.log2_a = 5; d.log2_b = 6;  /* 32 x 64 tiles: still 16 pages */
  cr_assert_eq(tl_box_pages(&d, &b, 12, NULL, 0, &st), TL_OK);
  cr_assert_eq(st.pages, 16);
}

/* Why: the paper's case-2 example: FP8, 32 x 32 box, 128 x 32 tile:
 * (sub2 | col5 | row5) becomes (col5 | sub2 | row5). */
Test(tilelens_paper, case2_permutation_example) {
  uint64_t x = (0x2ull << 10) | (0x19ull << 5) | 0x07;  /* sub=10b col=11001b row=00111b */
  uint64_t y = (0x19ull << 7) | (0x2ull << 5) | 0x07;
  cr_assert_eq(tl_bit_permute(x, 5, 5, 2), y);
  cr_assert_eq(tl_bit_permute(x | (0xabcull << 12), 5, 5, 2), y | (0xabcull << 12));
  tl_desc d;
  memset(&d, 0, sizeof d);
  d.elem_bytes = 1; d.rank = 2; d.dim[0] = 256; d.dim[1] = 64;
  d.stride[1] = 256; d.lead_stride = 256;
  d.tile_major = 1; d.log2_a = 7; d.log2_b = 5; d.log2_granule = 12;
  tl_box b;
  memset(&b, 0, sizeof b);
  b.coord[0] = 32; b.box[0] = 32; b.box[1] = 32;
  tl_counters c;
  cr_assert_eq(tl_counter_config(&d, &b, &c), TL_OK);
  cr_assert_eq(c.mode, TL_MODE_WIDE_TILE);
  cr_assert_eq(c.perm_row_bits, 5);
  cr_assert_eq(c.perm_col_bits, 5);
  cr_assert_eq(c.perm_sub_bits, 2);
  /* Element (32 + r, c) of the first tile is at byte c*128 + 32 + r. */
  tl_req r[32];
  size_t n;
  cr_assert_eq(tl_box_requests(&d, &b, r, 32, &n), TL_OK);
  cr_assert_eq(n, 32);
  for (uint32_t k = 0; k < 32; k++) {
    cr_assert_eq(r[k].src, k * 128 + 32, "column %u", k);
    cr_assert_eq(r[k].bytes, 32);
  }
}

/* Why: TileLens-SW (Eq. 3) - a standard linear TMA on the 4-D view
 * (a, b, K/a, N/b) with element strides (1, a, a*b, K*b) reaches, for each
 * logical element, the same global byte as TileLens-HW on the 2-D view. */
Test(tilelens_paper, sw_view_equals_hw) {
  ref_rng rng = {77};
  for (int t = 0; t < 500; t++) {
    uint32_t ls = (uint32_t)ref_below(&rng, 4);
    uint32_t s = 1u << ls;
    uint32_t la = (uint32_t)ref_range(&rng, ls >= 4 ? 0 : 4 - ls, 12 - ls), lb = 12 - ls - la;
    uint64_t a = 1ull << la, bb = 1ull << lb;
    uint64_t K = a * (uint64_t)ref_range(&rng, 1, 3), N = bb * (uint64_t)ref_range(&rng, 1, 3);
    tl_desc hw;
    memset(&hw, 0, sizeof hw);
    hw.base = 1ull << 24; hw.elem_bytes = s; hw.rank = 2;
    hw.dim[0] = K; hw.dim[1] = N; hw.stride[1] = K * s; hw.lead_stride = K * s;
    hw.tile_major = 1; hw.log2_a = la; hw.log2_b = lb; hw.log2_granule = 12;
    tl_desc sw = hw;
    sw.tile_major = 0; sw.rank = 4;
    sw.dim[0] = a; sw.dim[1] = bb; sw.dim[2] = K / a; sw.dim[3] = N / bb;
    sw.stride[1] = a * s; sw.stride[2] = a * bb * s; sw.stride[3] = K * bb * s;
    if (sw.stride[1] % 16 || bb > 256 || a > 256) continue; /* not a legal TMA view */
    /* One memory tile per load: HW box (a, b) at (Ti*a, Tj*b); SW box (a, b, 1, 1). */
    uint64_t Ti = ref_below(&rng, K / a), Tj = ref_below(&rng, N / bb);
    tl_box bh, bs;
    memset(&bh, 0, sizeof bh); memset(&bs, 0, sizeof bs);
    bh.coord[0] = (int32_t)(Ti * a); bh.coord[1] = (int32_t)(Tj * bb);
    bh.box[0] = (uint32_t)a; bh.box[1] = (uint32_t)bb;
    bs.coord[2] = (int32_t)Ti; bs.coord[3] = (int32_t)Tj;
    bs.box[0] = (uint32_t)a; bs.box[1] = (uint32_t)bb; bs.box[2] = 1; bs.box[3] = 1;
    static uint64_t mh[4096], ms[4096];
    static tl_req rh[4096], rs[4096];
    size_t nh, ns;
    cr_assert_eq(tl_box_requests(&hw, &bh, rh, 4096, &nh), TL_OK, "trial %d", t);
    cr_assert_eq(tl_box_requests(&sw, &bs, rs, 4096, &ns), TL_OK, "trial %d", t);
    cr_assert(ref_requests_map(&hw, &bh, rh, nh, mh));
    cr_assert(ref_requests_map(&sw, &bs, rs, ns, ms));
    cr_assert_arr_eq(mh, ms, a * bb * sizeof(uint64_t), "trial %d", t);
  }
}
