/*
 * tb_fiber_operand_sel.cpp - lockstep harness of fiber_operand_sel against
 * fb_sel_eval() (every output, every cycle; combinational).
 *
 * Stimulus, in this order:
 *   1. the header's worked example (FIBER-native, SP 1, ext 0x1B0E);
 *   2. exhaustive, one operand: every combination of its fields (orig8,
 *      hi2, ext1, enable, mode, SP, valid: 65,536) in each of the four
 *      positions, the other three operands random (262,144 cycles);
 *   3. exhaustive, two operands: all 2^22 pairs of 11-bit FIBER-native
 *      addresses {hi2, ext1, orig8} of two valid operands (enable set), the
 *      position pair rotating over the six pairs, the other two operands
 *      invalid with random fields; this covers the conflict rule (same port,
 *      same or different row) completely (4,194,304 cycles);
 *   4. seeded random for the rest: random modes, SPs, valid masks and
 *      extension fields, register fields drawn from a few rows so that ports
 *      collide (two and three rows on one port), CUDA-native instructions
 *      with and without the illegal enable bit.
 * In phases 2 and 3 every 16th cycle is a random one, so the first 100,000
 * cycles (the replays) see every kind of input.
 */
#include <string>

#include "Vfiber_operand_sel.h"
#include "fiber.h"
#include "lockstep.h"

struct TbOperandSel {
  using Dut = Vfiber_operand_sel;
  static constexpr const char *kName = "fiber_operand_sel";
  static constexpr bool kClocked = false;
  static constexpr uint64_t kDefaultCycles = 10000000;
  struct Exp {
    uint64_t src_reg, port_row;
    uint16_t src_port, dst_reg;
    uint8_t port_en, remote, defer, conflict, illegal;
  };

  static constexpr uint64_t kOne = 4ull * 65536;     // phase 2
  static constexpr uint64_t kPair = 1ull << 22;      // phase 3
  uint64_t one_pos = 0, pair_pos = 0;

  int b_example, b_one, b_pair, b_illegal, b_cuda_legal, b_remote[FB_NSRC], b_defer[FB_NSRC], b_conflict,
      b_two_deferred, b_same_reg, b_en_local, b_all_remote, b_port[FB_NPORT], b_no_valid, b_mode_lo;

  explicit TbOperandSel(lockstep::Env &env) {
    auto &c = env.cov;
    b_example = c.bin("worked example (SP 1, ext 0x1B0E)");
    b_one = c.bin("exhaustive: every field combination of one operand x 4 positions");
    b_pair = c.bin("exhaustive: all 2^22 address pairs of two operands");
    b_illegal = c.bin("illegal: CUDA-native with enable");
    b_cuda_legal = c.bin("CUDA-native, legal");
    for (int k = 0; k < FB_NSRC; k++) b_remote[k] = c.bin("remote source " + std::to_string(k));
    for (int k = 1; k < FB_NSRC; k++) b_defer[k] = c.bin("deferred source " + std::to_string(k));
    b_defer[0] = -1;
    b_conflict = c.bin("intra-instruction conflict");
    b_two_deferred = c.bin("two sources deferred (three rows on one port)");
    b_same_reg = c.bin("one register read twice (one read, no conflict)");
    b_en_local = c.bin("enable set, own SP named (local)");
    b_all_remote = c.bin("four remote sources");
    for (int p = 0; p < FB_NPORT; p++) b_port[p] = c.bin("port " + std::to_string(p) + " enabled");
    b_no_valid = c.bin("no valid source");
    b_mode_lo = c.bin("FIBER-native extra low bit (rows 128-255)");
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("mode_i", 1, d.mode_i);
    v.in("sp_i", 2, d.sp_i);
    v.in("src_valid_i", 4, d.src_valid_i);
    v.in("src_orig_i", 32, d.src_orig_i);
    v.in("ext_i", 13, d.ext_i);
    v.in("dst_orig_i", 8, d.dst_orig_i);
    v.out("src_reg_o", 44, d.src_reg_o, e.src_reg);
    v.out("src_port_o", 12, d.src_port_o, e.src_port);
    v.out("port_en_o", 8, d.port_en_o, e.port_en);
    v.out("port_row_o", 64, d.port_row_o, e.port_row);
    v.out("remote_o", 4, d.remote_o, e.remote);
    v.out("defer_o", 4, d.defer_o, e.defer);
    v.out("conflict_o", 1, d.conflict_o, e.conflict);
    v.out("illegal_o", 1, d.illegal_o, e.illegal);
    v.out("dst_reg_o", 11, d.dst_reg_o, e.dst_reg);
  }

  static void random_in(lockstep::Rng &rng, fb_sel_in &in) {
    in.mode = (uint8_t)rng.bits(1);
    in.sp = (uint8_t)rng.bits(2);
    in.src_valid = (uint8_t)rng.bits(4);
    in.dst_orig = (uint8_t)rng.bits(8);
    if (rng.chance(1, 2)) {
      // few rows, so that ports collide
      unsigned base = (unsigned)rng.bits(8) & 0xF0u;
      for (int k = 0; k < FB_NSRC; k++) in.src_orig[k] = (uint8_t)(base | rng.below(6));
      in.ext = (uint16_t)(rng.bits(13) & (rng.chance(1, 2) ? 0x1FFFu : 0x01FFu));
      if (rng.chance(1, 2)) in.ext &= (uint16_t)~0x00FFu;  // every source in one SP
    } else {
      for (int k = 0; k < FB_NSRC; k++) in.src_orig[k] = (uint8_t)rng.bits(8);
      in.ext = (uint16_t)rng.bits(13);
    }
    if (in.mode == FB_MODE_CUDA && rng.chance(3, 4)) in.ext = 0;  // nvcc leaves the region zero
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &rng = env.rng;
    auto &cv = env.cov;
    uint64_t c = env.cyc;
    fb_sel_in in{};
    bool rnd = c > 0 && (c % 16 == 15);
    if (c == 0) {
      in.mode = FB_MODE_FIBER;
      in.sp = 1;
      in.src_valid = 1;
      in.ext = 0x1B0E;
      in.src_orig[0] = 0x05;
      cv.hit(b_example);
    } else if (!rnd && one_pos < kOne) {
      uint64_t i = one_pos++;
      unsigned pos = (unsigned)(i >> 16), x = (unsigned)(i & 0xFFFF);
      random_in(rng, in);
      // x = {valid, sp2, mode, en, ext1, hi2, orig8}
      unsigned orig = x & 0xFF, hi = (x >> 8) & 3, lo = (x >> 10) & 1, en = (x >> 11) & 1;
      unsigned mode = (x >> 12) & 1, sp = (x >> 13) & 3, val = (x >> 15) & 1;
      in.mode = (uint8_t)mode;
      in.sp = (uint8_t)sp;
      in.src_orig[pos] = (uint8_t)orig;
      in.ext = (uint16_t)(in.ext & ~((3u << (2 * pos)) | (1u << 8) | (1u << (9 + pos))));
      in.ext = (uint16_t)(in.ext | (hi << (2 * pos)) | (en << 8) | (lo << (9 + pos)));
      in.src_valid = (uint8_t)((in.src_valid & ~(1u << pos)) | (val << pos));
      if (one_pos == kOne) cv.hit(b_one);
    } else if (!rnd && pair_pos < kPair) {
      static const int pa[6] = {0, 0, 0, 1, 1, 2}, pb[6] = {1, 2, 3, 2, 3, 3};
      uint64_t i = pair_pos++;
      unsigned ra = (unsigned)(i >> 11) & 0x7FF, rb = (unsigned)i & 0x7FF;
      int a = pa[i % 6], b = pb[i % 6];
      random_in(rng, in);
      in.mode = FB_MODE_FIBER;
      in.src_valid = (uint8_t)((1u << a) | (1u << b));
      in.ext = (uint16_t)(rng.bits(13) | 0x100u);
      unsigned regs[2] = {ra, rb};
      int pos2[2] = {a, b};
      for (int t = 0; t < 2; t++) {
        int k = pos2[t];
        unsigned r = regs[t];
        in.src_orig[k] = (uint8_t)(r & 0xFF);
        in.ext = (uint16_t)(in.ext & ~((3u << (2 * k)) | (1u << (9 + k))));
        in.ext = (uint16_t)(in.ext | (((r >> 9) & 3u) << (2 * k)) | (((r >> 8) & 1u) << (9 + k)));
      }
      if (pair_pos == kPair) cv.hit(b_pair);
    } else {
      random_in(rng, in);
    }

    d.mode_i = in.mode;
    d.sp_i = in.sp;
    d.src_valid_i = in.src_valid;
    d.src_orig_i = (uint32_t)in.src_orig[0] | (uint32_t)in.src_orig[1] << 8 | (uint32_t)in.src_orig[2] << 16 |
                   (uint32_t)in.src_orig[3] << 24;
    d.ext_i = in.ext;
    d.dst_orig_i = in.dst_orig;

    fb_sel_out o;
    fb_sel_eval(&in, &o);
    e.src_reg = 0;
    e.src_port = 0;
    for (int k = 0; k < FB_NSRC; k++) {
      e.src_reg |= (uint64_t)(o.src_reg[k] & 0x7FFu) << (11 * k);
      e.src_port |= (uint16_t)((o.src_port[k] & 7u) << (3 * k));
    }
    e.port_row = 0;
    for (int p = 0; p < FB_NPORT; p++) e.port_row |= (uint64_t)o.port_row[p] << (8 * p);
    e.port_en = o.port_en;
    e.remote = o.remote;
    e.defer = o.defer;
    e.conflict = o.conflict;
    e.illegal = o.illegal;
    e.dst_reg = o.dst_reg;

    // coverage
    unsigned en = (in.ext >> 8) & 1u;
    if (o.illegal) cv.hit(b_illegal);
    if (in.mode == FB_MODE_CUDA && !en && in.src_valid) cv.hit(b_cuda_legal);
    for (int k = 0; k < FB_NSRC; k++) {
      if ((o.remote >> k) & 1u) cv.hit(b_remote[k]);
      if (k > 0 && ((o.defer >> k) & 1u)) cv.hit(b_defer[k]);
      if (((in.src_valid >> k) & 1u) && in.mode == FB_MODE_FIBER && en && ((in.ext >> (2 * k)) & 3u) == in.sp)
        cv.hit(b_en_local);
      if (((in.src_valid >> k) & 1u) && ((o.src_reg[k] >> 8) & 1u)) cv.hit(b_mode_lo);
      for (int j = 0; j < k; j++)
        if (((in.src_valid >> k) & (in.src_valid >> j) & 1u) && o.src_reg[k] == o.src_reg[j]) cv.hit(b_same_reg);
    }
    if (o.conflict) cv.hit(b_conflict);
    if (__builtin_popcount(o.defer) >= 2) cv.hit(b_two_deferred);
    if (o.remote == 0xF) cv.hit(b_all_remote);
    for (int p = 0; p < FB_NPORT; p++)
      if ((o.port_en >> p) & 1u) cv.hit(b_port[p]);
    if (!in.src_valid) cv.hit(b_no_valid);
  }
};

int main(int argc, char **argv) { return lockstep::run<TbOperandSel>(argc, argv); }
