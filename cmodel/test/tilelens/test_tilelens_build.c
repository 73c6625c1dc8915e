/*
 * test_tilelens_build.c - the descriptor and box builders and Eq. 2 with its
 * inputs checked: the builders give the descriptors written by hand, the
 * linear and tile-major twins read the same elements, and tl_tile_offset's
 * first index is the contiguous one.
 */
#include <criterion/criterion.h>
#include <stdio.h>

#include "tl_test_ref.h"

/* Why: the builders write exactly the descriptor of the paper's Fig. 9
 * matrix (K = 384, N = 128, FP8, 128 x 32 tiles of 4 KB). */
Test(tilelens_build, matrix_descriptors) {
  tl_desc d, l;
  cr_assert_eq(tl_desc_matrix_tiled(&d, 0x100000, 384, 128, 1, 128, 32), TL_OK);
  cr_assert_eq(d.rank, 2);
  cr_assert_eq(d.dim[0], 384);
  cr_assert_eq(d.dim[1], 128);
  cr_assert_eq(d.stride[1], 384);
  cr_assert_eq(d.tile_major, 1);
  cr_assert_eq(d.log2_a, 7);
  cr_assert_eq(d.log2_b, 5);
  cr_assert_eq(d.log2_granule, 12);
  cr_assert_eq(d.lead_stride, 384);
  cr_assert_eq(tl_desc_matrix_linear(&l, 0x100000, 384, 128, 1), TL_OK);
  cr_assert_eq(l.tile_major, 0);
  cr_assert_eq(l.stride[1], 384);
  cr_assert_eq(l.lead_stride, 0);
}

/* Why: a box read through either twin covers the same matrix elements; the
 * tile-major addresses are Eq. 2 with i the contiguous index. */
Test(tilelens_build, twins_read_the_same_elements) {
  static const uint32_t shapes[][5] = {  /* K, N, s, a, b */
    {384, 128, 1, 128, 32}, {256, 64, 2, 64, 32}, {512, 96, 4, 32, 32}, {1024, 64, 8, 16, 32}};
  static uint64_t ml[65536], mt[65536];
  for (size_t c = 0; c < sizeof shapes / sizeof shapes[0]; c++) {
    const uint32_t *sh = shapes[c];
    tl_desc dl, dt;
    tl_box b;
    cr_assert_eq(tl_desc_matrix_linear(&dl, 1ull << 24, sh[0], sh[1], sh[2]), TL_OK);
    cr_assert_eq(tl_desc_matrix_tiled(&dt, 1ull << 24, sh[0], sh[1], sh[2], sh[3], sh[4]), TL_OK);
    uint32_t bi = sh[3], bj = sh[4];
    cr_assert_eq(tl_box_2d(&b, (int32_t)sh[3], (int32_t)sh[4], bi, bj, 0x400), TL_OK);
    cr_assert_eq(tl_request_check(&dt, &b), TL_OK, "shape %zu", c);
    static tl_req rl[4096], rt[4096];
    size_t nl, nt;
    cr_assert_eq(tl_box_requests(&dl, &b, rl, 4096, &nl), TL_OK);
    cr_assert_eq(tl_box_requests(&dt, &b, rt, 4096, &nt), TL_OK);
    cr_assert(ref_requests_map(&dl, &b, rl, nl, ml));
    cr_assert(ref_requests_map(&dt, &b, rt, nt, mt));
    for (uint32_t e = 0; e < bi * bj; e++) {
      uint64_t i = sh[3] + e % bi, j = sh[4] + e / bi;
      cr_assert_eq(ml[e], dl.base + (i + j * sh[0]) * sh[2]);
      cr_assert_eq(mt[e], dt.base + tl_tile_offset(&dt, i, j), "shape %zu element (%llu, %llu)", c,
                   (unsigned long long)i, (unsigned long long)j);
      cr_assert_eq(mt[e], dt.base + ref_tile_offset(sh[0], sh[3], sh[4], sh[2], i, j));
    }
    /* i is the contiguous index: neighbours along i are s bytes apart */
    cr_assert_eq(tl_tile_offset(&dt, 1, 0) - tl_tile_offset(&dt, 0, 0), sh[2]);
    cr_assert_eq(tl_tile_offset(&dt, 0, 1) - tl_tile_offset(&dt, 0, 0), (uint64_t)sh[3] * sh[2]);
  }
}

/* Why: every invalid builder input is a named error. */
Test(tilelens_build, builder_errors) {
  tl_desc d;
  tl_box b;
  cr_assert_eq(tl_desc_matrix_linear(NULL, 0, 64, 64, 2), TL_ERR_NULL);
  cr_assert_eq(tl_desc_matrix_tiled(NULL, 0, 64, 64, 2, 64, 32), TL_ERR_NULL);
  cr_assert_eq(tl_desc_matrix_linear(&d, 0, 64, 64, 3), TL_ERR_ELEM_SIZE);
  cr_assert_eq(tl_desc_matrix_linear(&d, 0, 0, 64, 2), TL_ERR_DIM);
  cr_assert_eq(tl_desc_matrix_linear(&d, 0, 64, (1ull << 32) + 1, 2), TL_ERR_DIM);
  cr_assert_eq(tl_desc_matrix_linear(&d, 0, 4, 64, 2), TL_ERR_STRIDE);      /* K*s = 8 B */
  cr_assert_eq(tl_desc_matrix_linear(&d, 8, 64, 64, 2), TL_ERR_ALIGN);
  cr_assert_eq(tl_desc_matrix_tiled(&d, 0, 256, 64, 2, 48, 32), TL_ERR_TILE_SHAPE);  /* a not 2^k */
  cr_assert_eq(tl_desc_matrix_tiled(&d, 0, 256, 64, 2, 64, 0), TL_ERR_TILE_SHAPE);
  cr_assert_eq(tl_desc_matrix_tiled(&d, 0, 256, 64, 8, 256, 256), TL_ERR_TILE_SHAPE); /* G = 2^19 */
  cr_assert_eq(tl_desc_matrix_tiled(&d, 0, 96, 64, 2, 64, 32), TL_ERR_LEAD_STRIDE);  /* K not a multiple of a */
  cr_assert_eq(tl_desc_matrix_tiled(&d, 2048, 256, 64, 2, 64, 32), TL_ERR_ALIGN);   /* base not G aligned */
  cr_assert_eq(tl_box_2d(NULL, 0, 0, 8, 8, 0), TL_ERR_NULL);
  cr_assert_eq(tl_box_2d(&b, 0, 0, 0, 8, 0), TL_ERR_BOX);
  cr_assert_eq(tl_box_2d(&b, 0, 0, 8, 257, 0), TL_ERR_BOX);
  cr_assert_eq(tl_box_2d(&b, 0, 0, 8, 8, 8), TL_ERR_ALIGN);
  int32_t c[6] = {0};
  uint32_t s[6] = {1, 1, 1, 1, 1, 1};
  cr_assert_eq(tl_box_nd(&b, 0, c, s, 0), TL_ERR_RANK);
  cr_assert_eq(tl_box_nd(&b, 6, c, s, 0), TL_ERR_RANK);
  cr_assert_eq(tl_box_nd(&b, 5, NULL, s, 0), TL_ERR_NULL);
  cr_assert_eq(tl_box_nd(&b, 5, c, NULL, 0), TL_ERR_NULL);
  cr_assert_eq(tl_box_nd(&b, 5, c, s, 0), TL_OK);
}

/* Why: Eq. 2 on a zeroed or broken descriptor, an index beyond K, or an
 * offset beyond 2^64 is a named error (it divided by zero before). */
Test(tilelens_build, tile_offset_errors) {
  tl_desc d;
  uint64_t off = 7;
  memset(&d, 0, sizeof d);
  cr_assert_eq(tl_tile_offset_get(&d, 0, 0, &off), TL_ERR_ELEM_SIZE, "zeroed descriptor");
  cr_assert_eq(off, 0);
  cr_assert_eq(tl_tile_offset(&d, 0, 0), TL_TILE_OFFSET_INVALID);
  cr_assert_eq(tl_tile_offset(NULL, 0, 0), TL_TILE_OFFSET_INVALID);
  cr_assert_eq(tl_tile_offset_get(NULL, 0, 0, &off), TL_ERR_NULL);
  cr_assert_eq(tl_desc_matrix_tiled(&d, 0, 384, 128, 1, 128, 32), TL_OK);
  cr_assert_eq(tl_tile_offset_get(&d, 0, 0, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_tile_offset_get(&d, 383, 0, &off), TL_OK);
  cr_assert_eq(off, 2 * 4096 + 127);
  cr_assert_eq(tl_tile_offset_get(&d, 384, 0, &off), TL_ERR_RANGE, "i = K");
  tl_desc z = d;
  z.dim[1] = UINT64_MAX;   /* a view spanning 2^64 columns: the offset overflows */
  cr_assert_eq(tl_tile_offset_get(&z, 0, (1ull << 63), &off), TL_ERR_OVERFLOW);
  z = d;
  z.lead_stride = 0;
  cr_assert_eq(tl_tile_offset_get(&z, 0, 0, &off), TL_ERR_LEAD_STRIDE);
  z = d;
  z.tile_major = 0;
  cr_assert_eq(tl_tile_offset_get(&z, 0, 0, &off), TL_ERR_TILE_SHAPE, "linear descriptor");
  z = d;
  z.log2_a = 6;
  cr_assert_eq(tl_tile_offset_get(&z, 0, 0, &off), TL_ERR_TILE_SHAPE, "a*b*s != G");
}

/* Why: the version macros, the library's tl_version() and VERSION of the
 * Makefile (passed as EXPECT_VERSION) are one number; the old include path
 * and the new one name the same declarations. */
Test(tilelens_build, version) {
#ifndef EXPECT_VERSION
  cr_assert_fail("EXPECT_VERSION (the Makefile's VERSION) not passed to the test build");
#else
  cr_assert_str_eq(TILELENS_VERSION_STRING, EXPECT_VERSION);
#endif
  cr_assert_str_eq(tl_version(), TILELENS_VERSION_STRING);
  char buf[32];
  snprintf(buf, sizeof buf, "%d.%d.%d", TILELENS_VERSION_MAJOR, TILELENS_VERSION_MINOR,
           TILELENS_VERSION_PATCH);
  cr_assert_str_eq(buf, TILELENS_VERSION_STRING);
  cr_assert_eq(TILELENS_VERSION,
               TILELENS_VERSION_MAJOR * 10000 + TILELENS_VERSION_MINOR * 100 + TILELENS_VERSION_PATCH);
}

/* Why: a failed builder must leave nothing usable: tl_desc_matrix_tiled
 * with a = 0 or 48 (not a power of two) returned TL_ERR_TILE_SHAPE but left
 * a valid linear descriptor behind, so a caller ignoring the status
 * silently switched layout. Now the descriptor is zeroed and refused. */
Test(tilelens_build, failed_builder_leaves_nothing) {
  static const struct { uint64_t K, N; uint32_t s, a, b; tl_status st; } t[] = {
    {4096, 4096, 2, 0, 32, TL_ERR_TILE_SHAPE},   /* a = 0 */
    {4096, 4096, 2, 48, 32, TL_ERR_TILE_SHAPE},  /* a not a power of two */
    {4096, 4096, 2, 64, 0, TL_ERR_TILE_SHAPE},   /* b = 0 */
    {4096, 4096, 3, 64, 32, TL_ERR_ELEM_SIZE},
    {0, 4096, 2, 64, 32, TL_ERR_DIM},
    {4096, 4096, 2, 64, 1024, TL_ERR_TILE_SHAPE}, /* a*b*s = 2^17: granule above 2^16 */
  };
  tl_desc d, zero;
  memset(&zero, 0, sizeof zero);
  for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
    uint32_t a = t[k].a, b = t[k].b;
    memset(&d, 0x5A, sizeof d);
    tl_status st = tl_desc_matrix_tiled(&d, 0, t[k].K, t[k].N, t[k].s, a, b);
    cr_assert_eq(st, t[k].st, "case %zu: %s", k, tl_status_str(st));
    cr_assert(memcmp(&d, &zero, sizeof d) == 0, "case %zu: the descriptor is zeroed", k);
    cr_assert_neq(tl_desc_check(&d), TL_OK, "case %zu: nothing usable", k);
  }
  memset(&d, 0x5A, sizeof d);
  cr_assert_eq(tl_desc_matrix_linear(&d, 8, 4096, 4096, 2), TL_ERR_ALIGN);
  cr_assert(memcmp(&d, &zero, sizeof d) == 0, "linear builder: zeroed on failure");
  tl_box bx;
  cr_assert_eq(tl_box_2d(&bx, 0, 0, 300, 8, 0), TL_ERR_BOX);
  cr_assert_eq(bx.box[0], 0, "failed box builder: zeroed");
}

/* Why: Eq. 2's column index is checked like its row index: j = 8192 of a
 * 4096-column matrix returned an offset (into the next matrix). j < N for
 * the 2-D view, and N is the span of the column dimensions in the paper's
 * 3-D and 4-D views of Figure 9 (128 columns). */
Test(tilelens_build, tile_offset_column_range) {
  tl_desc d;
  uint64_t off;
  cr_assert_eq(tl_desc_matrix_tiled(&d, 0, 4096, 4096, 2, 64, 32), TL_OK);
  cr_assert_eq(tl_tile_offset_get(&d, 0, 4095, &off), TL_OK);
  cr_assert_eq(tl_tile_offset_get(&d, 0, 4096, &off), TL_ERR_RANGE, "j = N");
  cr_assert_eq(tl_tile_offset_get(&d, 0, 8192, &off), TL_ERR_RANGE, "j = 2N");
  cr_assert_eq(off, 0);
  cr_assert_eq(tl_tile_offset(&d, 0, 8192), TL_TILE_OFFSET_INVALID);
  /* Figure 9's 4-D view (128, 64, 3, 2) of the FP8 384 x 128 matrix: strides
   * (1, L, 128, 64 L) with L = 384: 1 + 63 + 1 * 64 = 128 columns */
  tl_desc v;
  cr_assert_eq(tl_desc_matrix_tiled(&v, 0, 384, 128, 1, 128, 32), TL_OK);
  v.rank = 4;
  v.dim[0] = 128; v.dim[1] = 64; v.dim[2] = 3; v.dim[3] = 2;
  v.stride[1] = 384; v.stride[2] = 128; v.stride[3] = 64 * 384;
  cr_assert_eq(tl_tile_offset_get(&v, 0, 127, &off), TL_OK);
  cr_assert_eq(tl_tile_offset_get(&v, 0, 128, &off), TL_ERR_RANGE);
  v.rank = 0;
  cr_assert_eq(tl_tile_offset_get(&v, 0, 0, &off), TL_ERR_RANK);
}
