/*
 * tilelens_desc.c - status names, descriptor and box validation.
 *
 * The order of the checks is the priority of the errors, identical to the
 * priority encoder of the RTL error outputs (docs/tilelens.md, "Validation").
 */
#include "tilelens_internal.h"

#include <string.h>

const char *tl_status_str(tl_status st) {
  static const char *const names[TL_STATUS_END] = {
    [TL_OK] = "TL_OK: success",
    [TL_ERR_RANK] = "TL_ERR_RANK: rank outside 1..5",
    [TL_ERR_ELEM_SIZE] = "TL_ERR_ELEM_SIZE: element size not 1, 2, 4 or 8 bytes",
    [TL_ERR_DIM] = "TL_ERR_DIM: dimension size 0 or above 2^32",
    [TL_ERR_STRIDE] = "TL_ERR_STRIDE: stride zero, not a multiple of 16 bytes, or >= 2^40",
    [TL_ERR_BOX] = "TL_ERR_BOX: box size outside 1..256 or box[0]*elem_bytes not a multiple of 16",
    [TL_ERR_ALIGN] = "TL_ERR_ALIGN: misaligned base, shared-memory address or box start",
    [TL_ERR_TILE_SHAPE] = "TL_ERR_TILE_SHAPE: memory tile a*b*s differs from the granule, or granule out of range",
    [TL_ERR_LEAD_STRIDE] = "TL_ERR_LEAD_STRIDE: leading stride zero, >= 2^40, or not a multiple of a*s",
    [TL_ERR_UNSUPPORTED_VIEW] = "TL_ERR_UNSUPPORTED_VIEW: view not expressible as a tile-major counter nest",
    [TL_ERR_OVERFLOW] = "TL_ERR_OVERFLOW: result does not fit its width",
    [TL_ERR_NULL] = "TL_ERR_NULL: NULL argument",
    [TL_ERR_ROW_RANGE] = "TL_ERR_ROW_RANGE: tile-major row start outside [0, L)",
    [TL_ERR_UNSUPPORTED_FEATURE] = "TL_ERR_UNSUPPORTED_FEATURE: element strides, interleave or swizzle not modelled",
    [TL_ERR_STATE] = "TL_ERR_STATE: object not set up by its begin/reset function, or called out of order",
    [TL_ERR_LIMIT] = "TL_ERR_LIMIT: result beyond a documented resource bound",
    [TL_ERR_RANGE] = "TL_ERR_RANGE: argument outside its documented range",
  };
  if ((unsigned)st >= TL_STATUS_END || !names[st]) return "TL_ERR_?: unknown status";
  return names[st];
}

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

void tl_split_sum_input(const tl_desc *d, const tl_box *b, tl_split_sum_in *in) {
  in->rank = d->rank;
  for (uint32_t k = 0; k < TL_MAX_RANK; k++) {
    in->coord[k] = k < d->rank ? b->coord[k] : 0;
    in->stride[k] = k < d->rank ? tl_stride_of(d, k) : 0;
  }
  in->lead_stride = d->lead_stride;
  in->log2_b = d->log2_b;
  in->tile_major = d->tile_major;
}

tl_status tl_box_check(const tl_desc *d, const tl_box *b) {
  tl_counters c;
  return tl_counter_config(d, b, &c);
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

tl_status tl_box_check_rule(const tl_desc *d, const tl_box *b, tl_rule *rule) {
  tl_rule r = TL_RULE_NONE;
  tl_status st = tl_desc_check_rule(d, &r);
  if (st == TL_OK && !b) { st = TL_ERR_NULL; r = TL_RULE_NULL; }
  if (st == TL_OK) {
    st = tl_box_shape_check(d, b);
    r = st == TL_OK ? TL_RULE_NONE : st == TL_ERR_BOX ? TL_RULE_BOX
      : st == TL_ERR_ALIGN ? TL_RULE_SMEM_ALIGN : TL_RULE_SMEM_FOOTPRINT;
  }
  if (st == TL_OK) {
    st = tl_box_check(d, b);
    r = st == TL_OK ? TL_RULE_NONE : st == TL_ERR_UNSUPPORTED_VIEW ? TL_RULE_BOX_VIEW
      : st == TL_ERR_ROW_RANGE ? TL_RULE_ROW_RANGE : st == TL_ERR_OVERFLOW ? TL_RULE_TILE_BASE
      : TL_RULE_START_ALIGN;
  }
  if (rule) *rule = r;
  return st;
}

const char *tl_rule_str(tl_rule r) {
  static const char *const names[] = {
    [TL_RULE_NONE] = "rule 0: none broken",
    [TL_RULE_NULL] = "rule 1: NULL pointer",
    [TL_RULE_RANK] = "rule 2: rank outside 1..5",
    [TL_RULE_ELEM_SIZE] = "rule 3: element size not 1, 2, 4 or 8",
    [TL_RULE_DIM] = "rule 4: dimension size 0 or above 2^32",
    [TL_RULE_STRIDE] = "rule 5: stride zero, not a multiple of 16, or >= 2^40",
    [TL_RULE_FEATURE] = "rule 6: element strides, interleave or swizzle",
    [TL_RULE_BASE_ALIGN] = "rule 7: base not a multiple of 16",
    [TL_RULE_EXTENT] = "rule 8: tensor extends beyond 2^64",
    [TL_RULE_TILE_SHAPE] = "rule 9: tile_major not 0/1, or a*b*s is not the granule",
    [TL_RULE_BASE_GRANULE] = "rule 10: tile-major base not a multiple of the granule",
    [TL_RULE_LEAD_STRIDE] = "rule 11: leading stride zero, >= 2^40 or not a multiple of a*s",
    [TL_RULE_DESC_VIEW] = "rule 12: descriptor view not expressible tile-major",
    [TL_RULE_BOX] = "rule 13: box size outside 1..256 or box[0]*s not a multiple of 16",
    [TL_RULE_SMEM_ALIGN] = "rule 14: shared-memory address not a multiple of 16",
    [TL_RULE_SMEM_FOOTPRINT] = "rule 15: box beyond the 2^32-byte shared-memory space",
    [TL_RULE_BOX_VIEW] = "rule 16: box view not expressible as a counter nest",
    [TL_RULE_ROW_RANGE] = "rule 17: tile-major row start outside [0, L)",
    [TL_RULE_TILE_BASE] = "rule 18: tile base outside int64",
    [TL_RULE_START_ALIGN] = "rule 19: tile-major row or split-column start off a tile boundary",
  };
  if ((unsigned)r > TL_RULE_START_ALIGN) return "rule ?: unknown";
  return names[r];
}

const char *tl_version(void) { return TILELENS_VERSION_STRING; }
