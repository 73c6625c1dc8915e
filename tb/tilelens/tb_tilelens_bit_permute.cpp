/*
 * tb_tilelens_bit_permute.cpp - lockstep harness of tilelens_bit_permute
 * against tl_bit_permute().
 *
 * Stimulus, in this order:
 *   1. the paper's example (FP8, 32x32 box, 128x32 tile: sub2|col5|row5);
 *   2. every split of every granule size lg = 4..16 with random offsets;
 *   3. odd cycles: exhaustive, every field split of a 4 KB granule
 *      (row + col + sub = 12, 91 splits) times every one of the 4096
 *      offsets, random high bits, until done (cycle ~750,000);
 *      even cycles and afterwards: seeded random, mostly legal splits, some
 *      widths summing beyond the 16-bit window (the pass-through rule), any
 *      5-bit width. The interleave puts every kind of input in the first
 *      100,000 cycles, which the replays use.
 */
#include "Vtilelens_bit_permute.h"
#include "lockstep.h"
#include "tilelens.h"

struct TbBitPermute {
  using Dut = Vtilelens_bit_permute;
  static constexpr const char *kName = "tilelens_bit_permute";
  static constexpr bool kClocked = false;
  static constexpr uint64_t kDefaultCycles = 10000000;
  struct Exp { uint64_t y; };

  // Splits (row, col, sub) of every lg = 4..16 (phase 2) and of lg = 12.
  struct Split { uint8_t r, c, s; };
  std::vector<Split> all_splits, splits12;
  static constexpr uint64_t kExh = 91ull * 4096;
  uint64_t sweep_end;
  int b_paper, b_exh12, b_bypass, b_ident_col, b_ident_sub, b_zero, b_lg[17];

  explicit TbBitPermute(lockstep::Env &env) {
    for (unsigned lg = 4; lg <= 16; lg++)
      for (unsigned r = 0; r <= lg; r++)
        for (unsigned c = 0; r + c <= lg; c++) {
          all_splits.push_back({(uint8_t)r, (uint8_t)c, (uint8_t)(lg - r - c)});
          if (lg == 12) splits12.push_back(all_splits.back());
        }
    sweep_end = 1 + all_splits.size();
    auto &cv = env.cov;
    b_paper = cv.bin("paper example sub2|col5|row5");
    b_exh12 = cv.bin("lg=12 exhaustive: 91 splits x 4096 offsets");
    b_bypass = cv.bin("widths beyond the window (pass-through)");
    b_ident_col = cv.bin("col = 0 (identity)");
    b_ident_sub = cv.bin("sub = 0 (identity)");
    b_zero = cv.bin("all widths 0");
    for (int lg = 0; lg <= 16; lg++)
      b_lg[lg] = lg >= 4 || lg == 0 ? cv.bin("field total lg=" + std::to_string(lg)) : -1;
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("x_i", 64, d.x_i);
    v.in("row_bits_i", 5, d.row_bits_i);
    v.in("col_bits_i", 5, d.col_bits_i);
    v.in("sub_bits_i", 5, d.sub_bits_i);
    v.out("y_o", 64, d.y_o, e.y);
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    uint64_t c = env.cyc, x;
    unsigned r, co, s;
    auto &rng = env.rng;
    if (c == 0) {                     // paper example
      x = (0x2ull << 10) | (0x19ull << 5) | 0x07;
      r = 5; co = 5; s = 2;
      env.cov.hit(b_paper);
    } else if (c < sweep_end) {       // every split of every granule size
      const Split &sp = all_splits[c - 1];
      r = sp.r; co = sp.c; s = sp.s;
      x = rng.next();
    } else if ((c - sweep_end) % 2 == 1 && (c - sweep_end) / 2 < kExh) {
      uint64_t k = (c - sweep_end) / 2, off = k % 4096;
      const Split &sp = splits12[k / 4096];
      r = sp.r; co = sp.c; s = sp.s;
      x = (rng.next() << 12) | off;
      if (k == kExh - 1) env.cov.hit(b_exh12);
    } else {                          // random
      x = rng.next();
      if (rng.chance(7, 8)) {
        unsigned lg = (unsigned)rng.range(0, 16);
        r = (unsigned)rng.range(0, lg);
        co = (unsigned)rng.range(0, lg - r);
        s = lg - r - co;
      } else {
        r = (unsigned)rng.bits(5); co = (unsigned)rng.bits(5); s = (unsigned)rng.bits(5);
      }
    }
    d.x_i = x;
    d.row_bits_i = (uint8_t)r;
    d.col_bits_i = (uint8_t)co;
    d.sub_bits_i = (uint8_t)s;
    e.y = tl_bit_permute(x, r, co, s);
    unsigned tot = r + co + s;
    if (tot > 16) env.cov.hit(b_bypass);
    else {
      if (b_lg[tot] >= 0) env.cov.hit(b_lg[tot]);
      if (tot == 0) env.cov.hit(b_zero);
      else if (co == 0) env.cov.hit(b_ident_col);
      else if (s == 0) env.cov.hit(b_ident_sub);
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbBitPermute>(argc, argv); }
