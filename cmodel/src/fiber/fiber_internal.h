/*
 * fiber_internal.h - private helpers shared by the FIBER block models.
 *
 * Bit-field extraction of the 13-bit extension field, the 128-bit word
 * accessors, and the SWAR helpers that let the arbiter treat its eight
 * per-port rows as one 64-bit word (byte p = port p). Nothing here is part
 * of the public contract.
 */
#ifndef FIBER_INTERNAL_H
#define FIBER_INTERNAL_H

#include <stdint.h>

#include "fiber.h"

#define FB_MASK(w) ((w) >= 64 ? ~0ull : ((1ull << (w)) - 1ull))

/* Bytes 0..7 of a 64-bit word, one per port. */
#define FB_BYTE_LSBS 0x0101010101010101ull

/* Pack eight bytes (port p at bits 8p+7..8p), independent of host byte order. */
static inline uint64_t fb_pack8(const uint8_t b[8]) {
  uint64_t v = 0;
  for (unsigned i = 0; i < 8; i++) v |= (uint64_t)b[i] << (8u * i);
  return v;
}

static inline void fb_unpack8(uint64_t v, uint8_t b[8]) {
  for (unsigned i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8u * i));
}

/* Bit p of the result is set when byte p of x is nonzero. */
static inline unsigned fb_bytes_nonzero(uint64_t x) {
  x |= x >> 4;
  x |= x >> 2;
  x |= x >> 1;
  x &= FB_BYTE_LSBS;
  return (unsigned)((x * 0x0102040810204080ull) >> 56);
}

/* Byte p of the result is 0xFF when bit p of m is set, else 0x00. */
static inline uint64_t fb_bits_to_bytes(unsigned m) {
  uint64_t x = m & 0xFFu;
  x = (x | x << 28) & 0x0000000F0000000Full;
  x = (x | x << 14) & 0x0003000300030003ull;
  x = (x | x << 7) & FB_BYTE_LSBS;
  return x * 0xFFu;
}

/* Fields of the extension field ext = word[99:87]. */
static inline unsigned fb_ext_hi(unsigned ext, unsigned k) {
  return (ext >> (FB_EXT_HI_OFF + FB_EXT_HI_W * k)) & 0x3u;
}
static inline unsigned fb_ext_en(unsigned ext) { return (ext >> FB_EXT_EN_OFF) & 1u; }
static inline unsigned fb_ext_lo(unsigned ext, unsigned k) {
  return (ext >> (FB_EXT_LO_OFF + k)) & 1u;
}

/* Bits [lsb+w-1 : lsb] of a 128-bit word, w <= 64. */
static inline uint64_t fb_word_get(fb_word x, unsigned lsb, unsigned w) {
  uint64_t v;
  if (lsb >= 64) {
    v = x.hi >> (lsb - 64);
  } else if (lsb + w <= 64) {
    v = x.lo >> lsb;
  } else {
    v = (x.lo >> lsb) | (x.hi << (64 - lsb));
  }
  return v & FB_MASK(w);
}

/* The word with bits [lsb+w-1 : lsb] replaced by v (w <= 64). */
static inline fb_word fb_word_put(fb_word x, unsigned lsb, unsigned w, uint64_t v) {
  for (unsigned i = 0; i < w; i++) {
    unsigned b = lsb + i;
    uint64_t bit = (v >> i) & 1u;
    if (b < 64) {
      x.lo = (x.lo & ~(1ull << b)) | (bit << b);
    } else {
      x.hi = (x.hi & ~(1ull << (b - 64))) | (bit << (b - 64));
    }
  }
  return x;
}

#endif /* FIBER_INTERNAL_H */
