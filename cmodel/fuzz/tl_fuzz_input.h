/*
 * tl_fuzz_input.h - the byte format of a TileLens fuzz input: every field of
 * a descriptor and a box, raw and little-endian, so that any descriptor the
 * contract can express (valid or not) is one input. Shorter inputs are read
 * as if zero-padded; bytes beyond TLF_SIZE are ignored.
 *
 * Field widths are as narrow as the checks allow while still reaching every
 * rule: dims take 5 bytes (the limit is 2^32), strides and L 6 bytes (the
 * limit is 2^40), so that a mutation of a valid input stays valid more often.
 *
 *   off size  field
 *     0   1   rank
 *     1   1   elem_bytes
 *     2   1   tile_major
 *     3   1   log2_a
 *     4   1   log2_b
 *     5   1   log2_granule
 *     6   1   elem_stride[0..3], 2 bits each
 *     7   1   bits 0-1 elem_stride[4], bit 2 interleave, bit 3 swizzle
 *     8   8   base
 *    16   6   lead_stride
 *    22  25   dim[0..4], 5 bytes each
 *    47  30   stride[0..4], 6 bytes each (stride[0] is ignored by the model)
 *    77  20   coord[0..4] (int32)
 *    97  10   box[0..4] (uint16: 0 and > 256 are representable)
 *   107   4   smem_base
 *   111       end
 */
#ifndef TL_FUZZ_INPUT_H
#define TL_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tilelens.h"

#define TLF_SIZE 111

static inline uint64_t tlf_get(const uint8_t *p, unsigned n) {
  uint64_t v = 0;
  for (unsigned k = 0; k < n; k++) v |= (uint64_t)p[k] << (8 * k);
  return v;
}

static inline void tlf_put(uint8_t *p, unsigned n, uint64_t v) {
  for (unsigned k = 0; k < n; k++) p[k] = (uint8_t)(v >> (8 * k));
}

static inline void tlf_decode(const uint8_t *data, size_t size, tl_desc *d, tl_box *b) {
  uint8_t in[TLF_SIZE];
  memset(in, 0, sizeof in);
  memcpy(in, data, size < TLF_SIZE ? size : TLF_SIZE);
  memset(d, 0, sizeof *d);
  memset(b, 0, sizeof *b);
  d->rank = in[0];
  d->elem_bytes = in[1];
  d->tile_major = in[2];
  d->log2_a = in[3];
  d->log2_b = in[4];
  d->log2_granule = in[5];
  for (unsigned k = 0; k < 4; k++) d->elem_stride[k] = (in[6] >> (2 * k)) & 3u;
  d->elem_stride[4] = in[7] & 3u;
  d->interleave = (in[7] >> 2) & 1u;
  d->swizzle = (in[7] >> 3) & 1u;
  d->base = tlf_get(in + 8, 8);
  d->lead_stride = tlf_get(in + 16, 6);
  for (unsigned k = 0; k < TL_MAX_RANK; k++) {
    d->dim[k] = tlf_get(in + 22 + 5 * k, 5);
    d->stride[k] = tlf_get(in + 47 + 6 * k, 6);
    b->coord[k] = (int32_t)(uint32_t)tlf_get(in + 77 + 4 * k, 4);
    b->box[k] = (uint32_t)tlf_get(in + 97 + 2 * k, 2);
  }
  b->smem_base = (uint32_t)tlf_get(in + 107, 4);
}

/* The inverse for descriptors whose fields fit the format (the generator of
 * the seed corpus uses it and checks the round trip). */
static inline void tlf_encode(const tl_desc *d, const tl_box *b, uint8_t out[TLF_SIZE]) {
  memset(out, 0, TLF_SIZE);
  out[0] = (uint8_t)d->rank;
  out[1] = (uint8_t)d->elem_bytes;
  out[2] = (uint8_t)d->tile_major;
  out[3] = (uint8_t)d->log2_a;
  out[4] = (uint8_t)d->log2_b;
  out[5] = (uint8_t)d->log2_granule;
  for (unsigned k = 0; k < 4; k++) out[6] |= (uint8_t)((d->elem_stride[k] & 3u) << (2 * k));
  out[7] = (uint8_t)((d->elem_stride[4] & 3u) | (d->interleave ? 4u : 0u) | (d->swizzle ? 8u : 0u));
  tlf_put(out + 8, 8, d->base);
  tlf_put(out + 16, 6, d->lead_stride);
  for (unsigned k = 0; k < TL_MAX_RANK; k++) {
    tlf_put(out + 22 + 5 * k, 5, d->dim[k]);
    tlf_put(out + 47 + 6 * k, 6, d->stride[k]);
    tlf_put(out + 77 + 4 * k, 4, (uint32_t)b->coord[k]);
    tlf_put(out + 97 + 2 * k, 2, b->box[k]);
  }
  tlf_put(out + 107, 4, b->smem_base);
}

#endif
