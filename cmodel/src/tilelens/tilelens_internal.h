/*
 * tilelens_internal.h - private helpers of the TileLens C model.
 *
 * Exact arithmetic uses the compiler's 128-bit integers (GCC and Clang), so
 * every range check compares exact values and nothing wraps silently.
 */
#ifndef TILELENS_INTERNAL_H
#define TILELENS_INTERNAL_H

#include "tilelens.h"

#define TL_GEN_TAG 0x544c4747u /* "TLGG": a tl_gen set up by tl_gen_begin */

typedef __int128 tl_i128;
typedef unsigned __int128 tl_u128;

#define TL_INT64_MAX_W ((tl_i128)INT64_MAX)
#define TL_INT64_MIN_W ((tl_i128)INT64_MIN)

static inline int tl_is_pow2_u64(uint64_t x) { return x != 0 && (x & (x - 1)) == 0; }

static inline uint32_t tl_log2_u64(uint64_t x) {
  uint32_t n = 0;
  while (x > 1) { x >>= 1; n++; }
  return n;
}

/* Element size in bytes of dimension d's stride (dimension 0 = elem_bytes). */
static inline uint64_t tl_stride_of(const tl_desc *d, uint32_t dim) {
  return dim == 0 ? d->elem_bytes : d->stride[dim];
}

/* Classification of a view dimension d >= 1 in tile-major mode. */
typedef enum {
  TL_DIM_ROW = 0,     /* stride < L                                  */
  TL_DIM_COL,         /* stride = m*L, m a multiple of b             */
  TL_DIM_SPLIT,       /* stride = m*L, m a power of two below b      */
  TL_DIM_BAD          /* anything else: unsupported                  */
} tl_dim_class;

tl_dim_class tl_classify_dim(const tl_desc *d, uint32_t dim);

/* The generator split in two (tl_gen_next = current, then advance unless
 * done): the current step's outcome without moving (*out written for
 * TL_STEP_REQ only), and the move to the next step. g must be begun. */
tl_step tl_gen_current(const tl_gen *g, tl_req *out);
void tl_gen_advance(tl_gen *g);

/* Split-and-sum input of a (descriptor, box) pair. */
void tl_split_sum_input(const tl_desc *d, const tl_box *b, tl_split_sum_in *in);

#endif
