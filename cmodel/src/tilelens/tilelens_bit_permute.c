/*
 * tilelens_bit_permute.c - model of tilelens_bit_permute (paper Fig. 12(c)).
 *
 * Case 2 computes addresses as if the memory tile were u x b; the real tile
 * is a x b, so inside the granule the fields (sub | col | row) of the
 * assumed layout become (col | sub | row). A pure bit permutation.
 * The fields live inside one granule: widths summing to more than
 * TL_LOG2_GRANULE_MAX (the RTL's MaxLog2Granule window) describe no case-2
 * tile and leave x unchanged, exactly as the hardware does.
 */
#include "tilelens_internal.h"

uint64_t tl_bit_permute(uint64_t x, uint32_t row_bits, uint32_t col_bits,
                        uint32_t sub_bits) {
  uint32_t total = row_bits + col_bits + sub_bits;
  if (total == 0 || total > TL_LOG2_GRANULE_MAX) return x;
  uint64_t row = x & ((1ull << row_bits) - 1);
  uint64_t col = (x >> row_bits) & ((1ull << col_bits) - 1);
  uint64_t sub = (x >> (row_bits + col_bits)) & ((1ull << sub_bits) - 1);
  uint64_t high = x >> total << total;
  return high | (col << (row_bits + sub_bits)) | (sub << row_bits) | row;
}

tl_status tl_bit_permute_checked(uint64_t x, uint32_t row_bits, uint32_t col_bits,
                                 uint32_t sub_bits, uint64_t *out) {
  if (!out) return TL_ERR_NULL;
  *out = x;
  if (row_bits > TL_LOG2_GRANULE_MAX || col_bits > TL_LOG2_GRANULE_MAX ||
      sub_bits > TL_LOG2_GRANULE_MAX || row_bits + col_bits + sub_bits > TL_LOG2_GRANULE_MAX)
    return TL_ERR_RANGE;
  *out = tl_bit_permute(x, row_bits, col_bits, sub_bits);
  return TL_OK;
}
