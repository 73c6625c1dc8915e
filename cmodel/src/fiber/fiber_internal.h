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

/* Unroll the next loop (a fixed count of 4: SPs or sources), so that the
 * index is a constant in each copy. */
#if defined(__clang__)
#define FB_UNROLL _Pragma("unroll")
#elif defined(__GNUC__) && __GNUC__ >= 8
#define FB_UNROLL _Pragma("GCC unroll 4")
#else
#define FB_UNROLL
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

/* Four 16-bit values as one word (value k at bits 16k+15..16k). */
static inline uint64_t fb_pack_u16x4(const uint16_t v[4]) {
  uint64_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(&x, v, 8);
#else
  for (unsigned i = 0; i < 4; i++) x |= (uint64_t)v[i] << (16u * i);
#endif
  return x;
}

static inline void fb_unpack_u16x4(uint64_t x, uint16_t v[4]) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(v, &x, 8);
#else
  for (unsigned i = 0; i < 4; i++) v[i] = (uint16_t)(x >> (16u * i));
#endif
}

/* Four bytes as one word (byte k at bits 8k+7..8k) and back. */
static inline uint32_t fb_pack_u8x4(const uint8_t b[4]) {
  uint32_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(&x, b, 4);
#else
  for (unsigned i = 0; i < 4; i++) x |= (uint32_t)b[i] << (8u * i);
#endif
  return x;
}

static inline void fb_unpack_u8x4(uint32_t x, uint8_t b[4]) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(b, &x, 4);
#else
  for (unsigned i = 0; i < 4; i++) b[i] = (uint8_t)(x >> (8u * i));
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


/* ======================================================================= */
/* Per-cycle cores shared by the block models and the composed issue stage. */
/* Each public block function validates its arguments and calls its core;  */
/* fb_issue_step calls the cores directly (its state was validated at      */
/* reset), so the composition and the blocks are one implementation.      */
/* ======================================================================= */

#if defined(__GNUC__)
#define FB_HIDDEN __attribute__((visibility("hidden")))
#else
#define FB_HIDDEN
#endif

#define FB_BM_WORDS (FB_NVREG / 64)

/* Index of the lowest set bit of a nonzero word. */
static inline unsigned fb_ctz64(uint64_t v) {
#if defined(__GNUC__)
  return (unsigned)__builtin_ctzll(v);
#else
  unsigned i = 0;
  while (!((v >> i) & 1u)) i++;
  return i;
#endif
}

/* ---- selector (fiber_operand_sel) ---- */

/* The four sources side by side: 16-bit lane k of a 64-bit word holds a
 * field of source k. */
#define FB_LANE16_LSBS 0x0001000100010001ull

/* Four bytes (byte k at bits 8k+7..8k) to the low bytes of the lanes, and
 * lanes below 256 back to four bytes. */
static inline uint64_t fb_u8x4_lanes(uint32_t b) {
  uint64_t x = b;
  x = (x | x << 16) & 0x0000FFFF0000FFFFull;
  return (x | x << 8) & 0x00FF00FF00FF00FFull;
}

static inline uint32_t fb_lanes_u8x4(uint64_t x) {
  x = (x | x >> 8) & 0x0000FFFF0000FFFFull;
  return (uint32_t)(x | x >> 16);
}

/* The selector's function (fb_sel_eval): every field of *out written.
 * Returns port_row packed (byte p = port p).
 *
 * The address of source k is {hi2, lo1, orig8}, so its port is
 * 2*hi2 + orig8[0] and its row {lo1, orig8[7:1]}; the four addresses, ports
 * and rows are formed at once in 16-bit lanes. A multiply spreads packed
 * fields to the lanes (the high bits, the low bits, the valid bits): field
 * k of width w at bit w*k times 2^((16-w)*k) lands at bit 16k, and every
 * other product term lands outside the lane bits kept and apart from the
 * others (no carry).
 *
 * The first-claim rule without a claim register: the valid sources write
 * their rows into the port-row word from the highest-numbered to the
 * lowest, so each enabled port ends with the row of its lowest-numbered
 * valid source; a valid source is deferred when the row left on its port
 * differs from its own (the same row twice is one read). */
FB_ALWAYS_INLINE uint64_t fb_sel_core(unsigned mode, unsigned sp, unsigned valid, const uint8_t orig[FB_NSRC],
                                      unsigned ext, unsigned dst_orig, fb_sel_out *out) {
  mode &= 1u;
  sp &= 0x3u;
  valid &= 0xFu;
  ext &= 0x1FFFu;
  unsigned fen = mode & fb_ext_en(ext);
  /* the four sources' high bits (2 bits each) and extra low bits */
  unsigned his = fen ? (ext >> FB_EXT_HI_OFF) & 0xFFu : sp * 0x55u;
  unsigned los = mode ? (ext >> FB_EXT_LO_OFF) & 0xFu : 0u;
  /* remote: a 2-bit field of his that differs from sp, folded to bit k */
  unsigned x = his ^ (sp * 0x55u);
  x = (x | (x >> 1)) & 0x55u;
  x = (x | (x >> 1)) & 0x33u;
  x = (x | (x >> 2)) & 0x0Fu;
  /* lane k: orig8[k], hi2[k], lo1[k]; then address, port and row */
  const uint64_t o = fb_u8x4_lanes(fb_pack_u8x4(orig));
  const uint64_t hi = ((uint64_t)his * 0x0000040010004001ull) & 0x0003000300030003ull;
  const uint64_t lo = ((uint64_t)los * 0x0000200040008001ull) & FB_LANE16_LSBS;
  const uint64_t port = (hi << 1) | (o & FB_LANE16_LSBS);
  const uint64_t row = (lo << 7) | ((o >> 1) & 0x007F007F007F007Full);
  fb_unpack_u16x4((hi << 9) | (lo << 8) | o, out->src_reg);
  fb_unpack_u8x4(fb_lanes_u8x4(port), out->src_port);
  /* byte p of own[k]: the row of valid source k if on port p, mask[k] its
   * byte; the rows written in reverse source order. Lane k of shift: 8 *
   * port, of vbyte: 0xFF when source k is valid. */
  const uint64_t shift = port << 3;
  const uint64_t vbyte = (((uint64_t)valid * 0x0000200040008001ull) & FB_LANE16_LSBS) * 0xFFu;
  uint64_t own[FB_NSRC], mask[FB_NSRC], rows = 0, used = 0;
  FB_UNROLL
  for (unsigned k = FB_NSRC; k-- > 0;) {
    unsigned sh = (unsigned)(shift >> (16u * k)) & 0x38u;
    mask[k] = ((vbyte >> (16u * k)) & 0xFFu) << sh;
    own[k] = ((row >> (16u * k)) & 0xFFu) << sh;
    rows ^= (rows ^ own[k]) & mask[k];
    used |= mask[k];
  }
  unsigned defer = 0;
  FB_UNROLL
  for (unsigned k = 0; k < FB_NSRC; k++) defer |= (unsigned)(((rows ^ own[k]) & mask[k]) != 0) << k;
  fb_unpack8(rows, out->port_row);
  /* the enabled ports: bit 0 of each used byte gathered to bit p (bit 8p
   * times 2^(56-7p) lands at bit 56+p) */
  out->port_en = (uint8_t)(((used & FB_BYTE_LSBS) * 0x0102040810204080ull) >> 56);
  out->remote = (uint8_t)(valid & x);
  out->defer = (uint8_t)defer;
  out->conflict = (uint8_t)(defer != 0);
  out->illegal = (uint8_t)((mode ^ 1u) & fb_ext_en(ext));
  out->dst_reg = (uint16_t)((sp << 9) | (dst_orig & 0xFFu));
  return rows;
}

/* ---- read-port arbiter (fiber_port_arb) ---- */

/* Byte p of fb_arb_port_bytes[m] is 0xFF when bit p of m is set (defined in
 * fiber_port_arb.c; internal, not exported). */
extern FB_HIDDEN const uint64_t fb_arb_port_bytes[256];

/* The grant scan over the four requests in scan order (position i = SP
 * (q + i) mod 4): valid bits vI, port vectors pI, packed row words wI (byte
 * p = port p); returns the grant in SP numbering. See fiber_port_arb.c for
 * why this equals the occupancy-register scan. */
FB_ALWAYS_INLINE unsigned fb_arb_chain(unsigned q, unsigned v0, unsigned v1, unsigned v2, unsigned v3,
                                       unsigned p0, unsigned p1, unsigned p2, unsigned p3,
                                       uint64_t w0, uint64_t w1, uint64_t w2, uint64_t w3) {
  uint64_t m0 = fb_arb_port_bytes[p0 & 0xFFu], m1 = fb_arb_port_bytes[p1 & 0xFFu];
  uint64_t m2 = fb_arb_port_bytes[p2 & 0xFFu], m3 = fb_arb_port_bytes[p3 & 0xFFu];
  unsigned c01 = ((w0 ^ w1) & m0 & m1) != 0, c02 = ((w0 ^ w2) & m0 & m2) != 0;
  unsigned c03 = ((w0 ^ w3) & m0 & m3) != 0, c12 = ((w1 ^ w2) & m1 & m2) != 0;
  unsigned c13 = ((w1 ^ w3) & m1 & m3) != 0, c23 = ((w2 ^ w3) & m2 & m3) != 0;
  unsigned g0 = v0 & 1u;
  unsigned g1 = v1 & 1u & ~(c01 & g0);
  unsigned g2 = v2 & 1u & ~((c02 & g0) | (c12 & g1));
  unsigned g3 = v3 & 1u & ~((c03 & g0) | (c13 & g1) | (c23 & g2));
  unsigned gpos = g0 | (g1 << 1) | (g2 << 2) | (g3 << 3);
  return ((gpos << q) | (gpos >> (FB_NSP - q))) & 0xFu;
}

/* The same from per-SP arrays (SP numbering). */
FB_ALWAYS_INLINE unsigned fb_arb_grant_w(unsigned q, const unsigned v[FB_NSP], const unsigned ports[FB_NSP],
                                         const uint64_t w[FB_NSP]) {
  unsigned i0 = q, i1 = (q + 1u) & 3u, i2 = (q + 2u) & 3u, i3 = (q + 3u) & 3u;
  return fb_arb_chain(q, v[i0], v[i1], v[i2], v[i3], ports[i0], ports[i1], ports[i2], ports[i3], w[i0], w[i1],
                      w[i2], w[i3]);
}

/* Every arbiter output from the scan start, the grant and the requests'
 * valid bits (bit s = SP s), ports and rows: the granted SPs are visited last-scanned first, so that the first granter
 * of a port writes its row and SP index last. */
FB_ALWAYS_INLINE void fb_arb_out_m(unsigned q, unsigned grant, unsigned valid, const unsigned ports[FB_NSP],
                                   const uint64_t w[FB_NSP], fb_arb_out *out) {
  unsigned occ = 0, shared = 0;
  uint64_t orow = 0, owner = 0;
  for (unsigned i = FB_NSP; i-- > 0;) {
    unsigned s = (q + i) & (FB_NSP - 1u);
    if (!((grant >> s) & 1u)) continue;
    unsigned m = ports[s] & 0xFFu;
    uint64_t nb = fb_arb_port_bytes[m];
    shared |= occ & m;
    occ |= m;
    orow = (orow & ~nb) | (w[s] & nb);
    owner = (owner & ~nb) | (nb & (FB_BYTE_LSBS * s));
  }
  out->grant = (uint8_t)grant;
  out->stall = (uint8_t)(valid & ~grant);
  out->start = (uint8_t)q;
  out->occ = (uint8_t)occ;
  out->shared = (uint8_t)shared;
  fb_unpack8(owner, out->owner);
  fb_unpack8(orow, out->row);
}

/* The same with the requests' valid bits as an array (bit 0 of v[s]). */
FB_ALWAYS_INLINE void fb_arb_out_w(unsigned q, unsigned grant, const unsigned v[FB_NSP],
                                   const unsigned ports[FB_NSP], const uint64_t w[FB_NSP], fb_arb_out *out) {
  unsigned valid = 0;
  for (unsigned s = 0; s < FB_NSP; s++) valid |= (v[s] & 1u) << s;
  fb_arb_out_m(q, grant, valid, ports, w, out);
}

/* ---- busy bitmap (fiber_busy_bitmap) ---- */

/* A bitmap set up by fb_bm_reset (a never-reset one would index past its
 * arrays). */
static inline int fb_bm_ok(const fb_bm *bm) {
  return bm && bm->nreg >= 1 && bm->nreg <= FB_NVREG && bm->nrep >= 1 && bm->nrep <= FB_BM_MAX_NREP &&
         bm->part_regs >= 1 && bm->part_regs <= 512 && (bm->part_regs & (bm->part_regs - 1u)) == 0 &&
         (bm->part_regs == 512 || bm->nreg == FB_NVREG);
}

/* The offset bits of a register that does not exist: r & mask != 0 (0 at
 * part_regs 512). */
static inline unsigned fb_bm_pmask(const fb_bm *bm) { return 511u & ~(unsigned)(bm->part_regs - 1u); }
/* 1 when register id r (any width) does not exist in the bitmap. */
static inline unsigned fb_bm_missing(unsigned r, unsigned nreg, unsigned pmask) {
  return (r >= nreg) | ((r & pmask) != 0);
}

static inline unsigned fb_bm_bit(const uint64_t *g, unsigned r) { return (unsigned)(g[r >> 6] >> (r & 63)) & 1u; }

/* Eligibility (fb_bm_check) on a valid bitmap, every field of *out written.
 * Register ids are 11 bits, so every bit read lies inside the arrays; a bit
 * at or above nreg counts only through the range error. */
FB_ALWAYS_INLINE void fb_bm_check_core(const fb_bm *bm, unsigned sp, unsigned dst_valid, unsigned dst,
                                       unsigned src_valid, const uint16_t src[FB_NSRC], fb_bm_elig *out) {
  sp &= 0x3u;
  unsigned nrep = bm->nrep, nreg = bm->nreg, pmask = fb_bm_pmask(bm);
  const uint64_t(*rep)[FB_BM_WORDS] = bm->bits[sp < nrep ? sp : sp % nrep];
  unsigned d = dst & 0x7FFu;   /* the bit read; a missing id (>= 2^11 too) is a range error */
  unsigned dv = dst_valid & 1u;
  unsigned drange = dv & (fb_bm_missing(dst, nreg, pmask) | (fb_reg_sp(d) != sp));
  unsigned dst_busy = dv & (drange ^ 1u) & fb_bm_bit(rep[FB_BM_FULL], d);
  unsigned range = drange, src_busy = 0;
  FB_UNROLL
  for (unsigned k = 0; k < FB_NSRC; k++) {
    unsigned r = src[k] & 0x7FFu;
    unsigned vk = (src_valid >> k) & 1u;
    unsigned in = fb_bm_missing(src[k], nreg, pmask) ^ 1u;
    range |= vk & (in ^ 1u);
    src_busy |= (vk & in & fb_bm_bit(rep[FB_BM_EMPTY], r)) << k;
  }
  out->dst_busy = (uint8_t)dst_busy;
  out->src_busy = (uint8_t)src_busy;
  out->range_err = (uint8_t)range;
  out->eligible = (uint8_t)(!dst_busy && !src_busy && !range);
}

/* One update of the cycle on replica 0 (g = bm->bits[0]): bit i (< nreg) of
 * group grp := val. The word is marked in *dirty (bit 32*grp + i/64) for
 * the broadcast to the other replicas. */
FB_ALWAYS_INLINE void fb_bm_wr(uint64_t (*g)[FB_BM_WORDS], uint64_t *dirty, unsigned grp, unsigned i,
                               unsigned val) {
  uint64_t m = 1ull << (i & 63u);
  uint64_t *w = &g[grp][i >> 6];
  *w = (*w & ~m) | (m & (0ull - (uint64_t)val));
  *dirty |= 1ull << ((grp << 5) | (i >> 6));
}

/* The ALL-scope set of every existing EMPTY bit (step 4). */
FB_ALWAYS_INLINE void fb_bm_all_set(fb_bm *bm, uint64_t *dirty) {
  if (bm->part_regs < 512u) {   /* nreg 2048: the first part_regs bits of each partition */
    unsigned p = bm->part_regs, per = p >= 64u ? p / 64u : 1u;
    uint64_t m = p >= 64u ? ~0ull : (1ull << p) - 1u;
    uint64_t *e = bm->bits[0][FB_BM_EMPTY];
    for (unsigned s = 0; s < FB_NSP; s++)
      for (unsigned i = 0; i < per; i++) {
        e[s * 8u + i] = m;
        *dirty |= 1ull << (FB_BM_EMPTY * 32u + s * 8u + i);
      }
    return;
  }
  unsigned nreg = bm->nreg, words = (nreg + 63u) / 64u;
  uint64_t last = (nreg % 64u) ? (1ull << (nreg % 64u)) - 1u : ~0ull;
  uint64_t *e = bm->bits[0][FB_BM_EMPTY];
  for (unsigned i = 0; i + 1 < words; i++) e[i] = ~0ull;
  e[words - 1] = last;
  *dirty |= FB_MASK(words) << (FB_BM_EMPTY * 32u);
}

/* The broadcast: every word the cycle wrote in replica 0 is written to the
 * other replicas (the words it did not write are equal already: every
 * write of every cycle reaches every replica). */
FB_ALWAYS_INLINE void fb_bm_broadcast(fb_bm *bm, uint64_t dirty) {
  unsigned nrep = bm->nrep;
  if (nrep < 2) return;
  const uint64_t *src = &bm->bits[0][0][0];
  uint64_t *r1 = &bm->bits[1][0][0], *r2 = &bm->bits[2][0][0], *r3 = &bm->bits[3][0][0];
  if (nrep == FB_BM_MAX_NREP) {
    while (dirty) {
      unsigned i = fb_ctz64(dirty);
      dirty &= dirty - 1u;
      uint64_t v = src[i];
      r1[i] = v;
      r2[i] = v;
      r3[i] = v;
    }
    return;
  }
  while (dirty) {
    unsigned i = fb_ctz64(dirty);
    dirty &= dirty - 1u;
    uint64_t v = src[i];
    r1[i] = v;
    if (nrep > 2) r2[i] = v;
  }
}

/* ---- object validity (the checkpoint's restore and the step's checks) ---- */

#define FB_WC_MAGIC    0x46425743u /* "FBWC": fb_wc set up by fb_wc_reset    */
#define FB_ISSUE_MAGIC 0x46424953u /* "FBIS": fb_issue set up by its reset   */

/* 1 if *st is an fb_issue its reset set up and nobody corrupted: the magic,
 * the parameters equal to the blocks', rem within the instruction in flight. */
FB_HIDDEN int fb_issue_valid(const fb_issue *st);

#endif /* FIBER_INTERNAL_H */
