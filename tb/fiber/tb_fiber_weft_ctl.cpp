/*
 * tb_fiber_weft_ctl.cpp - lockstep harness of fiber_weft_ctl against
 * fb_wc_reset / fb_wc_step (every output, every cycle).
 *
 * The stimulus plays a program: a kernel is launched with W wefts; the
 * wefts of each SP issue (one operation per SP per cycle) until each has
 * reached the next SET_FIBER_NUM (ARRIVE with the program's {wefts, all,
 * pc}) or exited; after the release the program picks the next request.
 * Around that legal behaviour it injects every refused operation.
 *   1. directed (cycles 2..199): the worked example of the RTL header
 *      (launch 6, all arrive with 9 wefts: spawn of wefts 6..8), a launch of
 *      40 wefts over the running kernel with operations in the same cycle,
 *      their shrink to 1 weft with the ALL-scope bit, a launch of 256
 *      wefts, a launch above 256 wefts (refused), a launch of 0 wefts;
 *   2. seeded random: phases of 500..20,000 cycles with their own operation
 *      density, EXIT rate, rate of refused operations (inactive or waiting
 *      weft, op 3, count 0 or above 256, divergent request), relaunch rate
 *      and request style (grow, shrink, same, 1, 256, random), rare resets,
 *      and in the first 1,000,000 cycles a reset about every 4,000 (the
 *      replays' gate-level windows begin there; tb/common/stim.h).
 *      Releases completed by an EXIT, to 256 wefts, with spawn and mask in
 *      one release, and two first arrivals in one cycle are coverage bins
 *      of this phase. A third of the refused operations, and every SP's
 *      operation in half of the launch cycles, break two or more of the
 *      error rules at once (op 3, inactive or waiting weft, bad count,
 *      divergent request, launch); rare launches over a pending request.
 *      Error priority: one required coverage bin per pair of rules, the
 *      first broken and another (fault_cross.h).
 */
#include <string>

#include "Vfiber_weft_ctl.h"
#include "fault_cross.h"
#include "fiber.h"
#include "lockstep.h"
#include "stim.h"

struct TbWeftCtl {
  using Dut = Vfiber_weft_ctl;
  static constexpr const char *kName = "fiber_weft_ctl";
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = 10000000;
  using Wide256 = std::remove_reference<decltype(std::declval<Dut &>().active_o)>::type;
  struct Exp {
    Wide256 active, elig;
    uint8_t release;
    Wide256 spawn, mask;
    uint64_t spawn_pc;
    uint8_t all_set;
    uint16_t err;
    uint8_t launch_err;
  };

  fb_wc model;
  fb_wc_in in;
  fb_wc_out out;
  bool rst = false;
  // rare resets, and one about every 4,000 cycles in the first 1,000,000
  // (the replays' cycles: the gate-level windows begin at resets)
  lockstep::ResetSchedule resets = [] {
    lockstep::ResetSchedule r(4000, 100000);
    r.until = 1000000;
    return r;
  }();
  // program
  unsigned next_wefts = 1, next_all = 0;
  uint64_t next_pc = 0x100;
  // phase knobs (probabilities out of 1024)
  uint64_t phase_end = 0;
  unsigned p_op = 512, p_exit = 8, p_bad = 16, p_launch = 1, style = 0;
  uint64_t launches = 0;

  int b_err[FB_WC_ERR_NUM][FB_NSP], b_grow, b_shrink, b_both, b_same, b_all, b_noall, b_exit_rel,
      b_launch, b_launch_mask, b_launch_ops, b_launch_err, b_full, b_one, b_two_first, b_div_same, b_reset, b_reset_sched,
      b_example, b_launch_zero;
  // (A release with no active context cannot happen: an arrived weft stays
  // active until the release, and its EXIT is refused as WAITING.)
  bool last_op_exit = false;
  // The per-SP error rules in priority order (bits of the fault masks).
  enum { W_LAUNCH, W_OP, W_INACTIVE, W_WAITING, W_COUNT, W_DIVERGENT };
  lockstep::FaultCross cross;

  explicit TbWeftCtl(lockstep::Env &env) {
    fb_wc_reset(&model);
    std::memset(&in, 0, sizeof in);
    auto &c = env.cov;
    for (unsigned e = 1; e < FB_WC_ERR_NUM; e++) {
      std::string n = fb_wc_err_str(e);
      n = n.substr(0, n.find(':'));
      for (unsigned s = 0; s < FB_NSP; s++) b_err[e][s] = c.bin(n + " on SP" + std::to_string(s));
    }
    b_grow = c.bin("release: grow (spawn only)");
    b_shrink = c.bin("release: shrink (mask only)");
    b_both = c.bin("release: spawn and mask (exited weft below W)");
    b_same = c.bin("release: same set (no spawn, no mask)");
    b_all = c.bin("release with ALL-scope set");
    b_noall = c.bin("release without ALL-scope");
    b_exit_rel = c.bin("release completed by an EXIT");
    b_full = c.bin("release to 256 wefts");
    b_one = c.bin("release to 1 weft");
    b_launch = c.bin("launch");
    b_launch_mask = c.bin("launch over a running kernel (mask)");
    b_launch_ops = c.bin("operations refused in a launch cycle");
    b_launch_err = c.bin("launch above 256 wefts (ignored)");
    b_launch_zero = c.bin("launch of 0 wefts");
    b_two_first = c.bin("two first arrivals in one cycle (SP order)");
    b_div_same = c.bin("divergent against a request recorded this cycle");
    b_reset = c.bin("reset during a kernel");
    b_reset_sched = c.bin("scheduled reset during a kernel (a gate-level window begins)");
    b_example = c.bin("worked example: 6 wefts grow to 9");
    cross.declare(c, "two faults", {"LAUNCH", "OP", "INACTIVE", "WAITING", "COUNT", "DIVERGENT"},
                  {{W_INACTIVE, W_WAITING, "an arrived weft is active until the release (its EXIT is refused)"}});
  }

  // The rules the operation of each SP breaks, each on its own (no
  // priority): COUNT and DIVERGENT apply to every operation but EXIT (op 3
  // carries the fields too); DIVERGENT compares with the request known when
  // SP s is visited: the pending one, or the first ARRIVE accepted from a
  // lower SP in this cycle.
  void cross_hit(lockstep::Env &env, const fb_wc &before) {
    bool known = before.pend != 0;
    unsigned rw = before.pend_wefts, ra = before.pend_all;
    uint64_t rpc = before.pend_pc;
    bool launch = in.launch && in.launch_wefts <= FB_SM_WEFTS;
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_wc_sp_in &o = in.sp[s];
      unsigned op = o.op & 3u, w = o.wefts & 0x1FFu, slot = o.weft & 63u;
      uint64_t pc = o.pc & 0xFFFFFFFFFFFFull;
      if (op == FB_WC_NONE) continue;
      uint32_t m = 0;
      if (launch) m |= 1u << W_LAUNCH;
      if (op == 3) m |= 1u << W_OP;
      if (!(before.active[s] >> slot & 1)) m |= 1u << W_INACTIVE;
      if (before.arrived[s] >> slot & 1) m |= 1u << W_WAITING;
      if (op != FB_WC_EXIT && (w == 0 || w > FB_SM_WEFTS)) m |= 1u << W_COUNT;
      if (op != FB_WC_EXIT && known && (w != rw || (o.all & 1u) != ra || pc != rpc)) m |= 1u << W_DIVERGENT;
      cross.hit(env, m);
      if (op == FB_WC_ARRIVE && out.err[s] == FB_WC_OK && !known) {
        known = true; rw = w; ra = o.all & 1u; rpc = pc;
      }
    }
  }

  // An operation on SP s breaking two or more rules at once (a random
  // subset of op 3, inactive or waiting weft, bad count, divergent request;
  // divergence only against a known request).
  void multi_bad_op(lockstep::Rng &rng, unsigned s, bool request_known) {
    fb_wc_sp_in &o = in.sp[s];
    uint64_t act = model.active[s], arr = model.arrived[s];
    unsigned rw = model.pend ? model.pend_wefts : next_wefts, ra = model.pend ? model.pend_all : next_all;
    uint64_t rpc = model.pend ? model.pend_pc : next_pc;
    uint32_t f = 0;
    while (__builtin_popcount(f) < 2) {
      f = (uint32_t)rng.bits(4);  // bit 0 op 3, 1 weft state, 2 count, 3 divergent
      if (!request_known) f &= 7u;
    }
    o.op = (f & 1u) ? 3 : FB_WC_ARRIVE;
    if ((f & 2u) && rng.chance(1, 2) && ~act) o.weft = (uint8_t)pick(rng, ~act);  // inactive
    else if ((f & 2u) && arr) o.weft = (uint8_t)pick(rng, arr);                    // waiting
    else if (act & ~arr) o.weft = (uint8_t)pick(rng, act & ~arr);
    else o.weft = (uint8_t)rng.bits(6);
    o.wefts = (uint16_t)rw;
    o.all = (uint8_t)ra;
    o.pc = rpc;
    if (f & 4u) o.wefts = (uint16_t)(rng.chance(1, 2) ? 0 : rng.range(257, 511));
    if (f & 8u) {
      unsigned k = (unsigned)rng.below(3);
      if (k == 0 && !(f & 4u)) o.wefts = (uint16_t)(rw % 256 + 1);
      else if (k == 1) o.all ^= 1;
      else o.pc ^= 1ull << rng.below(48);
    }
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("launch_i", 1, d.launch_i);
    v.in("launch_wefts_i", 9, d.launch_wefts_i);
    v.in("launch_pc_i", 48, d.launch_pc_i);
    v.in("op_i", 8, d.op_i);
    v.in("weft_i", 24, d.weft_i);
    v.in("wefts_i", 36, d.wefts_i);
    v.in("all_i", 4, d.all_i);
    v.in("pc_i", 192, d.pc_i);
    v.out("active_o", 256, d.active_o, e.active);
    v.out("eligible_o", 256, d.eligible_o, e.elig);
    v.out("release_o", 1, d.release_o, e.release);
    v.out("spawn_o", 256, d.spawn_o, e.spawn);
    v.out("mask_o", 256, d.mask_o, e.mask);
    v.out("spawn_pc_o", 48, d.spawn_pc_o, e.spawn_pc);
    v.out("all_set_o", 1, d.all_set_o, e.all_set);
    v.out("err_o", 12, d.err_o, e.err);
    v.out("launch_err_o", 1, d.launch_err_o, e.launch_err);
  }

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  static void put256(Wide256 &w, const uint64_t v[FB_NSP]) {
    for (unsigned s = 0; s < FB_NSP; s++) {
      w[2 * s] = (uint32_t)v[s];
      w[2 * s + 1] = (uint32_t)(v[s] >> 32);
    }
  }

  // A random set bit of m (m != 0).
  static unsigned pick(lockstep::Rng &rng, uint64_t m) {
    unsigned n = (unsigned)__builtin_popcountll(m), k = (unsigned)rng.below(n);
    while (k--) m &= m - 1;
    return (unsigned)__builtin_ctzll(m);
  }

  void new_request(lockstep::Rng &rng) {
    unsigned cur = 0;
    for (unsigned s = 0; s < FB_NSP; s++) cur += (unsigned)__builtin_popcountll(model.active[s]);
    unsigned st = style;
    if (st == 6) {  // mixture: mostly random, grow and 256, fewer tiny kernels
      unsigned r = (unsigned)rng.below(100);
      st = r < 30 ? 0 : r < 50 ? 1 : r < 65 ? 2 : r < 75 ? 3 : r < 80 ? 4 : 5;
    }
    switch (st) {
      case 0: next_wefts = (unsigned)rng.range(1, 256); break;
      case 1: next_wefts = cur < 256 ? (unsigned)rng.range(cur + 1, 256) : 256; break;
      case 2: next_wefts = cur > 1 ? (unsigned)rng.range(1, cur - 1) : 1; break;
      case 3: next_wefts = cur ? cur : 1; break;
      case 4: next_wefts = 1; break;
      default: next_wefts = 256; break;
    }
    next_all = (unsigned)rng.below(2);
    next_pc = (rng.next() & 0xFFFFFFFFFFF0ull) | (rng.chance(1, 16) ? rng.bits(4) : 0);
  }

  void new_phase(lockstep::Env &env) {
    auto &rng = env.rng;
    static const unsigned dens[5] = {64, 256, 512, 900, 1024};
    phase_end = env.cyc + 500 + rng.below(19500);
    p_op = dens[rng.below(5)];
    p_exit = rng.chance(1, 2) ? 0 : (unsigned)rng.range(1, 64);
    p_bad = rng.chance(1, 3) ? 0 : (unsigned)rng.range(1, 48);
    p_launch = rng.chance(1, 2) ? 0 : (unsigned)rng.range(1, 4);
    style = rng.chance(2, 3) ? 6 : (unsigned)rng.below(6);
  }

  // A launch; the program's next request changes only if it is accepted
  // (a refused launch leaves the running kernel and its pending request).
  void do_launch(lockstep::Rng &rng, unsigned w) {
    in.launch = 1;
    in.launch_wefts = (uint16_t)w;
    in.launch_pc = rng.next() & 0xFFFFFFFFFFF0ull;
    if (w <= FB_SM_WEFTS) new_request(rng);
  }

  // Directed program for cycles 2..~200. Returns false once it is over.
  bool directed(lockstep::Env &env) {
    uint64_t c = env.cyc;
    auto &rng = env.rng;
    if (c == 2) { do_launch(rng, 6); next_wefts = 9; next_all = 0; next_pc = 0x100; return true; }
    if (c < 200) {
      legal_ops(rng, 1024, 0);
      if (c == 60) for (unsigned s = 0; s < FB_NSP; s++) in.sp[s].op = 0;
      if (c == 61) { do_launch(rng, 40); next_wefts = 1; next_all = 1; next_pc = 0x200; }
      if (c == 120) do_launch(rng, 256);                       // the largest kernel
      if (c == 150) { in.launch = 1; in.launch_wefts = 300; }  // refused launch
      if (c == 190) do_launch(rng, 0);                         // a kernel of no weft
      return true;
    }
    return false;
  }

  // Each SP: with probability p/1024 one eligible weft issues ARRIVE (or
  // EXIT with probability p_exit/1024).
  void legal_ops(lockstep::Rng &rng, unsigned p, unsigned pexit) {
    for (unsigned s = 0; s < FB_NSP; s++) {
      uint64_t elig = model.active[s] & ~model.arrived[s];
      if (!elig || rng.below(1024) >= p) continue;
      fb_wc_sp_in &o = in.sp[s];
      o.weft = (uint8_t)pick(rng, elig);
      if (rng.below(1024) < pexit) {
        o.op = FB_WC_EXIT;
      } else {
        o.op = FB_WC_ARRIVE;
        o.wefts = (uint16_t)next_wefts;
        o.all = (uint8_t)next_all;
        o.pc = next_pc;
      }
    }
  }

  // A refused operation on SP s. A divergent ARRIVE needs a request to
  // differ from: one pending, or a legal ARRIVE of a lower SP this cycle
  // (else it would be accepted and record a wrong request).
  void bad_op(lockstep::Rng &rng, unsigned s, bool request_known) {
    fb_wc_sp_in &o = in.sp[s];
    uint64_t act = model.active[s], arr = model.arrived[s];
    unsigned kind = (unsigned)rng.below(6);
    if (kind >= 4 && !request_known) kind = 2;
    switch (kind) {
      case 0: o.op = FB_WC_ARRIVE + (uint8_t)rng.below(2); o.weft = (uint8_t)(~act ? pick(rng, ~act) : 0); break;
      case 1: o.op = FB_WC_ARRIVE + (uint8_t)rng.below(2); o.weft = (uint8_t)(arr ? pick(rng, arr) : rng.bits(6)); break;
      case 2: o.op = 3; o.weft = (uint8_t)rng.bits(6); break;
      case 3:
        o.op = FB_WC_ARRIVE;
        o.weft = (uint8_t)((act & ~arr) ? pick(rng, act & ~arr) : rng.bits(6));
        o.wefts = (uint16_t)(rng.chance(1, 2) ? 0 : rng.range(257, 511));
        o.all = (uint8_t)next_all;
        o.pc = next_pc;
        break;
      default: {  // divergent: one field differs
        o.op = FB_WC_ARRIVE;
        o.weft = (uint8_t)((act & ~arr) ? pick(rng, act & ~arr) : rng.bits(6));
        o.wefts = (uint16_t)next_wefts;
        o.all = (uint8_t)next_all;
        o.pc = next_pc;
        unsigned f = (unsigned)rng.below(3);
        if (f == 0) o.wefts = (uint16_t)(next_wefts % 256 + 1);
        else if (f == 1) o.all ^= 1;
        else o.pc ^= 1ull << rng.below(48);
        break;
      }
    }
    if (kind < 3 && rng.chance(1, 8)) { o.wefts = (uint16_t)rng.bits(9); o.pc = rng.next(); o.all = (uint8_t)rng.bits(1); }
  }

  void random_cycle(lockstep::Env &env) {
    auto &rng = env.rng;
    if (env.cyc >= phase_end) new_phase(env);
    bool any_active = false;
    for (unsigned s = 0; s < FB_NSP; s++) any_active |= model.active[s] != 0;
    if (!any_active && rng.chance(1, 16)) {
      do_launch(rng, rng.chance(1, 8) ? (unsigned)rng.range(0, 511) : (unsigned)rng.range(1, 256));
    } else if ((p_launch && rng.below(100000) < p_launch) || (model.pend && rng.chance(1, 20000))) {
      do_launch(rng, rng.chance(1, 8) ? (unsigned)rng.range(0, 511) : (unsigned)rng.range(1, 256));
    }
    bool launch_multi = in.launch && rng.chance(1, 2);  // every SP breaks several rules
    legal_ops(rng, p_op, p_exit);
    bool request_known = model.pend != 0;
    for (unsigned s = 0; s < FB_NSP; s++) {
      bool legal_arrive = in.sp[s].op == FB_WC_ARRIVE;
      if (launch_multi) multi_bad_op(rng, s, request_known);
      else if (p_bad && rng.below(1024) < p_bad) {
        if (rng.chance(1, 3)) multi_bad_op(rng, s, request_known);
        else bad_op(rng, s, request_known);
      } else request_known |= legal_arrive;
    }
    // ports of idle SPs and of unused fields carry random values
    for (unsigned s = 0; s < FB_NSP; s++) {
      fb_wc_sp_in &o = in.sp[s];
      if (o.op == 0 && rng.chance(1, 2)) { o.weft = (uint8_t)rng.bits(6); o.wefts = (uint16_t)rng.bits(9); o.pc = rng.next(); o.all = (uint8_t)rng.bits(1); }
      if (o.op == FB_WC_EXIT && rng.chance(1, 2)) { o.wefts = (uint16_t)rng.bits(9); o.pc = rng.next(); }
    }
    if (!in.launch && rng.chance(1, 4)) { in.launch_wefts = (uint16_t)rng.bits(9); in.launch_pc = rng.next(); }
  }

  void drive(Dut &d) {
    d.rst_ni = !rst;
    d.launch_i = in.launch & 1u;
    d.launch_wefts_i = in.launch_wefts & 0x1FFu;
    d.launch_pc_i = in.launch_pc & 0xFFFFFFFFFFFFull;
    uint8_t op = 0, all = 0;
    uint32_t weft = 0;
    uint64_t wefts = 0;
    lockstep::clear(d.pc_i);
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_wc_sp_in &o = in.sp[s];
      op |= (uint8_t)((o.op & 3u) << (2 * s));
      weft |= (uint32_t)(o.weft & 0x3Fu) << (6 * s);
      wefts |= (uint64_t)(o.wefts & 0x1FFu) << (9 * s);
      all |= (uint8_t)((o.all & 1u) << s);
      lockstep::set_bits(d.pc_i, (int)(48 * s), 48, o.pc);
    }
    d.op_i = op; d.weft_i = weft; d.wefts_i = wefts; d.all_i = all;
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &rng = env.rng;
    auto &cv = env.cov;
    std::memset(&in, 0, sizeof in);
    uint64_t c = env.cyc;
    rst = c < 2;
    if (!rst && !directed(env)) {
      rst = !resets.step(rng, c, true);
      if (resets.began) {
        bool any = false;
        for (unsigned s = 0; s < FB_NSP; s++) any |= model.active[s] != 0;
        if (any) cv.hit(resets.rare ? b_reset : b_reset_sched);
      }
      random_cycle(env);
    }
    drive(d);

    // ---- model: this cycle's outputs, then the state at the coming edge
    if (rst) fb_wc_reset(&model);
    fb_wc before = model;
    fb_wc_step(&model, &in, &out);
    if (rst) fb_wc_reset(&model);
    put256(e.active, out.active);
    put256(e.elig, out.eligible);
    put256(e.spawn, out.spawn);
    put256(e.mask, out.mask);
    e.release = out.release;
    e.spawn_pc = out.spawn_pc;
    e.all_set = out.all_set;
    uint16_t err = 0;
    for (unsigned s = 0; s < FB_NSP; s++) err |= (uint16_t)((out.err[s] & 7u) << (3 * s));
    e.err = err;
    e.launch_err = out.launch_err;

    // ---- coverage and the program's next request
    for (unsigned s = 0; s < FB_NSP; s++)
      if (out.err[s]) cv.hit(b_err[out.err[s]][s]);
    if (!rst) cross_hit(env, before);
    if (in.launch) {
      if (out.launch_err) cv.hit(b_launch_err);
      else {
        cv.hit(b_launch);
        if (in.launch_wefts == 0) cv.hit(b_launch_zero);
        bool m = false, ops = false;
        for (unsigned s = 0; s < FB_NSP; s++) { m |= out.mask[s] != 0; ops |= in.sp[s].op != 0; }
        if (m) cv.hit(b_launch_mask);
        if (ops) cv.hit(b_launch_ops);
      }
    }
    if (out.release && !rst) {
      bool sp = false, mk = false;
      unsigned now = 0;
      for (unsigned s = 0; s < FB_NSP; s++) {
        sp |= out.spawn[s] != 0;
        mk |= out.mask[s] != 0;
        now += (unsigned)__builtin_popcountll(model.active[s]);
      }
      cv.hit(sp && mk ? b_both : sp ? b_grow : mk ? b_shrink : b_same);
      cv.hit(out.all_set ? b_all : b_noall);
      if (last_op_exit) cv.hit(b_exit_rel);
      if (now == 256) cv.hit(b_full);
      if (now == 1) cv.hit(b_one);
      if (before.pend_wefts == 9 && before.pend_pc == 0x100 && c < 200) cv.hit(b_example);
      new_request(rng);
    }
    // first arrivals and divergence inside one cycle
    if (!rst && !in.launch && !out.release && !before.pend) {
      int accepted = 0;
      for (unsigned s = 0; s < FB_NSP; s++) {
        if (in.sp[s].op == FB_WC_ARRIVE && out.err[s] == FB_WC_OK) accepted++;
        if (accepted >= 1 && out.err[s] == FB_WC_ERR_DIVERGENT) cv.hit(b_div_same);
      }
      if (accepted >= 2) cv.hit(b_two_first);
    }
    if (!rst && !in.launch && !out.release) {
      bool ex = false, arr = false;
      for (unsigned s = 0; s < FB_NSP; s++) {
        if (in.sp[s].op == FB_WC_EXIT && out.err[s] == FB_WC_OK) ex = true;
        if (in.sp[s].op == FB_WC_ARRIVE && out.err[s] == FB_WC_OK) arr = true;
      }
      if (ex || arr) last_op_exit = ex && !arr;
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbWeftCtl>(argc, argv); }
