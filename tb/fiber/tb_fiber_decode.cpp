/*
 * tb_fiber_decode.cpp - lockstep harness of fiber_decode against
 * fb_dec_eval() (every output, every cycle; combinational).
 *
 * Stimulus, in this order:
 *   1. directed: the worked example of the RTL header (SET_FIBER_NUM of
 *      2048 fibers with ALL-scope) in both modes, then one hand-assembled
 *      word per error code and a legal word of every kind;
 *   2. exhaustive (interleaved with random words on every other cycle
 *      during the first 100,000 cycles, so the replays see all kinds):
 *        every 12-bit opcode x 2 modes (random body);
 *        every 13-bit ext of an ordinary instruction x 2 modes;
 *        every 16-bit fiber count x ALL bit x 2 modes (PT, no reserved bit);
 *        every predicate x 2 modes;
 *        every 13-bit {set, group, register} of extended DEPBAR x 2 modes;
 *        every reserved bit of SET_FIBER_NUM and of extended DEPBAR alone,
 *        x 2 modes;
 *      always with random bits 127:100 (never read) and random ordinary
 *      fields elsewhere;
 *   3. seeded random: legal words of each kind built by fb_enc() from random
 *      fields into a random base, some with one random bit of 99:16 flipped,
 *      fully random words with the opcode forced to each kind, and (one
 *      word in eight) words of each kind breaking two or more of its rules
 *      at once (error priority: one required coverage bin per pair of rules
 *      of a kind, the first broken and another, fault_cross.h).
 * The opcode parameters are the RTL defaults, or the -DTB_P_OpcSetFiberNum /
 * -DTB_P_OpcDepbarX values of a -G build.
 */
#include <string>

#include "Vfiber_decode.h"
#include "fault_cross.h"
#include "fiber.h"
#include "lockstep.h"

#ifndef TB_P_OpcSetFiberNum
#define TB_P_OpcSetFiberNum FB_OPC_SET_FIBER_NUM_DEFAULT
#endif
#ifndef TB_P_OpcDepbarX
#define TB_P_OpcDepbarX FB_OPC_DEPBAR_X_DEFAULT
#endif

struct TbDecode {
  using Dut = Vfiber_decode;
  static constexpr const char *kName = "fiber_decode";
  static constexpr bool kClocked = false;
  static constexpr uint64_t kDefaultCycles = 10000000;
  struct Exp {
    uint8_t kind, err;
    uint16_t opc;
    uint8_t pred;
    uint16_t ext, count;
    uint8_t all;
    uint16_t wefts, dreg;
    uint8_t dgrp, dset;
  };

  fb_dec_cfg cfg;
  // exhaustive sections: {length}; a global index walks them in order
  enum { kOpc, kExt, kCount, kPred, kDep, kRsvdSfn, kRsvdDep, kSections };
  uint64_t sec_len[kSections], exh_total = 0, exh_pos = 0;
  std::vector<fb_word> directed;
  std::vector<unsigned> directed_mode;
  // The rules of each kind in priority order (bits of the fault masks).
  enum { S_PRED, S_RSVD, S_ZERO, S_PARTIAL, S_RANGE, S_CUDA_ALL };
  enum { O_REMOTE, O_EXT, O_HI_NO_EN };
  enum { D_RSVD, D_CUDA };
  lockstep::FaultCross x_sfn, x_other, x_dep;
  int b_err[FB_DEC_ERR_NUM][2], b_ok_kind[3][2], b_exh[kSections], b_paper, b_max, b_ctrl, b_remote_ok,
      b_equal_opc_kinds;

  explicit TbDecode(lockstep::Env &env) {
    cfg.opc_sfn = (uint16_t)(TB_P_OpcSetFiberNum & 0xFFFu);
    cfg.opc_depbar_x = (uint16_t)(TB_P_OpcDepbarX & 0xFFFu);
    sec_len[kOpc] = 4096 * 2;
    sec_len[kExt] = 8192 * 2;
    sec_len[kCount] = 65536 * 2 * 2;
    sec_len[kPred] = 16 * 2;
    sec_len[kDep] = 8192 * 2;
    sec_len[kRsvdSfn] = (55 + 12) * 2;
    sec_len[kRsvdDep] = 71 * 2;
    for (int i = 0; i < kSections; i++) exh_total += sec_len[i];
    build_directed();
    auto &c = env.cov;
    for (unsigned e = 1; e < FB_DEC_ERR_NUM; e++) {
      std::string n = fb_dec_err_str(e);
      n = n.substr(0, n.find(':'));
      // CUDA-only errors can only occur in mode 0; HI_NO_EN only in mode 1
      bool m0 = e != FB_DEC_ERR_HI_NO_EN;
      bool m1 = e != FB_DEC_ERR_CUDA_REMOTE && e != FB_DEC_ERR_CUDA_EXT && e != FB_DEC_ERR_CUDA_ALL &&
                e != FB_DEC_ERR_CUDA_DEPBAR;
      b_err[e][0] = m0 ? c.bin(n + " (CUDA-native)") : -1;
      b_err[e][1] = m1 ? c.bin(n + " (FIBER-native)") : -1;
    }
    static const char *kn[3] = {"other", "SET_FIBER_NUM", "extended DEPBAR"};
    for (int k = 0; k < 3; k++)
      for (int m = 0; m < 2; m++)
        b_ok_kind[k][m] = (k == FB_KIND_DEPBAR_X && m == 0)
                              ? -1
                              : c.bin(std::string("legal ") + kn[k] + (m ? " (FIBER-native)" : " (CUDA-native)"));
    static const char *sn[kSections] = {"every opcode",         "every ext field",   "every fiber count x ALL",
                                        "every predicate",      "every DEPBAR field", "every SFN reserved bit",
                                        "every DEPBAR reserved bit"};
    for (int i = 0; i < kSections; i++) b_exh[i] = c.bin(std::string("exhaustive: ") + sn[i] + " x 2 modes");
    b_paper = c.bin("worked example: 2048 fibers, ALL-scope");
    b_max = c.bin("SET_FIBER_NUM of 8192 fibers (largest legal)");
    b_ctrl = c.bin("control bits 127:100 set, result unchanged");
    b_remote_ok = c.bin("legal remote operand (FIBER-native, enable)");
    b_equal_opc_kinds = c.bin("opcodes equal (SFN wins)", cfg.opc_sfn == cfg.opc_depbar_x);
    x_sfn.declare(c, "SET_FIBER_NUM two faults", {"PRED", "RESERVED", "ZERO", "PARTIAL", "RANGE", "CUDA_ALL"},
                  {{S_ZERO, S_PARTIAL, "a count of 0 is a multiple of 32"},
                   {S_ZERO, S_RANGE, "a count of 0 is not above 8192"}});
    x_other.declare(c, "other two faults", {"CUDA_REMOTE", "CUDA_EXT", "HI_NO_EN"},
                    {{O_REMOTE, O_HI_NO_EN, "CUDA_REMOTE is CUDA-native only, HI_NO_EN FIBER-native only"},
                     {O_EXT, O_HI_NO_EN, "CUDA_EXT is CUDA-native only, HI_NO_EN FIBER-native only"}});
    x_dep.declare(c, "DEPBAR two faults", {"RESERVED", "CUDA_DEPBAR"});
  }

  // The rules the word breaks, each on its own (no priority), for its kind.
  // Called for words with an error only: a word breaking two rules has one.
  void cross_hit(lockstep::Env &env, fb_word w, unsigned mode) {
    unsigned opc = (unsigned)(w.lo & 0xFFF), pred = (unsigned)(w.lo >> 12 & 0xF);
    unsigned count = (unsigned)(w.lo >> 16 & 0xFFFF);
    unsigned ext = (unsigned)(w.hi >> (FB_EXT_LSB - 64) & 0x1FFF);  // word[99:87]
    uint64_t lo86 = w.hi & ((1ull << 23) - 1);                      // word[86:64]
    uint32_t m = 0;
    if (opc == cfg.opc_sfn) {
      if (pred != FB_PRED_PT) m |= 1u << S_PRED;
      if ((w.lo >> 32) | lo86 | (ext >> 1)) m |= 1u << S_RSVD;      // word[86:32], word[99:88]
      if (count == 0) m |= 1u << S_ZERO;
      if (count % 32) m |= 1u << S_PARTIAL;
      if (count > FB_MAX_FIBERS) m |= 1u << S_RANGE;
      if (!mode && (ext & 1u)) m |= 1u << S_CUDA_ALL;                // word[87]
      x_sfn.hit(env, m);
    } else if (opc == cfg.opc_depbar_x) {
      if ((w.lo >> 16) | lo86) m |= 1u << D_RSVD;                   // word[86:16]
      if (!mode) m |= 1u << D_CUDA;
      x_dep.hit(env, m);
    } else {
      bool en = ext >> FB_EXT_EN_OFF & 1;
      if (!mode && en) m |= 1u << O_REMOTE;
      if (!mode && (ext & ~(1u << FB_EXT_EN_OFF))) m |= 1u << O_EXT;
      if (mode && !en && (ext & 0xFF)) m |= 1u << O_HI_NO_EN;
      x_other.hit(env, m);
    }
  }

  // A word of a random kind breaking two or more of that kind's rules (a
  // random subset), everything else legal: the priority chain decides.
  void multi_fault_word(lockstep::Rng &rng, fb_word &w, unsigned &mode) {
    fb_word base{rng.next(), rng.next()};
    switch (rng.below(3)) {
      case 0: {  // SET_FIBER_NUM
        uint32_t f = 0;
        while (__builtin_popcount(f) < 2 || ((f >> S_ZERO & 1) && (f & (3u << S_PARTIAL)))) f = (uint32_t)rng.bits(6);
        unsigned cnt;
        if (f >> S_ZERO & 1) cnt = 0;
        else if ((f >> S_PARTIAL & 1) && (f >> S_RANGE & 1)) cnt = FB_MAX_FIBERS + 1 + (unsigned)rng.below(65535 - FB_MAX_FIBERS);
        else if (f >> S_PARTIAL & 1) cnt = (unsigned)rng.range(1, FB_MAX_FIBERS);
        else if (f >> S_RANGE & 1) cnt = 32u * (unsigned)rng.range(FB_MAX_FIBERS / 32 + 1, 2047);
        else cnt = 32u * (unsigned)rng.range(1, FB_MAX_FIBERS / 32);
        if (cnt % 32 == 0 && (f >> S_PARTIAL & 1)) cnt |= 1u + (unsigned)rng.below(31);
        unsigned pred = FB_PRED_PT;
        if (f >> S_PRED & 1) while (pred == FB_PRED_PT) pred = (unsigned)rng.bits(4);
        unsigned all = (f >> S_CUDA_ALL & 1) ? 1 : (unsigned)rng.below(2);
        mode = (f >> S_CUDA_ALL & 1) ? 0 : all ? 1 : (unsigned)rng.below(2);
        w = sfn_word(cnt, all, pred, base);
        if (f >> S_RSVD & 1) {
          for (int n = 1 + (int)rng.below(3); n > 0; n--) {
            unsigned b = (unsigned)rng.below(55 + 12);
            w = put(w, b < 55 ? 32 + b : 88 + (b - 55), 1, 1);
          }
        }
        break;
      }
      case 1:    // extended DEPBAR: reserved bits in CUDA-native mode
        w = dep_word((unsigned)rng.bits(11), (unsigned)rng.below(2), (unsigned)rng.below(2), (unsigned)rng.bits(4), base);
        for (int n = 1 + (int)rng.below(3); n > 0; n--) w = put(w, 16 + (unsigned)rng.below(71), 1, 1);
        mode = 0;
        break;
      default: { // other, CUDA-native: enable and another ext bit
        unsigned e = (1u << FB_EXT_EN_OFF) | (unsigned)rng.bits(13);
        while (!(e & ~(1u << FB_EXT_EN_OFF))) e |= (unsigned)rng.bits(13);
        w = other_word(e, base);
        mode = 0;
        break;
      }
    }
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("word_i", 128, d.word_i);
    v.in("mode_i", 1, d.mode_i);
    v.out("kind_o", 2, d.kind_o, e.kind);
    v.out("err_o", 4, d.err_o, e.err);
    v.out("opc_o", 12, d.opc_o, e.opc);
    v.out("pred_o", 4, d.pred_o, e.pred);
    v.out("ext_o", 13, d.ext_o, e.ext);
    v.out("sfn_count_o", 16, d.sfn_count_o, e.count);
    v.out("sfn_all_o", 1, d.sfn_all_o, e.all);
    v.out("sfn_wefts_o", 11, d.sfn_wefts_o, e.wefts);
    v.out("dep_reg_o", 11, d.dep_reg_o, e.dreg);
    v.out("dep_group_o", 1, d.dep_group_o, e.dgrp);
    v.out("dep_set_o", 1, d.dep_set_o, e.dset);
  }

  // ---- word helpers
  static fb_word put(fb_word w, unsigned lsb, unsigned width, uint64_t v) {
    for (unsigned i = 0; i < width; i++) {
      unsigned b = lsb + i;
      uint64_t bit = (v >> i) & 1u;
      uint64_t &word = b < 64 ? w.lo : w.hi;
      unsigned o = b % 64;
      word = (word & ~(1ull << o)) | (bit << o);
    }
    return w;
  }
  fb_word sfn_word(unsigned count, unsigned all, unsigned pred, fb_word base) const {
    fb_dec_out f{};
    f.kind = FB_KIND_SFN; f.pred = (uint8_t)pred; f.sfn_count = (uint16_t)count; f.sfn_all = (uint8_t)all;
    return fb_enc(base, &f, &cfg);
  }
  fb_word dep_word(unsigned reg, unsigned grp, unsigned set, unsigned pred, fb_word base) const {
    fb_dec_out f{};
    f.kind = FB_KIND_DEPBAR_X; f.pred = (uint8_t)pred; f.dep_reg = (uint16_t)reg; f.dep_group = (uint8_t)grp;
    f.dep_set = (uint8_t)set;
    return fb_enc(base, &f, &cfg);
  }
  // An ordinary opcode: any 12-bit value but the two FIBER opcodes.
  unsigned other_opc(uint64_t r) const {
    unsigned o = (unsigned)(r & 0xFFF);
    while (o == cfg.opc_sfn || o == cfg.opc_depbar_x) o = (o + 1) & 0xFFF;
    return o;
  }
  fb_word other_word(unsigned ext, fb_word base) const {
    base = put(base, 0, 12, other_opc(base.lo));
    return put(base, FB_EXT_LSB, FB_EXT_W, ext);
  }

  void build_directed() {
    fb_word z{0, 0};
    auto add = [&](fb_word w, unsigned m) { directed.push_back(w); directed_mode.push_back(m); };
    fb_word paper = sfn_word(2048, 1, FB_PRED_PT, z);
    add(paper, 1);
    add(paper, 0);                                             // CUDA_ALL
    add(other_word(1u << FB_EXT_EN_OFF, z), 0);                // CUDA_REMOTE
    add(other_word(1u << FB_EXT_LO_OFF, z), 0);                // CUDA_EXT
    add(other_word(0x3, z), 1);                                // HI_NO_EN
    add(sfn_word(64, 0, 0x0, z), 1);                           // SFN_PRED (P0)
    add(put(sfn_word(64, 0, FB_PRED_PT, z), 40, 1, 1), 1);     // SFN_RESERVED
    add(sfn_word(0, 0, FB_PRED_PT, z), 1);                     // SFN_ZERO
    add(sfn_word(33, 0, FB_PRED_PT, z), 1);                    // SFN_PARTIAL
    add(sfn_word(8224, 0, FB_PRED_PT, z), 1);                  // SFN_RANGE
    add(put(dep_word(5, 1, 1, FB_PRED_PT, z), 20, 1, 1), 1);   // DEP_RESERVED
    add(dep_word(5, 1, 1, FB_PRED_PT, z), 0);                  // CUDA_DEPBAR
    add(dep_word(2047, 0, 0, FB_PRED_PT, z), 1);               // legal DEPBAR
    add(sfn_word(8192, 1, FB_PRED_PT, z), 1);                  // largest legal count
    add(other_word(0x1FF, z), 1);                              // legal remote operands
    add(other_word(0, z), 0);                                  // legal CUDA-native
  }

  // The exhaustive word number `i` (0 .. exh_total-1).
  void exhaustive(uint64_t i, lockstep::Rng &rng, fb_word &w, unsigned &mode, int &done_sec) {
    int s = 0;
    while (i >= sec_len[s]) i -= sec_len[s++];
    done_sec = i + 1 == sec_len[s] ? s : -1;
    mode = (unsigned)(i & 1);
    uint64_t j = i >> 1;
    fb_word base{rng.next(), rng.next()};
    switch (s) {
      case kOpc:   // every opcode with a random body
        w = put(base, 0, 12, j);
        if (rng.chance(1, 2)) w = put(w, 16, 84, 0);  // quiet body: legal SFN/DEPBAR reachable
        if (rng.chance(1, 2)) w = put(w, 12, 4, FB_PRED_PT);
        break;
      case kExt: w = other_word((unsigned)j, base); break;
      case kCount: w = sfn_word((unsigned)(j >> 1), (unsigned)(j & 1), FB_PRED_PT, base); break;
      case kPred: w = sfn_word(32u * (unsigned)rng.range(1, 256), (unsigned)rng.below(2), (unsigned)j, base); break;
      case kDep: w = dep_word((unsigned)(j & 0x7FF), (unsigned)(j >> 11 & 1), (unsigned)(j >> 12), (unsigned)rng.below(16), base); break;
      case kRsvdSfn: {
        unsigned bit = j < 55 ? 32 + (unsigned)j : 88 + (unsigned)(j - 55);
        w = put(sfn_word(32u * (unsigned)rng.range(1, 256), 0, FB_PRED_PT, base), bit, 1, 1);
        break;
      }
      default: {  // kRsvdDep
        w = put(dep_word((unsigned)rng.below(2048), (unsigned)rng.below(2), (unsigned)rng.below(2), FB_PRED_PT, base),
                16 + (unsigned)j, 1, 1);
        break;
      }
    }
  }

  void random_word(lockstep::Rng &rng, fb_word &w, unsigned &mode) {
    fb_word base{rng.next(), rng.next()};
    mode = (unsigned)rng.below(2);
    switch (rng.below(6)) {
      case 0: {  // legal-looking SET_FIBER_NUM
        unsigned cnt = rng.chance(7, 8) ? 32u * (unsigned)rng.range(1, 256) : (unsigned)rng.bits(16);
        unsigned pred = rng.chance(7, 8) ? FB_PRED_PT : (unsigned)rng.bits(4);
        w = sfn_word(cnt, (unsigned)rng.below(2), pred, base);
        break;
      }
      case 1:
        w = dep_word((unsigned)rng.bits(11), (unsigned)rng.below(2), (unsigned)rng.below(2), (unsigned)rng.bits(4), base);
        break;
      case 2: {  // ordinary instruction, structured ext
        unsigned ext = (unsigned)rng.bits(13);
        if (rng.chance(1, 3)) ext &= mode ? 0x1FFF : 0;
        if (rng.chance(1, 4)) ext &= ~0x1FFu | 0x100u;  // hi2 clear
        w = other_word(ext, base);
        break;
      }
      case 3: w = put(base, 0, 12, cfg.opc_sfn); break;       // random body
      case 4: w = put(base, 0, 12, cfg.opc_depbar_x); break;  // random body
      default: w = base; break;                               // anything
    }
    if (rng.chance(1, 4)) {  // flip one bit of 99:16
      unsigned b = 16 + (unsigned)rng.below(84);
      w = put(w, b, 1, fb_word_bit(w, b) ^ 1u);
    }
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &rng = env.rng;
    uint64_t c = env.cyc;
    fb_word w;
    unsigned mode;
    int done_sec = -1;
    bool exh_turn = exh_pos < exh_total && (c >= 100000 || c % 2 == 0);
    if (c < directed.size()) {
      w = directed[c];
      mode = directed_mode[c];
      if (c == 0) env.cov.hit(b_paper);
    } else if (exh_turn) {
      exhaustive(exh_pos++, rng, w, mode, done_sec);
      if (done_sec >= 0) env.cov.hit(b_exh[done_sec]);
    } else if (rng.chance(1, 8)) {
      multi_fault_word(rng, w, mode);
    } else {
      random_word(rng, w, mode);
    }
    d.word_i[0] = (uint32_t)w.lo;
    d.word_i[1] = (uint32_t)(w.lo >> 32);
    d.word_i[2] = (uint32_t)w.hi;
    d.word_i[3] = (uint32_t)(w.hi >> 32);
    d.mode_i = (uint8_t)mode;
    fb_dec_out o;
    fb_dec_eval(w, mode, &cfg, &o);
    e.kind = o.kind; e.err = o.err; e.opc = o.opc; e.pred = o.pred; e.ext = o.ext;
    e.count = o.sfn_count; e.all = o.sfn_all; e.wefts = o.sfn_wefts;
    e.dreg = o.dep_reg; e.dgrp = o.dep_group; e.dset = o.dep_set;
    // coverage
    auto &cv = env.cov;
    if (o.err) cross_hit(env, w, mode);
    if (o.err) {
      if (b_err[o.err][mode] >= 0) cv.hit(b_err[o.err][mode]);
    } else {
      if (b_ok_kind[o.kind][mode] >= 0) cv.hit(b_ok_kind[o.kind][mode]);
      if (o.kind == FB_KIND_SFN && o.sfn_count == FB_MAX_FIBERS) cv.hit(b_max);
      if (o.kind == FB_KIND_OTHER && mode && fb_word_bit(w, 95)) cv.hit(b_remote_ok);
    }
    if (w.hi >> 36) cv.hit(b_ctrl);
    if (cfg.opc_sfn == cfg.opc_depbar_x && o.opc == cfg.opc_sfn) cv.hit(b_equal_opc_kinds);
  }
};

int main(int argc, char **argv) { return lockstep::run<TbDecode>(argc, argv); }
