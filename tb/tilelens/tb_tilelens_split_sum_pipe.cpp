/*
 * tb_tilelens_split_sum_pipe.cpp - lockstep harness of the pipelined
 * split-and-sum tilelens_split_sum_pipe against the cycle model
 * tl_split_sum_pipe_step(), every output every cycle. Built at the RTL's
 * default Stages = 5 (cosim-tilelens_split_sum_pipe, its replays) and, with
 * -GStages=N -DTB_STAGES=N, at every other supported value 0..4
 * (cosim-tilelens_split_sum_pipe-stages, tb/tilelens/tilelens.mk): each
 * value leaves out other cuts (Stages 1 keeps only the output flops, 2 adds
 * the products' cut, and so on), so a bug in a cut's enable or in the
 * valid pipeline can show at one value only.
 *
 * Stimulus: the split-and-sum inputs of tb_tilelens_split_sum (the directed
 * list of tl_stim.h, then seeded random with one case in sixteen breaking
 * rules 17 and 18 together), issued in runs: back to back (valid every
 * cycle), sparse, or idle, with rst_ni pulsed low now and then while
 * requests are in flight. A bubble's inputs are random too (the outputs must
 * stay zero). Cycle 0 is the power-on cycle: rst_ni low, valid_i low, the
 * outputs not compared (the flops hold whatever they powered up with, x
 * under Icarus); its clock edge gives the model's reset state, and every
 * output is compared from cycle 1 on, the directed list first. The
 * Verilator run and the Icarus and gate-level replays of its vectors start
 * the same way (no clock before the first vector).
 */
#include "Vtilelens_split_sum_pipe.h"
#include "lockstep.h"
#include "tl_stim.h"

#ifndef TB_STAGES
#define TB_STAGES 5   // the RTL's default Stages
#endif

struct TbSplitSumPipe {
  using Dut = Vtilelens_split_sum_pipe;
#define TB_STR2(x) #x
#define TB_STR(x) TB_STR2(x)
  // Stages 5 is the block itself; another value names its build
  static constexpr const char *kName =
      TB_STAGES == 5 ? "tilelens_split_sum_pipe" : "tilelens_split_sum_pipe.stages" TB_STR(TB_STAGES);
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = 10000000;
  static constexpr uint32_t kStages = TB_STAGES;   // the RTL's Stages of this build
  struct Exp { bool care; uint8_t valid; uint64_t tile_base; uint64_t row; uint8_t err; };

  std::vector<tlstim::SumIn> directed;
  tlstim::SumGen gen;
  tl_split_sum_pipe model;
  int style = 0, style_left = 0, run = 0;
  uint32_t modes = 0;   // bit k: tile_major of the inputs k + 1 cycles ago
  int b_b2b, b_bubble, b_reset_inflight, b_ok, b_rr, b_ovf, b_tm, b_lin, b_style[3];

  explicit TbSplitSumPipe(lockstep::Env &env) : directed(tlstim::sum_directed()), gen(env.rng) {
    auto &c = env.cov;
    b_b2b = c.bin("back to back: 8 valid requests in a row out in a row");
    // two requests in flight around a bubble need 3 stages; any request in
    // flight at a reset needs 1 (optional bins below that)
    b_bubble = c.bin("bubble between two requests in flight", kStages >= 3);
    b_reset_inflight = c.bin("reset with requests in flight", kStages >= 1);
    b_ok = c.bin("valid out, ok");
    b_rr = c.bin("valid out, ROW_RANGE");
    b_ovf = c.bin("valid out, OVERFLOW");
    b_tm = c.bin("valid out, tile-major ok");
    b_lin = c.bin("valid out, linear ok");
    static const char *sn[3] = {"back to back", "sparse", "idle"};
    for (int k = 0; k < 3; k++) b_style[k] = c.bin(std::string("issue style: ") + sn[k]);
    env.check(tl_split_sum_pipe_reset(&model, kStages) == TL_OK, "Stages out of the model's range");
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("valid_i", 1, d.valid_i);
    v.in("rank_i", 3, d.rank_i);
    v.in("coord_i", 160, d.coord_i);
    v.in("stride_i", 200, d.stride_i);
    v.in("row_mask_i", 5, d.row_mask_i);
    v.in("lead_stride_i", 40, d.lead_stride_i);
    v.in("log2_b_i", 5, d.log2_b_i);
    v.in("tile_major_i", 1, d.tile_major_i);
    v.out_if(e.care, "valid_o", 1, d.valid_o, e.valid);
    v.out_if(e.care, "tile_base_o", 64, d.tile_base_o, e.tile_base);
    v.out_if(e.care, "row_o", 40, d.row_o, e.row);
    v.out_if(e.care, "err_o", 4, d.err_o, e.err);
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &rng = env.rng;
    const bool pon = env.cyc == 0;   // the power-on cycle
    const bool dir = !pon && env.cyc <= directed.size();
    tlstim::SumIn s = dir                  ? directed[env.cyc - 1]
                      : rng.chance(1, 16)  ? gen.next_two_faults(rng)
                                           : gen.next(rng);
    bool valid;
    if (pon) {
      valid = false;
    } else if (dir) {
      valid = true;                                 // the directed list back to back
    } else {
      if (style_left-- <= 0) {
        style = (int)rng.below(3);
        style_left = (int)rng.range(4, 200);
        env.cov.hit(b_style[style]);
      }
      valid = style == 0 ? true : style == 1 ? rng.chance(1, 3) : false;
    }
    const bool rst_n = !pon && (dir || !rng.chance(1, 500));
    const tl_split_sum_in &in = s.in;
    d.rst_ni = rst_n;
    d.valid_i = valid;
    d.rank_i = (uint8_t)in.rank;
    tlstim::put_coords(d.coord_i, in.coord);
    tlstim::put_fields(d.stride_i, in.stride, 5, 40);
    d.row_mask_i = (uint8_t)(s.mask & 31);
    d.lead_stride_i = in.lead_stride;
    d.log2_b_i = (uint8_t)in.log2_b;
    d.tile_major_i = (uint8_t)in.tile_major;
    const uint32_t inflight = model.valid;
    const bool out_tm = kStages ? (modes >> (kStages ? kStages - 1 : 0)) & 1u : in.tile_major & 1u;
    modes = (modes << 1) | (in.tile_major & 1u);
    tl_split_sum_out o;
    int v;
    tl_split_sum_pipe_step(&model, &in, s.mask & 31, valid, rst_n, &o, &v);
    e.care = !pon;
    e.valid = (uint8_t)v;
    e.tile_base = (uint64_t)o.tile_base;
    e.row = o.row;
    e.err = (uint8_t)o.err;
    // coverage
    auto &c = env.cov;
    run = v ? run + 1 : 0;
    if (run >= 8) c.hit(b_b2b);
    if ((inflight & 5u) == 5u && !(inflight & 2u)) c.hit(b_bubble);
    if (!rst_n && inflight) c.hit(b_reset_inflight);
    if (v) {
      if (o.err == TL_OK) {
        c.hit(b_ok);
        c.hit(out_tm ? b_tm : b_lin);
      }
      if (o.err == TL_ERR_ROW_RANGE) c.hit(b_rr);
      if (o.err == TL_ERR_OVERFLOW) c.hit(b_ovf);
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbSplitSumPipe>(argc, argv); }
