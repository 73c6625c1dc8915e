/*
 * tilelens_box_check.c - model of tilelens_box_check: the rules a standard
 * TMA checks of every box (SPEC A.1 rules 13-15): box sizes 1..256,
 * box[0]*s a multiple of 16, smem_base 16-byte aligned, the box inside the
 * 2^32-byte shared-memory space. The whole request's validation is
 * tl_request_check() (tilelens_request_check.c).
 */
#include "tilelens_internal.h"

/* Rules 13-15: what a standard TMA checks of every box. */
tl_status tl_box_shape_check(const tl_desc *d, const tl_box *b) {
  if (!d || !b) return TL_ERR_NULL;
  if (d->rank < 1 || d->rank > TL_MAX_RANK) return TL_ERR_RANK;
  uint32_t s = d->elem_bytes;
  if (s != 1 && s != 2 && s != 4 && s != 8) return TL_ERR_ELEM_SIZE;
  uint64_t prod = 1;
  for (uint32_t k = 0; k < d->rank && k < TL_MAX_RANK; k++) {
    if (b->box[k] < 1 || b->box[k] > TL_BOX_MAX) return TL_ERR_BOX;
    prod *= b->box[k];
  }
  if ((uint64_t)b->box[0] * s % TL_STRIDE_ALIGN != 0) return TL_ERR_BOX;
  if (b->smem_base % TL_STRIDE_ALIGN != 0) return TL_ERR_ALIGN;
  if ((uint64_t)b->smem_base + prod * s > (1ull << TL_SMEM_BITS)) return TL_ERR_OVERFLOW;
  return TL_OK;
}
