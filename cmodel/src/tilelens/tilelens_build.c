/*
 * tilelens_build.c - descriptor and box builders for the common case of a
 * K x N matrix of s-byte elements with K contiguous (the paper's weight
 * matrices), stored linearly or tile-major in a x b memory tiles, and Eq. 2
 * with its inputs checked.
 */
#include "tilelens_internal.h"

#include <string.h>

static tl_status matrix(tl_desc *d, uint64_t base, uint64_t K, uint64_t N, uint32_t s) {
  memset(d, 0, sizeof *d);
  d->base = base;
  d->rank = 2;
  d->elem_bytes = s;
  d->dim[0] = K;
  d->dim[1] = N;
  if (s != 1 && s != 2 && s != 4 && s != 8) return TL_ERR_ELEM_SIZE;
  if (K == 0 || K > TL_DIM_MAX || N == 0 || N > TL_DIM_MAX) return TL_ERR_DIM;
  d->stride[1] = K * s;
  return TL_OK;
}

/* A failed builder leaves nothing usable: the descriptor is zeroed (rank 0,
 * refused by tl_desc_check and by everything that reads a descriptor), so
 * a caller that ignores the status cannot go on with a half-built one. */
static tl_status built(tl_desc *d, tl_status st) {
  if (st != TL_OK) memset(d, 0, sizeof *d);
  return st;
}

tl_status tl_desc_matrix_linear(tl_desc *d, uint64_t base, uint64_t K, uint64_t N, uint32_t s) {
  if (!d) return TL_ERR_NULL;
  tl_status st = matrix(d, base, K, N, s);
  return built(d, st != TL_OK ? st : tl_desc_check(d));
}

tl_status tl_desc_matrix_tiled(tl_desc *d, uint64_t base, uint64_t K, uint64_t N, uint32_t s,
                               uint32_t a, uint32_t b) {
  if (!d) return TL_ERR_NULL;
  tl_status st = matrix(d, base, K, N, s);
  if (st != TL_OK) return built(d, st);
  if (!tl_is_pow2_u64(a) || !tl_is_pow2_u64(b)) return built(d, TL_ERR_TILE_SHAPE);
  d->tile_major = 1;
  d->log2_a = tl_log2_u64(a);
  d->log2_b = tl_log2_u64(b);
  d->log2_granule = d->log2_a + d->log2_b + tl_log2_u64(s);
  d->lead_stride = K * s;
  return built(d, tl_desc_check(d));
}

tl_status tl_box_nd(tl_box *bx, uint32_t rank, const int32_t *coord, const uint32_t *size,
                    uint32_t smem_base) {
  if (!bx) return TL_ERR_NULL;
  memset(bx, 0, sizeof *bx);
  if (rank < 1 || rank > TL_MAX_RANK) return TL_ERR_RANK;
  if (!coord || !size) return TL_ERR_NULL;
  for (uint32_t k = 0; k < rank; k++) {
    bx->coord[k] = coord[k];
    bx->box[k] = size[k];
    if (size[k] < 1 || size[k] > TL_BOX_MAX) {
      memset(bx, 0, sizeof *bx);   /* nothing usable left behind (box 0 is refused) */
      return TL_ERR_BOX;
    }
  }
  bx->smem_base = smem_base;
  if (smem_base % TL_STRIDE_ALIGN != 0) {
    memset(bx, 0, sizeof *bx);
    return TL_ERR_ALIGN;
  }
  return TL_OK;
}

tl_status tl_box_2d(tl_box *bx, int32_t i, int32_t j, uint32_t box_i, uint32_t box_j,
                    uint32_t smem_base) {
  const int32_t c[2] = {i, j};
  const uint32_t s[2] = {box_i, box_j};
  return tl_box_nd(bx, 2, c, s, smem_base);
}

/* The fields Eq. 2 reads: a valid tile-major shape and leading stride. */
static tl_status tile_fields_check(const tl_desc *d) {
  if (!d) return TL_ERR_NULL;
  uint32_t s = d->elem_bytes;
  if (s != 1 && s != 2 && s != 4 && s != 8) return TL_ERR_ELEM_SIZE;
  uint32_t lg = d->log2_granule;
  if (d->tile_major != 1 || lg < TL_LOG2_GRANULE_MIN || lg > TL_LOG2_GRANULE_MAX ||
      d->log2_a > lg || d->log2_b > lg || d->log2_a + d->log2_b + tl_log2_u64(s) != lg)
    return TL_ERR_TILE_SHAPE;
  uint64_t L = d->lead_stride;
  if (L == 0 || L >= (1ull << TL_STRIDE_BITS) || L % ((1ull << d->log2_a) * s) != 0)
    return TL_ERR_LEAD_STRIDE;
  return TL_OK;
}

static uint64_t tile_offset(const tl_desc *d, uint64_t i, uint64_t j) {
  uint32_t la = d->log2_a, lb = d->log2_b;
  uint64_t s = d->elem_bytes;
  uint64_t k_over_a = d->lead_stride / s >> la;
  uint64_t ti = i >> la, ip = i & ((1ull << la) - 1);
  uint64_t tj = j >> lb, jp = j & ((1ull << lb) - 1);
  return ((tj * k_over_a + ti) << d->log2_granule) + ((jp << la) + ip) * s;
}

tl_status tl_tile_offset_get(const tl_desc *d, uint64_t i, uint64_t j, uint64_t *off) {
  if (!off) return TL_ERR_NULL;
  *off = 0;
  tl_status st = tile_fields_check(d);
  if (st != TL_OK) return st;
  if (i >= d->lead_stride / d->elem_bytes) return TL_ERR_RANGE;  /* i < K */
  /* j < N: the columns the view spans, 1 + the sum over the column
   * dimensions (stride a multiple of L) of (dim[d] - 1) * stride[d] / L
   * (N for the 2-D matrix view; the same N for the paper's 3-D and 4-D
   * views of one matrix) */
  if (d->rank < 1 || d->rank > TL_MAX_RANK) return TL_ERR_RANK;
  tl_u128 ncol = 1;
  for (uint32_t k = 1; k < d->rank; k++) {
    uint64_t st = d->stride[k];
    if (d->dim[k] == 0) return TL_ERR_DIM;
    if (st >= d->lead_stride && st % d->lead_stride == 0)
      ncol += (tl_u128)(d->dim[k] - 1) * (st / d->lead_stride);
  }
  if ((tl_u128)j >= ncol) return TL_ERR_RANGE;
  /* the exact offset must fit 64 bits: (j/b + 1) * (K/a) granules at most */
  tl_u128 top = ((tl_u128)(j >> d->log2_b) + 1) * (d->lead_stride / d->elem_bytes >> d->log2_a);
  if (top > ((tl_u128)UINT64_MAX >> d->log2_granule)) return TL_ERR_OVERFLOW;
  *off = tile_offset(d, i, j);
  return TL_OK;
}

uint64_t tl_tile_offset(const tl_desc *d, uint64_t i, uint64_t j) {
  uint64_t off;
  return tl_tile_offset_get(d, i, j, &off) == TL_OK ? off : TL_TILE_OFFSET_INVALID;
}
