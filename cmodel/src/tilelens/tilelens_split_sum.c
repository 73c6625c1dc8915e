/*
 * tilelens_split_sum.c - model of tilelens_split_sum (paper Fig. 11(b), Eq. 4).
 *
 * Each coordinate x stride product is routed to the row sum (stride < L, and
 * always dimension 0) or to the column sum. Linear mode adds the two (the
 * plain TMA tile base); tile-major mode shifts the row sum left by log2(b).
 * The sums are exact; a tile base outside int64 is TL_ERR_OVERFLOW.
 *
 * Tile-major mode takes only starts whose row coordinates are all
 * non-negative and whose row sum is below L (TL_ERR_ROW_RANGE otherwise).
 * Then every row product lies in [0, 2^40), the row sum in [0, L), and the
 * hardware's row path is StrideWidth bits: it checks each row coordinate's
 * sign and the product bits above StrideWidth, sums the low StrideWidth bits
 * of the row products, and compares that sum with L. A supported view keeps
 * its row dimensions inside one column, so a box starting inside the tensor
 * always passes.
 */
#include "tilelens_internal.h"

#include <string.h>

tl_status tl_split_sum_masked(const tl_split_sum_in *in, uint32_t row_mask, tl_split_sum_out *out) {
  if (!out) return TL_ERR_NULL;
  if (!in) {
    memset(out, 0, sizeof *out);
    return out->err = TL_ERR_NULL;
  }
  tl_i128 row = 0, col = 0;
  uint32_t mask = 0;
  int neg_row = 0;
  for (uint32_t k = 0; k < TL_MAX_RANK && k < in->rank; k++) {
    tl_i128 p = (tl_i128)in->coord[k] * (tl_i128)in->stride[k];
    if (k == 0 || (row_mask >> k & 1u)) {
      row += p;
      mask |= 1u << k;
      if (in->coord[k] < 0) neg_row = 1;
    } else {
      col += p;
    }
  }
  out->row_mask = mask;
  out->row = (uint64_t)row & ((1ull << TL_STRIDE_BITS) - 1);
  out->tile_base = 0;
  tl_i128 tb;
  if (in->tile_major) {
    if (neg_row || row >= (tl_i128)in->lead_stride) {
      return out->err = TL_ERR_ROW_RANGE;
    }
    tb = col + (row << in->log2_b);
  } else {
    tb = col + row;
  }
  if (tb > TL_INT64_MAX_W || tb < TL_INT64_MIN_W) {
    return out->err = TL_ERR_OVERFLOW;
  }
  out->tile_base = (int64_t)tb;
  return out->err = TL_OK;
}

/* The strict form: every input inside its port (rank 1..5, strides and L
 * below 2^40, lb <= 16, tile_major 0/1), else a named error. */
tl_status tl_split_sum(const tl_split_sum_in *in, tl_split_sum_out *out) {
  if (!out) return TL_ERR_NULL;
  memset(out, 0, sizeof *out);
  if (!in) return out->err = TL_ERR_NULL;
  if (in->rank < 1 || in->rank > TL_MAX_RANK) return out->err = TL_ERR_RANK;
  for (uint32_t k = 0; k < in->rank; k++)
    if (in->stride[k] >= (1ull << TL_STRIDE_BITS)) return out->err = TL_ERR_STRIDE;
  if (in->lead_stride >= (1ull << TL_STRIDE_BITS)) return out->err = TL_ERR_LEAD_STRIDE;
  if (in->log2_b > TL_LOG2_GRANULE_MAX) return out->err = TL_ERR_TILE_SHAPE;
  if (in->tile_major > 1) return out->err = TL_ERR_RANGE;
  uint32_t mask = 1;
  for (uint32_t k = 1; k < TL_MAX_RANK && k < in->rank; k++)
    if (in->stride[k] < in->lead_stride) mask |= 1u << k;
  return tl_split_sum_masked(in, mask, out);
}

/* The split-and-sum inputs of a (descriptor, box) pair (internal: the
 * request check and the address generator feed the block with it). */
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

/* ---- the pipelined unit (tilelens_split_sum_pipe) ----------------------- */

tl_status tl_split_sum_pipe_reset(tl_split_sum_pipe *p, uint32_t stages) {
  if (!p) return TL_ERR_NULL;
  memset(p, 0, sizeof *p);
  if (stages > TL_SPLIT_SUM_STAGES_MAX) return TL_ERR_RANGE;
  p->stages = stages;
  return TL_OK;
}

tl_status tl_split_sum_pipe_step(tl_split_sum_pipe *p, const tl_split_sum_in *in,
                                 uint32_t row_mask, int valid_in, int rst_n,
                                 tl_split_sum_out *out, int *valid_out) {
  if (!out) return TL_ERR_NULL;
  if (!p || !valid_out || p->stages > TL_SPLIT_SUM_STAGES_MAX) {
    memset(out, 0, sizeof *out);
    return out->err = TL_ERR_NULL;
  }
  tl_split_sum_out now;
  memset(&now, 0, sizeof now);      /* a bubble: zeros, TL_OK */
  if (valid_in) tl_split_sum_masked(in, row_mask, &now);
  uint32_t n = p->stages;
  if (n == 0) {                     /* combinational: outputs follow the inputs */
    *out = now;
    *valid_out = valid_in != 0;
    return out->err;
  }
  /* this cycle's outputs: the oldest slot */
  *out = p->slot[n - 1];
  *valid_out = (int)(p->valid >> (n - 1) & 1u);
  /* the rising edge (the RTL's inner data flops hold any value meanwhile;
   * only the output flops see the valid bit, and they load zeros without it) */
  for (uint32_t k = n - 1; k > 0; k--) p->slot[k] = p->slot[k - 1];
  p->slot[0] = now;
  if (!rst_n) memset(p->slot, 0, sizeof p->slot);
  p->valid = rst_n ? ((p->valid << 1) | (valid_in != 0)) & ((1u << n) - 1u) : 0u;
  return out->err;
}
