/*
 * tb_tilelens_split_sum.cpp - lockstep harness of tilelens_split_sum against
 * tl_split_sum_masked().
 *
 * Stimulus: the directed list of tl_stim.h (Figure 9's three views in linear
 * and both tile-major shapes, section 6.5, the case-2 example, the C tests'
 * routing case, the exact edges of the row range and of int64), then seeded
 * random: supported cases, moved coordinates, row sums on the L boundary,
 * every lb and mode, and any value of every input; one case in sixteen
 * breaks rules 17 and 18 together (error priority: the pair is a required
 * coverage bin, fault_cross.h).
 */
#include "Vtilelens_split_sum.h"
#include "fault_cross.h"
#include "lockstep.h"
#include "tl_stim.h"

struct TbSplitSum {
  using Dut = Vtilelens_split_sum;
  static constexpr const char *kName = "tilelens_split_sum";
  static constexpr bool kClocked = false;
  static constexpr uint64_t kDefaultCycles = 10000000;
  struct Exp { uint64_t tile_base; uint64_t row; uint8_t err; };

  std::vector<tlstim::SumIn> directed;
  tlstim::SumGen gen;
  enum { F_ROW_RANGE, F_OVF };  // rules 17, 18 in priority order
  lockstep::FaultCross cross;
  int b_fig9, b_lin_ok, b_tm_ok, b_rr_neg, b_rr_sum, b_rr_hi, b_row_edge, b_ovf_pos, b_ovf_neg,
      b_max, b_min, b_lb0, b_lb16, b_rank[8];

  explicit TbSplitSum(lockstep::Env &env) : directed(tlstim::sum_directed()), gen(env.rng) {
    auto &c = env.cov;
    b_fig9 = c.bin("paper Fig. 9 views (directed)");
    b_lin_ok = c.bin("linear, ok");
    b_tm_ok = c.bin("tile-major, ok");
    b_rr_neg = c.bin("ROW_RANGE: negative row coordinate");
    b_rr_sum = c.bin("ROW_RANGE: row sum >= L (products < 2^40)");
    b_rr_hi = c.bin("ROW_RANGE: a row product >= 2^40");
    b_row_edge = c.bin("tile-major ok with row = L - 1");
    b_ovf_pos = c.bin("OVERFLOW above int64");
    b_ovf_neg = c.bin("OVERFLOW below int64");
    b_max = c.bin("tile base near INT64_MAX (ok)");
    b_min = c.bin("tile base = INT64_MIN (ok)");
    b_lb0 = c.bin("lb = 0");
    b_lb16 = c.bin("lb = 16");
    for (int r = 0; r < 8; r++) b_rank[r] = c.bin("rank_i = " + std::to_string(r), r >= 1 && r <= 5);
    cross.declare(c, "two faults", {"ROW_RANGE", "OVERFLOW"});
  }

  // Which of rules 17, 18 the input breaks, each on its own: the row test in
  // tile-major mode, and the tile base (row shifted by lb in tile-major
  // mode) outside int64 whatever the row test says.
  static uint32_t faults(const tl_split_sum_in &in, uint32_t mask) {
    __int128 row = 0, col = 0;
    bool neg = false;
    for (uint32_t k = 0; k < 5 && k < in.rank; k++) {
      __int128 p = (__int128)in.coord[k] * (__int128)in.stride[k];
      if (k == 0 || (mask >> k & 1)) { row += p; neg |= in.coord[k] < 0; }
      else col += p;
    }
    __int128 tb = col + (in.tile_major ? row * ((__int128)1 << in.log2_b) : row);
    uint32_t m = 0;
    if (in.tile_major && (neg || row >= (__int128)in.lead_stride)) m |= 1u << F_ROW_RANGE;
    if (tb > (__int128)INT64_MAX || tb < (__int128)INT64_MIN) m |= 1u << F_OVF;
    return m;
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rank_i", 3, d.rank_i);
    v.in("coord_i", 160, d.coord_i);
    v.in("stride_i", 200, d.stride_i);
    v.in("row_mask_i", 5, d.row_mask_i);
    v.in("lead_stride_i", 40, d.lead_stride_i);
    v.in("log2_b_i", 5, d.log2_b_i);
    v.in("tile_major_i", 1, d.tile_major_i);
    v.out("tile_base_o", 64, d.tile_base_o, e.tile_base);
    v.out("row_o", 40, d.row_o, e.row);
    v.out("err_o", 4, d.err_o, e.err);
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    tlstim::SumIn s = env.cyc < directed.size()  ? directed[env.cyc]
                      : env.rng.chance(1, 16)    ? gen.next_two_faults(env.rng)
                                                 : gen.next(env.rng);
    if (env.cyc < 9) env.cov.hit(b_fig9);
    const tl_split_sum_in &in = s.in;
    d.rank_i = (uint8_t)in.rank;
    tlstim::put_coords(d.coord_i, in.coord);
    tlstim::put_fields(d.stride_i, in.stride, 5, 40);
    d.row_mask_i = (uint8_t)(s.mask & 31);
    d.lead_stride_i = in.lead_stride;
    d.log2_b_i = (uint8_t)in.log2_b;
    d.tile_major_i = (uint8_t)in.tile_major;
    tl_split_sum_out o;
    tl_split_sum_masked(&in, s.mask & 31, &o);
    e.tile_base = (uint64_t)o.tile_base;
    e.row = o.row;
    e.err = (uint8_t)o.err;
    // coverage
    auto &c = env.cov;
    if (o.err == TL_ERR_ROW_RANGE) cross.hit(env, faults(in, s.mask & 31));  // two faults: the first is 17
    c.hit(b_rank[in.rank & 7]);
    if (in.log2_b == 0) c.hit(b_lb0);
    if (in.log2_b == 16) c.hit(b_lb16);
    if (o.err == TL_OK) {
      c.hit(in.tile_major ? b_tm_ok : b_lin_ok);
      if (in.tile_major && o.row + 1 == in.lead_stride) c.hit(b_row_edge);
      if (o.tile_base > INT64_MAX - (1ll << 20)) c.hit(b_max);
      if (o.tile_base == INT64_MIN) c.hit(b_min);
    } else if (o.err == TL_ERR_ROW_RANGE) {
      bool neg = false, hi = false;
      for (uint32_t k = 0; k < 5 && k < in.rank; k++) {
        if (k && !(s.mask >> k & 1)) continue;
        __int128 p = (__int128)in.coord[k] * in.stride[k];
        if (in.coord[k] < 0) neg = true;
        else if (p >> 40) hi = true;
      }
      c.hit(neg ? b_rr_neg : hi ? b_rr_hi : b_rr_sum);
    } else if (o.err == TL_ERR_OVERFLOW) {
      __int128 sum = 0;
      for (uint32_t k = 0; k < 5 && k < in.rank; k++) sum += (__int128)in.coord[k] * in.stride[k];
      c.hit(sum < 0 ? b_ovf_neg : b_ovf_pos);
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbSplitSum>(argc, argv); }
