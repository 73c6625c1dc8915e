/*
 * tb_fiber_issue_stage.h - lockstep harness of the composed FIBER issue
 * stage, fiber_issue_stage (selectors, read-port arbiter, busy bitmap and
 * crossbar of the four SPs), against the composition of the FIBER C models
 * in fibertb::IssueRef (fiber_tb_issue_ref.h). Every output, every cycle.
 *
 * One size per main (Cfg: Dut, kName, kLanes, kWidth, kNReg, kNRep, kPart,
 * kCycles): tb_fiber_issue_stage_small.cpp (the small wrapper
 * fiber_issue_stage_small, 16 registers in each SP's partition; the
 * replays) and full_fiber_issue_stage.cpp (the defaults: 32 lanes x 32
 * bits, 2048 registers, 4 replicas). With partitions of kPart < 512
 * registers (RTL PartRegs) every SP has registers: the hot registers are
 * rows 0..3 of each SP (offsets 0..7), now and then an offset at or above
 * kPart (missing: a range error), HMMA operands and accumulators folded
 * into the partitions.
 *
 * The harness is the rest of the SM around the issue stage:
 *   - a scheduler per SP presents an instruction, presents it again while
 *     passes remain (busy_o), usually retries a stalled one, rarely drops a
 *     multi-pass instruction (abandon);
 *   - a register file: the banks read the rows the stage asks for
 *     (bank_re_o / bank_row_o) and return them in the next cycle; every
 *     register holds a value derived from its id, its lane and a version
 *     that each writeback bumps; ports not read carry random data. Every
 *     delivered operand is checked against the register its selector named
 *     (a check of the reference composition itself; a failure stops the run
 *     with exit status 4);
 *   - a pipeline: an issued instruction writes back its destination after
 *     1..12 cycles (one writeback port per SP), delivered operands are
 *     consumed 0..3 cycles later; besides, producers outside the model write
 *     back hot registers at random, extended DEPBARs (both groups, set and
 *     clear) and rare ALL-scope sets arrive from the decoder.
 * Stimulus, in this order:
 *   1. reset, then the paper's Fig. 6(c) HMMA scenario on all four SPs from
 *      start 0 with the bitmap clear: the grant masks must be 0x9, 0xF x7,
 *      0x6 (a bin);
 *   2. seeded random, in phases of 50..2000 cycles: FIBER-native hot
 *      registers (conflicts, broadcasts, remote reads, multi-pass
 *      instructions), HMMA streams, CUDA-native code (some illegal), any
 *      field values; rare asynchronous resets. Half of the new instructions
 *      with a destination aim it at a register another SP still has to
 *      read (a busy SP's remaining source, or a source of an instruction
 *      with two or more sources presented in the same cycle);
 *   3. at cycle kDir, after a reset, the pending-read scenario (directed): the
 *      reader reads rows 1, 2, 3 of bank 0 of the owner (three passes) while
 *      the two other SPs keep that port busy with other rows; the owner
 *      presents a write to the row-3 register from the next cycle on, with
 *      the earliest writeback. The owner must not issue before the reader's
 *      last pass is granted, and both must issue within kDirLen cycles.
 * Required bins that only a stage whose SPs all have registers reaches (a
 * bitmap of SP 0's registers alone never lets SPs 1-3 write): SPs 1, 2 and
 * 3 each issue an instruction that writes a destination; the pending-read
 * guard holds a first pass over SP 3's write (a writer of SP 3 held, or a
 * reader held by it); the pending EMPTY set of an SP 3 issue is bypassed
 * (a valid source of a first pass names the destination SP 3 issued in the
 * cycle before), and an SP 3 source meets another SP's pending set.
 * Operand consistency (SPEC B.2 invariant), checked every cycle: an operand
 * must not see a write issued (by an instruction of this stage) in or after
 * the cycle its instruction's first pass was granted.
 */
#ifndef TB_FIBER_ISSUE_STAGE_H
#define TB_FIBER_ISSUE_STAGE_H

#include <cstdlib>
#include <string>
#include <vector>

#include "fiber.h"
#include "fiber_tb_hmma.h"
#include "fiber_tb_issue_ref.h"
#include "fiber_tb_wide.h"
#include "lockstep.h"

template <class Cfg>
struct TbIssueStage {
  using Dut = typename Cfg::Dut;
  using Wd = fibertb::Wide<Cfg::kLanes, Cfg::kWidth>;
  static constexpr const char *kName = Cfg::kName;
  static constexpr bool kClocked = true;
  static constexpr unsigned kNReg = Cfg::kNReg, kNRep = Cfg::kNRep, kPart = Cfg::kPart;
  static_assert(kPart == 512 || (kPart >= 16 && kNReg == FB_NVREG), "partitions of 16..256 registers, 2048 ids");
  // kLowOnly: only ids below kNReg exist, all of them in SP 0 (PartRegs 512);
  // kMissing: some ids do not exist (range errors are reachable).
  static constexpr bool kLowOnly = kNReg < FB_NVREG, kMissing = kLowOnly || kPart < 512;
  static constexpr uint64_t kDefaultCycles = Cfg::kCycles;
  static constexpr unsigned kLanes = Cfg::kLanes, kWidth = Cfg::kWidth, kWord = Wd::kWord;
  static constexpr uint64_t kWidthMask = Wd::kMask;
  // --workload hmma (synth/power.py): after the reset, the Fig. 6(c) HMMA
  // stream on all four SPs without end (no resets, no directed scenario, no
  // DEPBARs); bank data stay the harness's random words.
  static constexpr const char *kWorkloads = "hmma";
  bool wl_hmma = false;
  template <class T> using PortT = fibertb::PortT<T>;
  using DataT = PortT<decltype(std::declval<Dut &>().rd_data_sp0_i)>;
  using OpndT = PortT<decltype(std::declval<Dut &>().opnd_sp0_o)>;
  struct Exp {
    uint8_t issue, stall, grant, busy, eligible, pend_block, illegal, conflict, range_err, upd_range_err, bank_re;
    uint64_t dst_reg, bank_row;
    uint16_t opnd_valid;
    OpndT opnd[FB_NSP];
  };

  fibertb::IssueRef ref;
  fibertb::IssueIn in{};
  fibertb::IssueOut out{};
  bool rst_n = false;

  // scheduler
  bool have[FB_NSP] = {}, stalled[FB_NSP] = {};
  unsigned passes[FB_NSP] = {};
  int style = 0, style_left = 0;
  fibertb::Hmma hmma;
  bool hmma_directed = false, hmma_stream = false;
  unsigned hmma_acc = 0;

  // register file: versions, and the rows read last cycle
  static constexpr unsigned kVer = FB_NVREG;
  uint32_t version[kVer] = {};
  // operand consistency (SPEC B.2 invariant): per register, 1 + the latest
  // issue cycle of the in-model writes that have landed (0: none); per SP,
  // the cycle its instruction's first pass was granted. An operand read in
  // a pass of an instruction whose first pass was granted in cycle g must
  // not see a write issued in cycle g or later. (Writebacks of producers
  // outside the model, and DEPBARs, are not instructions of this stage and
  // are not counted.)
  uint64_t landed_issue[kVer] = {};
  uint64_t first_grant[FB_NSP] = {};
  uint64_t wb_issued[FB_NSP] = {};   // 1 + issue cycle of this cycle's writeback (0: none, or outside)

  // the directed pending-read scenario (docs/fiber.md, section 5a): after a
  // reset, the reader reads three rows of one bank of the owner (three
  // passes) while two other SPs keep that port busy with other rows; the
  // owner tries to write the last row's register from the next cycle on. It
  // must be held until the reader's last pass is granted.
  static constexpr uint64_t kDir = 300, kDirLen = 40;
  static constexpr unsigned kOwner = kLowOnly ? 0 : 1, kReader = kLowOnly ? 1 : 0;
  bool dir_on = false, dir_held = false;
  uint64_t dir_read_issue = 0, dir_write_issue = 0;
  unsigned dir_passes = 0;

  void dir_insn(uint64_t c, unsigned s) {
    in.mode[s] = FB_MODE_FIBER;
    in.ext[s] = 0x100;
    in.dst_valid[s] = 0;
    in.dst_orig[s] = 0;
    if (s == kReader) {           // rows 1, 2, 3 of the owner's bank 0: three passes
      in.valid[s] = dir_read_issue == 0;
      in.src_valid[s] = 0x7;
      for (unsigned k = 0; k < FB_NSRC; k++) put_src(s, k, fb_reg_make(kOwner, k < 3 ? k + 1 : 1, 0));
    } else if (s == kOwner) {     // from the next cycle on: write row 3 of bank 0 (R6)
      in.valid[s] = c >= kDir + 1 && dir_write_issue == 0;
      in.src_valid[s] = 0;
      for (unsigned k = 0; k < FB_NSRC; k++) put_src(s, k, fb_reg_make(s, 0, 1));
      in.dst_valid[s] = 1;
      in.dst_orig[s] = (uint8_t)(fb_reg_make(kOwner, 3, 0) & 0xFF);
    } else {                      // the other two: another row of that port, every cycle
      in.valid[s] = 1;
      in.src_valid[s] = 0x1;
      // (rows 8 + s, or 4 + s when partitions of kPart registers hold rows 0..kPart/2-1)
      for (unsigned k = 0; k < FB_NSRC; k++) put_src(s, k, fb_reg_make(kOwner, 2 * (8 + s) < kPart ? 8 + s : 4 + s, 0));
    }
    have[s] = in.valid[s];
  }

  // Random stimulus aimed at the guard: SP s's new instruction writes a
  // register of its own that another SP still has to read (a remaining
  // source of a busy SP), or that an SP already scheduled this cycle reads
  // with two or more sources (a deferral may be created in this cycle).
  void aim_dst(lockstep::Rng &rng, lockstep::Coverage &cv, unsigned s) {
    uint16_t cand[2 * FB_NSP * FB_NSRC];
    unsigned n = 0;
    for (int pass = 0; pass < 2; pass++)
      for (unsigned p = 0; p < FB_NSP; p++) {
        if (p == s) continue;
        if (pass == 0 && ref.rem[p]) {          // last cycle's selector saw the same instruction
          for (unsigned k = 0; k < FB_NSRC; k++)
            if ((ref.rem[p] >> k) & 1u) cand[n++] = out.so[p].src_reg[k];
        } else if (pass == 1 && !ref.rem[p] && p < s && (in.valid[p] & 1u) &&
                   __builtin_popcount(in.src_valid[p] & 0xFu) >= 2) {
          fb_sel_in si{};
          fb_sel_out so{};
          si.mode = in.mode[p];
          si.sp = (uint8_t)p;
          si.src_valid = in.src_valid[p];
          std::memcpy(si.src_orig, in.src_orig[p], sizeof si.src_orig);
          si.ext = in.ext[p];
          si.dst_orig = in.dst_orig[p];
          fb_sel_eval(&si, &so);
          for (unsigned k = 0; k < FB_NSRC; k++)
            if ((in.src_valid[p] >> k) & 1u) cand[n++] = so.src_reg[k];
        }
      }
    unsigned m = 0;                             // the owner's, bank-local half (dst = {s, 0, orig8})
    for (unsigned i = 0; i < n; i++)
      if ((cand[i] >> 9) == s && ((cand[i] >> 8) & 1u) == 0) cand[m++] = cand[i];
    if (!m) return;
    unsigned i = (unsigned)rng.below(m);
    in.dst_valid[s] = 1;
    in.dst_orig[s] = (uint8_t)(cand[i] & 0xFF);
    for (unsigned p = 0; p < FB_NSP; p++)
      if (p != s && ref.rem[p])
        for (unsigned k = 0; k < FB_NSRC; k++)
          if (((ref.rem[p] >> k) & 1u) && out.so[p].src_reg[k] == cand[i]) { cv.hit(b_pend_target); return; }
  }
  uint8_t occ_q = 0, row_q[FB_NPORT] = {};
  uint16_t named_q[FB_NSP][FB_NSRC] = {};

  // pipeline: writebacks (per SP, due cycle -> dst) and consumptions
  struct Wb { uint64_t due; uint16_t reg; uint64_t issued = 0; };
  std::vector<Wb> wbq[FB_NSP];
  std::vector<Wb> consq[FB_NSP][FB_NSRC];
  // registers the stalled instructions wait for (EMPTY sources, FULL
  // destinations): producers and consumers outside the model release them
  uint16_t need_wb[FB_NSP * FB_NSRC], need_cons[FB_NSP];
  unsigned n_need_wb = 0, n_need_cons = 0;

  int b_pend_write, b_pend_same, b_pend_reader, b_pend_dir, b_pend_target;
  int b_fig6c, b_stall[FB_NSP], b_stall_port[FB_NSP], b_stall_bm[FB_NSP], b_stall_illegal, b_bcast, b_remote[FB_NSP],
      b_passes[5], b_abandon, b_src_empty, b_dst_full, b_dep[4], b_all, b_wb_issue_same, b_range, b_upd_range,
      b_reset_busy, b_all_issue, b_checked, b_hmma_stream, b_style[4], b_bcast_remote, b_issue_sp[FB_NSP];
  int b_iss_dst[FB_NSP] = {-1, -1, -1, -1}, b_guard_sp3 = -1, b_byp_of3 = -1, b_byp_by3 = -1;
  // the pending EMPTY sets of last cycle's issues (the RTL's
  // fiber_issue_pend registers; bit s: SP s issued to pend_dst[s], and no
  // DEPBAR on (EMPTY, that register) nor ALL-scope set came after it)
  uint8_t pend_v = 0;
  uint16_t pend_dst[FB_NSP] = {};

  explicit TbIssueStage(lockstep::Env &env) {
    wl_hmma = env.opt.workload == "hmma";
    auto &c = env.cov;
    b_pend_write = c.bin("write held by a pending read (a busy reader's remaining source)");
    b_pend_same = c.bin("write held by a read deferred in the same cycle");
    b_pend_reader = c.bin("first pass held by a pending write");
    b_pend_dir = c.bin("directed: write held until the multi-pass reader's last pass");
    b_pend_target = c.bin("owner presents a write to a register a remote multi-pass read still waits for");
    b_fig6c = c.bin("Fig. 6(c) grants 0x9, 0xF x7, 0x6 through the issue stage", !kMissing);
    for (int s = 1; s < FB_NSP; s++)
      b_iss_dst[s] = c.bin("SP" + std::to_string(s) + " issues an instruction that writes a destination", !kLowOnly);
    b_guard_sp3 = c.bin("pending-read guard holds a first pass over SP3's write", !kLowOnly);
    b_byp_of3 = c.bin("pending EMPTY set of an SP3 issue bypassed (a source names it the next cycle)", !kLowOnly);
    b_byp_by3 = c.bin("SP3 source meets a pending EMPTY set of another SP", !kLowOnly);
    for (int s = 0; s < FB_NSP; s++) b_issue_sp[s] = c.bin("issue SP" + std::to_string(s));
    for (int s = 0; s < FB_NSP; s++) b_stall[s] = c.bin("stall SP" + std::to_string(s));
    for (int s = 0; s < FB_NSP; s++) b_stall_port[s] = c.bin("stall SP" + std::to_string(s) + ": read-port conflict");
    for (int s = 0; s < FB_NSP; s++) b_stall_bm[s] = c.bin("stall SP" + std::to_string(s) + ": busy bitmap");
    b_stall_illegal = c.bin("stall: illegal instruction");
    // (with a small bitmap SP 0 cannot read another SP: no such id exists)
    for (int s = 0; s < FB_NSP; s++)
      b_remote[s] = c.bin("remote operand delivered to SP" + std::to_string(s), !kLowOnly || s != 0);
    b_bcast = c.bin("broadcast: one bank read to two or more SPs");
    b_bcast_remote = c.bin("broadcast of a remote register");
    for (int k = 2; k <= 4; k++) b_passes[k] = c.bin("instruction issued after " + std::to_string(k) + " passes");
    b_passes[0] = b_passes[1] = -1;
    b_abandon = c.bin("multi-pass instruction abandoned");
    b_src_empty = c.bin("bitmap: source EMPTY blocks");
    b_dst_full = c.bin("bitmap: destination FULL blocks");
    static const char *dn[4] = {"DEPBAR clear EMPTY", "DEPBAR set EMPTY", "DEPBAR clear FULL", "DEPBAR set FULL"};
    for (int k = 0; k < 4; k++) b_dep[k] = c.bin(std::string("bitmap: ") + dn[k]);
    b_all = c.bin("bitmap: ALL-scope set");
    b_wb_issue_same = c.bin("bitmap: writeback and issue of one register in one cycle");
    b_range = c.bin("bitmap: query id out of range", kMissing);
    b_upd_range = c.bin("bitmap: update id out of range", kMissing);
    b_reset_busy = c.bin("reset while busy");
    b_all_issue = c.bin("four SPs issue in one cycle");
    b_checked = c.bin("operands checked against the named register");
    b_hmma_stream = c.bin("HMMA stream iteration completed");
    static const char *sn[4] = {"FIBER-native hot registers", "HMMA stream", "CUDA-native", "any fields"};
    for (int k = 0; k < 4; k++) b_style[k] = c.bin(std::string("random style: ") + sn[k]);
    ref.lanes = kLanes;
    ref.width = kWidth;
    ref.nreg = kNReg;
    ref.part = kPart;
    ref.nrep = kNRep;
    ref.reset();
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("valid_i", 4, d.valid_i);
    v.in("mode_i", 4, d.mode_i);
    v.in("src_valid_i", 16, d.src_valid_i);
    v.in("src_orig_i", 128, d.src_orig_i);
    v.in("ext_i", 52, d.ext_i);
    v.in("dst_valid_i", 4, d.dst_valid_i);
    v.in("dst_orig_i", 32, d.dst_orig_i);
    v.in("wb_valid_i", 4, d.wb_valid_i);
    v.in("wb_dst_i", 44, d.wb_dst_i);
    v.in("cons_valid_i", 16, d.cons_valid_i);
    v.in("cons_src_i", 176, d.cons_src_i);
    v.in("dep_valid_i", 4, d.dep_valid_i);
    v.in("dep_reg_i", 44, d.dep_reg_i);
    v.in("dep_group_i", 4, d.dep_group_i);
    v.in("dep_set_i", 4, d.dep_set_i);
    v.in("all_set_i", 1, d.all_set_i);
    v.in("rd_data_sp0_i", 2 * kWord, d.rd_data_sp0_i);
    v.in("rd_data_sp1_i", 2 * kWord, d.rd_data_sp1_i);
    v.in("rd_data_sp2_i", 2 * kWord, d.rd_data_sp2_i);
    v.in("rd_data_sp3_i", 2 * kWord, d.rd_data_sp3_i);
    v.out("issue_o", 4, d.issue_o, e.issue);
    v.out("stall_o", 4, d.stall_o, e.stall);
    v.out("grant_o", 4, d.grant_o, e.grant);
    v.out("busy_o", 4, d.busy_o, e.busy);
    v.out("eligible_o", 4, d.eligible_o, e.eligible);
    v.out("pend_block_o", 4, d.pend_block_o, e.pend_block);
    v.out("illegal_o", 4, d.illegal_o, e.illegal);
    v.out("conflict_o", 4, d.conflict_o, e.conflict);
    v.out("range_err_o", 4, d.range_err_o, e.range_err);
    v.out("upd_range_err_o", 4, d.upd_range_err_o, e.upd_range_err);
    v.out("dst_reg_o", 44, d.dst_reg_o, e.dst_reg);
    v.out("bank_re_o", 8, d.bank_re_o, e.bank_re);
    v.out("bank_row_o", 64, d.bank_row_o, e.bank_row);
    v.out("opnd_valid_o", 16, d.opnd_valid_o, e.opnd_valid);
    v.out("opnd_sp0_o", 4 * kWord, d.opnd_sp0_o, e.opnd[0]);
    v.out("opnd_sp1_o", 4 * kWord, d.opnd_sp1_o, e.opnd[1]);
    v.out("opnd_sp2_o", 4 * kWord, d.opnd_sp2_o, e.opnd[2]);
    v.out("opnd_sp3_o", 4 * kWord, d.opnd_sp3_o, e.opnd[3]);
  }

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  // ---- register file values
  static uint64_t reg_value(unsigned reg, unsigned lane, uint32_t ver) {
    uint64_t z = (uint64_t)reg * 0x9E3779B97F4A7C15ull ^ (uint64_t)lane * 0xBF58476D1CE4E5B9ull ^
                 (uint64_t)ver * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return z * 0xD6E8FEB86659FD93ull;
  }

  // ---- instruction generation
  // A hot register of SP sp: few rows, both banks. With a small bitmap
  // (kLowOnly: only ids below kNReg exist, all of them in SP 0) it is
  // usually one of SP 0's first rows instead, and now and then an id out of
  // the bitmap's range (its instruction never becomes eligible). With
  // partitions of kPart registers, 1 time in 16 a row just past them (a
  // missing id).
  unsigned hot_reg(lockstep::Rng &rng, unsigned sp) const {
    if (kLowOnly && rng.chance(15, 16)) return fb_reg_make(0, (unsigned)rng.below(4), (unsigned)rng.bits(1)) % kNReg;
    if (kPart < 512 && rng.chance(1, 16))
      return fb_reg_make(sp, kPart / 2 + (unsigned)rng.below(4), (unsigned)rng.bits(1));
    return fb_reg_make(sp, (unsigned)rng.below(4), (unsigned)rng.bits(1));
  }
  // Fold an id into the registers that exist (HMMA operands at small sizes).
  static unsigned fold(unsigned r) {
    if (kLowOnly) return r % kNReg;
    return (r & 0x600u) | ((r & 0x1FFu) % kPart);
  }
  // With a bitmap of SP 0's registers only SP 0's destinations exist: the
  // other SPs mostly run instructions without one.
  bool dst_ok(lockstep::Rng &rng, unsigned s) const { return !kLowOnly || s == 0 || rng.chance(1, 16); }
  // Encode register r as source k of a FIBER-native instruction on SP s.
  void put_src(unsigned s, unsigned k, unsigned r) {
    in.src_orig[s][k] = (uint8_t)(r & 0xFF);
    in.ext[s] = (uint16_t)((in.ext[s] & ~((3u << (2 * k)) | (1u << (9 + k)))) | (((r >> 9) & 3u) << (2 * k)) |
                           (((r >> 8) & 1u) << (9 + k)));
  }

  void new_insn(lockstep::Rng &rng, unsigned s) {
    in.dst_valid[s] = rng.chance(3, 4) && dst_ok(rng, s);
    in.dst_orig[s] = (uint8_t)(rng.chance(3, 4) ? (hot_reg(rng, 0) & 0xFF) : rng.bits(8));
    in.src_valid[s] = (uint8_t)rng.bits(4);
    switch (style) {
      case 0:  // FIBER-native, hot registers of any SP
      case 1:  // (HMMA streams are driven elsewhere; other SPs use this)
        in.mode[s] = FB_MODE_FIBER;
        in.ext[s] = 0x100;
        for (unsigned k = 0; k < FB_NSRC; k++)
          put_src(s, k, hot_reg(rng, rng.chance(1, 3) ? s : (unsigned)rng.below(4)));
        if (rng.chance(1, 8)) in.ext[s] &= (uint16_t)~0x0FFu;          // enable clear: local
        if (rng.chance(1, 8)) in.ext[s] = (uint16_t)(in.ext[s] & ~0x100u);
        break;
      case 2:  // CUDA-native: local, ext zero, some illegal
        in.mode[s] = FB_MODE_CUDA;
        in.ext[s] = rng.chance(1, 16) ? (uint16_t)rng.bits(13) : 0;
        for (unsigned k = 0; k < FB_NSRC; k++) in.src_orig[s][k] = (uint8_t)(hot_reg(rng, 0) & 0xFF);
        break;
      default:  // any fields
        in.mode[s] = (uint8_t)rng.bits(1);
        in.ext[s] = (uint16_t)rng.bits(13);
        for (unsigned k = 0; k < FB_NSRC; k++) in.src_orig[s][k] = (uint8_t)rng.bits(8);
        in.dst_orig[s] = (uint8_t)rng.bits(8);
        break;
    }
  }

  void hmma_insn(unsigned w) {
    in.mode[w] = FB_MODE_FIBER;
    in.ext[w] = 0x100;
    in.src_valid[w] = 0x3;
    put_src(w, 0, fold(hmma.reg(w, 0)));   // (a small bitmap folds them into its registers)
    put_src(w, 1, fold(hmma.reg(w, 1)));
    put_src(w, 2, 0);
    put_src(w, 3, 0);
    in.dst_valid[w] = !kLowOnly || w == 0;
    in.dst_orig[w] = (uint8_t)(kLowOnly ? 0x3F : (0xF0 + w) % kPart);   // the accumulator, local
  }

  // ---- the cycle
  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &rng = env.rng;
    auto &cv = env.cov;
    uint64_t c = env.cyc;

    bool was = rst_n;
    // Rare resets, five times likelier while an SP is between passes, so a
    // 1M-cycle run resets a busy stage several times (bin "reset while busy").
    bool busy_now = (ref.rem[0] | ref.rem[1] | ref.rem[2] | ref.rem[3]) != 0;
    rst_n = c >= 2 && (wl_hmma || (c != kDir - 2 && c != kDir - 1)) && (wl_hmma ||
            (c < 1000 || !rng.chance(1, busy_now ? 20000 : 100000)));
    if (was && !rst_n && busy_now) cv.hit(b_reset_busy);
    if (!rst_n) {
      for (unsigned s = 0; s < FB_NSP; s++) {
        have[s] = false;
        passes[s] = 0;
        wbq[s].clear();
        for (unsigned k = 0; k < FB_NSRC; k++) consq[s][k].clear();
      }
      hmma_stream = false;
    }
    if (c == 2) { hmma.begin(); hmma_directed = true; }
    if (c == kDir && !wl_hmma) {
      dir_on = true;
      dir_held = false;
      dir_read_issue = dir_write_issue = 0;
      dir_passes = 0;
    }

    if (c > 2 && !hmma_directed && !dir_on && style_left-- <= 0) {
      style = wl_hmma ? 1 : (int)rng.below(4);
      style_left = (int)rng.range(50, 2000);
      cv.hit(b_style[style]);
      if (style == 1) { hmma.begin(); hmma_stream = true; }
      else hmma_stream = false;
    }

    // ---- schedulers
    bool hmma_now = hmma_directed || hmma_stream;
    if (hmma_now && hmma.done()) {
      if (hmma_directed) { hmma_directed = false; style_left = 0; }
      else { cv.hit(b_hmma_stream); hmma.begin(); }
      hmma_now = hmma_stream;
    }
    for (unsigned s = 0; s < FB_NSP; s++) {
      if (dir_on) { dir_insn(c, s); continue; }
      if (ref.rem[s] != 0) {                    // passes remain: same instruction
        in.valid[s] = 1;
        if (!hmma_now && rng.chance(1, 300)) { in.valid[s] = 0; have[s] = false; cv.hit(b_abandon); }
        continue;
      }
      if (hmma_now) {
        in.valid[s] = hmma.active(s) && rst_n;
        if (in.valid[s]) hmma_insn(s);
        have[s] = in.valid[s];
        continue;
      }
      if (have[s] && stalled[s] && rng.chance(3, 4)) { in.valid[s] = 1; continue; }
      in.valid[s] = c > 2 && rng.chance(7, 8);
      if (in.valid[s]) new_insn(rng, s);
      if (in.valid[s] && style != 2 && dst_ok(rng, s) && rng.chance(1, 2)) aim_dst(rng, cv, s);
      have[s] = in.valid[s];
    }

    // ---- pipeline and decoder events
    for (unsigned s = 0; s < FB_NSP; s++) {
      in.wb_valid[s] = 0;
      size_t best = wbq[s].size();
      for (size_t i = 0; i < wbq[s].size(); i++)
        if (wbq[s][i].due <= c && (best == wbq[s].size() || wbq[s][i].due < wbq[s][best].due)) best = i;
      wb_issued[s] = 0;
      if (best < wbq[s].size()) {
        in.wb_valid[s] = 1;
        in.wb_dst[s] = wbq[s][best].reg;
        wb_issued[s] = wbq[s][best].issued + 1;
        wbq[s].erase(wbq[s].begin() + (long)best);
      } else if (dir_on) {
        in.wb_dst[s] = 0;
      } else if (n_need_wb && rng.chance(1, 4)) {  // a producer outside the model
        in.wb_valid[s] = 1;
        in.wb_dst[s] = need_wb[rng.below(n_need_wb)];
      } else if (rng.chance(1, 6)) {
        in.wb_valid[s] = 1;
        in.wb_dst[s] = (uint16_t)(rng.chance(7, 8) ? hot_reg(rng, (unsigned)rng.below(4)) : rng.bits(11));
      } else {
        in.wb_dst[s] = (uint16_t)rng.bits(11);
      }
      in.cons_valid[s] = 0;
      for (unsigned k = 0; k < FB_NSRC; k++) {
        auto &q = consq[s][k];
        if (!q.empty() && q.front().due <= c) {
          in.cons_valid[s] |= (uint8_t)(1u << k);
          in.cons_src[s][k] = q.front().reg;
          q.erase(q.begin());
        } else if (dir_on) {
          in.cons_src[s][k] = 0;
        } else if (n_need_cons && rng.chance(1, 16)) {
          in.cons_valid[s] |= (uint8_t)(1u << k);
          in.cons_src[s][k] = need_cons[rng.below(n_need_cons)];
        } else if (rng.chance(1, 20)) {
          in.cons_valid[s] |= (uint8_t)(1u << k);
          in.cons_src[s][k] = (uint16_t)hot_reg(rng, (unsigned)rng.below(4));
        } else {
          in.cons_src[s][k] = (uint16_t)rng.bits(11);
        }
      }
      in.dep_valid[s] = !wl_hmma && !hmma_directed && !dir_on && rng.chance(1, 40);
      in.dep_reg[s] = (uint16_t)(rng.chance(7, 8) ? hot_reg(rng, (unsigned)rng.below(4)) : rng.bits(11));
      in.dep_group[s] = (uint8_t)rng.bits(1);
      in.dep_set[s] = (uint8_t)(rng.chance(1, 3) ? 1 : 0);
      if (in.dep_valid[s]) cv.hit(b_dep[in.dep_group[s] * 2 + in.dep_set[s]]);
    }
    in.all_set = !wl_hmma && !hmma_directed && !dir_on && c > 1000 && rng.chance(1, 20000);
    if (in.all_set) cv.hit(b_all);

    // ---- register file: this cycle's bank data (rows asked last cycle)
    DataT *rd[FB_NSP] = {&d.rd_data_sp0_i, &d.rd_data_sp1_i, &d.rd_data_sp2_i, &d.rd_data_sp3_i};
    for (unsigned s = 0; s < FB_NSP; s++) Wd::rand_port(rng, *rd[s], 2 * kWord);
    for (unsigned p = 0; p < FB_NPORT; p++) {
      if ((occ_q >> p) & 1u) {
        unsigned r = fb_reg_make(p / 2, row_q[p], p % 2);
        fb_xbar_word w;
        for (unsigned l = 0; l < kLanes; l++) w.lane[l] = reg_value(r, l, version[r]);
        Wd::put_word(*rd[p / 2], p % 2, w);
      }
      Wd::get_word(*rd[p / 2], p % 2, ref.xin.port_data[p]);
    }

    // ---- inputs
    d.rst_ni = rst_n;
    uint8_t v = 0, mo = 0, dv = 0, wv = 0, depv = 0, depg = 0, deps = 0;
    uint16_t sv = 0, cvld = 0;
    uint64_t ext = 0, wbd = 0, depr = 0;
    uint32_t dsto = 0;
    for (unsigned s = 0; s < FB_NSP; s++) {
      v |= (uint8_t)((in.valid[s] & 1u) << s);
      mo |= (uint8_t)((in.mode[s] & 1u) << s);
      dv |= (uint8_t)((in.dst_valid[s] & 1u) << s);
      wv |= (uint8_t)((in.wb_valid[s] & 1u) << s);
      depv |= (uint8_t)((in.dep_valid[s] & 1u) << s);
      depg |= (uint8_t)((in.dep_group[s] & 1u) << s);
      deps |= (uint8_t)((in.dep_set[s] & 1u) << s);
      sv |= (uint16_t)((in.src_valid[s] & 0xFu) << (4 * s));
      cvld |= (uint16_t)((in.cons_valid[s] & 0xFu) << (4 * s));
      ext |= (uint64_t)(in.ext[s] & 0x1FFFu) << (13 * s);
      wbd |= (uint64_t)(in.wb_dst[s] & 0x7FFu) << (11 * s);
      depr |= (uint64_t)(in.dep_reg[s] & 0x7FFu) << (11 * s);
      dsto |= (uint32_t)in.dst_orig[s] << (8 * s);
      d.src_orig_i[s] = (uint32_t)in.src_orig[s][0] | (uint32_t)in.src_orig[s][1] << 8 |
                        (uint32_t)in.src_orig[s][2] << 16 | (uint32_t)in.src_orig[s][3] << 24;
      for (unsigned k = 0; k < FB_NSRC; k++)
        lockstep::set_bits(d.cons_src_i, (int)(11 * (4 * s + k)), 11, in.cons_src[s][k] & 0x7FFu);
    }
    d.valid_i = v;
    d.mode_i = mo;
    d.src_valid_i = sv;
    d.ext_i = ext;
    d.dst_valid_i = dv;
    d.dst_orig_i = dsto;
    d.wb_valid_i = wv;
    d.wb_dst_i = wbd;
    d.cons_valid_i = cvld;
    d.dep_valid_i = depv;
    d.dep_reg_i = depr;
    d.dep_group_i = depg;
    d.dep_set_i = deps;
    d.all_set_i = in.all_set;

    // ---- the model: this cycle's outputs, then the edge
    ref.step(in, out, rst_n);
    e.issue = out.issue;
    e.stall = out.stall;
    e.grant = out.grant;
    e.busy = out.busy;
    e.eligible = out.eligible;
    e.pend_block = out.pend_block;
    e.illegal = out.illegal;
    e.conflict = out.conflict;
    e.range_err = out.range_err;
    e.upd_range_err = out.upd_range_err;
    e.dst_reg = 0;
    for (unsigned s = 0; s < FB_NSP; s++) e.dst_reg |= (uint64_t)(out.dst_reg[s] & 0x7FFu) << (11 * s);
    e.bank_re = out.arb.occ;
    e.bank_row = 0;
    for (unsigned p = 0; p < FB_NPORT; p++) e.bank_row |= (uint64_t)out.arb.row[p] << (8 * p);
    e.opnd_valid = 0;
    for (unsigned s = 0; s < FB_NSP; s++) {
      e.opnd_valid |= (uint16_t)((out.xo.valid[s] & 0xFu) << (4 * s));
      for (unsigned k = 0; k < FB_NSRC; k++) Wd::put_word(e.opnd[s], k, out.xo.opnd[s][k]);
    }

    // ---- end-to-end check of the reference: delivered operands are the
    // registers named a cycle earlier
    for (unsigned s = 0; s < FB_NSP; s++)
      for (unsigned k = 0; k < FB_NSRC; k++) {
        if (!((out.xo.valid[s] >> k) & 1u)) continue;
        unsigned r = named_q[s][k];
        for (unsigned l = 0; l < kLanes; l++)
          if (out.xo.opnd[s][k].lane[l] != (reg_value(r, l, version[r]) & kWidthMask)) {
            std::printf("REFCHECK cyc=%llu SP %u operand %u lane %u is not register 0x%x\n", (unsigned long long)c, s,
                        k, l, r);
            std::exit(4);
          }
        cv.hit(b_checked);
        if (r >> 9 != s) cv.hit(b_remote[s]);
        if (landed_issue[r] > first_grant[s])
          env.check(false, "SP " + std::to_string(s) + " operand " + std::to_string(k) + " (register " +
                               std::to_string(r) + ") sees a write issued in cycle " +
                               std::to_string(landed_issue[r] - 1) + ", after its first pass (cycle " +
                               std::to_string(first_grant[s]) + ")");
      }

    // ---- the pending-read guard: why a first pass is held
    for (unsigned s = 0; s < FB_NSP; s++) {
      if (!((out.pend_block >> s) & 1u) || !((out.eligible >> s) & 1u) || !(in.valid[s] & 1u)) continue;
      for (unsigned p = 0; p < FB_NSP; p++) {
        if (p == s) continue;
        unsigned pb = (out.busy >> p) & 1u;
        unsigned pset = pb ? out.pass_src[p] : out.so[p].defer;   // p's reads still to come
        for (unsigned k = 0; k < FB_NSRC; k++) {
          if ((in.dst_valid[s] & 1u) && ((pset >> k) & 1u) && out.so[p].src_reg[k] == out.dst_reg[s]) {
            cv.hit(pb ? b_pend_write : b_pend_same);
            if (s == 3) cv.hit(b_guard_sp3);
          }
          if ((in.dst_valid[p] & 1u) && ((out.so[s].defer >> k) & 1u) && out.so[s].src_reg[k] == out.dst_reg[p]) {
            cv.hit(b_pend_reader);
            if (p == 3) cv.hit(b_guard_sp3);
          }
        }
      }
    }
    if (dir_on && rst_n) {
      if ((out.pend_block >> kOwner) & 1u) dir_held = true;
      if ((out.issue >> kReader) & 1u) { dir_read_issue = c; dir_passes = passes[kReader] + 1; }
      if ((out.issue >> kOwner) & 1u) {
        dir_write_issue = c;
        env.check(dir_read_issue != 0 && c > dir_read_issue,
                  "directed: the owner's write issued in cycle " + std::to_string(c) +
                      " before the reader's last pass was granted");
      }
      if (c == kDir + kDirLen) {
        env.check(dir_read_issue != 0 && dir_write_issue != 0 && dir_passes == 3,
                  "directed: reader (3 passes) and writer did not both issue (passes " +
                      std::to_string(dir_passes) + ")");
        if (dir_held && dir_passes == 3 && dir_write_issue > dir_read_issue) cv.hit(b_pend_dir);
        dir_on = false;
        for (unsigned s = 0; s < FB_NSP; s++) have[s] = false;
      }
    }

    // ---- coverage of this cycle's decisions
    for (unsigned s = 0; s < FB_NSP; s++) {
      unsigned bit = 1u << s;
      if ((out.grant & bit) && !(out.busy & bit)) first_grant[s] = c;
      if (out.issue & bit) cv.hit(b_issue_sp[s]);
      if (out.stall & bit) {
        cv.hit(b_stall[s]);
        if (out.illegal & bit) cv.hit(b_stall_illegal);
        else if (!(out.busy & bit) && !(out.eligible & bit)) cv.hit(b_stall_bm[s]);
        else if (!(out.grant & bit)) cv.hit(b_stall_port[s]);
        if (!(out.busy & bit) && (in.valid[s] & 1u)) {
          if (out.el[s].src_busy) cv.hit(b_src_empty);
          if (out.el[s].dst_busy) cv.hit(b_dst_full);
        }
      }
      if (out.grant & bit) passes[s]++;
      if (out.issue & bit) {
        if (passes[s] >= 2 && passes[s] <= 4) cv.hit(b_passes[passes[s]]);
        passes[s] = 0;
        have[s] = false;
      }
      if (!(in.valid[s] & 1u) || !rst_n) passes[s] = 0;
      stalled[s] = (out.stall & bit) != 0;
    }
    if (out.arb.shared) {
      cv.hit(b_bcast);
      for (unsigned p = 0; p < FB_NPORT; p++)
        if ((out.arb.shared >> p) & 1u)
          for (unsigned s = 0; s < FB_NSP; s++)
            if (((out.grant >> s) & 1u) && p / 2 != s && ((out.so[s].port_en >> p) & 1u)) cv.hit(b_bcast_remote);
    }
    // the pending EMPTY sets of last cycle's issues, met by this cycle's
    // first-pass sources (the RTL's eligibility bypass)
    for (unsigned x = 0; x < FB_NSP && rst_n; x++) {
      if (!(in.valid[x] & 1u) || ((out.busy >> x) & 1u)) continue;
      for (unsigned k = 0; k < FB_NSRC; k++)
        for (unsigned w = 0; w < FB_NSP; w++)
          if (((in.src_valid[x] >> k) & 1u) && ((pend_v >> w) & 1u) && out.so[x].src_reg[k] == pend_dst[w]) {
            if (w == 3) cv.hit(b_byp_of3);
            if (x == 3 && w != 3) cv.hit(b_byp_by3);
          }
    }
    pend_v = 0;
    for (unsigned s = 0; s < FB_NSP && rst_n; s++) {
      if (!((out.issue >> s) & 1u) || !(in.dst_valid[s] & 1u) || in.all_set) continue;
      bool dep = false;
      for (unsigned t = 0; t < FB_NSP; t++)
        dep |= (in.dep_valid[t] & 1u) && !(in.dep_group[t] & 1u) && in.dep_reg[t] == out.dst_reg[s];
      if (dep) continue;
      pend_v |= (uint8_t)(1u << s);
      pend_dst[s] = out.dst_reg[s];
      if (s > 0) cv.hit(b_iss_dst[s]);
    }
    if (out.range_err) cv.hit(b_range);
    if (out.upd_range_err) cv.hit(b_upd_range);
    if (out.issue == 0xF) cv.hit(b_all_issue);
    for (unsigned s = 0; s < FB_NSP; s++)
      if (((out.issue >> s) & 1u) && (in.dst_valid[s] & 1u))
        for (unsigned t = 0; t < FB_NSP; t++)
          if ((in.wb_valid[t] & 1u) && in.wb_dst[t] == out.dst_reg[s]) cv.hit(b_wb_issue_same);

    // ---- the directed HMMA scenario and the streams advance on grants
    if (hmma_now && rst_n) {
      hmma.commit(out.grant);
      if (hmma_directed && hmma.done() && hmma.paper_order) cv.hit(b_fig6c);
    }

    // ---- the edge: register file, pipeline
    if (rst_n) {
      for (unsigned s = 0; s < FB_NSP; s++) {
        if ((out.issue >> s) & 1u && (in.dst_valid[s] & 1u))   // (directed: the earliest writeback)
          wbq[s].push_back({dir_on ? c + 1 : c + (uint64_t)rng.range(1, 12), out.dst_reg[s], c});
        for (unsigned k = 0; k < FB_NSRC; k++)
          if ((out.read_valid[s] >> k) & 1u) consq[s][k].push_back({c + (uint64_t)rng.range(0, 3), named_q[s][k]});
      }
      for (unsigned s = 0; s < FB_NSP; s++)
        if (in.wb_valid[s] & 1u) {
          unsigned r = in.wb_dst[s] & 0x7FFu;
          version[r]++;
          if (wb_issued[s] > landed_issue[r]) landed_issue[r] = wb_issued[s];
        }
    }
    occ_q = rst_n ? out.arb.occ : 0;
    for (unsigned p = 0; p < FB_NPORT; p++) row_q[p] = out.arb.row[p];
    for (unsigned s = 0; s < FB_NSP; s++)
      for (unsigned k = 0; k < FB_NSRC; k++) named_q[s][k] = out.so[s].src_reg[k];
    n_need_wb = n_need_cons = 0;
    for (unsigned s = 0; s < FB_NSP; s++) {
      if (!((out.stall >> s) & 1u) || ((out.busy >> s) & 1u)) continue;
      for (unsigned k = 0; k < FB_NSRC; k++)
        if ((out.el[s].src_busy >> k) & 1u) need_wb[n_need_wb++] = out.so[s].src_reg[k];
      if (out.el[s].dst_busy) need_cons[n_need_cons++] = out.dst_reg[s];
    }
  }
};

#endif
