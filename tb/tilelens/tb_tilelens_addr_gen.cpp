/*
 * tb_tilelens_addr_gen.cpp - lockstep harness of tilelens_addr_gen against
 * the C model's incremental generator (tl_gen_begin / tl_gen_next), cycle by
 * cycle through the library's unit model (tl_tma_eval / tl_tma_commit).
 *
 * Each started box is a supported (descriptor, box) pair; its nest comes
 * from tl_counter_hw(), its tile base from tl_split_sum_masked(). Stimulus:
 * the paper's Figure 9 views in linear and tile-major mode, the case-2
 * example and section 6.5, with the request always ready; then seeded
 * random supported boxes (columns, and rows in linear mode, may start out of
 * bounds), random gaps between boxes, start requests while busy, random
 * back-pressure profiles per box (always ready, 90 %, 50 %, 10 %, bursts),
 * and rare asynchronous resets in the middle of a box. Inputs are held from
 * a start until done_o, as the block requires; while idle they change.
 * The payload is compared whenever req_valid_o is expected high; every other
 * output every cycle.
 */
#include "Vtilelens_addr_gen.h"
#include "lockstep.h"
#include "tilelens.h"
#include "tl_stim.h"

struct TbAddrGen {
  using Dut = Vtilelens_addr_gen;
  static constexpr const char *kName = "tilelens_addr_gen";
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = 10000000;
  struct Exp { uint8_t start_ready, valid, busy, done; uint64_t src; uint32_t dst; uint16_t bytes; };

  std::vector<tlstim::Case> directed, pool;
  size_t next_directed = 0;
  tl_tma m{};  // the library's cycle model (tilelens.h: tl_tma_*)
  tlstim::Case cur;
  bool have_case = false, start = false, ready = true, rst_n = true, cur_directed = false;
  int bp_kind = 0, burst = 0, reset_hold = 0;
  int b_mode[4], b_rank[6], b_elem[4], b_bubble_lo, b_bubble_hi, b_bubble0_lo, b_bubble0_hi, b_clip_lo,
      b_clip_hi, b_stall, b_bp[5], b_reset_busy, b_start_busy, b_done, b_b2b, b_fig9, b_case2, b_split,
      b_long;
  uint64_t last_done_cyc = 0, box_steps = 0;

  explicit TbAddrGen(lockstep::Env &env) {
    static const uint32_t shapes[][3] = {{0, 7, 5}, {1, 7, 5}, {1, 6, 6}};
    for (auto &sh : shapes)
      for (uint32_t r = 2; r <= 4; r++) directed.push_back(tlstim::fig9(r, (int)sh[0], sh[1], sh[2]));
    directed.push_back(tlstim::case2_example());
    directed.push_back(tlstim::sec65(0));
    directed.push_back(tlstim::sec65(1));
    while (pool.size() < 512) refill(env.rng, pool.size());
    auto &c = env.cov;
    static const char *mn[4] = {"linear", "case 1 (u = a)", "case 2 (u < a)", "u > a"};
    for (int i = 0; i < 4; i++) b_mode[i] = c.bin(std::string("box in mode ") + mn[i]);
    for (int r = 1; r <= 5; r++) b_rank[r] = c.bin("box of rank " + std::to_string(r));
    for (int s = 0; s < 4; s++) b_elem[s] = c.bin("element size " + std::to_string(1 << s));
    b_bubble_lo = c.bin("bubble: dim >= 1 below 0");
    b_bubble_hi = c.bin("bubble: dim >= 1 at or past its size");
    b_bubble0_lo = c.bin("bubble: run before dim 0");
    b_bubble0_hi = c.bin("bubble: run past dim 0");
    b_clip_lo = c.bin("request clipped at 0 (dim 0)");
    b_clip_hi = c.bin("request clipped at dim[0]");
    b_stall = c.bin("back-pressure: valid and not ready");
    static const char *bpn[5] = {"always ready", "ready 90%", "ready 50%", "ready 10%", "bursts"};
    for (int i = 0; i < 5; i++) b_bp[i] = c.bin(std::string("box with ") + bpn[i]);
    b_reset_busy = c.bin("reset while busy");
    b_start_busy = c.bin("start_valid while busy (ignored)");
    b_done = c.bin("done pulse");
    b_b2b = c.bin("start in the cycle after done");
    b_fig9 = c.bin("paper Fig. 9 / case 2 / sec. 6.5 streams (directed)");
    b_case2 = c.bin("case-2 permuted requests");
    b_split = c.bin("box with a split outer counter");
    b_long = c.bin("box of more than 1000 steps");
  }

  void refill(lockstep::Rng &rng, size_t slot) {
    for (;;) {
      tlstim::Case c = tlstim::random_supported(rng, rng.chance(2, 3));
      if (tl_box_check(&c.d, &c.b) != TL_OK) continue;
      if (slot < pool.size()) pool[slot] = c; else pool.push_back(c);
      return;
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

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  // Drive a (valid) case on the nest, descriptor and box inputs.
  void drive_case(Dut &dut, const tlstim::Case &c) {
    tl_desc_info info;
    tl_desc_info_get(&c.d, &info);
    tl_counter_hw_out o;
    tl_counter_hw(&c.d, &info, &c.b, &o);
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

  void step(lockstep::Env &env, Dut &dut, Exp &e) {
    auto &rng = env.rng;
    auto &cv = env.cov;
    // reset: the first two cycles, then rare, 1..3 cycles, often mid-box
    if (env.cyc < 2) {
      rst_n = false;
    } else if (reset_hold > 0) {
      reset_hold--;
      rst_n = false;
    } else if (env.cyc > 1000 && rng.chance(1, 200000)) {
      reset_hold = (int)rng.range(0, 2);
      if (m.busy) cv.hit(b_reset_busy);
      rst_n = false;
    } else {
      rst_n = true;
    }
    dut.rst_ni = rst_n;

    if (!m.busy) {
      // idle: maybe a new case on the inputs, maybe a start
      if (!have_case || rng.chance(1, 2)) {
        if (next_directed < directed.size()) cur = directed[next_directed];
        else {
          size_t slot = rng.below(pool.size());
          cur = pool[slot];
          if (rng.chance(1, 4)) refill(rng, slot);
        }
        drive_case(dut, cur);
        have_case = true;
      }
      bool directed_phase = next_directed < directed.size();
      start = directed_phase ? true : rng.chance(1, 2);
      if (start && rst_n) {
        bp_kind = directed_phase ? 0 : (int)rng.below(5);
        cur_directed = directed_phase;
        if (directed_phase) next_directed++;
      }
    } else {
      start = rng.chance(1, 8);  // ignored while busy
      if (start) cv.hit(b_start_busy);
    }
    dut.start_valid_i = start;
    switch (bp_kind) {
      case 0: ready = true; break;
      case 1: ready = rng.chance(9, 10); break;
      case 2: ready = rng.chance(1, 2); break;
      case 3: ready = rng.chance(1, 10); break;
      default:
        if (burst <= 0) { burst = (int)rng.range(1, 40); ready = !ready; }
        burst--;
        break;
    }
    dut.req_ready_i = ready;

    // the model: this cycle's outputs, then the edge
    if (!rst_n) tl_tma_reset(&m);
    tl_tma_eval(&m);
    e.start_ready = m.start_ready;
    e.valid = m.valid;
    e.busy = m.busy;
    e.done = m.done;
    e.src = m.req.src;
    e.dst = m.req.dst;
    e.bytes = (uint16_t)m.req.bytes;
    cover(env, dut);
    bool was_busy = m.busy;
    tl_tma_commit(&m, rst_n, start, ready, &cur.d, &cur.b);
    if (!was_busy && m.busy) {
      const tl_counters &n = m.gen.cfg;
      cv.hit(b_mode[n.mode]);
      cv.hit(b_rank[cur.d.rank]);
      cv.hit(b_elem[__builtin_ctz(cur.d.elem_bytes)]);
      cv.hit(b_bp[bp_kind]);
      if (env.cyc == last_done_cyc + 1) cv.hit(b_b2b);
      if (n.split_level && n.count[n.split_level + 1] > 1) cv.hit(b_split);
      if (tl_gen_total_steps(&m.gen) > 1000) cv.hit(b_long);
    }
    if (m.done) {
      cv.hit(b_done);
      if (cur_directed) cv.hit(b_fig9);
      last_done_cyc = env.cyc;
    }
  }

  void cover(lockstep::Env &env, Dut &) {
    auto &cv = env.cov;
    if (!m.busy) return;
    if (m.valid && !ready) cv.hit(b_stall);
    const tl_gen &g = m.gen;
    const tl_counters &c = g.cfg;
    if (m.valid && c.mode == TL_MODE_WIDE_TILE) cv.hit(b_case2);
    // the current step's view coordinates, as the C model computes them
    int64_t cc[TL_MAX_RANK];
    for (int k = 0; k < TL_MAX_RANK; k++) cc[k] = g.coord[k];
    for (int k = 0; k < TL_MAX_LEVELS; k++) cc[c.vdim[k]] += (int64_t)g.idx[k] << c.log2_weight[k];
    if (m.kind == TL_STEP_BUBBLE) {
      for (uint32_t k = 1; k < g.rank; k++) {
        if (cc[k] < 0) cv.hit(b_bubble_lo);
        else if (cc[k] >= (int64_t)g.dim[k]) cv.hit(b_bubble_hi);
      }
      if (cc[0] + c.run_elems <= 0) cv.hit(b_bubble0_lo);
      if (cc[0] >= (int64_t)g.dim[0]) cv.hit(b_bubble0_hi);
    } else if (m.valid) {
      if (cc[0] < 0) cv.hit(b_clip_lo);
      if (cc[0] + c.run_elems > (int64_t)g.dim[0]) cv.hit(b_clip_hi);
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbAddrGen>(argc, argv); }
