/*
 * tb_tilelens_addr_gen.cpp - lockstep harness of tilelens_addr_gen against
 * the C model's incremental generator (tl_gen_begin / tl_gen_next), cycle by
 * cycle through the library's unit model (tl_tma_eval / tl_tma_commit).
 *
 * Each started box is a supported (descriptor, box) pair; its nest comes
 * from tl_counter_hw(), its tile base from tl_split_sum_masked(). Stimulus:
 * the paper's Figure 9 views in linear and tile-major mode, the case-2
 * example and section 6.5, and two tile-major boxes per split level 1..4
 * whose split outer counter (the level above the split one) takes more than
 * one value (a fixed search over random supported cases: the same boxes in
 * every run; random boxes put the outer counter at level 5 about once in
 * 3,000), with the request always ready; then seeded
 * random supported boxes (columns, and rows in linear mode, may start out of
 * bounds), random gaps between boxes, start requests while busy, random
 * back-pressure profiles per box (always ready, 90 %, 50 %, 10 %, bursts),
 * resets at idle cycles and rare asynchronous resets in the middle of a box
 * (tl_gen_tb.h, tb/common/stim.h). Inputs are held from
 * a start until done_o, as the block requires; while idle they change.
 * The payload is compared whenever req_valid_o is expected high; every other
 * output every cycle.
 */
#include "Vtilelens_addr_gen.h"
#include "lockstep.h"
#include "tilelens.h"
#include "tl_gen_tb.h"
#include "tl_stim.h"

struct TbAddrGen : tlstim::GenTb<TbAddrGen, Vtilelens_addr_gen> {
  static constexpr const char *kName = "tilelens_addr_gen";
  static const bool kTileModes = true;
  // one bin per split level 1..4: a box whose split outer counter, at
  // level split_level + 1, steps (count > 1)
  int b_split_lv[TL_MAX_LEVELS - 1];

  explicit TbAddrGen(lockstep::Env &env) : GenTb(env) {
    for (int l = 1; l < TL_MAX_LEVELS - 1; l++)
      b_split_lv[l] = env.cov.bin("split level " + std::to_string(l) + ", outer counter at level " +
                                  std::to_string(l + 1) + " stepping");
  }

  // The nest tilelens_counter_cfg gives the box (tl_counter_hw).
  static tl_counter_hw_out nest_of(const tlstim::Case &c) {
    tl_desc_info info;
    tl_desc_info_get(&c.d, &info);
    tl_counter_hw_out o;
    tl_counter_hw(&c.d, &info, &c.b, &o);
    return o;
  }

  // Split level of a box whose split outer counter steps, or 0.
  static uint32_t stepping_split(const tlstim::Case &c) {
    const tl_counters &n = nest_of(c).nest;
    return n.split_level && n.count[n.split_level + 1] > 1 ? n.split_level : 0;
  }

  // The paper's cases, then two boxes per split level found by a fixed
  // search (seeded: the same boxes in every run).
  std::vector<tlstim::Case> directed_cases() {
    std::vector<tlstim::Case> v = tlstim::paper_cases();
    lockstep::Rng search;
    search.seed(0x5b117);
    int found[TL_MAX_LEVELS] = {0};
    for (int n = 0; n < 4000000 && v.size() < tlstim::kPaperCases + 2 * (TL_MAX_LEVELS - 2); n++) {
      tlstim::Case c = tlstim::random_supported(search, 1);
      if (tl_request_check(&c.d, &c.b) != TL_OK) continue;
      uint32_t l = stepping_split(c);
      if (l && found[l] < 2) { found[l]++; v.push_back(c); }
    }
    return v;
  }

  void step(lockstep::Env &env, Dut &dut, Exp &e) {
    const bool was_busy = m.busy;
    GenTb::step(env, dut, e);
    if (was_busy || !m.busy) return;
    const tl_counters &n = m.gen.cfg;
    if (n.split_level && n.count[n.split_level + 1] > 1) env.cov.hit(b_split_lv[n.split_level]);
  }

  // A supported (descriptor, box) pair.
  tlstim::Case random_case(lockstep::Rng &rng) {
    for (;;) {
      tlstim::Case c = tlstim::random_supported(rng, rng.chance(2, 3));
      if (tl_request_check(&c.d, &c.b) == TL_OK) return c;
    }
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("start_valid_i", 1, d.start_valid_i);
    v.in("count_i", 54, d.count_i);
    v.in("stride_i", 240, d.stride_i);
    v.in("shift_i", 30, d.shift_i);
    v.in("log2_weight_i", 30, d.log2_weight_i);
    v.in("split_level_i", 3, d.split_level_i);
    v.in("run_elems_i", 9, d.run_elems_i);
    v.in("run_bytes_i", 12, d.run_bytes_i);
    v.in("perm_row_i", 5, d.perm_row_i);
    v.in("perm_col_i", 5, d.perm_col_i);
    v.in("perm_sub_i", 5, d.perm_sub_i);
    v.in("base_i", 64, d.base_i);
    v.in("tile_base_i", 64, d.tile_base_i);
    v.in("elem_bytes_i", 4, d.elem_bytes_i);
    v.in("rank_i", 3, d.rank_i);
    v.in("coord_i", 160, d.coord_i);
    v.in("dim_i", 165, d.dim_i);
    v.in("smem_base_i", 32, d.smem_base_i);
    v.in("req_ready_i", 1, d.req_ready_i);
    v.out("start_ready_o", 1, d.start_ready_o, e.start_ready);
    v.out("req_valid_o", 1, d.req_valid_o, e.valid);
    v.out_if(e.valid, "req_src_o", 64, d.req_src_o, e.src);
    v.out_if(e.valid, "req_dst_o", 32, d.req_dst_o, e.dst);
    v.out_if(e.valid, "req_bytes_o", 12, d.req_bytes_o, e.bytes);
    v.out("busy_o", 1, d.busy_o, e.busy);
    v.out("done_o", 1, d.done_o, e.done);
  }

  // Drive a (valid) case on the nest, descriptor and box inputs.
  void drive_case(Dut &dut, const tlstim::Case &c) {
    tl_desc_info info;
    tl_desc_info_get(&c.d, &info);
    const tl_counter_hw_out o = nest_of(c);
    tlstim::SumIn si = tlstim::sum_input(c, info.row_mask);
    tl_split_sum_out so;
    tl_split_sum_masked(&si.in, info.row_mask, &so);
    const tl_counters &n = o.nest;
    uint64_t cnt = 0;
    uint32_t vd = 0, wt = 0;
    for (int k = 0; k < TL_MAX_LEVELS; k++) {
      cnt |= (uint64_t)n.count[k] << (9 * k);
      lockstep::set_bits(dut.stride_i, 40 * k, 40, o.stride_raw[k]);
      vd |= n.vdim[k] << (3 * k);
      wt |= n.log2_weight[k] << (5 * k);
    }
    dut.count_i = cnt;
    uint32_t sh = 0;
    for (int k = 0; k < TL_MAX_LEVELS; k++) sh |= o.shift[k] << (5 * k);
    dut.shift_i = sh;
    (void)vd;
    dut.log2_weight_i = wt;
    dut.split_level_i = (uint8_t)n.split_level;
    dut.run_elems_i = (uint16_t)n.run_elems;
    dut.run_bytes_i = (uint16_t)n.run_bytes;
    dut.perm_row_i = (uint8_t)n.perm_row_bits;
    dut.perm_col_i = (uint8_t)n.perm_col_bits;
    dut.perm_sub_i = (uint8_t)n.perm_sub_bits;
    dut.base_i = c.d.base;
    dut.tile_base_i = (uint64_t)so.tile_base;
    dut.elem_bytes_i = (uint8_t)c.d.elem_bytes;
    dut.rank_i = (uint8_t)c.d.rank;
    int32_t co[5] = {0, 0, 0, 0, 0};
    for (uint32_t k = 0; k < 5; k++) {
      if (k < c.d.rank) co[k] = c.b.coord[k];
      lockstep::set_bits(dut.dim_i, 33 * k, 33, k < c.d.rank ? c.d.dim[k] : 1);
    }
    tlstim::put_coords(dut.coord_i, co);
    dut.smem_base_i = c.b.smem_base;
  }

};

int main(int argc, char **argv) { return lockstep::run<TbAddrGen>(argc, argv); }
