/*
 * tilelens_desc.c - model of tilelens_desc_check: descriptor validation
 * (rules 1-12, tl_desc_check, tl_desc_check_rule) and the per-dimension
 * classes stored beside a valid descriptor (tl_desc_info_get).
 *
 * The order of the checks is the priority of the errors, identical to the
 * priority encoder of the RTL error outputs (docs/tilelens.md, "Validation").
 * The box rules are in tilelens_box_check.c (13-15) and
 * tilelens_counter_cfg.c (16, 19), the tile base's in tilelens_split_sum.c
 * (17-18); tilelens_request_check.c composes them.
 */
#include "tilelens_internal.h"

#include <string.h>

tl_dim_class tl_classify_dim(const tl_desc *d, uint32_t dim) {
  uint64_t st = d->stride[dim], L = d->lead_stride;
  uint64_t b = 1ull << d->log2_b;
  if (st < L) return TL_DIM_ROW;
  if (st % L != 0) return TL_DIM_BAD;
  uint64_t m = st / L;
  if (m % b == 0) return TL_DIM_COL;
  if (tl_is_pow2_u64(m) && m < b) return TL_DIM_SPLIT;
  return TL_DIM_BAD;
}

static tl_status check_tile_major(const tl_desc *d) {
  if (d->tile_major > 1) return TL_ERR_TILE_SHAPE;
  if (d->tile_major == 0) return TL_OK;
  uint32_t lg = d->log2_granule;
  if (lg < TL_LOG2_GRANULE_MIN || lg > TL_LOG2_GRANULE_MAX) return TL_ERR_TILE_SHAPE;
  if (d->log2_a > lg || d->log2_b > lg ||
      d->log2_a + d->log2_b + tl_log2_u64(d->elem_bytes) != lg)
    return TL_ERR_TILE_SHAPE;
  if (d->base % (1ull << lg) != 0) return TL_ERR_ALIGN;
  uint64_t L = d->lead_stride;
  uint64_t as = (1ull << d->log2_a) * d->elem_bytes;
  if (L == 0 || L >= (1ull << TL_STRIDE_BITS) || L % as != 0) return TL_ERR_LEAD_STRIDE;
  /* Every dimension must be a row, column or splittable column dimension,
   * and the row dimensions together must stay inside one column. */
  tl_u128 row_extent = (tl_u128)(d->dim[0] - 1) * d->elem_bytes;
  for (uint32_t k = 1; k < d->rank; k++) {
    tl_dim_class c = tl_classify_dim(d, k);
    if (c == TL_DIM_BAD) return TL_ERR_UNSUPPORTED_VIEW;
    if (c == TL_DIM_ROW) row_extent += (tl_u128)(d->dim[k] - 1) * d->stride[k];
  }
  if (row_extent >= L) return TL_ERR_UNSUPPORTED_VIEW;
  return TL_OK;
}

tl_status tl_desc_check(const tl_desc *d) {
  if (!d) return TL_ERR_NULL;
  if (d->rank < 1 || d->rank > TL_MAX_RANK) return TL_ERR_RANK;
  uint32_t s = d->elem_bytes;
  if (s != 1 && s != 2 && s != 4 && s != 8) return TL_ERR_ELEM_SIZE;
  for (uint32_t k = 0; k < d->rank; k++)
    if (d->dim[k] == 0 || d->dim[k] > TL_DIM_MAX) return TL_ERR_DIM;
  for (uint32_t k = 1; k < d->rank; k++) {
    uint64_t st = d->stride[k];
    if (st == 0 || st % TL_STRIDE_ALIGN != 0 || st >= (1ull << TL_STRIDE_BITS))
      return TL_ERR_STRIDE;
  }
  for (uint32_t k = 0; k < TL_MAX_RANK; k++)
    if (d->elem_stride[k] > 1) return TL_ERR_UNSUPPORTED_FEATURE;
  if (d->interleave != 0 || d->swizzle != 0) return TL_ERR_UNSUPPORTED_FEATURE;
  if (d->base % TL_STRIDE_ALIGN != 0) return TL_ERR_ALIGN;
  /* The last byte of the tensor must be addressable in 64 bits. */
  tl_u128 last = (tl_u128)d->base + s - 1;
  for (uint32_t k = 0; k < d->rank; k++)
    last += (tl_u128)(d->dim[k] - 1) * tl_stride_of(d, k);
  if (last > (tl_u128)UINT64_MAX) return TL_ERR_OVERFLOW;
  return check_tile_major(d);
}

tl_status tl_desc_info_get(const tl_desc *d, tl_desc_info *info) {
  tl_status st = tl_desc_check(d);
  if (!info) return st == TL_OK ? TL_ERR_NULL : st;
  memset(info, 0, sizeof *info);
  if (st != TL_OK) return st;
  for (uint32_t k = 0; k < d->rank; k++) {
    if (k == 0 || d->stride[k] < d->lead_stride) info->row_mask |= 1u << k;
    if (k > 0 && d->tile_major && tl_classify_dim(d, k) == TL_DIM_SPLIT) {
      info->split_mask |= 1u << k;
      info->split_log2_m[k] = tl_log2_u64(d->stride[k] / d->lead_stride);
    }
  }
  return TL_OK;
}

static tl_rule desc_rule(const tl_desc *d, tl_status st) {
  switch (st) {
    case TL_OK: return TL_RULE_NONE;
    case TL_ERR_NULL: return TL_RULE_NULL;
    case TL_ERR_RANK: return TL_RULE_RANK;
    case TL_ERR_ELEM_SIZE: return TL_RULE_ELEM_SIZE;
    case TL_ERR_DIM: return TL_RULE_DIM;
    case TL_ERR_STRIDE: return TL_RULE_STRIDE;
    case TL_ERR_UNSUPPORTED_FEATURE: return TL_RULE_FEATURE;
    case TL_ERR_ALIGN: return d->base % TL_STRIDE_ALIGN ? TL_RULE_BASE_ALIGN : TL_RULE_BASE_GRANULE;
    case TL_ERR_OVERFLOW: return TL_RULE_EXTENT;
    case TL_ERR_TILE_SHAPE: return TL_RULE_TILE_SHAPE;
    case TL_ERR_LEAD_STRIDE: return TL_RULE_LEAD_STRIDE;
    default: return TL_RULE_DESC_VIEW;  /* TL_ERR_UNSUPPORTED_VIEW */
  }
}

tl_status tl_desc_check_rule(const tl_desc *d, tl_rule *rule) {
  tl_status st = tl_desc_check(d);
  if (rule) *rule = desc_rule(d, st);
  return st;
}
