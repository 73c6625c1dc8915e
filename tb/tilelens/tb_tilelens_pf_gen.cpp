/*
 * tb_tilelens_pf_gen.cpp - lockstep harness of tilelens_pf_gen against
 * tl_pf_gen_step() (every output, every cycle; the prefetch address and
 * tier while pf_valid_o is high), with an independent oracle on every
 * prefetch transferred: its address is a + k*s of the last demand taken
 * with k above the previous one, k <= min(D, kiters - 1 - iter) (D = d, or
 * 2d with the buffer: never past the tensor's end, never beyond d without
 * the buffer), tier = (k > d); and a demand's run issues or merges every
 * k in order, so the count of candidates equals that bound.
 *
 * Stimulus, in this order:
 *   1. directed, the paper's tiles in tile-major 4 KB pages: Qwen-3 128x256
 *      BF16 (K step 8 KB, K/TILE_K = 16) and Llama-3.1 64x128 BF16 (K step
 *      4 KB, K/TILE_K = 128), the degrees Eq. 6 gives on 132 SMs for
 *      L = 1, 2, 5, 10, 20 us, without and with the SRAM buffer: one CTA's
 *      stream of demands at iterations 0..K/TILE_K-1 (overlapping windows:
 *      merges; the tensor's end), consumer always ready;
 *   2. the errors: kiters 0, stride 0, iter = kiters, iter > kiters, a + s
 *      past 2^48, a run that reaches 2^48;
 *   3. seeded random: interleaved streams of several CTAs, random
 *      addresses, degrees 0..8 or any, buffer on/off, the consumer's ready
 *      profiles, rare resets.
 */
#include <string>

#include "Vtilelens_pf_gen.h"
#include "lockstep.h"
#include "stim.h"
#include "tilelens.h"

struct TbPfGen {
  using Dut = Vtilelens_pf_gen;
  static constexpr const char *kName = "tilelens_pf_gen";
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = 10000000;
  static constexpr uint64_t kMask = (1ull << TL_PF_ADDR_BITS) - 1;
  struct Exp {
    uint8_t dem_ready, pf_valid, pf_tier, err;
    uint64_t pf_addr;
  };

  struct Dem { uint64_t addr, stride; uint32_t iter, kiters, degree, buffer; };
  std::vector<Dem> directed;
  size_t dpos = 0;
  tl_pf_gen model;
  lockstep::ResetSchedule resets{5000, 300000};
  lockstep::ReadyProfile ready;
  int ready_left = 0;
  // random streams (CTAs)
  struct Stream { uint64_t base, stride; uint32_t iter, kiters; };
  std::vector<Stream> streams;
  uint32_t r_degree = 2, r_buffer = 0;
  int mode = 0, mode_left = 0;
  // the oracle's record of the run in flight
  bool run = false;
  Dem s{};
  uint64_t s_last = 0, s_prev_k = 0, s_cands = 0;
  uint64_t merged_before = 0;

  int b_paper, b_tier1, b_merge, b_end, b_stall, b_cfg_kit, b_cfg_stride, b_iter_eq, b_iter_gt, b_ovf_first, b_ovf_run,
      b_d0, b_filter_full, b_reset_busy, b_long, b_ready[lockstep::ReadyProfile::kCount];

  explicit TbPfGen(lockstep::Env &env) {
    auto &c = env.cov;
    b_paper = c.bin("paper tiles (Qwen-3 128x256, Llama-3.1 64x128) with Eq. 6 degrees");
    b_tier1 = c.bin("prefetch to the SRAM buffer tier (k > d)");
    b_merge = c.bin("candidate merged (page in the filter)");
    b_end = c.bin("run cut at the tensor's end");
    b_stall = c.bin("prefetch stalled (pf_ready low)");
    b_cfg_kit = c.bin("TL_ERR_PF_CONFIG: kiters = 0");
    b_cfg_stride = c.bin("TL_ERR_PF_CONFIG: stride = 0");
    b_iter_eq = c.bin("TL_ERR_PF_ITER: iter = kiters");
    b_iter_gt = c.bin("TL_ERR_PF_ITER: iter > kiters");
    b_ovf_first = c.bin("TL_ERR_OVERFLOW: a + s past 2^48");
    b_ovf_run = c.bin("TL_ERR_OVERFLOW: run reaches 2^48");
    b_d0 = c.bin("degree 0: nothing issued");
    b_filter_full = c.bin("filter wrapped (more than 8 prefetches)");
    b_reset_busy = c.bin("reset during a run");
    b_long = c.bin("run of more than 100 prefetches");
    for (int k = 0; k < lockstep::ReadyProfile::kCount; k++)
      b_ready[k] = c.bin(std::string("consumer: ") + lockstep::ReadyProfile::name(k));
    tl_pf_gen_init(&model, TL_PF_FILTER_DEFAULT);
    // 1. directed: one CTA's stream per paper configuration
    struct Tile { uint64_t stride; uint32_t ptile, kiters; } tiles[2] = {{8192, 16, 16}, {4096, 4, 128}};
    static const uint32_t lat_us[5] = {1, 2, 5, 10, 20};
    uint64_t base = 0x100000000ull;
    for (auto t : tiles)
      for (uint32_t l : lat_us)
        for (uint32_t buf = 0; buf <= 1; buf++) {
          uint32_t d = (uint32_t)tl_pf_degree_eq6(1200ull * l, 132ull * t.ptile, t.kiters, 2);
          for (uint32_t it = 0; it < t.kiters; it++) directed.push_back({base + it * t.stride, t.stride, it, t.kiters, d, buf});
          base += 0x1000000;
        }
    // 2. errors
    directed.push_back({0x5000, 4096, 0, 0, 3, 0});
    directed.push_back({0x5000, 0, 0, 8, 3, 0});
    directed.push_back({0x5000, 4096, 8, 8, 3, 0});
    directed.push_back({0x5000, 4096, 9, 8, 3, 1});
    directed.push_back({kMask - 100, 4096, 0, 8, 3, 0});
    directed.push_back({kMask - 3 * 4096 + 1, 4096, 0, 100, 10, 1});
    directed.push_back({0x7000, 4096, 0, 8, 0, 1});
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("dem_valid_i", 1, d.dem_valid_i);
    v.in("dem_addr_i", TL_PF_ADDR_BITS, d.dem_addr_i);
    v.in("dem_iter_i", TL_PF_KIT_BITS, d.dem_iter_i);
    v.in("stride_i", TL_PF_ADDR_BITS, d.stride_i);
    v.in("kiters_i", TL_PF_KIT_BITS, d.kiters_i);
    v.in("degree_i", TL_PF_KIT_BITS, d.degree_i);
    v.in("buffer_i", 1, d.buffer_i);
    v.in("pf_ready_i", 1, d.pf_ready_i);
    v.out("dem_ready_o", 1, d.dem_ready_o, e.dem_ready);
    v.out("pf_valid_o", 1, d.pf_valid_o, e.pf_valid);
    v.out_if(e.pf_valid, "pf_addr_o", TL_PF_ADDR_BITS, d.pf_addr_o, e.pf_addr);
    v.out_if(e.pf_valid, "pf_tier_o", 1, d.pf_tier_o, e.pf_tier);
    v.out("err_o", TL_PF_ERR_BITS, d.err_o, e.err);
  }

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  Dem random_dem(lockstep::Rng &rng) {
    if (mode_left-- <= 0) {
      mode = (int)rng.below(3);
      mode_left = (int)rng.range(20, 400);
      r_buffer = (uint32_t)rng.below(2);
      r_degree = rng.chance(1, 8) ? (uint32_t)rng.bits((int)rng.range(1, 16)) : (uint32_t)rng.below(9);
      streams.clear();
      unsigned n = (unsigned)rng.range(1, 6);
      for (unsigned k = 0; k < n; k++) {
        uint64_t st = rng.chance(1, 2) ? 4096ull << rng.below(4) : (rng.bits(20) | 1);
        uint32_t kit = rng.chance(1, 4) ? (uint32_t)rng.bits((int)rng.range(1, 16)) : (uint32_t)rng.range(1, 64);
        streams.push_back({rng.bits(40) & ~0xfffull, st, 0, kit});
      }
    }
    Dem dm{};
    if (mode < 2) {   // streams: each CTA walks its K iterations
      Stream &st = streams[rng.below(streams.size())];
      dm = {(st.base + (uint64_t)st.iter * st.stride) & kMask, st.stride, st.iter, st.kiters, r_degree, r_buffer};
      if (++st.iter >= st.kiters) { st.iter = 0; st.base = rng.bits(40) & ~0xfffull; }
      if (rng.chance(1, 64)) dm.iter = dm.kiters + (uint32_t)rng.below(3);   // past the end
    } else {          // anything
      uint32_t kit = rng.chance(1, 30) ? 0 : (uint32_t)rng.bits((int)rng.range(1, 16));
      dm = {rng.chance(1, 16) ? kMask - rng.bits(20) : rng.bits(48), rng.chance(1, 30) ? 0 : rng.bits((int)rng.range(1, 48)),
            (uint32_t)rng.below(kit + 2), kit, r_degree, r_buffer};
    }
    return dm;
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &rng = env.rng;
    bool in_dir = dpos < directed.size();
    bool rst_n = resets.step(rng, env.cyc, !model.busy, !in_dir);
    if (!rst_n && model.busy) env.cov.hit(b_reset_busy);
    if (ready_left-- <= 0) { ready.pick(rng); ready_left = (int)rng.range(50, 2000); }
    bool rdy = in_dir ? true : ready.next(rng);
    Dem dm{};
    bool valid = false;
    if (rst_n && env.cyc >= resets.first && !model.busy) {
      if (in_dir) { dm = directed[dpos++]; valid = true; }
      else if (rng.chance(3, 4)) { dm = random_dem(rng); valid = true; }
    } else if (!in_dir && rng.chance(1, 2)) {
      dm = random_dem(rng);
      valid = true;       // offered while busy: must not be taken
    }
    d.rst_ni = rst_n;
    d.dem_valid_i = valid;
    d.dem_addr_i = dm.addr; d.dem_iter_i = dm.iter; d.stride_i = dm.stride; d.kiters_i = dm.kiters;
    d.degree_i = dm.degree; d.buffer_i = dm.buffer; d.pf_ready_i = rdy;
    tl_pf_gen_in in{rst_n, valid, dm.addr, dm.iter, dm.stride, dm.kiters, dm.degree, dm.buffer, rdy};
    tl_pf_gen_out out;
    bool was_busy = model.busy;
    uint64_t merged0 = model.stats.merged, issued0 = model.stats.issued;
    tl_status st = tl_pf_gen_step(&model, &in, &out);
    e.dem_ready = (uint8_t)out.dem_ready; e.pf_valid = (uint8_t)out.pf_valid; e.pf_tier = (uint8_t)out.pf_tier;
    e.err = (uint8_t)out.err; e.pf_addr = out.pf_addr;
    if (!rst_n) { run = false; return; }
    env.cov.hit(b_ready[ready.kind]);
    if (was_busy) {
      // the oracle: a candidate handled this cycle (issued or merged)
      if (model.stats.merged != merged0) { s_cands++; env.cov.hit(b_merge); }
      if (out.pf_valid && !rdy) env.cov.hit(b_stall);
      if (model.stats.issued != issued0) {
        s_cands++;
        uint64_t diff = (out.pf_addr - s.addr) & kMask;
        bool ok = run && s.stride && diff % s.stride == 0;
        uint64_t k = ok ? diff / s.stride : 0;
        ok = ok && k > s_prev_k && k <= s_last && (uint64_t)s.iter + k < s.kiters &&
             (s.buffer ? k <= 2ull * s.degree : k <= s.degree) && out.pf_tier == (k > s.degree);
        env.check(ok, "prefetch 0x" + std::to_string(out.pf_addr) + " outside its demand's run");
        s_prev_k = k;
        if (k > s.degree) env.cov.hit(b_tier1);
        if (model.stats.issued > 8) env.cov.hit(b_filter_full);
      }
      if (!model.busy && run) {
        bool ovf = model.err == TL_ERR_OVERFLOW;
        env.check(ovf || s_cands == s_last, "run handled " + std::to_string(s_cands) + " candidates, expected " +
                                                std::to_string(s_last));
        if (ovf) env.cov.hit(b_ovf_run);
        if (s_last > 100) env.cov.hit(b_long);
        run = false;
      }
      return;
    }
    if (!valid) return;
    // a demand taken this cycle: the oracle's expectation
    if (!dm.kiters) env.cov.hit(b_cfg_kit);
    else if (!dm.stride) env.cov.hit(b_cfg_stride);
    else if (dm.iter == dm.kiters) env.cov.hit(b_iter_eq);
    else if (dm.iter > dm.kiters) env.cov.hit(b_iter_gt);
    tl_status want = !dm.kiters || !dm.stride ? TL_ERR_PF_CONFIG : dm.iter >= dm.kiters ? TL_ERR_PF_ITER : TL_OK;
    uint64_t span = dm.buffer ? 2ull * dm.degree : dm.degree;
    uint64_t last = 0;
    if (want == TL_OK) {
      uint64_t room = (uint64_t)dm.kiters - 1 - dm.iter;
      last = span < room ? span : room;
      if (last < span) env.cov.hit(b_end);
      if (!dm.degree) env.cov.hit(b_d0);
      if (last && dm.addr + dm.stride > kMask) { want = TL_ERR_OVERFLOW; env.cov.hit(b_ovf_first); }
    }
    env.check(st == want, "demand status " + std::to_string(st) + ", expected " + std::to_string(want));
    env.check(model.busy == (want == TL_OK && last > 0), "demand run started");
    if (in_dir && dm.kiters >= 16 && (dm.stride == 4096 || dm.stride == 8192) && dm.addr >= 0x100000000ull) env.cov.hit(b_paper);
    if (model.busy) { run = true; s = dm; s_last = last; s_prev_k = 0; s_cands = 0; }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbPfGen>(argc, argv); }
