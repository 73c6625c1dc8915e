/*
 * tl_gen_tb.h - what the two address-generator harnesses share
 * (tb_tilelens_addr_gen.cpp, tb_tilelens_base_addr_gen.cpp): both drive a
 * generator with a start handshake, compare it cycle by cycle against the
 * library's unit model (tl_tma_eval / tl_tma_commit, which runs the C
 * model's incremental generator tl_gen_begin / tl_gen_next) and count the
 * same coverage (the bubble and clipping bins on the step the nest hands to
 * the request register). A harness derives from GenTb<Self, Dut> and gives:
 *
 *   static constexpr const char *kName;      block name
 *   static const bool kTileModes;            the block takes tile-major boxes
 *   std::vector<tlstim::Case> directed_cases();
 *   tlstim::Case random_case(lockstep::Rng &);  a supported (descriptor, box)
 *   template <class V> void ports(V &, Dut &, Exp &);
 *   void drive_case(Dut &, const tlstim::Case &);
 *
 * Stimulus (tb/common/stim.h): the directed cases in order, always ready;
 * then cases from a pool of 512 random ones (a used slot is replaced one
 * time in four), random gaps between boxes, start requests while busy,
 * one ready profile per box (always, 90 %, 50 %, 10 %, bursts), resets at
 * idle cycles about every 4,000 cycles (the gate-level replay's random
 * windows begin there) and rare asynchronous resets in the middle of a
 * box. Inputs are held from a start until done_o, as the blocks require;
 * while idle they change. The payload is compared whenever req_valid_o is
 * expected high; every other output every cycle.
 */
#ifndef TL_GEN_TB_H
#define TL_GEN_TB_H

#include <string>
#include <vector>

#include "lockstep.h"
#include "stim.h"
#include "tilelens.h"
#include "tl_stim.h"

namespace tlstim {

template <class Self, class DutT>
struct GenTb {
  using Dut = DutT;
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = 10000000;
  struct Exp { uint8_t start_ready, valid, busy, done; uint64_t src; uint32_t dst; uint16_t bytes; };

  tl_tma m{};  // the library's cycle model (tilelens.h: tl_tma_*)
  lockstep::StartDriver<Case> drv;
  lockstep::ResetSchedule resets{4000, 200000};
  bool rst_n = true;
  int b_mode[4], b_rank[6], b_elem[4], b_bubble_lo, b_bubble_hi, b_bubble0_lo, b_bubble0_hi, b_clip_lo,
      b_clip_hi, b_stall, b_bp[lockstep::ReadyProfile::kCount], b_reset_busy, b_start_busy, b_done, b_b2b,
      b_fig9, b_case2 = -1, b_split = -1, b_long, b_idle_reset;
  uint64_t last_done_cyc = 0;

  Self &self() { return static_cast<Self &>(*this); }

  explicit GenTb(lockstep::Env &env) {
    drv.cases.directed = self().directed_cases();
    check_supported(env, drv.cases.directed);
    drv.cases.fill(env.rng, 512, [this](lockstep::Rng &r) { return self().random_case(r); });
    auto &c = env.cov;
    if (Self::kTileModes) {
      static const char *mn[4] = {"linear", "case 1 (u = a)", "case 2 (u < a)", "u > a"};
      for (int i = 0; i < 4; i++) b_mode[i] = c.bin(std::string("box in mode ") + mn[i]);
    } else {
      b_mode[0] = b_mode[1] = b_mode[2] = b_mode[3] = c.bin("box in linear mode");
    }
    for (int r = 1; r <= 5; r++) b_rank[r] = c.bin("box of rank " + std::to_string(r));
    for (int s = 0; s < 4; s++) b_elem[s] = c.bin("element size " + std::to_string(1 << s));
    b_bubble_lo = c.bin("bubble: dim >= 1 below 0");
    b_bubble_hi = c.bin("bubble: dim >= 1 at or past its size");
    b_bubble0_lo = c.bin("bubble: run before dim 0");
    b_bubble0_hi = c.bin("bubble: run past dim 0");
    b_clip_lo = c.bin("request clipped at 0 (dim 0)");
    b_clip_hi = c.bin("request clipped at dim[0]");
    b_stall = c.bin("back-pressure: valid and not ready");
    for (int i = 0; i < lockstep::ReadyProfile::kCount; i++)
      b_bp[i] = c.bin(std::string("box with ") + lockstep::ReadyProfile::name(i));
    b_reset_busy = c.bin("reset while busy");
    b_idle_reset = c.bin("reset while idle (a gate-level window begins)");
    b_start_busy = c.bin("start_valid while busy (ignored)");
    b_done = c.bin("done pulse");
    b_b2b = c.bin("start in the cycle after done");
    b_fig9 = c.bin(Self::kTileModes ? "paper Fig. 9 / case 2 / sec. 6.5 streams (directed)"
                                    : "paper Fig. 9 / sec. 6.5 streams, linear (directed)");
    if (Self::kTileModes) {
      b_case2 = c.bin("case-2 permuted requests");
      b_split = c.bin("box with a split outer counter");
    }
    b_long = c.bin("box of more than 1000 steps");
  }

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  void step(lockstep::Env &env, Dut &dut, Exp &e) {
    auto &rng = env.rng;
    auto &cv = env.cov;
    rst_n = resets.step(rng, env.cyc, !m.busy, !drv.cases.directed_phase());
    if (resets.began) cv.hit(m.busy ? b_reset_busy : b_idle_reset);
    dut.rst_ni = rst_n;
    drv.step(rng, m.busy, rst_n, [this](lockstep::Rng &r) {
      return drv.cases.draw(r, [this](lockstep::Rng &r2) { return self().random_case(r2); }, 1, 4);
    });
    if (drv.new_case) self().drive_case(dut, drv.cur);
    if (m.busy && drv.start) cv.hit(b_start_busy);
    dut.start_valid_i = drv.start;
    bool ready = drv.ready.ready;
    dut.req_ready_i = ready;

    // the model: this cycle's outputs, then the edge
    if (!rst_n) tl_tma_init(&m, 0);  // the generator alone: no check latency
    tl_tma_eval(&m);
    e.start_ready = m.start_ready;
    e.valid = m.valid;
    e.busy = m.busy;
    e.done = m.done;
    e.src = m.req.src;
    e.dst = m.req.dst;
    e.bytes = (uint16_t)m.req.bytes;
    cover(env, ready);
    bool was_busy = m.busy;
    tl_tma_commit(&m, rst_n, drv.start, ready, &drv.cur.d, &drv.cur.b);
    if (!was_busy && m.busy) {
      const tl_counters &n = m.gen.cfg;
      cv.hit(b_mode[n.mode]);
      cv.hit(b_rank[drv.cur.d.rank]);
      cv.hit(b_elem[__builtin_ctz(drv.cur.d.elem_bytes)]);
      cv.hit(b_bp[drv.ready.kind]);
      if (env.cyc == last_done_cyc + 1) cv.hit(b_b2b);
      if (b_split >= 0 && n.split_level && n.count[n.split_level + 1] > 1) cv.hit(b_split);
      if (tl_gen_total_steps(&m.gen) > 1000) cv.hit(b_long);
    }
    if (m.done) {
      cv.hit(b_done);
      if (drv.cur_directed) cv.hit(b_fig9);
      last_done_cyc = env.cyc;
    }
  }

  void cover(lockstep::Env &env, bool ready) {
    auto &cv = env.cov;
    if (!m.busy) return;
    if (m.valid && !ready) cv.hit(b_stall);
    const tl_gen &g = m.gen;
    const tl_counters &c = g.cfg;
    if (b_case2 >= 0 && m.valid && c.mode == TL_MODE_WIDE_TILE) cv.hit(b_case2);
    // the step the nest presents to the request register this cycle (taken
    // unless the register holds a stalled request), as the C model sees it
    if (!m.nest || (m.valid && !ready)) return;
    tl_gen probe = g;
    tl_req r;
    tl_step kind = tl_gen_next(&probe, &r);
    int64_t cc[TL_MAX_RANK];
    for (int k = 0; k < TL_MAX_RANK; k++) cc[k] = g.coord[k];
    for (int k = 0; k < TL_MAX_LEVELS; k++) cc[c.vdim[k]] += (int64_t)g.idx[k] << c.log2_weight[k];
    if (kind == TL_STEP_BUBBLE) {
      for (uint32_t k = 1; k < g.rank; k++) {
        if (cc[k] < 0) cv.hit(b_bubble_lo);
        else if (cc[k] >= (int64_t)g.dim[k]) cv.hit(b_bubble_hi);
      }
      if (cc[0] + c.run_elems <= 0) cv.hit(b_bubble0_lo);
      if (cc[0] >= (int64_t)g.dim[0]) cv.hit(b_bubble0_hi);
    } else if (kind == TL_STEP_REQ) {
      if (cc[0] < 0) cv.hit(b_clip_lo);
      if (cc[0] + c.run_elems > (int64_t)g.dim[0]) cv.hit(b_clip_hi);
    }
  }
};

}  // namespace tlstim

#endif
