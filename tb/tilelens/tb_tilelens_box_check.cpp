/*
 * tb_tilelens_box_check.cpp - lockstep harness of tilelens_box_check (rules
 * 13-15) against tl_box_shape_check().
 *
 * Domain: a valid rank (1..5) and element size (1, 2, 4, 8). Stimulus: the
 * C error tests' cases, then seeded random boxes: legal sizes, 0, 257..511,
 * box[0]*s off the 16-byte grid, any shared-memory base, and footprints
 * placed exactly at and just past the 2^32 limit; one case in eight breaks
 * two or three of the rules at once (error priority: one coverage bin per
 * pair of rules broken together, fault_cross.h).
 */
#include "Vtilelens_box_check.h"
#include "fault_cross.h"
#include "lockstep.h"
#include "tl_stim.h"

struct TbBoxCheck {
  using Dut = Vtilelens_box_check;
  static constexpr const char *kName = "tilelens_box_check";
  static constexpr bool kClocked = false;
  static constexpr uint64_t kDefaultCycles = 10000000;
  struct Exp { uint8_t err; };

  enum { F_BOX, F_ALIGN, F_OVF };  // rules 13, 14, 15 in priority order
  lockstep::FaultCross cross;
  int b_ok, b_box0, b_box257, b_row16, b_align, b_ovf, b_edge_ok, b_edge_ovf, b_rank[6], b_elem[4];

  explicit TbBoxCheck(lockstep::Env &env) {
    auto &c = env.cov;
    b_ok = c.bin("ok");
    b_box0 = c.bin("BOX: a size 0");
    b_box257 = c.bin("BOX: a size above 256");
    b_row16 = c.bin("BOX: box[0]*s not a multiple of 16");
    b_align = c.bin("ALIGN: smem_base not 16 B aligned");
    b_ovf = c.bin("OVERFLOW: footprint past 2^32");
    b_edge_ok = c.bin("footprint ends exactly at 2^32 (ok)");
    b_edge_ovf = c.bin("footprint ends 16 B past 2^32");
    for (int r = 1; r <= 5; r++) b_rank[r] = c.bin("rank " + std::to_string(r));
    for (int s = 0; s < 4; s++) b_elem[s] = c.bin("element size " + std::to_string(1 << s));
    cross.declare(c, "two faults", {"BOX", "ALIGN", "OVERFLOW"});
  }

  // Which rules (d, b) breaks, each on its own (no priority). The footprint
  // is the product of the box sizes below the rank as given (a size of 0
  // makes it 0), as the RTL computes it.
  static uint32_t faults(const tl_desc &d, const tl_box &b) {
    uint32_t m = 0;
    uint64_t prod = d.elem_bytes;
    for (uint32_t k = 0; k < d.rank; k++) {
      if (b.box[k] == 0 || b.box[k] > 256) m |= 1u << F_BOX;
      prod *= b.box[k];
    }
    if ((uint64_t)b.box[0] * d.elem_bytes % 16) m |= 1u << F_BOX;
    if (b.smem_base % 16) m |= 1u << F_ALIGN;
    if (b.smem_base + prod > (1ull << 32)) m |= 1u << F_OVF;
    return m;
  }

  // Two or three rules broken together: a size above 256 or box[0]*s off
  // the grid, a misaligned base, a footprint past 2^32.
  static void several(lockstep::Rng &rng, const tl_desc &d, tl_box &b) {
    uint32_t want = 0;
    while (__builtin_popcount(want) < 2) want = (uint32_t)rng.bits(3);
    if (want & (1u << F_BOX)) {
      if (rng.chance(1, 2) || d.elem_bytes >= 16) b.box[rng.below(d.rank)] = 257 + (uint32_t)rng.below(255);
      else b.box[0] = (16 / d.elem_bytes) * (uint32_t)rng.range(1, 256 * d.elem_bytes / 16 - 1) + 1;
    }
    uint64_t bytes = d.elem_bytes;
    for (uint32_t k = 0; k < d.rank; k++) bytes *= b.box[k];
    if (want & (1u << F_OVF)) {
      uint64_t past = 16 * (1 + rng.below(rng.chance(1, 2) ? 2 : 1 << 20));
      b.smem_base = bytes + past > (1ull << 32) ? (uint32_t)rng.next() | 0xfff00000u
                                                 : (uint32_t)((1ull << 32) - bytes + past);
    } else {
      b.smem_base = (uint32_t)rng.below(1u << 20);
    }
    b.smem_base &= ~15u;
    if (want & (1u << F_ALIGN)) b.smem_base |= 1 + (uint32_t)rng.below(15);
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rank_i", 3, d.rank_i);
    v.in("elem_bytes_i", 4, d.elem_bytes_i);
    v.in("box_i", 45, d.box_i);
    v.in("smem_base_i", 32, d.smem_base_i);
    v.out("err_o", 4, d.err_o, e.err);
  }

  void step(lockstep::Env &env, Dut &dut, Exp &e) {
    auto &rng = env.rng;
    tl_desc d;
    tl_box b;
    std::memset(&d, 0, sizeof d);
    std::memset(&b, 0, sizeof b);
    d.rank = 1 + (uint32_t)rng.below(5);
    d.elem_bytes = 1u << rng.below(4);
    uint32_t unit = d.elem_bytes >= 16 ? 1 : 16 / d.elem_bytes;
    for (int k = 0; k < 5; k++) {
      switch (rng.below(k < (int)d.rank ? 10 : 2)) {
        case 0: b.box[k] = 0; break;
        case 1: b.box[k] = 257 + (uint32_t)rng.below(255); break;
        case 2: b.box[k] = (uint32_t)rng.range(1, 256); break;
        case 3: b.box[k] = 256; break;
        default: b.box[k] = 1u << rng.below(9); break;
      }
    }
    if (rng.chance(3, 4)) b.box[0] = unit * (uint32_t)rng.range(1, 256 / unit);
    if (rng.chance(7, 8)) for (uint32_t k = 0; k < d.rank; k++) if (b.box[k] == 0 || b.box[k] > 256) b.box[k] = 1;
    uint64_t bytes = d.elem_bytes;
    for (uint32_t k = 0; k < d.rank; k++) bytes *= b.box[k];
    switch (rng.below(4) + (rng.chance(1, 8) ? 4 : 0)) {
      case 0: b.smem_base = (uint32_t)rng.next(); break;
      case 1: {  // exactly at the limit, or 16 bytes past it
        uint64_t s = (1ull << 32) - (bytes & ~15ull) + (rng.chance(1, 2) ? 16 : 0);
        b.smem_base = (uint32_t)s;
        break;
      }
      case 2: case 3: b.smem_base = (uint32_t)(rng.next() & ~15ull) >> rng.below(32); b.smem_base &= ~15u; break;
      default: several(rng, d, b); break;
    }
    dut.rank_i = (uint8_t)d.rank;
    dut.elem_bytes_i = (uint8_t)d.elem_bytes;
    uint64_t bx = 0;
    for (int k = 0; k < 5; k++) bx |= (uint64_t)(b.box[k] & 511) << (9 * k);
    dut.box_i = bx;
    dut.smem_base_i = b.smem_base;
    tl_status st = tl_box_shape_check(&d, &b);
    e.err = (uint8_t)st;
    auto &c = env.cov;
    if (st != TL_OK) cross.hit(env, faults(d, b));  // two faults give an error
    c.hit(b_rank[d.rank]);
    c.hit(b_elem[__builtin_ctz(d.elem_bytes)]);
    switch (st) {
      case TL_OK:
        c.hit(b_ok);
        if (b.smem_base + bytes == (1ull << 32)) c.hit(b_edge_ok);
        break;
      case TL_ERR_BOX: {
        bool zero = false, big = false;
        for (uint32_t k = 0; k < d.rank; k++) { zero |= b.box[k] == 0; big |= b.box[k] > 256; }
        c.hit(zero ? b_box0 : big ? b_box257 : b_row16);
        break;
      }
      case TL_ERR_ALIGN: c.hit(b_align); break;
      case TL_ERR_OVERFLOW:
        c.hit(b_ovf);
        if (b.smem_base + bytes == (1ull << 32) + 16) c.hit(b_edge_ovf);
        break;
      default: break;
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbBoxCheck>(argc, argv); }
