/*
 * fiber_internal.h - private helpers shared by the FIBER block models.
 *
 * Bit-field extraction of the 13-bit extension field, the 128-bit word
 * accessors, and the packing that lets the arbiter treat its eight per-port
 * rows as one 64-bit word (byte p = port p). Nothing here is part of the
 * public contract.
 */
#ifndef FIBER_INTERNAL_H
#define FIBER_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "fiber.h"

/* Inline a per-cycle helper into every caller (the arbiter's hot path). */
#if defined(__GNUC__)
#define FB_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define FB_ALWAYS_INLINE static inline
#endif

#define FB_MASK(w) ((w) >= 64 ? ~0ull : ((1ull << (w)) - 1ull))

/* Bytes 0..7 of a 64-bit word, one per port. */
#define FB_BYTE_LSBS 0x0101010101010101ull

/* Pack eight bytes (port p at bits 8p+7..8p). On a little-endian host this
 * is one 64-bit load; elsewhere the portable loop gives the same value. */
static inline uint64_t fb_pack8(const uint8_t b[8]) {
  uint64_t v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(&v, b, 8);
#else
  for (unsigned i = 0; i < 8; i++) v |= (uint64_t)b[i] << (8u * i);
#endif
  return v;
}

static inline void fb_unpack8(uint64_t v, uint8_t b[8]) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(b, &v, 8);
#else
  for (unsigned i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8u * i));
#endif
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

/* The word with bits [lsb+w-1 : lsb] replaced by v (1 <= w <= 64,
 * lsb + w <= 128). */
static inline fb_word fb_word_put(fb_word x, unsigned lsb, unsigned w, uint64_t v) {
  v &= FB_MASK(w);
  if (lsb < 64) {
    unsigned wl = w < 64 - lsb ? w : 64 - lsb; /* bits that land in lo */
    uint64_t ml = FB_MASK(wl) << lsb;
    x.lo = (x.lo & ~ml) | ((v << lsb) & ml);
    if (w > wl) {
      uint64_t mh = FB_MASK(w - wl);
      x.hi = (x.hi & ~mh) | ((v >> wl) & mh);
    }
  } else {
    uint64_t mh = FB_MASK(w) << (lsb - 64);
    x.hi = (x.hi & ~mh) | ((v << (lsb - 64)) & mh);
  }
  return x;
}

#endif /* FIBER_INTERNAL_H */
