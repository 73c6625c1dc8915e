/*
 * tb_fiber_port_arb.cpp - lockstep harness of fiber_port_arb against
 * fb_arb_step_detail() (every output, every cycle).
 *
 * Stimulus, in this order:
 *   1. reset, then the paper's Fig. 6(c) HMMA scenario from start 0 (the
 *      model must give the grant masks 0x9, 0xF x7, 0x6: a bin), then the
 *      same scenario from starts 1, 2 and 3;
 *   2. exhaustive: every unordered pair of SPs x all 256 x 256 port masks
 *      x three row patterns (rows equal on every port, different on every
 *      port, a random mix) x every start (each combination is held for
 *      four consecutive cycles, and start advances every cycle); the two
 *      other SPs are invalid with random requests that must be ignored;
 *      4,718,592 cycles from cycle ~50;
 *   3. seeded random for the rest: four request styles (selector-like
 *      sparse ports with few distinct rows, dense random masks, HMMA
 *      iterations, all-valid saturation), ports == 0 requests, rare
 *      asynchronous resets. The first 100,000 cycles (the replays) hold
 *      phase 1 and the start of phase 2; after every four combinations
 *      (16 cycles) of phase 2 comes one random cycle, so the replays see
 *      random traffic too, and about every 2,000 cycles that random cycle
 *      is a reset (tb/common/stim.h), where the gate-level replay's random
 *      windows begin.
 */
#include <cstring>
#include <string>

#include "Vfiber_port_arb.h"
#include "fiber.h"
#include "fiber_tb_hmma.h"
#include "lockstep.h"
#include "stim.h"

struct TbPortArb {
  using Dut = Vfiber_port_arb;
  static constexpr const char *kName = "fiber_port_arb";
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = 10000000;
  struct Exp {
    uint8_t grant, stall, start, occ, shared;
    uint16_t owner;
    uint64_t row;
  };

  // phase boundaries
  static constexpr uint64_t kHmmaLen = 16;        // cycles per directed HMMA run
  static constexpr uint64_t kDirEnd = 2 + 4 * kHmmaLen + 2;
  static constexpr uint64_t kExhCombos = 6ull * 3 * 256 * 256;
  uint64_t exh_pos = 0;                           // next exhaustive cycle index

  fb_arb model;
  fb_arb_req req[FB_NSP];
  fibertb::Hmma hmma;
  int hmma_runs = 0;
  bool hmma_live = false, hmma_running = false;
  int style = 0, style_left = 0;
  int stall_run[FB_NSP] = {0, 0, 0, 0};
  bool rst_n = false;
  lockstep::ResetSchedule resets{0, 150000};     // after the sweep: rare resets only
  lockstep::ResetSchedule sweep_resets = [] {    // in the sweep: one cycle, at a random cycle
    lockstep::ResetSchedule r(2000, 0);
    r.max_hold = 0;
    return r;
  }();

  int b_fig6c, b_fig6c_starts, b_exh, b_stall[FB_NSP], b_grant[16], b_shared[FB_NPORT], b_block_pos[FB_NSP],
      b_start_all4[FB_NSP], b_wait3[FB_NSP], b_noports, b_reset, b_reset_sweep, b_bcast_conflict, b_all4_one, b_all4_all,
      b_style[4];

  explicit TbPortArb(lockstep::Env &env) {
    auto &c = env.cov;
    b_fig6c = c.bin("Fig. 6(c) grants 0x9, 0xF x7, 0x6 from start 0");
    b_fig6c_starts = c.bin("Fig. 6(c) scenario from starts 1..3");
    b_exh = c.bin("exhaustive 2 SPs x 256x256 masks x 3 row kinds x 4 starts");
    for (int s = 0; s < FB_NSP; s++) b_stall[s] = c.bin("stall SP" + std::to_string(s));
    for (int s = 0; s < FB_NSP; s++) b_wait3[s] = c.bin("SP" + std::to_string(s) + " stalled 3 cycles in a row (bound)");
    for (int m = 0; m < 16; m++) b_grant[m] = c.bin("grant mask 0x" + std::string(1, "0123456789abcdef"[m]));
    for (int p = 0; p < FB_NPORT; p++) b_shared[p] = c.bin("broadcast on port " + std::to_string(p));
    for (int j = 1; j < FB_NSP; j++) b_block_pos[j] = c.bin("conflict at scan position " + std::to_string(j));
    for (int s = 0; s < FB_NSP; s++) b_start_all4[s] = c.bin("four requesters at start " + std::to_string(s));
    b_noports = c.bin("valid request without ports");
    b_reset = c.bin("reset after traffic");
    b_reset_sweep = c.bin("reset between sweep combinations (a gate-level window begins)");
    b_bcast_conflict = c.bin("broadcast and conflict in one cycle");
    b_all4_one = c.bin("four requesters, one granted");
    b_all4_all = c.bin("four requesters, all granted");
    static const char *sn[4] = {"selector-like", "dense masks", "HMMA iterations", "saturation"};
    for (int k = 0; k < 4; k++) b_style[k] = c.bin(std::string("random style: ") + sn[k]);
    fb_arb_reset(&model);
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("valid_i", 4, d.valid_i);
    v.in("ports_i", 32, d.ports_i);
    v.in("row_i", 256, d.row_i);
    v.out("grant_o", 4, d.grant_o, e.grant);
    v.out("stall_o", 4, d.stall_o, e.stall);
    v.out("start_o", 2, d.start_o, e.start);
    v.out("occ_o", 8, d.occ_o, e.occ);
    v.out("shared_o", 8, d.shared_o, e.shared);
    v.out("owner_o", 16, d.owner_o, e.owner);
    v.out("row_o", 64, d.row_o, e.row);
  }

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  static void clear(fb_arb_req &q) { q = fb_arb_req{}; }

  // Random rows for the ports of a request, from `nrows` distinct values.
  static void rand_rows(lockstep::Rng &rng, fb_arb_req &q, unsigned nrows) {
    if (nrows >= 256) {
      uint64_t x = rng.next();
      std::memcpy(q.row, &x, 8);
      return;
    }
    for (int p = 0; p < FB_NPORT; p++) q.row[p] = (uint8_t)rng.below(nrows);
  }

  // One exhaustive cycle: index i = (((pair * 3 + kind) * 256 + ma) * 256 + mb) * 4 + rep.
  void exhaustive(lockstep::Rng &rng, uint64_t i) {
    static const int pa[6] = {0, 0, 0, 1, 1, 2}, pb[6] = {1, 2, 3, 2, 3, 3};
    uint64_t combo = i / 4;
    unsigned mb = combo % 256, ma = (combo / 256) % 256, kind = (combo / 65536) % 3;
    unsigned pair = (unsigned)(combo / (65536 * 3));
    for (int s = 0; s < FB_NSP; s++) {
      clear(req[s]);
      req[s].ports = (uint8_t)rng.bits(8);
      rand_rows(rng, req[s], 256);
    }
    int a = pa[pair], b = pb[pair];
    req[a].valid = req[b].valid = 1;
    req[a].ports = (uint8_t)ma;
    req[b].ports = (uint8_t)mb;
    for (int p = 0; p < FB_NPORT; p++) {
      bool same = kind == 0 || (kind == 2 && rng.chance(1, 2));
      req[b].row[p] = same ? req[a].row[p] : (uint8_t)(req[a].row[p] ^ (1 + rng.below(255)));
    }
  }

  void random_cycle(lockstep::Env &env) {
    auto &rng = env.rng;
    if (style_left-- <= 0) {
      style = (int)rng.below(4);
      style_left = (int)rng.range(20, 400);
      if (style == 2) hmma.begin();
      env.cov.hit(b_style[style]);
    }
    switch (style) {
      case 0:  // selector-like: up to four sources, few rows
        for (int s = 0; s < FB_NSP; s++) {
          clear(req[s]);
          req[s].valid = rng.chance(3, 4);
          unsigned n = (unsigned)rng.below(5);
          for (unsigned k = 0; k < n; k++) {
            unsigned p = (unsigned)rng.below(FB_NPORT);
            if (!((req[s].ports >> p) & 1u)) req[s].row[p] = (uint8_t)rng.below(3);
            req[s].ports |= (uint8_t)(1u << p);
          }
        }
        break;
      case 1:  // dense masks, random validity
        for (int s = 0; s < FB_NSP; s++) {
          clear(req[s]);
          req[s].valid = rng.chance(1, 2);
          req[s].ports = (uint8_t)rng.bits(8);
          rand_rows(rng, req[s], rng.chance(1, 2) ? 2 : 256);
        }
        break;
      case 2:  // HMMA iterations back to back
        if (hmma.done()) hmma.begin();
        for (int w = 0; w < FB_NSP; w++) req[w] = hmma.req((unsigned)w);
        hmma_live = true;
        break;
      default:  // saturation: every SP valid every cycle, one or two ports
        for (int s = 0; s < FB_NSP; s++) {
          clear(req[s]);
          req[s].valid = 1;
          for (int k = 0; k < 2; k++) req[s].ports |= (uint8_t)(1u << rng.below(FB_NPORT));
          rand_rows(rng, req[s], 2);
        }
        break;
    }
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &rng = env.rng;
    auto &cv = env.cov;
    uint64_t c = env.cyc;
    bool directed = false;
    hmma_live = false;

    // reset: cycle 0, before each directed HMMA run, then rare
    if (c < kDirEnd) {
      uint64_t k = c < 2 ? 0 : (c - 2) / kHmmaLen, off = c < 2 ? 0 : (c - 2) % kHmmaLen;
      rst_n = !(c < 2 || (off == 0 && k == 0));
      if (c >= 2 && c < 2 + 4 * kHmmaLen) {
        // run k starts once start == k: reset at run 0, then idle cycles
        if (off == 0) hmma_runs = (int)k;
        directed = true;
      }
    } else {
      // No reset inside a combination of the exhaustive sweep (its four
      // cycles see the four starts): a one-cycle reset about every 2,000
      // cycles at one of its random cycles (the gate-level windows of the
      // replays begin there); rare ones after the sweep.
      bool was = rst_n;
      bool sweep = exh_pos < 4 * kExhCombos, slot = (c - kDirEnd) % 17 == 16;
      rst_n = sweep ? sweep_resets.step(rng, c, slot) : resets.step(rng, c, true);
      if (!rst_n && was) cv.hit(sweep ? b_reset_sweep : b_reset);
    }

    if (directed) {
      uint64_t off = (c - 2) % kHmmaLen;
      unsigned k = (unsigned)((c - 2) / kHmmaLen);
      // wait until the start equals k (it advances every cycle), then run
      unsigned cur_start = rst_n ? model.start : 0;
      if (off == 0) hmma_running = false;
      if (!hmma_running && rst_n && cur_start == k && off < 4) { hmma.begin(); hmma_running = true; }
      for (int w = 0; w < FB_NSP; w++) {
        if (hmma_running && !hmma.done()) req[w] = hmma.req((unsigned)w);
        else clear(req[w]);
      }
      hmma_live = hmma_running && !hmma.done();
    } else if (c >= kDirEnd && exh_pos < 4 * kExhCombos && ((c - kDirEnd) % 17 != 16)) {
      exhaustive(rng, exh_pos++);
      if (exh_pos == 4 * kExhCombos) cv.hit(b_exh);
    } else if (c >= kDirEnd) {
      random_cycle(env);
    }

    // inputs
    d.rst_ni = rst_n;
    uint8_t valid = 0;
    uint32_t portsv = 0;
    for (int s = 0; s < FB_NSP; s++) {
      valid |= (uint8_t)((req[s].valid & 1u) << s);
      portsv |= (uint32_t)req[s].ports << (8 * s);
      uint64_t rw;
      std::memcpy(&rw, req[s].row, 8);            // port p = byte p (little-endian host)
      d.row_i[2 * s] = (uint32_t)rw;
      d.row_i[2 * s + 1] = (uint32_t)(rw >> 32);
    }
    d.valid_i = valid;
    d.ports_i = portsv;

    // model: this cycle's outputs, then the edge
    fb_arb_out o;
    if (!rst_n) {
      fb_arb_reset(&model);
      fb_arb_eval(0, req, &o);
    } else {
      fb_arb_step_detail(&model, req, &o);
    }
    e.grant = o.grant;
    e.stall = o.stall;
    e.start = o.start;
    e.occ = o.occ;
    e.shared = o.shared;
    e.owner = 0;
    e.row = 0;
    for (int p = 0; p < FB_NPORT; p++) {
      e.owner |= (uint16_t)((o.owner[p] & 3u) << (2 * p));
      e.row |= (uint64_t)o.row[p] << (8 * p);
    }

    // scenario bookkeeping
    if (hmma_live && rst_n) {
      hmma.commit(o.grant);
      if (hmma.done() && hmma.paper_order && directed && hmma_runs == 0) cv.hit(b_fig6c);
      if (hmma.done() && directed && hmma_runs == 3) cv.hit(b_fig6c_starts);
    }

    // coverage
    cv.hit(b_grant[o.grant & 15]);
    for (int s = 0; s < FB_NSP; s++) {
      if ((o.stall >> s) & 1u) {
        cv.hit(b_stall[s]);
        if (++stall_run[s] == 3) cv.hit(b_wait3[s]);
      } else {
        stall_run[s] = 0;
      }
      if ((req[s].valid & 1u) && req[s].ports == 0) cv.hit(b_noports);
    }
    for (int p = 0; p < FB_NPORT; p++)
      if ((o.shared >> p) & 1u) cv.hit(b_shared[p]);
    if (o.shared && o.stall) cv.hit(b_bcast_conflict);
    for (int j = 1; j < FB_NSP; j++) {
      unsigned s = (o.start + j) & 3u;
      if ((o.stall >> s) & 1u) cv.hit(b_block_pos[j]);
    }
    if (valid == 0xF) {
      cv.hit(b_start_all4[o.start & 3]);
      if (__builtin_popcount(o.grant) == 1) cv.hit(b_all4_one);
      if (o.grant == 0xF) cv.hit(b_all4_all);
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbPortArb>(argc, argv); }
