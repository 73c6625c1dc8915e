/*
 * tb_fiber_base_operand_path.h - lockstep harness of the baseline
 * (private-register) operand path, fiber_base_operand_path, against the
 * FIBER models in CUDA-native mode with a zero extension field
 * (fibertb::IssueRef with base = true: fb_sel_eval per SP, every request
 * granted, fb_xbar_step). Every output, every cycle.
 *
 * One size per main (Cfg: Dut, kName, kLanes, kWidth, kCycles):
 * tb_fiber_base_operand_path_small.cpp (8 lanes x 8 bits through the
 * wrapper fiber_base_operand_path_small: 10,000,000 cycles, the replays) and
 * full_fiber_base_operand_path.cpp (the defaults, 32 x 32: 1,000,000).
 *
 * Each SP has a scheduler model: it presents an instruction, keeps
 * presenting it while passes remain (busy_o) and, when it stalls, usually
 * retries it; rarely it drops a multi-pass instruction (abandon). Bank data
 * are random every cycle. Stimulus, in this order:
 *   1. reset, then the header's worked example (SP 1, FFMA R3, R2, R4, R6:
 *      three passes);
 *   2. exhaustive, SP 0..3 in turn: every instruction whose four sources
 *      each are (invalid | bank 0 | bank 1) x (row 0, 1, 2): 3^4... in full
 *      7^4 = 2,401 patterns per SP, each run to its issue, the other SPs
 *      random;
 *   3. seeded random: few rows per bank (conflicts and repeated registers),
 *      any field values, idle cycles, rare asynchronous resets, and in the
 *      first 1,000,000 cycles a reset about every 2,000 (the gate-level
 *      replay's random windows begin at resets).
 */
#ifndef TB_FIBER_BASE_OPERAND_PATH_H
#define TB_FIBER_BASE_OPERAND_PATH_H

#include <string>

#include "fiber.h"
#include "fiber_tb_issue_ref.h"
#include "fiber_tb_wide.h"
#include "lockstep.h"
#include "stim.h"

template <class Cfg>
struct TbBasePath {
  using Dut = typename Cfg::Dut;
  using Wd = fibertb::Wide<Cfg::kLanes, Cfg::kWidth>;
  static constexpr const char *kName = Cfg::kName;
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = Cfg::kCycles;
  static constexpr unsigned kLanes = Cfg::kLanes, kWidth = Cfg::kWidth, kWord = Wd::kWord;
  // --workload hmma (synth/power.py): after the reset, each SP issues the
  // HMMA stream's operand reads in its private banks without end: step k
  // (0..7, then again) reads A at row 2k of bank k%2 and B at row 2k+1 of
  // the other bank (one pass, no conflict); no resets, no worked example, no
  // sweep; bank data stay the harness's random words.
  static constexpr const char *kWorkloads = "hmma";
  bool wl_hmma = false;
  unsigned wl_k[FB_NSP] = {};
  template <class T> using PortT = fibertb::PortT<T>;
  using DataT = PortT<decltype(std::declval<Dut &>().rd_data_sp0_i)>;
  using OpndT = PortT<decltype(std::declval<Dut &>().opnd_sp0_o)>;
  struct Exp {
    uint8_t issue, stall, busy, conflict, bank_re;
    uint64_t bank_row;
    uint16_t opnd_valid;
    OpndT opnd[FB_NSP];
  };

  static constexpr unsigned kPatterns = 7 * 7 * 7 * 7;   // per SP

  fibertb::IssueRef ref;
  fibertb::IssueIn in{};
  fibertb::IssueOut out{};
  bool rst_n = false;
  // one-cycle resets: rare ones, and one about every 2,000 cycles in the
  // first 1,000,000 (the replays' gate-level windows begin there); an
  // instruction a reset drops is presented again (tb/common/stim.h)
  lockstep::ResetSchedule resets = [] {
    lockstep::ResetSchedule r(2000, 40000);
    r.max_hold = 0;
    r.until = 1000000;
    return r;
  }();
  // scheduler model per SP
  bool have[FB_NSP] = {}, stalled[FB_NSP] = {};
  unsigned passes[FB_NSP] = {};
  // exhaustive sweep: SP ex_sp, pattern ex_pat (one instruction at a time)
  unsigned ex_sp = 0, ex_pat = 0;
  bool ex_done = false, example_done = false;
  int style = 0, style_left = 0;

  int b_example, b_exh, b_passes[5], b_stall[FB_NSP], b_conflict[FB_NSP], b_abandon, b_reset_busy, b_same_reg,
      b_port[FB_NPORT], b_all_issue, b_style[3];

  explicit TbBasePath(lockstep::Env &env) {
    wl_hmma = env.opt.workload == "hmma";
    if (wl_hmma) ex_done = true;
    auto &c = env.cov;
    b_example = c.bin("worked example: FFMA R3, R2, R4, R6 in three passes");
    b_exh = c.bin("exhaustive: 7^4 source patterns x 4 SPs");
    for (int k = 1; k <= 4; k++) b_passes[k] = c.bin("instruction issued after " + std::to_string(k) + " pass(es)");
    b_passes[0] = -1;
    for (int s = 0; s < FB_NSP; s++) b_stall[s] = c.bin("stall SP" + std::to_string(s));
    for (int s = 0; s < FB_NSP; s++) b_conflict[s] = c.bin("bank conflict SP" + std::to_string(s));
    b_abandon = c.bin("multi-pass instruction abandoned (valid low)");
    b_reset_busy = c.bin("reset while busy");
    b_same_reg = c.bin("one register read twice (one read)");
    for (int p = 0; p < FB_NPORT; p++) b_port[p] = c.bin("bank port " + std::to_string(p) + " read");
    b_all_issue = c.bin("four SPs issue in one cycle");
    static const char *sn[3] = {"few rows", "any fields", "sparse"};
    for (int k = 0; k < 3; k++) b_style[k] = c.bin(std::string("random style: ") + sn[k]);
    ref.base = true;
    ref.lanes = kLanes;
    ref.width = kWidth;
    ref.reset();
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("valid_i", 4, d.valid_i);
    v.in("src_valid_i", 16, d.src_valid_i);
    v.in("src_orig_i", 128, d.src_orig_i);
    v.in("rd_data_sp0_i", 2 * kWord, d.rd_data_sp0_i);
    v.in("rd_data_sp1_i", 2 * kWord, d.rd_data_sp1_i);
    v.in("rd_data_sp2_i", 2 * kWord, d.rd_data_sp2_i);
    v.in("rd_data_sp3_i", 2 * kWord, d.rd_data_sp3_i);
    v.out("issue_o", 4, d.issue_o, e.issue);
    v.out("stall_o", 4, d.stall_o, e.stall);
    v.out("busy_o", 4, d.busy_o, e.busy);
    v.out("conflict_o", 4, d.conflict_o, e.conflict);
    v.out("bank_re_o", 8, d.bank_re_o, e.bank_re);
    v.out("bank_row_o", 56, d.bank_row_o, e.bank_row);
    v.out("opnd_valid_o", 16, d.opnd_valid_o, e.opnd_valid);
    v.out("opnd_sp0_o", 4 * kWord, d.opnd_sp0_o, e.opnd[0]);
    v.out("opnd_sp1_o", 4 * kWord, d.opnd_sp1_o, e.opnd[1]);
    v.out("opnd_sp2_o", 4 * kWord, d.opnd_sp2_o, e.opnd[2]);
    v.out("opnd_sp3_o", 4 * kWord, d.opnd_sp3_o, e.opnd[3]);
  }

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  void new_insn(lockstep::Rng &rng, unsigned s) {
    in.src_valid[s] = (uint8_t)rng.bits(4);
    switch (style) {
      case 0:  // few rows: bank conflicts and repeated registers
        for (int k = 0; k < FB_NSRC; k++) in.src_orig[s][k] = (uint8_t)(rng.below(3) << 1 | rng.bits(1));
        break;
      case 1:  // any fields
        for (int k = 0; k < FB_NSRC; k++) in.src_orig[s][k] = (uint8_t)rng.bits(8);
        break;
      default:  // sparse: one or two sources
        in.src_valid[s] = (uint8_t)(1u << rng.below(4));
        if (rng.chance(1, 2)) in.src_valid[s] |= (uint8_t)(1u << rng.below(4));
        for (int k = 0; k < FB_NSRC; k++) in.src_orig[s][k] = (uint8_t)rng.bits(8);
        break;
    }
  }

  // Pattern x (base 7 per source): 0 invalid, 1 + 2*row + bank.
  void pattern_insn(unsigned s, unsigned x) {
    in.src_valid[s] = 0;
    for (unsigned k = 0; k < FB_NSRC; k++, x /= 7) {
      unsigned d = x % 7;
      if (d == 0) { in.src_orig[s][k] = (uint8_t)(k * 0x22); continue; }
      in.src_valid[s] |= (uint8_t)(1u << k);
      in.src_orig[s][k] = (uint8_t)((((d - 1) / 2) << 1) | ((d - 1) % 2));
    }
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &rng = env.rng;
    auto &cv = env.cov;
    uint64_t c = env.cyc;

    bool was = rst_n;
    rst_n = wl_hmma ? c >= 2 : resets.step(rng, c, true, c >= 200);
    if (was && !rst_n && ref.rem[0] | ref.rem[1] | ref.rem[2] | ref.rem[3]) cv.hit(b_reset_busy);
    if (!rst_n) for (int s = 0; s < FB_NSP; s++) { have[s] = false; passes[s] = 0; }

    if (style_left-- <= 0) {
      style = (int)rng.below(3);
      style_left = (int)rng.range(20, 500);
      if (ex_done) cv.hit(b_style[style]);
    }
    // the scheduler of each SP
    for (unsigned s = 0; s < FB_NSP; s++) {
      bool busy = ref.rem[s] != 0;
      bool exh_sp = !ex_done && example_done && s == ex_sp;
      if (busy) {
        in.valid[s] = 1;
        // never abandon the worked example (it must complete in every run)
        if (!wl_hmma && !exh_sp && example_done && rng.chance(1, 300)) { in.valid[s] = 0; have[s] = false; cv.hit(b_abandon); }
        continue;
      }
      if (wl_hmma) {
        if (have[s] && stalled[s]) { in.valid[s] = 1; continue; }
        in.valid[s] = c >= 3;
        have[s] = in.valid[s];
        if (!in.valid[s]) continue;
        unsigned k = wl_k[s];
        wl_k[s] = (k + 1) % 8;
        in.src_valid[s] = 0x3;
        in.src_orig[s][0] = (uint8_t)((2 * k) << 1 | (k % 2));
        in.src_orig[s][1] = (uint8_t)((2 * k + 1) << 1 | ((k + 1) % 2));
        in.src_orig[s][2] = in.src_orig[s][3] = 0;
        continue;
      }
      if (c <= 3 && !(c == 3 && s == 1)) { in.valid[s] = 0; have[s] = false; continue; }
      if (c == 3) {                             // worked example on SP 1
        in.valid[s] = 1;
        in.src_valid[s] = 0x7;
        in.src_orig[s][0] = 0x02; in.src_orig[s][1] = 0x04; in.src_orig[s][2] = 0x06; in.src_orig[s][3] = 0x06;
        have[s] = true;
        continue;
      }
      if (exh_sp) {
        in.valid[s] = 1;
        if (!have[s]) { pattern_insn(s, ex_pat); have[s] = true; }
        continue;
      }
      if (have[s] && stalled[s] && rng.chance(3, 4)) { in.valid[s] = 1; continue; }
      in.valid[s] = rng.chance(7, 8);
      if (in.valid[s]) new_insn(rng, s);
      have[s] = in.valid[s];
    }
    DataT *rd[FB_NSP] = {&d.rd_data_sp0_i, &d.rd_data_sp1_i, &d.rd_data_sp2_i, &d.rd_data_sp3_i};
    for (int s = 0; s < FB_NSP; s++) Wd::rand_port(rng, *rd[s], 2 * kWord);
    for (int p = 0; p < FB_NPORT; p++) Wd::get_word(*rd[p / 2], (unsigned)(p % 2), ref.xin.port_data[p]);

    // inputs
    d.rst_ni = rst_n;
    uint8_t v = 0;
    uint16_t sv = 0;
    for (int s = 0; s < FB_NSP; s++) {
      v |= (uint8_t)((in.valid[s] & 1u) << s);
      sv |= (uint16_t)((in.src_valid[s] & 0xFu) << (4 * s));
      for (int k = 0; k < FB_NSRC; k++) lockstep::set_bits(d.src_orig_i, 8 * (4 * s + k), 8, in.src_orig[s][k]);
    }
    d.valid_i = v;
    d.src_valid_i = sv;

    // model
    ref.step(in, out, rst_n);
    e.issue = out.issue;
    e.stall = out.stall;
    e.busy = out.busy;
    e.conflict = out.conflict;
    e.bank_re = out.arb.occ;
    e.bank_row = 0;
    for (int p = 0; p < FB_NPORT; p++) e.bank_row |= (uint64_t)(out.arb.row[p] & 0x7Fu) << (7 * p);
    e.opnd_valid = 0;
    for (int s = 0; s < FB_NSP; s++) {
      e.opnd_valid |= (uint16_t)((out.xo.valid[s] & 0xFu) << (4 * s));
      for (int k = 0; k < FB_NSRC; k++) Wd::put_word(e.opnd[s], (unsigned)k, out.xo.opnd[s][k]);
    }

    // bookkeeping and coverage
    for (unsigned s = 0; s < FB_NSP; s++) {
      stalled[s] = (out.stall >> s) & 1u;
      if (stalled[s]) cv.hit(b_stall[s]);
      if ((out.conflict >> s) & 1u) cv.hit(b_conflict[s]);
      if ((out.grant >> s) & 1u) passes[s]++;
      if ((out.issue >> s) & 1u) {
        if (passes[s] >= 1 && passes[s] <= 4) cv.hit(b_passes[passes[s]]);
        if (c <= 8 && s == 1 && passes[s] == 3 && !example_done) { cv.hit(b_example); example_done = true; }
        passes[s] = 0;
        have[s] = false;
        if (!ex_done && example_done && s == ex_sp && rst_n) {
          if (++ex_pat == kPatterns) {
            ex_pat = 0;
            if (++ex_sp == FB_NSP) { ex_done = true; cv.hit(b_exh); }
          }
        }
      }
      if (!((in.valid[s] & 1u)) || !rst_n) passes[s] = 0;
      for (int k = 0; k < FB_NSRC; k++)
        for (int j = 0; j < k; j++)
          if (((out.pass_src[s] >> k) & (out.pass_src[s] >> j) & 1u) &&
              out.so[s].src_reg[k] == out.so[s].src_reg[j] && ((out.grant >> s) & 1u))
            cv.hit(b_same_reg);
    }
    if (c > 8 && !example_done) example_done = true;   // reset hit it: go on
    for (int p = 0; p < FB_NPORT; p++)
      if ((out.arb.occ >> p) & 1u) cv.hit(b_port[p]);
    if (out.issue == 0xF) cv.hit(b_all_issue);
  }
};

#endif
