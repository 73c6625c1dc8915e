/*
 * tb_fiber_busy_bitmap.h - lockstep harness of fiber_busy_bitmap against
 * fb_bm_reset / fb_bm_check / fb_bm_step, for any register count and
 * replica count. Each tb_fiber_busy_bitmap*.cpp names one configuration
 * (its Verilated top and its sizes) and runs this harness.
 *
 * Compared every cycle: the four eligibility results (eligible, dst_busy,
 * src_busy, range_err), the update errors, the EMPTY group of every replica
 * (so every replica is checked against the model, and thereby against every
 * other replica, every cycle) and the RTL's one FULL copy against the
 * model's replica 0 FULL group (the model keeps its replicas, and the
 * harness checks every cycle that they are equal, fb_bm_replicas_equal, so
 * replica 0 stands for all), except the state in
 * cycle 0: the reset is synchronous, so the state is known from the first
 * edge in reset on (in a later reset the first reset cycle still shows the
 * state before it, and is compared).
 * Registers: id r exists when r < kNReg and its offset r & 511 is below
 * kPart (SP s's partition is s*512..s*512+511; at kPart < 512, with 2048
 * ids, its first kPart ids: every SP has registers). The RTL's state
 * outputs carry the registers that exist packed, bit i the register
 * id_of(i) = {i / kPart, i % kPart} (i itself at kPart 512); the harness
 * draws bit indices and maps them. Issue, writeback and each query's
 * destination name the driving SP's own registers (now and then another
 * SP's: an error); reads come by read port (one row each). State ports wider
 * than 4096 bits (the full size: empty_o 8192, full_o 2048) are compared in
 * 4096-bit pieces.
 *
 * Stimulus, in this order:
 *   1. directed: the paper's Fig. 5 (right) dataflow (ALL-scope set, a
 *      source stalls on EMPTY until its writeback, readers mark FULL, the
 *      producer's next write stalls on FULL until consumption), the worked
 *      example of the RTL header, a query on a register updated in the same
 *      cycle (start-of-cycle read);
 *   2. exhaustive: every same-cycle collision on one register, 4 initial
 *      states x 16 hardware-event sets (issue, writeback, read, consume) x
 *      5^4 DEPBAR choices (none, clear/set EMPTY, clear/set FULL per SP) x
 *      ALL-scope = 80,000 cases, two cycles each (one to load the initial
 *      state by DEPBAR, one for the collision; the state outputs of the
 *      following cycle show the result), the register, the SPs and the
 *      source slots that drive the events varying from case to case,
 *      queries on the register under test, background traffic on other
 *      registers on odd cases;
 *   3. seeded random: phases of 256..4095 cycles, each with its own hot
 *      window of registers (1..all), its own densities per update kind and
 *      query field, rare ALL-scope sets, ids out of range (small sizes
 *      only), and rare resets. The random phase interleaves with phase 2
 *      for the first 100,000 cycles so the replays see every kind of input.
 *      In half of the phases some SPs' queries and updates break two or
 *      more rules at once (a random mask of the rules below, fields built
 *      to break exactly those, the rest left as drawn).
 * Simultaneous faults (fault_cross.h): one required coverage bin per pair
 * of rules broken together, each rule evaluated on its own:
 *   query of SP s, in the order of the block's precedence (a range error
 *   makes the id read nothing, so it is never busy; busy and range errors
 *   of different ids are reported together):
 *     DST_RANGE  a valid destination not in SP s's partition (another SP's,
 *                or an id >= nreg): range_err
 *     SRC_RANGE  a valid source id >= nreg: range_err
 *     DST_FULL   a valid destination whose partition read (FULL of SP s's
 *                register at the destination's offset) is set: dst_busy
 *                unless DST_RANGE
 *     SRC_EMPTY  a valid source naming a register whose EMPTY is set:
 *                src_busy of that slot
 *   (DST_RANGE, DST_FULL) is the pair on which a chain that reads the busy
 *   bit before the range check reports dst_busy, and the pairs of a range
 *   error with a busy one are those on which a chain that reports the range
 *   error only for an otherwise eligible query drops range_err;
 *   update ports of SP s (each makes the SP's upd_range_err bit; the
 *   operation is dropped, the other ports' operations still apply):
 *     ISSUE, WB  issue / writeback outside SP s's partition or >= nreg
 *     CONS       a consumption of an id >= nreg
 *     DEP        a DEPBAR on an id >= nreg
 *     READ       a read port of SP s (2s, 2s+1) naming a register >= nreg
 *   At 2048 registers every id exists: the pairs with SRC_RANGE, CONS, DEP
 *   or READ are declared impossible.
 */
#ifndef TB_FIBER_BUSY_BITMAP_H
#define TB_FIBER_BUSY_BITMAP_H

#include <string>
#include <type_traits>

#include "fault_cross.h"
#include "fiber.h"
#include "lockstep.h"

namespace tbbm {

// A state port may be a plain integer (<= 64 bits) or a VlWide.
template <class T>
inline typename std::enable_if<std::is_integral<T>::value>::type
put(T &v, int lsb, int width, uint64_t x) {
  uint64_t m = lockstep::width_mask(width) << lsb;
  v = (T)(((uint64_t)v & ~m) | ((x << lsb) & m));
}
template <std::size_t N>
inline void put(VlWide<N> &v, int lsb, int width, uint64_t x) { lockstep::set_bits(v, lsb, width, x); }

// A pool of random bits: one splitmix64 draw serves several small fields.
struct Bits {
  lockstep::Rng *rng;
  uint64_t w = 0;
  int n = 0;
  uint64_t take(int k) {
    if (n < k) { w = rng->next(); n = 64; }
    uint64_t v = w & ((1ull << k) - 1);
    w >>= k;
    n -= k;
    return v;
  }
  bool p(unsigned thr) { return take(8) < thr; }  // probability thr / 256
};

}  // namespace tbbm

// Cfg: using Dut; kName; kNReg; kNRep; kPart (registers per partition, RTL
// PartRegs); kCycles; kStateInVectors (false: the
// vector files of the replays leave out the state ports, for sizes whose
// state would make each line kilobytes long); kVectorCap (cycles written to
// a vector file at most).
template <class Cfg>
struct TbBusyBitmap {
  using Dut = typename Cfg::Dut;
  static constexpr const char *kName = Cfg::kName;
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = Cfg::kCycles;
  static constexpr unsigned kNReg = Cfg::kNReg, kNRep = Cfg::kNRep, kPart = Cfg::kPart;
  static_assert(kPart == 512 || kNReg == FB_NVREG, "partitions below 512 registers need 2048 ids");
  // the registers that exist (the RTL's NumStore: its packed state)
  static constexpr unsigned kStore = kPart < 512 ? 4 * kPart : kNReg;
  using State = typename std::remove_reference<decltype(std::declval<Dut &>().empty_o)>::type;
  using FullState = typename std::remove_reference<decltype(std::declval<Dut &>().full_o)>::type;
  static constexpr unsigned kStateBits = kNRep * kStore;  // empty_o: every replica
  static constexpr unsigned kFullBits = kStore;           // full_o: one copy
  struct Exp {
    uint8_t elig, dbusy;
    uint16_t sbusy;
    uint8_t rerr, uerr;
    State empty;
    FullState full;
  };

  // ---- stimulus state
  fb_bm bm;
  fb_bm_in in;
  fb_bm_query q[FB_NSP];
  bool rst = false, state_ports = true;
  bool state_known = false;  // this cycle's state outputs are compared
  bool known_next = false;   // an edge in reset has cleared the RTL state
  int reset_hold = 0;
  // random-phase knobs
  uint64_t phase_end = 0;
  unsigned hot_base = 0, hot_mask = 0, p_issue = 0, p_wb = 0, p_read = 0, p_cons = 0, p_dep = 0, p_all = 0,
           p_oor = 0, p_qdst = 0, p_qsrc = 0, p_hot = 0, p_remote = 0, p_fault = 0;
  // exhaustive collision cases
  static constexpr uint64_t kCases = 4ull * 16 * 625 * 2;
  uint64_t next_case = 0;
  int case_cycle = 0;
  unsigned case_reg = 0;
  uint64_t directed_end = 0;
  // per-register marks for the collision bins
  uint16_t mark[FB_NVREG];
  uint64_t qmark[FB_NVREG / 64];
  int8_t dep_last[2][FB_NVREG];
  uint8_t dep_count[2][FB_NVREG];
  unsigned touched[64];
  unsigned ntouched = 0;

  // coverage
  int b_kind[9], b_issue_wb, b_read_cons, b_dep_issue, b_dep_wb, b_dep_read, b_dep_cons, b_dep2, b_dep3,
      b_all_wb, b_all_dep, b_all_full, b_dup_set, b_table, b_same_cycle, b_reset, b_all_rst, b_fig5;
  // simultaneous faults (rules: see the header comment)
  enum { Q_DST_RANGE, Q_SRC_RANGE, Q_DST_FULL, Q_SRC_EMPTY };
  enum { U_ISSUE, U_WB, U_CONS, U_DEP, U_READ };
  static constexpr bool kAllExist = kNReg >= FB_NVREG && kPart == 512;
  lockstep::FaultCross xq, xu;
  int b_stall_e[FB_NSP], b_stall_f[FB_NSP], b_stall_both[FB_NSP], b_elig[FB_NSP], b_qerr[FB_NSP],
      b_uerr[FB_NSP], b_remote[FB_NSP], b_iss_own[FB_NSP];

  explicit TbBusyBitmap(lockstep::Env &env) {
    fb_bm_reset_part(&bm, kNReg, kNRep, kPart);
    std::memset(&in, 0, sizeof in);
    std::memset(q, 0, sizeof q);
    std::memset(mark, 0, sizeof mark);
    std::memset(qmark, 0, sizeof qmark);
    std::memset(dep_last, -1, sizeof dep_last);
    std::memset(dep_count, 0, sizeof dep_count);
    state_ports = Cfg::kStateInVectors || (env.opt.vectors_file.empty() && env.opt.wrapper_file.empty());
    if (!env.opt.vectors_file.empty() && env.cycles > Cfg::kVectorCap) {
      std::printf("%s: vector file capped at %llu cycles\n", kName, (unsigned long long)Cfg::kVectorCap);
      env.cycles = Cfg::kVectorCap;
    }
    auto &c = env.cov;
    static const char *kinds[9] = {"issue sets EMPTY",      "writeback clears EMPTY", "operand read sets FULL",
                                   "consumption clears FULL", "DEPBAR sets EMPTY",     "DEPBAR clears EMPTY",
                                   "DEPBAR sets FULL",      "DEPBAR clears FULL",     "ALL-scope sets EMPTY"};
    for (int i = 0; i < 9; i++) b_kind[i] = c.bin(std::string("update: ") + kinds[i]);
    b_issue_wb = c.bin("collision: issue + writeback (set wins)");
    b_read_cons = c.bin("collision: read + consume (set wins)");
    b_dep_issue = c.bin("collision: DEPBAR clear EMPTY over issue");
    b_dep_wb = c.bin("collision: DEPBAR set EMPTY over writeback");
    b_dep_read = c.bin("collision: DEPBAR clear FULL over read");
    b_dep_cons = c.bin("collision: DEPBAR set FULL over consume");
    b_dep2 = c.bin("collision: DEPBARs of 2 SPs disagree (later wins)");
    b_dep3 = c.bin("collision: 3 or more DEPBARs on one bit");
    b_all_wb = c.bin("collision: ALL-scope over writeback");
    b_all_dep = c.bin("collision: ALL-scope over DEPBAR clear EMPTY");
    b_all_full = c.bin("collision: ALL-scope with FULL DEPBAR");
    b_dup_set = c.bin("collision: hardware set and DEPBAR set on one bit");
    b_table = c.bin("all 80,000 single-register collisions");
    b_same_cycle = c.bin("query on a register updated this cycle");
    b_reset = c.bin("reset during traffic");
    b_all_rst = c.bin("ALL-scope set during reset (the reset wins)");
    b_fig5 = c.bin("paper Fig. 5 dataflow (directed)");
    for (int s = 0; s < FB_NSP; s++) {
      std::string sp = "SP" + std::to_string(s) + ": ";
      b_stall_e[s] = c.bin(sp + "stall on EMPTY source");
      // (a destination is local: SPs without registers below kNReg have none)
      const bool has_dst = part_n((unsigned)s) > 0;
      b_stall_f[s] = c.bin(sp + "stall on FULL destination", has_dst);
      b_stall_both[s] = c.bin(sp + "stall on both", has_dst);
      b_elig[s] = c.bin(sp + "eligible with dst and sources", has_dst);
      b_iss_own[s] = c.bin(sp + "issue sets EMPTY of its own register", has_dst);
      b_qerr[s] = c.bin(sp + "query id out of range", !kAllExist);
      b_uerr[s] = c.bin(sp + "update id out of range", !kAllExist);
      b_remote[s] = c.bin(sp + "issue or writeback to another SP refused");
    }
    static const char *kEvery = "every id exists at 2048 registers";
    std::vector<lockstep::FaultPairExcluded> qx, ux;
    if (kAllExist) {
      qx = {{Q_DST_RANGE, Q_SRC_RANGE, kEvery}, {Q_SRC_RANGE, Q_DST_FULL, kEvery}, {Q_SRC_RANGE, Q_SRC_EMPTY, kEvery}};
      for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
          if (j >= U_CONS) ux.push_back({i, j, kEvery});
    }
    xq.declare(c, "query faults", {"DST_RANGE", "SRC_RANGE", "DST_FULL", "SRC_EMPTY"}, qx);
    xu.declare(c, "update faults", {"ISSUE", "WB", "CONS", "DEP", "READ"}, ux);
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("dst_valid_i", 4, d.dst_valid_i);
    v.in("dst_i", 44, d.dst_i);
    v.in("src_valid_i", 16, d.src_valid_i);
    v.in("src_i", 176, d.src_i);
    v.in("issue_valid_i", 4, d.issue_valid_i);
    v.in("issue_dst_i", 44, d.issue_dst_i);
    v.in("wb_valid_i", 4, d.wb_valid_i);
    v.in("wb_dst_i", 44, d.wb_dst_i);
    v.in("cons_valid_i", 16, d.cons_valid_i);
    v.in("cons_src_i", 176, d.cons_src_i);
    v.in("dep_valid_i", 4, d.dep_valid_i);
    v.in("dep_reg_i", 44, d.dep_reg_i);
    v.in("dep_group_i", 4, d.dep_group_i);
    v.in("dep_set_i", 4, d.dep_set_i);
    v.in("read_valid_i", 8, d.read_valid_i);
    v.in("read_row_i", 64, d.read_row_i);
    v.in("all_set_i", 1, d.all_set_i);
    v.out("eligible_o", 4, d.eligible_o, e.elig);
    v.out("dst_busy_o", 4, d.dst_busy_o, e.dbusy);
    v.out("src_busy_o", 16, d.src_busy_o, e.sbusy);
    v.out("range_err_o", 4, d.range_err_o, e.rerr);
    v.out("upd_range_err_o", 4, d.upd_range_err_o, e.uerr);
    if (!state_ports) return;
    v.out_if(state_known, "empty_o", (int)kStateBits, d.empty_o, e.empty);
    v.out_if(state_known, "full_o", (int)kFullBits, d.full_o, e.full);
  }

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  // ---------------------------------------------------------------- stimulus
  void clear_inputs() {
    std::memset(&in, 0, sizeof in);
    std::memset(q, 0, sizeof q);
  }

  // The id of bit index i of the RTL's packed state (bit r is register r
  // at kPart 512).
  static unsigned id_of(unsigned i) { return kPart < 512 ? (i / kPart) << 9 | (i % kPart) : i; }
  unsigned rand_idx(tbbm::Bits &b) {
    if (b.p(p_hot)) return (hot_base + (unsigned)(b.take(11) & hot_mask)) % kStore;
    return (unsigned)(b.take(11) % kStore);
  }
  unsigned rand_id(tbbm::Bits &b) {
    if (p_oor && b.p(p_oor)) return (unsigned)b.take(11);  // any id, mostly missing when small
    return id_of(rand_idx(b));
  }
  // A register of SP s's partition (issue, writeback, query destination);
  // now and then (p_remote) any SP's. SP s's partition is s*512 .. (when
  // small, SPs without registers get an id that does not exist).
  unsigned rand_local(tbbm::Bits &b, unsigned s) {
    unsigned r = rand_id(b);
    if (p_remote && b.p(p_remote)) return r;
    return (r & 0x1FFu) | (s << 9);
  }

  void new_phase(lockstep::Env &env) {
    auto &rng = env.rng;
    static const unsigned dens[6] = {0, 8, 32, 96, 192, 248};
    phase_end = env.cyc + 256 + rng.below(3840);
    unsigned lw = (unsigned)rng.below(12);  // hot window 1 .. 2048 registers
    hot_mask = (1u << lw) - 1;
    hot_base = (unsigned)rng.below(kStore);
    p_hot = rng.chance(3, 4) ? 240 : 128;
    p_issue = dens[rng.below(6)];
    p_wb = dens[rng.below(6)];
    p_read = dens[rng.below(6)];
    p_cons = dens[rng.below(6)];
    p_dep = dens[rng.below(5)];
    p_all = rng.chance(1, 3) ? (unsigned)rng.range(1, 3) : 0;
    p_oor = (!kAllExist && rng.chance(1, 3)) ? (unsigned)rng.range(1, 12) : 0;
    p_remote = rng.chance(1, 3) ? (unsigned)rng.range(1, 8) : 0;
    p_qdst = dens[1 + rng.below(5)];
    p_qsrc = dens[1 + rng.below(5)];
    p_fault = rng.chance(1, 2) ? (unsigned)rng.range(4, 48) : 0;
  }

  // ---- simultaneous faults
  static bool exists(unsigned id) { id &= 0x7FFu; return id < kNReg && (id & 0x1FFu) < kPart; }
  static bool bit_of(const fb_bm &m, unsigned rep, unsigned g, unsigned r) {
    return exists(r) && ((m.bits[rep][g][r / 64] >> (r % 64)) & 1u);
  }
  // Registers of SP s's partition that exist (0 at 48 ids: SPs 1..3).
  static unsigned part_n(unsigned s) {
    if (kPart < 512) return kPart;
    return kNReg > 512u * s ? (kNReg - 512u * s < 512u ? kNReg - 512u * s : 512u) : 0u;
  }
  // An id that SP s may not issue or write back: another SP's, or missing.
  // A missing id (none when every id exists: the callers draw it only when
  // some are missing): >= nreg, or an offset at or above kPart.
  unsigned no_reg(tbbm::Bits &b) const {
    if (kPart < 512) return (unsigned)b.take(2) << 9 | (kPart + (unsigned)(b.take(9) % (512u - kPart)));
    return kAllExist ? 0u : kNReg + (unsigned)(b.take(11) % (kAllExist ? 1u : FB_NVREG - kNReg));
  }
  unsigned bad_local(tbbm::Bits &b, unsigned s) {
    if (!kAllExist && b.take(1)) return no_reg(b);
    return ((s + 1 + (unsigned)(b.take(2) % 3)) & 3u) << 9 | (unsigned)b.take(9);
  }
  // A mask of two or more of n rules, without the impossible ones (allowed).
  static uint32_t draw_mask(tbbm::Bits &b, int n, uint32_t allowed) {
    uint32_t m = (uint32_t)b.take(n) & allowed;
    while (__builtin_popcount(m) < 2) m |= (1u << (unsigned)(b.take(3) % (unsigned)n)) & allowed;
    return m;
  }

  // The rules the query of SP s breaks, each on its own, on state m.
  uint32_t query_faults(const fb_bm &m, unsigned s, const fb_bm_query &x) const {
    const unsigned rep = s % kNRep;
    uint32_t f = 0;
    if (x.dst_valid & 1u) {
      unsigned d = x.dst & 0x7FFu;
      if (!exists(d) || fb_reg_sp(d) != s) f |= 1u << Q_DST_RANGE;
      if (bit_of(m, rep, FB_BM_FULL, (s << 9) | (d & 0x1FFu))) f |= 1u << Q_DST_FULL;
    }
    for (unsigned k = 0; k < FB_NSRC; k++) {
      if (!((x.src_valid >> k) & 1u)) continue;
      unsigned r = x.src[k] & 0x7FFu;
      if (!exists(r)) f |= 1u << Q_SRC_RANGE;
      else if (bit_of(m, rep, FB_BM_EMPTY, r)) f |= 1u << Q_SRC_EMPTY;
    }
    return f;
  }
  // The rules the update ports of SP s break.
  uint32_t update_faults(unsigned s, const fb_bm_in &u) const {
    const fb_bm_sp_in &p = u.sp[s];
    uint32_t f = 0;
    auto bad_l = [&](unsigned id) { id &= 0x7FFu; return !exists(id) || fb_reg_sp(id) != s; };
    if ((p.issue_valid & 1u) && bad_l(p.issue_dst)) f |= 1u << U_ISSUE;
    if ((p.wb_valid & 1u) && bad_l(p.wb_dst)) f |= 1u << U_WB;
    for (unsigned k = 0; k < FB_NSRC; k++)
      if (((p.cons_valid >> k) & 1u) && !exists(p.cons_src[k])) f |= 1u << U_CONS;
    if ((p.dep_valid & 1u) && !exists(p.dep_reg)) f |= 1u << U_DEP;
    for (unsigned k = 0; k < 2; k++)
      if (((u.read_valid >> (2 * s + k)) & 1u) && !exists(fb_reg_make(s, u.read_row[2 * s + k], k)))
        f |= 1u << U_READ;
    return f;
  }

  // An existing register of SP s's partition (kind 0) or of any partition
  // (kind 1) whose bit of group g is v, by a few random picks; -1 if none
  // was found.
  int find_reg(tbbm::Bits &b, unsigned s, int kind, unsigned g, bool v) {
    const unsigned rep = s % kNRep, pn = part_n(s);
    for (int t = 0; t < 8; t++) {
      unsigned r = kind ? id_of(rand_idx(b)) : (pn ? (s << 9) + (unsigned)(b.take(9) % pn) : FB_NVREG);
      if (exists(r) && bit_of(bm, rep, g, r) == v) return (int)r;
    }
    return -1;
  }

  // The query of SP s breaks a random set of two or more rules (as far as
  // the state allows: the rules broken are evaluated again when hit).
  void fault_query(tbbm::Bits &b, unsigned s) {
    fb_bm_query &x = q[s];
    uint32_t w = draw_mask(b, 4, kAllExist ? ~(1u << Q_SRC_RANGE) : ~0u);
    x.dst_valid = 0;
    x.src_valid = 0;
    if (w & (1u << Q_DST_RANGE | 1u << Q_DST_FULL)) {
      bool full = w >> Q_DST_FULL & 1u;
      int r = find_reg(b, s, 0, FB_BM_FULL, full);
      unsigned off = r >= 0 ? (unsigned)r & 0x1FFu : (unsigned)b.take(9);
      x.dst_valid = 1;
      if (w >> Q_DST_RANGE & 1u)  // another SP's partition at that offset, or no register
        x.dst = (uint16_t)((!full && !kAllExist && b.take(1)) ? no_reg(b)
                                                             : (((s + 1 + (unsigned)(b.take(2) % 3)) & 3u) << 9 | off));
      else
        x.dst = (uint16_t)(r >= 0 ? (unsigned)r : (s << 9) | off);
    }
    unsigned k0 = (unsigned)b.take(2);
    for (unsigned i = 0; i < FB_NSRC; i++) {
      unsigned k = (k0 + i) & 3u;
      if (i == 0 && (w >> Q_SRC_RANGE & 1u)) {
        x.src_valid |= (uint8_t)(1u << k);
        x.src[k] = (uint16_t)no_reg(b);
      } else if (i == 1 && (w >> Q_SRC_EMPTY & 1u)) {
        int r = find_reg(b, s, 1, FB_BM_EMPTY, true);
        if (r >= 0) { x.src_valid |= (uint8_t)(1u << k); x.src[k] = (uint16_t)r; }
      } else if (b.take(1)) {  // a source that blocks nothing, or a second fault
        int r = find_reg(b, s, 1, FB_BM_EMPTY, false);
        if (r >= 0) { x.src_valid |= (uint8_t)(1u << k); x.src[k] = (uint16_t)r; }
      }
    }
  }

  // The update ports of SP s break a random set of two or more rules.
  void fault_update(tbbm::Bits &b, unsigned s) {
    fb_bm_sp_in &p = in.sp[s];
    uint32_t w = draw_mask(b, 5, kAllExist ? (1u << U_ISSUE | 1u << U_WB) : ~0u);
    if (w >> U_ISSUE & 1u) { p.issue_valid = 1; p.issue_dst = (uint16_t)bad_local(b, s); }
    if (w >> U_WB & 1u) { p.wb_valid = 1; p.wb_dst = (uint16_t)bad_local(b, s); }
    if (w >> U_CONS & 1u) {
      unsigned k = (unsigned)b.take(2);
      p.cons_valid |= (uint8_t)(1u << k);
      p.cons_src[k] = (uint16_t)no_reg(b);
    }
    if (w >> U_DEP & 1u) {
      p.dep_valid = 1;
      p.dep_reg = (uint16_t)no_reg(b);
      p.dep_group = (uint8_t)b.take(1);
      p.dep_set = (uint8_t)b.take(1);
    }
    if (w >> U_READ & 1u) {
      unsigned k = (unsigned)b.take(1), port = 2 * s + k, row = (unsigned)b.take(8);
      if (exists(fb_reg_make(s, row, k))) row = 0xFF;  // {s, 255, k} is missing when any id is
      in.read_valid |= (uint8_t)(1u << port);
      in.read_row[port] = (uint8_t)row;
    }
  }

  void random_cycle(lockstep::Env &env) {
    tbbm::Bits b{&env.rng};
    if (env.cyc >= phase_end) new_phase(env);
    for (unsigned s = 0; s < FB_NSP; s++) {
      fb_bm_sp_in &p = in.sp[s];
      if (b.p(p_issue)) { p.issue_valid = 1; p.issue_dst = (uint16_t)rand_local(b, s); }
      if (b.p(p_wb)) { p.wb_valid = 1; p.wb_dst = (uint16_t)rand_local(b, s); }
      for (unsigned k = 0; k < FB_NSRC; k++)
        if (b.p(p_cons)) { p.cons_valid |= (uint8_t)(1u << k); p.cons_src[k] = (uint16_t)rand_id(b); }
      for (unsigned bank = 0; bank < 2; bank++)
        if (b.p(p_read)) {  // the row of a hot register
          unsigned port = 2 * s + bank;
          in.read_valid |= (uint8_t)(1u << port);
          in.read_row[port] = (uint8_t)fb_reg_row(rand_id(b));
        }
      if (b.p(p_dep)) {
        p.dep_valid = 1;
        p.dep_reg = (uint16_t)rand_id(b);
        p.dep_group = (uint8_t)b.take(1);
        p.dep_set = (uint8_t)b.take(1);
      }
      random_query(b, s);
      if (p_fault && b.p(p_fault)) fault_query(b, s);
      if (p_fault && b.p(p_fault)) fault_update(b, s);
    }
    in.all_set = p_all && b.p(p_all);
  }

  void random_query(tbbm::Bits &b, unsigned s) {
    fb_bm_query &x = q[s];
    x.dst_valid = b.p(p_qdst);
    x.dst = (uint16_t)rand_local(b, s);
    for (unsigned k = 0; k < FB_NSRC; k++) {
      if (b.p(p_qsrc)) x.src_valid |= (uint8_t)(1u << k);
      x.src[k] = (uint16_t)rand_id(b);
    }
  }

  // One exhaustive collision case: cycle 0 loads the initial state of
  // case_reg by DEPBAR (SP 0 EMPTY, SP 1 FULL); cycle 1 is the collision.
  void case_cycle_inputs(lockstep::Env &env) {
    tbbm::Bits b{&env.rng};
    uint64_t c = next_case;
    unsigned init = (unsigned)(c % 4), hw = (unsigned)(c / 4 % 16), dep = (unsigned)(c / 64 % 625),
             all = (unsigned)(c / 40000);
    if (case_cycle == 0) {
      case_reg = (unsigned)((c * 7919u + (c / 4) * 13u) % kStore);
      if (c % 97 == 0) case_reg = (c / 97) % 2 ? kStore - 1 : 0;
      in.sp[0].dep_valid = 1; in.sp[0].dep_reg = (uint16_t)id_of(case_reg); in.sp[0].dep_group = 0;
      in.sp[0].dep_set = (uint8_t)(init & 1);
      in.sp[1].dep_valid = 1; in.sp[1].dep_reg = (uint16_t)id_of(case_reg); in.sp[1].dep_group = 1;
      in.sp[1].dep_set = (uint8_t)(init >> 1);
    } else {
      const unsigned r = case_reg, rid = id_of(r), rsp = fb_reg_sp(rid), rport = fb_reg_port(rid);
      if (c % 2) {  // background traffic on other registers (never on r)
        for (unsigned s = 0; s < FB_NSP; s++) {
          fb_bm_sp_in &p = in.sp[s];
          unsigned o = (r + 1 + (unsigned)b.take(11) % (kStore > 1 ? kStore - 1 : 1)) % kStore;
          // (a writeback of SP s names SP s's registers: none when small)
          if (o != r && fb_reg_sp(id_of(o)) == s && b.take(1)) { p.wb_valid = 1; p.wb_dst = (uint16_t)id_of(o); }
          o = (r + 1 + (unsigned)b.take(11) % (kStore > 1 ? kStore - 1 : 1)) % kStore;
          unsigned oid = id_of(o), port = fb_reg_port(oid);
          if (o != r && b.take(1) && port != fb_reg_port(id_of(r))) {
            in.read_valid |= (uint8_t)(1u << port);
            in.read_row[port] = (uint8_t)fb_reg_row(oid);
          }
        }
      }
      // issue and writeback from the register's own SP, the read on its port
      if (hw & 1) { in.sp[rsp].issue_valid = 1; in.sp[rsp].issue_dst = (uint16_t)rid; }
      if (hw & 2) { in.sp[rsp].wb_valid = 1; in.sp[rsp].wb_dst = (uint16_t)rid; }
      if (hw & 4) { in.read_valid |= (uint8_t)(1u << rport); in.read_row[rport] = (uint8_t)fb_reg_row(rid); }
      if (hw & 8) {
        unsigned s = (unsigned)b.take(2), k = (unsigned)b.take(2);
        in.sp[s].cons_valid |= (uint8_t)(1u << k); in.sp[s].cons_src[k] = (uint16_t)rid;
      }
      for (unsigned s = 0; s < FB_NSP; s++) {
        unsigned d = dep % 5;
        dep /= 5;
        if (!d) continue;
        fb_bm_sp_in &p = in.sp[s];
        p.dep_valid = 1;
        p.dep_reg = (uint16_t)rid;
        p.dep_group = (uint8_t)((d - 1) >> 1);
        p.dep_set = (uint8_t)((d - 1) & 1);
      }
      in.all_set = (uint8_t)all;
    }
    // queries on the register under test (sees the start-of-cycle state);
    // a destination query names it from its own SP (the others ask the
    // same row and bank of their own partition)
    const unsigned cid = id_of(case_reg);
    for (unsigned s = 0; s < FB_NSP; s++) {
      q[s].dst_valid = (uint8_t)b.take(1);
      q[s].dst = (uint16_t)((cid & 0x1FFu) | (s << 9));
      q[s].src_valid = (uint8_t)b.take(4);
      for (unsigned k = 0; k < FB_NSRC; k++) q[s].src[k] = (uint16_t)(b.take(2) ? cid : rand_id(b));
    }
    if (++case_cycle == 2) {
      case_cycle = 0;
      next_case++;
    }
  }

  // Directed scenarios, one entry per cycle. Returns false when done.
  // Registers of SP 0: R1, R2, R5; a query's destination is the same
  // register offset in the querying SP's partition (only SP 0 queries one).
  bool directed_cycle(uint64_t c) {
    const unsigned R1 = id_of(1 % kStore), R2 = id_of(2 % kStore), R5 = id_of(5 % kStore);
    auto query = [&](unsigned s, int dst, int src0) {
      if (dst >= 0) { q[s].dst_valid = 1; q[s].dst = (uint16_t)(((unsigned)dst & 0x1FFu) | (s << 9)); }
      if (src0 >= 0) { q[s].src_valid = 1; q[s].src[0] = (uint16_t)src0; }
    };
    auto read = [&](unsigned r) {
      in.read_valid |= (uint8_t)(1u << fb_reg_port(r));
      in.read_row[fb_reg_port(r)] = (uint8_t)fb_reg_row(r);
    };
    switch (c) {
      // Fig. 5 (right): all registers empty; weft 2 (SP 2) reads R1 and stalls
      case 2: in.all_set = 1; break;
      case 3: query(2, -1, R1); query(0, R1, -1); break;                    // SP2 stalls on EMPTY R1
      case 4: in.sp[0].wb_valid = 1; in.sp[0].wb_dst = (uint16_t)R1;        // R1 produced
              query(2, -1, R1); break;                                      // still stalls (start of cycle)
      case 5: query(0, R2, R1); query(1, -1, R1); query(2, -1, R1); break;  // wefts 0..2 eligible
      case 6: read(R1);                                                     // wefts 0, 1 read R1 (one port)
              in.sp[0].issue_valid = 1; in.sp[0].issue_dst = (uint16_t)R2;
              break;
      case 7: in.sp[0].dep_valid = 1; in.sp[0].dep_reg = (uint16_t)R1; in.sp[0].dep_group = 1;
              in.sp[0].dep_set = 1;                                         // producer sets FULL R1
              query(0, R1, -1); break;                                      // its next write stalls
      case 8: query(0, R1, -1); in.sp[0].cons_valid = 1; in.sp[0].cons_src[0] = (uint16_t)R1; break;
      case 9: query(0, R1, -1); break;                                      // consumed: eligible
      // worked example of the RTL header on r5
      case 10: in.sp[0].wb_valid = 1; in.sp[0].wb_dst = (uint16_t)R5;
               in.sp[0].issue_valid = 1; in.sp[0].issue_dst = (uint16_t)R5;
               in.sp[1].dep_valid = 1; in.sp[1].dep_reg = (uint16_t)R5;
               read(R5);
               in.sp[3].cons_valid = 1; in.sp[3].cons_src[0] = (uint16_t)R5;
               query(0, R5, R5); query(1, -1, R5); break;
      case 11: query(0, R5, R5); query(1, -1, R5); query(2, -1, R5); query(3, -1, R5); break;
      default: return c < 12;
    }
    return true;
  }

  // ---------------------------------------------------------------- drive
  void drive(Dut &d) {
    d.rst_ni = !rst;
    uint8_t dv = 0, iv = 0, wv = 0, depv = 0, depg = 0, deps = 0;
    uint16_t sv = 0, cv = 0;
    uint64_t dst = 0, idst = 0, wdst = 0, dreg = 0, rrow = 0;
    uint64_t qs[3] = {0, 0, 0}, cs[3] = {0, 0, 0};  // 176-bit id vectors
    auto put_id = [](uint64_t *v, unsigned slot, unsigned id) {
      unsigned lsb = 11 * slot;
      v[lsb / 64] |= (uint64_t)id << (lsb % 64);
      if (lsb % 64 > 53) v[lsb / 64 + 1] |= (uint64_t)id >> (64 - lsb % 64);
    };
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_bm_sp_in &p = in.sp[s];
      dv |= (uint8_t)((q[s].dst_valid & 1u) << s);
      dst |= (uint64_t)(q[s].dst & 0x7FFu) << (11 * s);
      sv |= (uint16_t)((q[s].src_valid & 0xFu) << (4 * s));
      iv |= (uint8_t)((p.issue_valid & 1u) << s);
      idst |= (uint64_t)(p.issue_dst & 0x7FFu) << (11 * s);
      wv |= (uint8_t)((p.wb_valid & 1u) << s);
      wdst |= (uint64_t)(p.wb_dst & 0x7FFu) << (11 * s);
      cv |= (uint16_t)((p.cons_valid & 0xFu) << (4 * s));
      depv |= (uint8_t)((p.dep_valid & 1u) << s);
      dreg |= (uint64_t)(p.dep_reg & 0x7FFu) << (11 * s);
      depg |= (uint8_t)((p.dep_group & 1u) << s);
      deps |= (uint8_t)((p.dep_set & 1u) << s);
      for (unsigned k = 0; k < FB_NSRC; k++) {
        put_id(qs, 4 * s + k, q[s].src[k] & 0x7FFu);
        put_id(cs, 4 * s + k, p.cons_src[k] & 0x7FFu);
      }
    }
    for (int i = 0; i < 6; i++) {
      d.src_i[i] = (uint32_t)(qs[i / 2] >> (32 * (i % 2)));
      d.cons_src_i[i] = (uint32_t)(cs[i / 2] >> (32 * (i % 2)));
    }
    d.dst_valid_i = dv; d.dst_i = dst; d.src_valid_i = sv;
    d.issue_valid_i = iv; d.issue_dst_i = idst; d.wb_valid_i = wv; d.wb_dst_i = wdst;
    for (unsigned p = 0; p < FB_NPORT; p++) rrow |= (uint64_t)in.read_row[p] << (8 * p);
    d.read_valid_i = in.read_valid; d.read_row_i = rrow; d.cons_valid_i = cv;
    d.dep_valid_i = depv; d.dep_reg_i = dreg; d.dep_group_i = depg; d.dep_set_i = deps;
    d.all_set_i = in.all_set & 1u;
  }

  // EMPTY: every replica of the model; FULL: the model's replica 0 (the RTL
  // holds FULL once; the model's replicas are checked equal in step()).
  // The packed state: the model's word w (bit r is register r) of each
  // partition lands at the partition's offset in the RTL's vector.
  void expect_state(Exp &e) {
    const unsigned nsp = kPart < 512 ? FB_NSP : 1, span = kPart < 512 ? kPart : kNReg;
    for (unsigned s = 0; s < nsp; s++)
      for (unsigned w = 0; w * 64 < span; w++) {
        unsigned width = span - 64 * w < 64 ? span - 64 * w : 64, mw = s * 8 + w, at = s * span + 64 * w;
        for (unsigned rep = 0; rep < kNRep; rep++)
          tbbm::put(e.empty, (int)(rep * kStore + at), (int)width, bm.bits[rep][FB_BM_EMPTY][mw]);
        tbbm::put(e.full, (int)at, (int)width, bm.bits[0][FB_BM_FULL][mw]);
      }
  }

  // ---------------------------------------------------------------- coverage
  // Marks by bit index; an id that does not exist marks nothing.
  int idx(unsigned id) const { return fb_bm_index(&bm, id & 0x7FFu); }
  void mark_op(unsigned id, unsigned bit) {
    int r = idx(id);
    if (r < 0) return;
    if (!mark[r] && ntouched < 64) touched[ntouched++] = (unsigned)r;
    mark[r] |= (uint16_t)bit;
  }

  void cover_updates(lockstep::Env &env) {
    auto &cv = env.cov;
    ntouched = 0;
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_bm_sp_in &p = in.sp[s];
      // (the model drops a remote issue or writeback: not marked)
      if (p.issue_valid && fb_reg_sp(p.issue_dst) == s) mark_op(p.issue_dst, 1);
      if (p.issue_valid && fb_reg_sp(p.issue_dst) == s && idx(p.issue_dst) >= 0) cv.hit(b_iss_own[s]);
      if (p.wb_valid && fb_reg_sp(p.wb_dst) == s) mark_op(p.wb_dst, 2);
      for (unsigned k = 0; k < FB_NSRC; k++)
        if ((p.cons_valid >> k) & 1) mark_op(p.cons_src[k], 8);
      if (p.dep_valid && idx(p.dep_reg) >= 0) {
        unsigned g = p.dep_group & 1u, r = (unsigned)idx(p.dep_reg);
        mark_op(p.dep_reg, 0x10u << (2 * g + (p.dep_set & 1u)));
        if (dep_count[g][r] && dep_last[g][r] != (int8_t)(p.dep_set & 1u)) mark[r] |= 0x100;
        if (++dep_count[g][r] >= 3) mark[r] |= 0x200;
        dep_last[g][r] = (int8_t)(p.dep_set & 1u);
      }
    }
    for (unsigned p = 0; p < FB_NPORT; p++)
      if ((in.read_valid >> p) & 1) mark_op(fb_reg_make(p / 2, in.read_row[p], p % 2), 4);
    for (unsigned s = 0; s < FB_NSP; s++) {
      int r = idx(q[s].dst);
      if (q[s].dst_valid && r >= 0 && fb_reg_sp(q[s].dst) == s) qmark[r / 64] |= 1ull << (r % 64);
      for (unsigned k = 0; k < FB_NSRC; k++) {
        r = idx(q[s].src[k]);
        if (((q[s].src_valid >> k) & 1) && r >= 0) qmark[r / 64] |= 1ull << (r % 64);
      }
    }
    bool all = in.all_set & 1u;
    if (all) cv.hit(b_kind[8]);
    for (unsigned i = 0; i < ntouched; i++) {
      unsigned r = touched[i], m = mark[r];
      if (m & 1) cv.hit(b_kind[0]);
      if (m & 2) cv.hit(b_kind[1]);
      if (m & 4) cv.hit(b_kind[2]);
      if (m & 8) cv.hit(b_kind[3]);
      if (m & 0x20) cv.hit(b_kind[4]);
      if (m & 0x10) cv.hit(b_kind[5]);
      if (m & 0x80) cv.hit(b_kind[6]);
      if (m & 0x40) cv.hit(b_kind[7]);
      if ((m & 3) == 3) cv.hit(b_issue_wb);
      if ((m & 0xC) == 0xC) cv.hit(b_read_cons);
      if ((m & 0x11) == 0x11 && dep_last[0][r] == 0) cv.hit(b_dep_issue);
      if ((m & 0x22) == 0x22 && dep_last[0][r] == 1) cv.hit(b_dep_wb);
      if ((m & 0x44) == 0x44 && dep_last[1][r] == 0) cv.hit(b_dep_read);
      if ((m & 0x88) == 0x88 && dep_last[1][r] == 1) cv.hit(b_dep_cons);
      if (m & 0x100) cv.hit(b_dep2);
      if (m & 0x200) cv.hit(b_dep3);
      if ((m & 0x21) == 0x21 || (m & 0x84) == 0x84) cv.hit(b_dup_set);
      if (all && (m & 2)) cv.hit(b_all_wb);
      if (all && dep_last[0][r] == 0) cv.hit(b_all_dep);
      if (all && dep_count[1][r]) cv.hit(b_all_full);
      if ((qmark[r / 64] >> (r % 64)) & 1) cv.hit(b_same_cycle);
      mark[r] = 0;
      dep_last[0][r] = dep_last[1][r] = -1;
      dep_count[0][r] = dep_count[1][r] = 0;
    }
    std::memset(qmark, 0, sizeof qmark);
  }

  // ---------------------------------------------------------------- step
  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &cv = env.cov;
    clear_inputs();
    uint64_t c = env.cyc;
    bool interleave = c < 100000 && next_case < kCases;
    bool in_random = false;
    rst = c < 2;
    if (!rst && directed_cycle(c)) {
      if (c == 11) cv.hit(b_fig5);
    } else if (!rst && next_case < kCases && (!interleave || (c / 4) % 2 == 0 || case_cycle == 1)) {
      case_cycle_inputs(env);
      if (next_case == kCases) cv.hit(b_table);
    } else if (!rst) {
      in_random = true;
      if (reset_hold > 0) {
        reset_hold--;
        rst = true;
      } else if (c > 1000 && env.rng.chance(1, 40000)) {
        reset_hold = (int)env.rng.below(3);
        rst = true;
        cv.hit(b_reset);
      }
      random_cycle(env);
      // every update port is driven in a reset cycle as in any other; the
      // ALL-scope set is rare, so half of the reset cycles get one
      if (rst && env.rng.chance(1, 2)) {
        in.all_set = 1;
        cv.hit(b_all_rst);
      }
    }
    (void)in_random;
    drive(d);

    // ---- the model: outputs from the state at the start of the cycle. The
    // reset is synchronous: in a reset cycle the state outputs still show
    // the state before it (unknown before the first edge in reset), the
    // eligibility outputs are those of the cleared state.
    static fb_bm cleared;
    fb_bm_reset_part(&cleared, kNReg, kNRep, kPart);
    const fb_bm &cur = rst ? cleared : bm;
    fb_bm_elig el[FB_NSP];
    uint8_t elig = 0, dbusy = 0, rerr = 0;
    uint16_t sbusy = 0;
    for (unsigned s = 0; s < FB_NSP; s++) {
      fb_bm_check(&cur, s, &q[s], &el[s]);
      elig |= (uint8_t)(el[s].eligible << s);
      dbusy |= (uint8_t)(el[s].dst_busy << s);
      sbusy |= (uint16_t)(el[s].src_busy << (4 * s));
      rerr |= (uint8_t)(el[s].range_err << s);
      bool anyv = q[s].dst_valid && q[s].src_valid;
      if (el[s].src_busy && !el[s].dst_busy) cv.hit(b_stall_e[s]);
      if (el[s].dst_busy && !el[s].src_busy) cv.hit(b_stall_f[s]);
      if (el[s].dst_busy && el[s].src_busy) cv.hit(b_stall_both[s]);
      if (el[s].eligible && anyv) cv.hit(b_elig[s]);
      if (el[s].range_err) cv.hit(b_qerr[s]);
      xq.hit(env, query_faults(cur, s, q[s]));
      xu.hit(env, update_faults(s, in));
    }
    e.elig = elig; e.dbusy = dbusy; e.sbusy = sbusy; e.rerr = rerr;
    // full_o is compared with replica 0 only: the model's replicas must agree
    env.check(fb_bm_replicas_equal(&bm) != 0, "model replicas differ (fb_bm_replicas_equal)");
    state_known = known_next;
    if (state_ports) expect_state(e);
    // ---- advance to the coming edge (in reset: the state is cleared)
    uint8_t uerr;
    if (rst) {
      static fb_bm scratch;
      scratch = bm;
      uerr = fb_bm_step(&scratch, &in);
      fb_bm_reset_part(&bm, kNReg, kNRep, kPart);
      known_next = true;
    } else {
      uerr = fb_bm_step(&bm, &in);
      cover_updates(env);
    }
    e.uerr = uerr;
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_bm_sp_in &p = in.sp[s];
      bool remote = (p.issue_valid && fb_reg_sp(p.issue_dst) != s) || (p.wb_valid && fb_reg_sp(p.wb_dst) != s);
      if ((uerr >> s) & 1) cv.hit(b_uerr[s]);
      if (((uerr >> s) & 1) && remote) cv.hit(b_remote[s]);
    }
  }
};

#endif
