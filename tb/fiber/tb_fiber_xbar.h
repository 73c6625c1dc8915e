/*
 * tb_fiber_xbar.h - lockstep harness of fiber_xbar against fb_xbar_step()
 * (every output, every cycle), for one size (Cfg: Dut, kName, kLanes,
 * kWidth, kCycles). Two mains use it: tb_fiber_xbar_small.cpp (through the
 * 8 lanes x 8 bits wrapper fiber_xbar_small: 10,000,000 cycles, the Icarus
 * and gate-level replays) and full_fiber_xbar.cpp (fiber_xbar at its
 * defaults, 32 lanes x 32 bits: 1,000,000 cycles).
 *
 * The select port is one-hot per operand (sel_oh_i, 8 bits per operand:
 * bit p = read port p); the stimulus draws a (valid, port) pair per operand
 * as the issue stage does and decodes it with fb_xbar_onehot(), except
 * where it drives raw select bytes on purpose (the AND-OR with several bits
 * set, which the model states bit for bit).
 * Stimulus, in this order (port data random every cycle, so an operand
 * taken from the wrong cycle or the wrong port is seen at once; one cycle in
 * 64 the model's lanes also carry bits above the lane width):
 *   1. reset, then every (SP, operand, port) route alone, one per cycle
 *      (128 cycles): each must appear one cycle after its select;
 *   2. exhaustive per SP: all 8^4 port choices x 16 valid masks of one SP's
 *      four operands (65,536 cycles per SP), the other SPs random;
 *   3. exhaustive per operand: all 256 select bytes of each of the 16
 *      operands (4,096 cycles), the others random;
 *   4. seeded random for the rest: local-only routes, remote routes, one
 *      port broadcast to many operands, random selects, raw select bytes,
 *      idle cycles, rare asynchronous resets.
 * Every 16th cycle of phases 2-3 is a random one, so the replays see all
 * kinds.
 */
#ifndef TB_FIBER_XBAR_H
#define TB_FIBER_XBAR_H

#include <string>

#include "fiber.h"
#include "fiber_tb_wide.h"
#include "lockstep.h"

template <class Cfg>
struct TbXbar {
  using Dut = typename Cfg::Dut;
  using Wd = fibertb::Wide<Cfg::kLanes, Cfg::kWidth>;
  static constexpr const char *kName = Cfg::kName;
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = Cfg::kCycles;
  static constexpr unsigned kLanes = Cfg::kLanes, kWidth = Cfg::kWidth, kWord = Wd::kWord;
  template <class T> using PortT = fibertb::PortT<T>;
  using DataT = PortT<decltype(std::declval<Dut &>().rd_data_sp0_i)>;
  using OpndT = PortT<decltype(std::declval<Dut &>().opnd_sp0_o)>;
  struct Exp {
    uint16_t valid;
    OpndT opnd[FB_NSP];
  };

  static constexpr uint64_t kRouteEnd = 2 + 128;
  static constexpr uint64_t kExh = 4ull * 65536;
  static constexpr uint64_t kRaw = 16ull * 256;
  uint64_t exh_pos = 0, raw_pos = 0;

  fb_xbar model;
  fb_xbar_in in;
  fb_xbar_out out;
  uint8_t sel_valid[FB_NSP];           // the (valid, port) the issue stage would decode
  uint8_t sel_port[FB_NSP][FB_NSRC];
  bool rst_n = false;
  int style = 0, style_left = 0;

  int b_routes, b_exh, b_route_port[FB_NPORT], b_route_sp[FB_NSP], b_remote, b_local, b_bcast, b_bcast16,
      b_invalid_mix, b_reset, b_idle, b_raw_exh, b_multi, b_style[5];

  explicit TbXbar(lockstep::Env &env) {
    auto &c = env.cov;
    b_routes = c.bin("every (SP, operand, port) route alone, one cycle late");
    b_exh = c.bin("exhaustive: 8^4 ports x 16 valid masks, each SP");
    for (int p = 0; p < FB_NPORT; p++) b_route_port[p] = c.bin("operand from port " + std::to_string(p));
    for (int s = 0; s < FB_NSP; s++) b_route_sp[s] = c.bin("operand to SP " + std::to_string(s));
    b_remote = c.bin("remote operand (other SP's bank)");
    b_local = c.bin("local operand");
    b_bcast = c.bin("broadcast: one port to two or more SPs");
    b_bcast16 = c.bin("broadcast: one port to all 16 operands");
    b_invalid_mix = c.bin("valid and invalid operands in one SP");
    b_reset = c.bin("reset with routes registered");
    b_idle = c.bin("no operand valid");
    b_raw_exh = c.bin("exhaustive: all 256 select bytes, each operand");
    b_multi = c.bin("select with several bits set (AND-OR of their ports)");
    static const char *sn[5] = {"local only", "remote", "broadcast", "random", "raw select bytes"};
    for (int k = 0; k < 5; k++) b_style[k] = c.bin(std::string("random style: ") + sn[k]);
    fb_xbar_reset(&model, kLanes, kWidth);
    in = fb_xbar_in{};
    for (int s = 0; s < FB_NSP; s++) {
      sel_valid[s] = 0;
      for (int k = 0; k < FB_NSRC; k++) sel_port[s][k] = 0;
    }
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("sel_oh_i", 128, d.sel_oh_i);
    v.in("rd_data_sp0_i", 2 * kWord, d.rd_data_sp0_i);
    v.in("rd_data_sp1_i", 2 * kWord, d.rd_data_sp1_i);
    v.in("rd_data_sp2_i", 2 * kWord, d.rd_data_sp2_i);
    v.in("rd_data_sp3_i", 2 * kWord, d.rd_data_sp3_i);
    v.out("valid_o", 16, d.valid_o, e.valid);
    v.out("opnd_sp0_o", 4 * kWord, d.opnd_sp0_o, e.opnd[0]);
    v.out("opnd_sp1_o", 4 * kWord, d.opnd_sp1_o, e.opnd[1]);
    v.out("opnd_sp2_o", 4 * kWord, d.opnd_sp2_o, e.opnd[2]);
    v.out("opnd_sp3_o", 4 * kWord, d.opnd_sp3_o, e.opnd[3]);
  }

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  void random_sel(lockstep::Env &env) {
    auto &rng = env.rng;
    if (style_left-- <= 0) {
      style = (int)rng.below(5);
      style_left = (int)rng.range(10, 300);
      env.cov.hit(b_style[style]);
    }
    unsigned bport = (unsigned)rng.below(FB_NPORT);
    for (int s = 0; s < FB_NSP; s++) {
      sel_valid[s] = (uint8_t)(rng.chance(1, 8) ? 0 : rng.bits(4));
      for (int k = 0; k < FB_NSRC; k++) {
        unsigned p;
        switch (style) {
          case 0: p = 2u * (unsigned)s + (unsigned)rng.bits(1); break;
          case 1: p = (2u * (unsigned)s + 2u + (unsigned)rng.below(6)) % 8u; break;
          case 2: p = rng.chance(7, 8) ? bport : (unsigned)rng.below(8); break;
          default: p = (unsigned)rng.below(8); break;
        }
        sel_port[s][k] = (uint8_t)p;
      }
    }
    if (style == 2 && rng.chance(1, 16))
      for (int s = 0; s < FB_NSP; s++) {
        sel_valid[s] = 0xF;
        for (int k = 0; k < FB_NSRC; k++) sel_port[s][k] = (uint8_t)bport;
      }
    decode();
    if (style == 4)
      for (int s = 0; s < FB_NSP; s++)
        for (int k = 0; k < FB_NSRC; k++)
          if (rng.chance(1, 4)) in.sel_oh[s][k] = (uint8_t)rng.bits(8);
  }

  // the issue stage's decode of (valid, port) into the one-hot select
  void decode() {
    for (int s = 0; s < FB_NSP; s++)
      for (int k = 0; k < FB_NSRC; k++)
        in.sel_oh[s][k] = fb_xbar_onehot((unsigned)sel_valid[s] >> k, sel_port[s][k]);
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &rng = env.rng;
    auto &cv = env.cov;
    uint64_t c = env.cyc;

    // reset: cycles 0-1, then rare (not during the route sweep)
    bool was = rst_n;
    if (c < 2) rst_n = false;
    else if (c < kRouteEnd) rst_n = true;
    else rst_n = !rng.chance(1, 50000);
    if (was && !rst_n) {
      bool any = false;
      for (int s = 0; s < FB_NSP; s++)
        for (int k = 0; k < FB_NSRC; k++) any |= model.sel_oh_q[s][k] != 0;
      if (any) cv.hit(b_reset);
    }

    // selects
    if (c < kRouteEnd) {
      for (int s = 0; s < FB_NSP; s++) sel_valid[s] = 0;
      if (c >= 2) {
        unsigned i = (unsigned)(c - 2), p = i / 16, s = (i / 4) % 4, k = i % 4;
        sel_valid[s] = (uint8_t)(1u << k);
        for (int s2 = 0; s2 < FB_NSP; s2++)
          for (int k2 = 0; k2 < FB_NSRC; k2++) sel_port[s2][k2] = (uint8_t)rng.bits(3);
        sel_port[s][k] = (uint8_t)p;
        if (i == 127) cv.hit(b_routes);
      }
      decode();
    } else if (exh_pos < kExh && (c - kRouteEnd) % 16 != 15) {
      uint64_t i = exh_pos++;
      unsigned s = (unsigned)(i >> 16), x = (unsigned)(i & 0xFFFF);
      random_sel(env);
      sel_valid[s] = (uint8_t)(x >> 12);
      for (int k = 0; k < FB_NSRC; k++) sel_port[s][k] = (uint8_t)((x >> (3 * k)) & 7u);
      decode();
      if (exh_pos == kExh) cv.hit(b_exh);
    } else if (exh_pos == kExh && raw_pos < kRaw && (c - kRouteEnd) % 16 != 15) {
      uint64_t i = raw_pos++;
      unsigned o = (unsigned)(i >> 8);
      random_sel(env);
      in.sel_oh[o / 4][o % 4] = (uint8_t)(i & 0xFF);
      if (raw_pos == kRaw) cv.hit(b_raw_exh);
    } else {
      random_sel(env);
    }

    // inputs
    d.rst_ni = rst_n;
    for (int s = 0; s < FB_NSP; s++) {
      uint32_t w = 0;
      for (int k = 0; k < FB_NSRC; k++) w |= (uint32_t)in.sel_oh[s][k] << (8 * k);
      d.sel_oh_i[s] = w;
    }
    DataT *rd[FB_NSP] = {&d.rd_data_sp0_i, &d.rd_data_sp1_i, &d.rd_data_sp2_i, &d.rd_data_sp3_i};
    for (int s = 0; s < FB_NSP; s++) Wd::rand_port(rng, *rd[s], 2 * kWord);
    for (int p = 0; p < FB_NPORT; p++) Wd::get_word(*rd[p / 2], (unsigned)(p % 2), in.port_data[p]);
    // one cycle in 64: lanes carry random bits above the lane width too (the
    // model must drop them like the narrower RTL port)
    if (kWidth < 64 && rng.chance(1, 64))
        for (int p = 0; p < FB_NPORT; p++)
          for (unsigned l = 0; l < kLanes; l++) in.port_data[p].lane[l] |= rng.next() << (kWidth % 64);

    // model: this cycle's outputs, then the edge
    if (!rst_n) fb_xbar_reset(&model, kLanes, kWidth);
    fb_xbar_step(&model, &in, &out);
    if (!rst_n) fb_xbar_reset(&model, kLanes, kWidth);
    e.valid = 0;
    for (int s = 0; s < FB_NSP; s++) {
      e.valid |= (uint16_t)((out.valid[s] & 0xFu) << (4 * s));
      for (int k = 0; k < FB_NSRC; k++) Wd::put_word(e.opnd[s], (unsigned)k, out.opnd[s][k]);
    }

    // coverage of the operands delivered this cycle
    unsigned users[FB_NPORT] = {0}, sps[FB_NPORT] = {0};
    for (int s = 0; s < FB_NSP; s++) {
      unsigned v = out.valid[s];
      if (v && v != 0xF) cv.hit(b_invalid_mix);
      for (int k = 0; k < FB_NSRC; k++) {
        if (!((v >> k) & 1u)) continue;
        unsigned oh = in_oh_q[s][k];
        if (oh & (oh - 1u)) {
          cv.hit(b_multi);
          continue;
        }
        unsigned p = (unsigned)__builtin_ctz(oh);
        cv.hit(b_route_port[p]);
        cv.hit(b_route_sp[s]);
        cv.hit(p / 2 == (unsigned)s ? b_local : b_remote);
        users[p]++;
        sps[p] |= 1u << s;
      }
    }
    if (e.valid == 0) cv.hit(b_idle);
    for (int p = 0; p < FB_NPORT; p++) {
      if (__builtin_popcount(sps[p]) >= 2) cv.hit(b_bcast);
      if (users[p] == 16) cv.hit(b_bcast16);
    }
    for (int s = 0; s < FB_NSP; s++)
      for (int k = 0; k < FB_NSRC; k++) in_oh_q[s][k] = rst_n ? in.sel_oh[s][k] : 0u;
  }
  unsigned in_oh_q[FB_NSP][FB_NSRC] = {};
};

#endif
