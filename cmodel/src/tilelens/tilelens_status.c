/*
 * tilelens_status.c - the names of the statuses and rules (tl_status_str,
 * tl_rule_str) and the library version (tl_version). No block's model.
 */
#include "tilelens_internal.h"

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
    [TL_ERR_MSHR_PARAM] = "TL_ERR_MSHR_PARAM: MSHR entries or page width outside the supported range",
    [TL_ERR_MSHR_DUP_FILL] = "TL_ERR_MSHR_DUP_FILL: fill for an MSHR page already filled",
    [TL_ERR_MSHR_UNTRACKED_FILL] = "TL_ERR_MSHR_UNTRACKED_FILL: fill for a page no MSHR entry has requested",
    [TL_ERR_PF_CONFIG] = "TL_ERR_PF_CONFIG: prefetcher configuration out of range (a zero count, tile size or stride)",
    [TL_ERR_PF_ITER] = "TL_ERR_PF_ITER: demand access at or past the tensor's last K iteration",
    [TL_ERR_PF_RETIRE] = "TL_ERR_PF_RETIRE: CTA retired while none remained",
  };
  if ((unsigned)st >= TL_STATUS_END || !names[st]) return "TL_ERR_?: unknown status";
  return names[st];
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
