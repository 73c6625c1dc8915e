/*
 * tb_tilelens_base_sum.cpp - lockstep harness of the baseline tile-base
 * adder tilelens_base_sum against tl_split_sum_masked() in linear mode (the
 * plain sum of products, int64 overflow checked).
 *
 * Stimulus: the split-and-sum generator of tl_stim.h (directed paper cases
 * and int64 edges, then seeded random), every input forced to linear mode.
 */
#include "Vtilelens_base_sum.h"
#include "lockstep.h"
#include "tl_stim.h"

struct TbBaseSum {
  using Dut = Vtilelens_base_sum;
  static constexpr const char *kName = "tilelens_base_sum";
  static constexpr bool kClocked = false;
  static constexpr uint64_t kDefaultCycles = 10000000;
  struct Exp { uint64_t tile_base; uint8_t err; };

  std::vector<tlstim::SumIn> directed;
  tlstim::SumGen gen;
  int b_fig9, b_ok, b_ovf_pos, b_ovf_neg, b_max, b_min, b_neg, b_rank[8];

  explicit TbBaseSum(lockstep::Env &env) : directed(tlstim::sum_directed()), gen(env.rng) {
    auto &c = env.cov;
    b_fig9 = c.bin("paper Fig. 9 views (directed)");
    b_ok = c.bin("ok");
    b_neg = c.bin("ok, negative tile base");
    b_ovf_pos = c.bin("OVERFLOW above int64");
    b_ovf_neg = c.bin("OVERFLOW below int64");
    b_max = c.bin("tile base near INT64_MAX (ok)");
    b_min = c.bin("tile base = INT64_MIN (ok)");
    for (int r = 0; r < 8; r++) b_rank[r] = c.bin("rank_i = " + std::to_string(r), r >= 1 && r <= 5);
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rank_i", 3, d.rank_i);
    v.in("coord_i", 160, d.coord_i);
    v.in("stride_i", 200, d.stride_i);
    v.out("tile_base_o", 64, d.tile_base_o, e.tile_base);
    v.out("err_o", 4, d.err_o, e.err);
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    tlstim::SumIn s = env.cyc < directed.size() ? directed[env.cyc] : gen.next(env.rng);
    if (env.cyc < 9) env.cov.hit(b_fig9);
    s.in.tile_major = 0;
    d.rank_i = (uint8_t)s.in.rank;
    tlstim::put_coords(d.coord_i, s.in.coord);
    tlstim::put_fields(d.stride_i, s.in.stride, 5, 40);
    tl_split_sum_out o;
    tl_split_sum_masked(&s.in, 1, &o);
    e.tile_base = (uint64_t)o.tile_base;
    e.err = (uint8_t)o.err;
    auto &c = env.cov;
    c.hit(b_rank[s.in.rank & 7]);
    if (o.err == TL_OK) {
      c.hit(b_ok);
      if (o.tile_base < 0) c.hit(b_neg);
      if (o.tile_base > INT64_MAX - (1ll << 20)) c.hit(b_max);
      if (o.tile_base == INT64_MIN) c.hit(b_min);
    } else {
      __int128 sum = 0;
      for (uint32_t k = 0; k < 5 && k < s.in.rank; k++) sum += (__int128)s.in.coord[k] * s.in.stride[k];
      c.hit(sum < 0 ? b_ovf_neg : b_ovf_pos);
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbBaseSum>(argc, argv); }
