/*
 * tb_tilelens_base_addr_gen.cpp - lockstep harness of the baseline generator
 * tilelens_base_addr_gen against the C model's incremental generator on
 * linear descriptors (tl_gen_begin / tl_gen_next), cycle by cycle through
 * the library's unit model (tl_tma_eval / tl_tma_commit).
 *
 * Each started box is a supported linear (descriptor, box) pair; its tile
 * base is the plain sum of products. Stimulus: the paper's Figure 9 views and
 * section 6.5 in linear mode with the request always ready; then seeded
 * random boxes (any start, in or out of bounds in every dimension), random
 * gaps between boxes, start requests while busy, random back-pressure
 * profiles per box (always ready, 90 %, 50 %, 10 %, bursts), and rare
 * asynchronous resets in the middle of a box. Inputs are held from
 * a start until done_o, as the block requires; while idle they change.
 * The payload is compared whenever req_valid_o is expected high; every other
 * output every cycle.
 */
#include "Vtilelens_base_addr_gen.h"
#include "lockstep.h"
#include "tilelens.h"
#include "tl_stim.h"

struct TbBaseAddrGen {
  using Dut = Vtilelens_base_addr_gen;
  static constexpr const char *kName = "tilelens_base_addr_gen";
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

  explicit TbBaseAddrGen(lockstep::Env &env) {
    for (uint32_t r = 2; r <= 4; r++) directed.push_back(tlstim::fig9(r, 0, 7, 5));
    directed.push_back(tlstim::sec65(0));
    while (pool.size() < 512) refill(env.rng, pool.size());
    auto &c = env.cov;
    b_mode[0] = b_mode[1] = b_mode[2] = b_mode[3] = c.bin("box in linear mode");
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
    b_fig9 = c.bin("paper Fig. 9 / sec. 6.5 streams, linear (directed)");
    b_case2 = b_split = -1;
    b_long = c.bin("box of more than 1000 steps");
  }

  void refill(lockstep::Rng &rng, size_t slot) {
    for (;;) {
      tlstim::Case c = tlstim::random_supported(rng, 0);
      if (tl_box_check(&c.d, &c.b) != TL_OK) continue;
      if (slot < pool.size()) pool[slot] = c; else pool.push_back(c);
      return;
    }
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("start_valid_i", 1, d.start_valid_i);
    v.in("base_i", 64, d.base_i);
    v.in("tile_base_i", 64, d.tile_base_i);
    v.in("elem_bytes_i", 4, d.elem_bytes_i);
    v.in("rank_i", 3, d.rank_i);
    v.in("coord_i", 160, d.coord_i);
    v.in("dim_i", 165, d.dim_i);
    v.in("box_i", 45, d.box_i);
    v.in("stride_i", 200, d.stride_i);
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

  // Drive a (valid, linear) case on the descriptor and box inputs.
  void drive_case(Dut &dut, const tlstim::Case &c) {
    tlstim::SumIn si = tlstim::sum_input(c, 1);
    si.in.tile_major = 0;
    tl_split_sum_out so;
    tl_split_sum_masked(&si.in, 1, &so);
    dut.base_i = c.d.base;
    dut.tile_base_i = (uint64_t)so.tile_base;
    dut.elem_bytes_i = (uint8_t)c.d.elem_bytes;
    dut.rank_i = (uint8_t)c.d.rank;
    int32_t co[5] = {0, 0, 0, 0, 0};
    uint64_t bx = 0;
    for (uint32_t k = 0; k < 5; k++) {
      if (k < c.d.rank) co[k] = c.b.coord[k];
      lockstep::set_bits(dut.dim_i, 33 * k, 33, k < c.d.rank ? c.d.dim[k] : 1);
      lockstep::set_bits(dut.stride_i, 40 * k, 40, (k && k < c.d.rank) ? c.d.stride[k] : 0);
      bx |= (uint64_t)(k < c.d.rank ? c.b.box[k] : 1) << (9 * k);
    }
    tlstim::put_coords(dut.coord_i, co);
    dut.box_i = bx;
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

int main(int argc, char **argv) { return lockstep::run<TbBaseAddrGen>(argc, argv); }
