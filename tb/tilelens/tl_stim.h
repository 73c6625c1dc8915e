/*
 * tl_stim.h - stimulus shared by the TileLens harnesses: supported random
 * cases (the generator of cmodel/test/tilelens/tl_test_ref.h), the paper's
 * check points, edge mutations, and packing into the Verilated ports.
 */
#ifndef TL_STIM_H
#define TL_STIM_H

#include <cassert>
#include <cstdint>
#include <cstring>
#include <vector>

#include "lockstep.h"
#include "tilelens.h"
#include "tl_test_ref.h"

namespace tlstim {

static const uint64_t kMask40 = (1ull << 40) - 1;

// One (descriptor, box) pair.
struct Case {
  tl_desc d;
  tl_box b;
};

// A supported random case from the C tests' generator (rows start inside
// the tensor in tile-major mode; columns and linear starts may lie outside).
inline Case random_supported(lockstep::Rng &rng, int tile_major) {
  Case c;
  ref_rng r = {rng.next()};
  ref_random_case(&r, tile_major, &c.d, &c.b);
  return c;
}

// Paper Figure 9: FP8 384 x 128 column-major matrix, box 128 x 64 at
// (256, 64), as the 2-D, 3-D and 4-D views; tile shape (la, lb).
inline Case fig9(uint32_t rank, int tile_major, uint32_t la, uint32_t lb) {
  Case c;
  std::memset(&c, 0, sizeof c);
  tl_desc &d = c.d;
  tl_box &b = c.b;
  d.base = 0x100000; d.elem_bytes = 1; d.tile_major = (uint32_t)tile_major;
  d.log2_a = la; d.log2_b = lb; d.log2_granule = 12; d.lead_stride = 384; d.rank = rank;
  b.smem_base = 0x400;
  if (rank == 2) {
    d.dim[0] = 384; d.dim[1] = 128; d.stride[1] = 384;
    b.coord[0] = 256; b.coord[1] = 64; b.box[0] = 128; b.box[1] = 64;
  } else if (rank == 3) {
    d.dim[0] = 128; d.dim[1] = 128; d.dim[2] = 3; d.stride[1] = 384; d.stride[2] = 128;
    b.coord[1] = 64; b.coord[2] = 2; b.box[0] = 128; b.box[1] = 64; b.box[2] = 1;
  } else {
    d.dim[0] = 128; d.dim[1] = 64; d.dim[2] = 3; d.dim[3] = 2;
    d.stride[1] = 384; d.stride[2] = 128; d.stride[3] = 64 * 384;
    b.coord[2] = 2; b.coord[3] = 1; b.box[0] = 128; b.box[1] = 64; b.box[2] = 1; b.box[3] = 1;
  }
  return c;
}

// The paper's case-2 example: FP8, 32 x 32 box, 128 x 32 memory tile.
inline Case case2_example() {
  Case c;
  std::memset(&c, 0, sizeof c);
  c.d.elem_bytes = 1; c.d.rank = 2; c.d.dim[0] = 256; c.d.dim[1] = 64;
  c.d.stride[1] = 256; c.d.lead_stride = 256; c.d.base = 0x200000;
  c.d.tile_major = 1; c.d.log2_a = 7; c.d.log2_b = 5; c.d.log2_granule = 12;
  c.b.coord[0] = 32; c.b.box[0] = 32; c.b.box[1] = 32;
  return c;
}

// Section 6.5: a 128 x 256 BF16 compute tile of a 4096 x 4096 matrix;
// tile-major with 64 x 32 memory tiles (16 pages) or linear (128 pages).
inline Case sec65(int tile_major) {
  Case c;
  std::memset(&c, 0, sizeof c);
  c.d.base = 1ull << 30; c.d.elem_bytes = 2; c.d.rank = 2;
  c.d.dim[0] = 4096; c.d.dim[1] = 4096; c.d.stride[1] = 8192; c.d.lead_stride = 8192;
  c.d.log2_granule = 12; c.d.tile_major = (uint32_t)tile_major; c.d.log2_a = 6; c.d.log2_b = 5;
  c.b.coord[0] = 512; c.b.coord[1] = 1024; c.b.box[0] = 256; c.b.box[1] = 128;
  return c;
}

// A rank-1 view: one column of 256 BF16 elements (a vector), a box of 64 at
// element 64 (tile-aligned, as rule 19 wants in tile-major mode). Random
// cases reach rank 1 only through a single column, a few boxes in a
// thousand, so a run capped at 2,000,000 cycles missed it (seed 423537821).
inline Case rank1_column(int tile_major) {
  Case c;
  std::memset(&c, 0, sizeof c);
  c.d.base = 0x300000; c.d.elem_bytes = 2; c.d.rank = 1; c.d.dim[0] = 256; c.d.lead_stride = 512;
  c.d.log2_granule = 12; c.d.tile_major = (uint32_t)tile_major; c.d.log2_a = 6; c.d.log2_b = 5;
  c.b.coord[0] = 64; c.b.box[0] = 64; c.b.smem_base = 0x800;
  return c;
}

// The paper's cases in the order the remapping harnesses run them (the
// address generator and the composed TMA unit; the TMA harness checks the
// streams of these positions against the paper): Fig. 9's three shapes x
// its 2-D, 3-D and 4-D views (3 * shape + rank - 2), the case-2 example,
// sec. 6.5 linear and tile-major, the rank-1 column linear and tile-major.
enum PaperCase : size_t {
  kFig9First = 0, kCase2 = 9, kSec65Linear = 10, kSec65TileMajor = 11,
  kRank1Linear = 12, kRank1TileMajor = 13, kPaperCases = 14
};
inline std::vector<Case> paper_cases() {
  std::vector<Case> v;
  static const uint32_t shapes[][3] = {{0, 7, 5}, {1, 7, 5}, {1, 6, 6}};
  for (auto &sh : shapes)
    for (uint32_t r = 2; r <= 4; r++) v.push_back(fig9(r, (int)sh[0], sh[1], sh[2]));
  v.push_back(case2_example());
  v.push_back(sec65(0));
  v.push_back(sec65(1));
  v.push_back(rank1_column(0));
  v.push_back(rank1_column(1));
  assert(v.size() == kPaperCases);
  return v;
}

// Every directed case must be a supported one: a case tl_request_check
// rejects would test the error path, not the stream it was written for.
inline void check_supported(lockstep::Env &env, const std::vector<Case> &cases) {
  for (size_t k = 0; k < cases.size(); k++)
    env.check(tl_request_check(&cases[k].d, &cases[k].b) == TL_OK,
              "directed case " + std::to_string(k) + " is rejected by tl_request_check");
}

// A random coordinate: small, near a power of two, or extreme.
inline int32_t any_coord(lockstep::Rng &rng) {
  switch (rng.below(6)) {
    case 0: return (int32_t)rng.range(-4, 300);
    case 1: return INT32_MIN + (int32_t)rng.below(3);
    case 2: return INT32_MAX - (int32_t)rng.below(3);
    case 3: { int32_t v = (int32_t)(1u << rng.below(31)); return rng.chance(1, 2) ? v : -v; }
    default: return (int32_t)rng.next();
  }
}

// A random stride below 2^40: any, a multiple of 16, a power of two, extreme.
inline uint64_t any_stride(lockstep::Rng &rng) {
  switch (rng.below(5)) {
    case 0: return rng.next() & kMask40;
    case 1: return (rng.next() & kMask40) & ~15ull;
    case 2: return 1ull << rng.below(40);
    case 3: return kMask40 - rng.below(32);
    default: return rng.below(1 << 16);
  }
}


// ---- Split-and-sum inputs.
struct SumIn {
  tl_split_sum_in in;
  uint32_t mask;      // row_mask_i
};

// With the descriptor's row mask known (mask = 0: compute it).
inline SumIn sum_input(const Case &c, uint32_t mask = 0) {
  SumIn s;
  std::memset(&s, 0, sizeof s);
  s.in.rank = c.d.rank;
  for (uint32_t k = 0; k < TL_MAX_RANK && k < c.d.rank; k++) {
    s.in.coord[k] = c.b.coord[k];
    s.in.stride[k] = k ? c.d.stride[k] : c.d.elem_bytes;
  }
  s.in.lead_stride = c.d.lead_stride;
  s.in.log2_b = c.d.log2_b;
  s.in.tile_major = c.d.tile_major;
  s.mask = mask;
  if (!s.mask) {
    tl_desc_info info;
    tl_desc_info_get(&c.d, &info);
    s.mask = info.row_mask;
  }
  if (!s.mask) {  // descriptor not valid: route by the comparison
    s.mask = 1;
    for (uint32_t k = 1; k < TL_MAX_RANK && k < c.d.rank; k++)
      if (c.d.stride[k] < c.d.lead_stride) s.mask |= 1u << k;
  }
  return s;
}

// Directed split-and-sum inputs: the paper's check points, the C tests'
// hand-computed cases, and the exact edges of the row and int64 ranges.
inline std::vector<SumIn> sum_directed() {
  std::vector<SumIn> v;
  static const uint32_t shapes[][3] = {{0, 7, 5}, {1, 7, 5}, {1, 6, 6}};
  for (auto &sh : shapes)
    for (uint32_t rank = 2; rank <= 4; rank++) v.push_back(sum_input(fig9(rank, (int)sh[0], sh[1], sh[2])));
  v.push_back(sum_input(case2_example()));
  v.push_back(sum_input(sec65(0)));
  v.push_back(sum_input(sec65(1)));
  SumIn s;
  std::memset(&s, 0, sizeof s);
  // routing: rows 0, 1, 4 (test_tilelens_blocks.c split_sum_routing)
  int32_t c5[5] = {16, 3, -2, 5, 1};
  uint64_t st5[5] = {4, 1024, 4096, 4096 * 8, 512};
  s.in.rank = 5; s.in.lead_stride = 4096; s.in.log2_b = 3; s.mask = 0x13;
  std::memcpy(s.in.coord, c5, sizeof c5);
  std::memcpy(s.in.stride, st5, sizeof st5);
  v.push_back(s); s.in.tile_major = 1; v.push_back(s);
  // row range: row = L - 1 passes, row = L and a negative row coordinate fail
  std::memset(&s, 0, sizeof s);
  s.in.rank = 2; s.in.tile_major = 1; s.in.lead_stride = 4096; s.in.log2_b = 5; s.mask = 1;
  s.in.stride[0] = 1; s.in.stride[1] = 4096;
  for (int32_t c0 : {4095, 4096, -1, 0}) { s.in.coord[0] = c0; v.push_back(s); }
  // a row product of 2^40 (high bits) with a tiny low part
  s.in.coord[0] = 1 << 30; s.in.stride[0] = 1 << 10; s.in.lead_stride = kMask40; v.push_back(s);
  // int64 edges, both modes: 2^63 - 1, 2^63, -2^63, -2^63 - 1
  for (uint32_t tm = 0; tm < 2; tm++) {
    std::memset(&s, 0, sizeof s);
    s.in.rank = 2; s.in.tile_major = tm; s.in.lead_stride = 1ull << 39; s.in.log2_b = 0; s.mask = 1;
    s.in.stride[0] = 1; s.in.stride[1] = 1ull << 39;
    s.in.coord[1] = 1 << 24; s.in.coord[0] = 0; v.push_back(s);             // 2^63: overflow
    s.in.coord[1] = (1 << 24) - 1; s.in.coord[0] = (1 << 30) - 1;            // below, row part
    s.in.stride[0] = 512; v.push_back(s);                                   // 2^63 - 512
    s.in.coord[1] = -(1 << 24); s.in.coord[0] = 0; s.in.stride[0] = 1; v.push_back(s);  // -2^63 fits
    if (!tm) { s.in.coord[0] = -1; v.push_back(s); }                        // -2^63 - 1
  }
  // tile-major: the shifted row pushes the base over 2^63
  std::memset(&s, 0, sizeof s);
  s.in.rank = 2; s.in.tile_major = 1; s.in.lead_stride = 1ull << 24; s.in.log2_b = 16; s.mask = 1;
  s.in.stride[0] = 1; s.in.stride[1] = 1ull << 39;
  s.in.coord[1] = (1 << 24) - 1;
  for (int32_t r : {(1 << 23) - 1, 1 << 23}) { s.in.coord[0] = r; v.push_back(s); }
  // the largest products: 5 x (-2^31) x (2^40 - 16), and 5 x (2^31-1) x (2^40-1)
  std::memset(&s, 0, sizeof s);
  s.in.rank = 5; s.in.lead_stride = 1ull << 39; s.mask = 1;
  for (int k = 0; k < 5; k++) { s.in.coord[k] = INT32_MIN; s.in.stride[k] = kMask40 - 15; }
  v.push_back(s);
  for (int k = 0; k < 5; k++) { s.in.coord[k] = INT32_MAX; s.in.stride[k] = kMask40; }
  v.push_back(s);
  return v;
}

// Random split-and-sum inputs from a pool of supported cases.
class SumGen {
 public:
  explicit SumGen(lockstep::Rng &rng) {
    for (int k = 0; k < 4096; k++) pool_.push_back(sum_input(random_supported(rng, k & 1)));
  }
  SumIn next(lockstep::Rng &rng) {
    SumIn s = pool_[rng.below(pool_.size())];
    switch (rng.below(8)) {
      case 0: case 1:  // supported as generated
        break;
      case 2: {        // one coordinate moved
        uint32_t k = (uint32_t)rng.below(TL_MAX_RANK);
        s.in.coord[k] = rng.chance(1, 2) ? s.in.coord[k] + (int32_t)rng.range(-3, 3) : any_coord(rng);
        break;
      }
      case 3: {        // row boundary: L = row or row + 1
        if (!s.in.tile_major) s.in.tile_major = 1;
        tl_split_sum_out o;
        s.in.lead_stride = kMask40;
        tl_split_sum_masked(&s.in, s.mask, &o);
        if (o.err == TL_OK || o.err == TL_ERR_OVERFLOW) {
          uint64_t L = o.row + rng.below(2);
          s.in.lead_stride = L ? L : 1;
        } else {
          s.in.lead_stride = 1 + rng.below(1ull << 20);
        }
        break;
      }
      case 4: {        // the log2_b and mode range
        s.in.log2_b = (uint32_t)rng.below(17);
        s.in.tile_major ^= 1;
        break;
      }
      default: {       // anything in the input domain
        s.in.rank = (uint32_t)rng.below(8);
        for (int k = 0; k < TL_MAX_RANK; k++) {
          s.in.coord[k] = any_coord(rng);
          s.in.stride[k] = any_stride(rng);
        }
        s.mask = (uint32_t)rng.bits(5);
        s.in.lead_stride = rng.chance(1, 4) ? s.in.stride[rng.below(5)] : any_stride(rng);
        s.in.log2_b = (uint32_t)rng.below(17);
        s.in.tile_major = (uint32_t)rng.bits(1);
        break;
      }
    }
    return s;
  }

  // Rules 17 and 18 broken together, at random: tile-major with a negative
  // row coordinate or a row sum >= L, and column products that push the
  // tile base past int64 (either sign).
  SumIn next_two_faults(lockstep::Rng &rng) {
    SumIn s = pool_[rng.below(pool_.size())];
    s.in.tile_major = 1;
    s.in.rank = 2 + (uint32_t)rng.below(4);
    s.mask = 1;
    for (uint32_t k = 1; k < s.in.rank; k++)
      if (rng.chance(1, 4)) s.mask |= 1u << k;                 // some row dims
    uint32_t col = 1 + (uint32_t)rng.below(s.in.rank - 1);
    s.mask &= ~(1u << col);                                      // at least one column dim
    for (uint32_t k = 1; k < s.in.rank; k++) {
      if (s.mask >> k & 1) continue;
      s.in.stride[k] = kMask40 - 15 - (rng.below(1 << 20) << 4);
      s.in.coord[k] = rng.chance(1, 2) ? INT32_MAX - (int32_t)rng.below(1 << 20) : INT32_MIN + (int32_t)rng.below(1 << 20);
    }
    if (rng.chance(1, 2)) {                                      // a negative row coordinate
      uint32_t k = rng.chance(1, 2) ? 0 : (uint32_t)rng.below(s.in.rank);
      if (k && !(s.mask >> k & 1)) k = 0;
      s.in.coord[k] = -(int32_t)(1 + rng.below(1 << 16));
    } else {                                                     // row sum at or past L
      s.in.coord[0] = (int32_t)rng.below(1 << 20);
      s.in.lead_stride = 1 + rng.below((uint64_t)s.in.coord[0] * s.in.stride[0] + 1);
    }
    s.in.log2_b = (uint32_t)rng.below(17);
    return s;
  }

 private:
  std::vector<SumIn> pool_;
};

// ---- Port packing helpers.
template <std::size_t N>
inline void put_coords(VlWide<N> &w, const int32_t *c) {
  for (int k = 0; k < TL_MAX_RANK; k++) lockstep::set_bits(w, 32 * k, 32, (uint32_t)c[k]);
}
template <std::size_t N>
inline void put_fields(VlWide<N> &w, const uint64_t *v, int n, int width) {
  for (int k = 0; k < n; k++) lockstep::set_bits(w, width * k, width, v[k]);
}
template <std::size_t N>
inline void put_fields32(VlWide<N> &w, const uint32_t *v, int n, int width) {
  for (int k = 0; k < n; k++) lockstep::set_bits(w, width * k, width, v[k]);
}

}  // namespace tlstim

#endif
