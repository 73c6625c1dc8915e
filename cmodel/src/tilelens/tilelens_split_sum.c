/*
 * tilelens_split_sum.c - model of tilelens_split_sum (paper Fig. 11(b), Eq. 4).
 *
 * Each coordinate x stride product is routed to the row sum (stride < L, and
 * always dimension 0) or to the column sum. Linear mode adds the two (the
 * plain TMA tile base); tile-major mode shifts the row sum left by log2(b).
 * The sums are exact; a tile base outside int64 is TL_ERR_OVERFLOW. In
 * tile-major mode the row sum of a supported start lies in [0, L) (the view
 * keeps its row dimensions inside one column), which bounds the row path of
 * the hardware to StrideWidth bits; anything else is TL_ERR_ROW_RANGE.
 */
#include "tilelens_internal.h"

void tl_split_sum(const tl_split_sum_in *in, tl_split_sum_out *out) {
  tl_i128 row = 0, col = 0;
  uint32_t mask = 0;
  for (uint32_t k = 0; k < TL_MAX_RANK && k < in->rank; k++) {
    tl_i128 p = (tl_i128)in->coord[k] * (tl_i128)in->stride[k];
    if (k == 0 || in->stride[k] < in->lead_stride) {
      row += p;
      mask |= 1u << k;
    } else {
      col += p;
    }
  }
  out->row_mask = mask;
  out->tile_base = 0;
  tl_i128 tb;
  if (in->tile_major) {
    if (row < 0 || row >= (tl_i128)in->lead_stride) {
      out->err = TL_ERR_ROW_RANGE;
      return;
    }
    tb = col + (row << in->log2_b);
  } else {
    tb = col + row;
  }
  if (tb > TL_INT64_MAX_W || tb < TL_INT64_MIN_W) {
    out->err = TL_ERR_OVERFLOW;
    return;
  }
  out->tile_base = (int64_t)tb;
  out->err = TL_OK;
}
