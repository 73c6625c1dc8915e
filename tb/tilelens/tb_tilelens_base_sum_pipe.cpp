/*
 * tb_tilelens_base_sum_pipe.cpp - lockstep harness of the pipelined baseline
 * tile-base adder tilelens_base_sum_pipe (Stages = 5, its default) against
 * the cycle model tl_split_sum_pipe_step() in linear mode with row mask 1
 * (the plain sum of products, int64 overflow checked), every output every
 * cycle.
 *
 * Stimulus: the split-and-sum generator of tl_stim.h (directed paper cases
 * and int64 edges back to back, then seeded random) forced to linear mode,
 * issued back to back, sparse or idle, with rst_ni pulsed low now and then.
 * Cycle 0 is the power-on cycle: rst_ni low, valid_i low, the outputs not
 * compared (the flops hold whatever they powered up with, x under Icarus);
 * its clock edge gives the model's reset state, and every output is
 * compared from cycle 1 on, the directed list first. The Verilator run and
 * the Icarus and gate-level replays of its vectors start the same way.
 */
#include "Vtilelens_base_sum_pipe.h"
#include "lockstep.h"
#include "tl_stim.h"

struct TbBaseSumPipe {
  using Dut = Vtilelens_base_sum_pipe;
  static constexpr const char *kName = "tilelens_base_sum_pipe";
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = 10000000;
  static constexpr uint32_t kStages = 5;   // the RTL's default Stages
  struct Exp { bool care; uint8_t valid; uint64_t tile_base; uint8_t err; };

  std::vector<tlstim::SumIn> directed;
  tlstim::SumGen gen;
  tl_split_sum_pipe model;
  int style = 0, style_left = 0, run = 0;
  int b_b2b, b_reset_inflight, b_ok, b_neg, b_ovf, b_style[3];

  explicit TbBaseSumPipe(lockstep::Env &env) : directed(tlstim::sum_directed()), gen(env.rng) {
    auto &c = env.cov;
    b_b2b = c.bin("back to back: 8 valid requests in a row out in a row");
    b_reset_inflight = c.bin("reset with requests in flight");
    b_ok = c.bin("valid out, ok, tile base >= 0");
    b_neg = c.bin("valid out, ok, negative tile base");
    b_ovf = c.bin("valid out, OVERFLOW");
    static const char *sn[3] = {"back to back", "sparse", "idle"};
    for (int k = 0; k < 3; k++) b_style[k] = c.bin(std::string("issue style: ") + sn[k]);
    tl_split_sum_pipe_reset(&model, kStages);
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("valid_i", 1, d.valid_i);
    v.in("rank_i", 3, d.rank_i);
    v.in("coord_i", 160, d.coord_i);
    v.in("stride_i", 200, d.stride_i);
    v.out_if(e.care, "valid_o", 1, d.valid_o, e.valid);
    v.out_if(e.care, "tile_base_o", 64, d.tile_base_o, e.tile_base);
    v.out_if(e.care, "err_o", 4, d.err_o, e.err);
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &rng = env.rng;
    const bool pon = env.cyc == 0;   // the power-on cycle
    const bool dir = !pon && env.cyc <= directed.size();
    tlstim::SumIn s = dir ? directed[env.cyc - 1] : gen.next(rng);
    s.in.tile_major = 0;
    bool valid;
    if (pon) {
      valid = false;
    } else if (dir) {
      valid = true;
    } else {
      if (style_left-- <= 0) {
        style = (int)rng.below(3);
        style_left = (int)rng.range(4, 200);
        env.cov.hit(b_style[style]);
      }
      valid = style == 0 ? true : style == 1 ? rng.chance(1, 3) : false;
    }
    const bool rst_n = !pon && (dir || !rng.chance(1, 500));
    d.rst_ni = rst_n;
    d.valid_i = valid;
    d.rank_i = (uint8_t)s.in.rank;
    tlstim::put_coords(d.coord_i, s.in.coord);
    tlstim::put_fields(d.stride_i, s.in.stride, 5, 40);
    const uint32_t inflight = model.valid;
    tl_split_sum_out o;
    int v;
    tl_split_sum_pipe_step(&model, &s.in, 1, valid, rst_n, &o, &v);
    e.care = !pon;
    e.valid = (uint8_t)v;
    e.tile_base = (uint64_t)o.tile_base;
    e.err = (uint8_t)o.err;
    auto &c = env.cov;
    run = v ? run + 1 : 0;
    if (run >= 8) c.hit(b_b2b);
    if (!rst_n && inflight) c.hit(b_reset_inflight);
    if (v) {
      if (o.err == TL_OK) c.hit(o.tile_base < 0 ? b_neg : b_ok);
      else c.hit(b_ovf);
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbBaseSumPipe>(argc, argv); }
