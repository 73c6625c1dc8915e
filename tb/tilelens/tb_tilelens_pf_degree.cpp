/*
 * tb_tilelens_pf_degree.cpp - lockstep harness of tilelens_pf_degree against
 * tl_pf_degree_step() (every output, every cycle), with an independent
 * oracle: whenever no division is in progress after an accepted event, the
 * degree must equal paper Eq. 6 with the factor 2, computed from the
 * harness's own record of the last accepted event (tl_pf_degree_eq6).
 *
 * Stimulus, in this order:
 *   1. directed, the paper's numbers: H200 (132 SMs), 1 and 2 CTAs per SM,
 *      the Qwen-3 128x256 BF16 tile (16 pages of 4 KB, K/TILE_K = 16) and
 *      the Llama-3.1 64x128 BF16 tile (4 pages, K/TILE_K = 128), NAND
 *      latency L = 1, 2, 5, 10, 20 us at 4.915 TB/s (BL = 1200 L/us
 *      requests); a grid of slots + 24 CTAs, then every CTA retired with a
 *      gap of 20 cycles (each division ends: the oracle checks each), the
 *      last ones closer than the latency (restarts);
 *   2. the errors: each zero field of a configuration, several at once, a
 *      retire with no CTA left, cfg and retire in one cycle;
 *   3. seeded random: configurations of log-uniform values (a zero field
 *      one time in 12 per field), retire bursts and gaps (longer and
 *      shorter than the divider's latency), idle and rare resets.
 */
#include <string>

#include "Vtilelens_pf_degree.h"
#include "lockstep.h"
#include "stim.h"
#include "tilelens.h"

struct TbPfDegree {
  using Dut = Vtilelens_pf_degree;
  static constexpr const char *kName = "tilelens_pf_degree";
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = 10000000;
  struct Exp {
    uint16_t degree;
    uint8_t busy, err;
    uint16_t active;
    uint32_t ctas_left;
  };

  struct Op { uint8_t cfg, retire; uint32_t nsm, csm, ptile, ctas, bl, kiters; };
  std::vector<Op> directed;
  size_t dpos = 0;
  tl_pf_degree model;
  lockstep::ResetSchedule resets{6000, 400000};
  bool reset_in_division_done = false;
  // the oracle's record of the last accepted event
  bool shadow = false;
  uint64_t s_bl = 0, s_slots = 0, s_ptile = 0, s_ctas = 0, s_kit = 0;
  int gap = 0, mode = 0, mode_left = 0;

  int b_paper, b_tail, b_cap, b_zero_pwave, b_restart, b_zero[5], b_multi_zero, b_retire_none, b_cfg_retire, b_reset_busy,
      b_bl0, b_eq6, b_deg_big;

  static uint32_t logu(lockstep::Rng &rng, unsigned bits) {
    unsigned w = (unsigned)rng.range(1, bits);
    return (uint32_t)rng.bits((int)w);
  }

  explicit TbPfDegree(lockstep::Env &env) {
    auto &c = env.cov;
    b_paper = c.bin("paper configurations (H200, Qwen-3 / Llama-3.1 tiles, L = 1..20 us)");
    b_tail = c.bin("degree grew as CTAs retired (the kernel's tail)");
    b_cap = c.bin("degree capped at K / TILE_K");
    b_zero_pwave = c.bin("last CTA retired: p_wave = 0, degree = K / TILE_K");
    b_restart = c.bin("event during a division (restart)");
    static const char *zn[5] = {"nsm", "csm", "ptile", "ctas", "kiters"};
    for (int k = 0; k < 5; k++) b_zero[k] = c.bin(std::string("TL_ERR_PF_CONFIG: ") + zn[k] + " = 0 alone");
    b_multi_zero = c.bin("TL_ERR_PF_CONFIG: several fields zero");
    b_retire_none = c.bin("TL_ERR_PF_RETIRE: retire with no CTA left");
    b_cfg_retire = c.bin("cfg and retire in one cycle (cfg wins)");
    b_reset_busy = c.bin("reset during a division");
    b_bl0 = c.bin("BL = 0: degree 0");
    b_eq6 = c.bin("oracle: degree checked against Eq. 6");
    b_deg_big = c.bin("degree above 1000");
    tl_pf_degree_init(&model, TL_PF_FACTOR_DEFAULT, TL_PF_QBITS_DEFAULT);
    // 1. directed paper cases
    static const uint32_t lat_us[5] = {1, 2, 5, 10, 20};
    struct Tile { uint32_t ptile, kiters; } tiles[2] = {{16, 16}, {4, 128}};
    for (auto t : tiles)
      for (uint32_t csm = 1; csm <= 2; csm++)
        for (uint32_t l : lat_us) {
          uint32_t slots = 132 * csm, grid = slots + 24;
          directed.push_back({1, 0, 132, csm, t.ptile, grid, 1200 * l, t.kiters});
          for (int w = 0; w < 20; w++) directed.push_back({0, 0, 0, 0, 0, 0, 0, 0});
          for (uint32_t r = 0; r < grid; r++) {
            directed.push_back({0, 1, 0, 0, 0, 0, 0, 0});
            int g = r + 8 < grid ? 20 : (int)(r % 5);
            for (int w = 0; w < g; w++) directed.push_back({0, 0, 0, 0, 0, 0, 0, 0});
          }
          for (int w = 0; w < 20; w++) directed.push_back({0, 0, 0, 0, 0, 0, 0, 0});
        }
    // 2. errors: each zero field, all zero, retire with none left, cfg + retire
    for (int k = 0; k < 5; k++) {
      Op o{1, 0, 132, 2, 16, 300, 12000, 64};
      uint32_t *f[5] = {&o.nsm, &o.csm, &o.ptile, &o.ctas, &o.kiters};
      *f[k] = 0;
      directed.push_back(o);
      directed.push_back({0, 0, 0, 0, 0, 0, 0, 0});
    }
    directed.push_back({1, 0, 0, 0, 0, 0, 0, 0});
    directed.push_back({1, 0, 4, 1, 3, 2, 100, 9});
    for (int k = 0; k < 4; k++) {
      directed.push_back({0, 1, 0, 0, 0, 0, 0, 0});
      for (int w = 0; w < 20; w++) directed.push_back({0, 0, 0, 0, 0, 0, 0, 0});
    }
    directed.push_back({1, 1, 8, 2, 5, 40, 0, 30});
    for (int w = 0; w < 20; w++) directed.push_back({0, 0, 0, 0, 0, 0, 0, 0});
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("cfg_valid_i", 1, d.cfg_valid_i);
    v.in("nsm_i", TL_PF_NSM_BITS, d.nsm_i);
    v.in("csm_i", TL_PF_CSM_BITS, d.csm_i);
    v.in("ptile_i", TL_PF_PTILE_BITS, d.ptile_i);
    v.in("ctas_i", TL_PF_CTA_BITS, d.ctas_i);
    v.in("bl_i", TL_PF_BL_BITS, d.bl_i);
    v.in("kiters_i", TL_PF_KIT_BITS, d.kiters_i);
    v.in("retire_i", 1, d.retire_i);
    v.out("degree_o", TL_PF_KIT_BITS, d.degree_o, e.degree);
    v.out("busy_o", 1, d.busy_o, e.busy);
    v.out("err_o", TL_PF_ERR_BITS, d.err_o, e.err);
    v.out("active_o", TL_PF_SLOT_BITS, d.active_o, e.active);
    v.out("ctas_left_o", TL_PF_CTA_BITS, d.ctas_left_o, e.ctas_left);
  }

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  Op random_op(lockstep::Rng &rng) {
    Op o{0, 0, 0, 0, 0, 0, 0, 0};
    if (mode_left-- <= 0) { mode = (int)rng.below(4); mode_left = (int)rng.range(50, 3000); }
    uint32_t den = mode == 0 ? 4000 : mode == 1 ? 400 : mode == 2 ? 60 : 20000;
    if (rng.chance(1, den)) {
      o.cfg = 1;
      o.nsm = rng.chance(1, 12) ? 0 : logu(rng, TL_PF_NSM_BITS);
      o.csm = rng.chance(1, 12) ? 0 : logu(rng, TL_PF_CSM_BITS);
      o.ptile = rng.chance(1, 12) ? 0 : logu(rng, TL_PF_PTILE_BITS);
      o.ctas = rng.chance(1, 12) ? 0 : (rng.chance(1, 2) ? (uint32_t)rng.range(1, 64) : logu(rng, TL_PF_CTA_BITS));
      o.bl = rng.chance(1, 20) ? 0 : logu(rng, TL_PF_BL_BITS);
      o.kiters = rng.chance(1, 12) ? 0 : logu(rng, TL_PF_KIT_BITS);
      o.retire = rng.chance(1, 8);
    } else {
      if (gap > 0) gap--;
      else {
        o.retire = 1;
        gap = mode == 2 ? (int)rng.below(24) : mode == 1 ? (int)rng.range(15, 40) : (int)rng.range(0, 200);
      }
    }
    return o;
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &rng = env.rng;
    bool in_dir = dpos < directed.size();
    bool rst_n = resets.step(rng, env.cyc, model.cnt == 0, !in_dir);
    // one reset in the middle of a division right after the directed phase:
    // the scheduled resets fall on a busy divider too rarely for make's cap
    if (rst_n && !in_dir && !reset_in_division_done && model.cnt > 2) {
      rst_n = false;
      reset_in_division_done = true;
    }
    Op o{0, 0, 0, 0, 0, 0, 0, 0};
    if (rst_n && env.cyc >= resets.first) o = in_dir ? directed[dpos++] : random_op(rng);
    if (!rst_n && model.cnt) env.cov.hit(b_reset_busy);
    d.rst_ni = rst_n;
    d.cfg_valid_i = o.cfg;
    d.nsm_i = o.nsm; d.csm_i = o.csm; d.ptile_i = o.ptile; d.ctas_i = o.ctas; d.bl_i = o.bl; d.kiters_i = o.kiters;
    d.retire_i = o.retire;
    tl_pf_degree_in in{rst_n, o.cfg, o.nsm, o.csm, o.ptile, o.ctas, o.bl, o.kiters, o.retire};
    tl_pf_degree_out out;
    uint32_t busy_before = model.cnt != 0;
    uint32_t ctas_before = model.ctas_left;
    tl_status st = tl_pf_degree_step(&model, &in, &out);
    e.degree = (uint16_t)out.degree; e.busy = (uint8_t)out.busy; e.err = (uint8_t)out.err;
    e.active = (uint16_t)out.active; e.ctas_left = out.ctas_left;
    if (!rst_n) { shadow = false; return; }
    // the oracle: Eq. 6 from the harness's record of the last accepted event
    if (shadow && !out.busy) {
      uint64_t act = s_ctas < s_slots ? s_ctas : s_slots;
      uint64_t want = tl_pf_degree_eq6(s_bl, act * s_ptile, s_kit, 2);
      env.check(out.degree == want, "degree " + std::to_string(out.degree) + " != Eq. 6 " + std::to_string(want));
      env.cov.hit(b_eq6);
      if (want == s_kit && act) env.cov.hit(b_cap);
      if (!act) env.cov.hit(b_zero_pwave);
      if (s_bl == 0) env.cov.hit(b_bl0);
      if (want > 1000) env.cov.hit(b_deg_big);
    }
    // record this cycle's event (it takes effect at the edge)
    bool cfg_bad = !o.nsm || !o.csm || !o.ptile || !o.ctas || !o.kiters;
    if (o.cfg) {
      int nz = !o.nsm + !o.csm + !o.ptile + !o.ctas + !o.kiters;
      if (nz == 1) {
        uint32_t f[5] = {o.nsm, o.csm, o.ptile, o.ctas, o.kiters};
        for (int k = 0; k < 5; k++) if (!f[k]) env.cov.hit(b_zero[k]);
      }
      if (nz > 1) env.cov.hit(b_multi_zero);
      if (o.retire) env.cov.hit(b_cfg_retire);
      env.check(cfg_bad == (st == TL_ERR_PF_CONFIG), "configuration status");
      if (!cfg_bad) {
        if (busy_before) env.cov.hit(b_restart);
        shadow = true;
        s_bl = o.bl; s_slots = (uint64_t)o.nsm * o.csm; s_ptile = o.ptile; s_ctas = o.ctas; s_kit = o.kiters;
        if (o.nsm == 132 && (o.ptile == 16 || o.ptile == 4) && o.bl % 1200 == 0) env.cov.hit(b_paper);
      }
    } else if (o.retire) {
      env.check((ctas_before == 0) == (st == TL_ERR_PF_RETIRE), "retire status");
      if (ctas_before == 0) env.cov.hit(b_retire_none);
      else {
        if (busy_before) env.cov.hit(b_restart);
        if (shadow) {
          uint64_t a0 = s_ctas < s_slots ? s_ctas : s_slots, a1 = s_ctas - 1 < s_slots ? s_ctas - 1 : s_slots;
          if (a1 < a0 && a1 && tl_pf_degree_eq6(s_bl, a1 * s_ptile, s_kit, 2) > tl_pf_degree_eq6(s_bl, a0 * s_ptile, s_kit, 2))
            env.cov.hit(b_tail);
          s_ctas--;
        }
      }
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbPfDegree>(argc, argv); }
