/*
 * tb_tilelens_mshr.cpp - lockstep harness of tilelens_mshr (the 4 KB
 * granularity MSHR partition) against tl_mshr_step(), cycle by cycle.
 *
 * Stimulus: a directed start (the module header's worked example; then
 * every entry allocated, a full stall, one page merged up to all 32 sectors
 * and released, duplicate and untracked fills), then seeded random traffic
 * in regimes of 200..5,000 cycles, each with its own page pool (a few pages:
 * merges; many: allocations and full stalls), miss rate, memory latency
 * (short, or long so that the partition fills up), ready profiles of the
 * memory and release ports (tb/common/stim.h) and a rate of bad fills
 * (a page filled twice, a page never requested, a page whose request memory
 * has not taken). The harness plays the memory: a page taken on the memory
 * port is filled after its latency. Resets at idle cycles and rare resets
 * at any cycle (stim.h ResetSchedule; a scheduled reset waits at most 500
 * cycles for an idle one). Every output is compared every cycle
 * (the payloads are 0 when their valid is low, documented).
 */
#include <deque>

#include "Vtilelens_mshr.h"
#include "lockstep.h"
#include "stim.h"
#include "tilelens.h"

#ifndef TB_MSHR_ENTRIES
#define TB_MSHR_ENTRIES TL_MSHR_ENTRIES_DEFAULT
#endif
#ifndef TB_MSHR_PAGE_BITS
#define TB_MSHR_PAGE_BITS TL_MSHR_PAGE_BITS_DEFAULT
#endif

struct TbMshr {
  using Dut = Vtilelens_mshr;
  static constexpr const char *kName = "tilelens_mshr";
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = 10000000;
  static constexpr uint32_t kE = TB_MSHR_ENTRIES;
  static constexpr uint32_t kW = TB_MSHR_PAGE_BITS;
  struct Exp {
    uint8_t miss_ready, mem_valid, fill_err, rel_valid, rel_sector;
    uint64_t mem_page, rel_page;
  };

  tl_mshr m;
  lockstep::ResetSchedule resets{4000, 100000};
  lockstep::ReadyProfile mem_rdy, rel_rdy;
  std::vector<tl_mshr_in> directed;
  size_t next_directed = 0;
  // the memory: pages taken on the memory port, filled at their due cycle
  struct Taken { uint64_t page, due; };
  std::deque<Taken> mem;
  // regime
  uint64_t regime_end = 0;
  std::vector<uint64_t> pool;
  uint32_t miss_pct = 50, lat_lo = 0, lat_hi = 4, bad_per_mille = 5, fill_pct = 60;
  uint32_t rel_count[TL_MSHR_ENTRIES_MAX] = {};
  int b_alloc, b_merge, b_merge_same, b_merge_filled, b_full, b_stall, b_mem_bp, b_rel_bp, b_dup, b_untr_none,
      b_untr_req, b_rel_k[4], b_merge_last, b_triple, b_fill_merge, b_idle_reset, b_busy_reset, b_hw_all;

  explicit TbMshr(lockstep::Env &env) {
    if (tl_mshr_init(&m, kE, kW) != TL_OK) { std::fprintf(stderr, "harness error: tl_mshr_init\n"); std::exit(2); }
    auto &c = env.cov;
    b_alloc = c.bin("miss allocates an entry");
    b_merge = c.bin("miss merges (new sector)");
    b_merge_same = c.bin("miss merges into a sector already waiting");
    b_merge_filled = c.bin("miss merges into a filled (draining) entry");
    b_merge_last = c.bin("merge into the entry whose last waiter leaves (entry kept)");
    b_full = c.bin("every entry in use");
    b_stall = c.bin("full stall (miss_valid, miss_ready low)");
    b_mem_bp = c.bin("memory back-pressure (mem_valid, mem_ready low)");
    b_rel_bp = c.bin("release back-pressure (rel_valid, rel_ready low)");
    b_dup = c.bin("fill_err = duplicate fill");
    b_untr_none = c.bin("fill_err = untracked (no entry)");
    b_untr_req = c.bin("fill_err = untracked (request not yet taken)");
    const char *kn[4] = {"fill releases 1 waiter", "fill releases 2..7 waiters", "fill releases 8..31 waiters",
                         "fill releases 32 or more waiters"};
    for (int k = 0; k < 4; k++) b_rel_k[k] = c.bin(kn[k]);
    b_triple = c.bin("miss, fill and release fire in one cycle");
    b_fill_merge = c.bin("fill and merge of the same page in one cycle");
    b_idle_reset = c.bin("reset while idle (a gate-level window begins)");
    b_busy_reset = c.bin("reset with entries in use");
    b_hw_all = c.bin("statistics: high-water mark = Entries");
    build_directed();
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("miss_valid_i", 1, d.miss_valid_i);
    v.in("miss_page_i", kW, d.miss_page_i);
    v.in("miss_sector_i", 5, d.miss_sector_i);
    v.in("mem_ready_i", 1, d.mem_ready_i);
    v.in("fill_valid_i", 1, d.fill_valid_i);
    v.in("fill_page_i", kW, d.fill_page_i);
    v.in("rel_ready_i", 1, d.rel_ready_i);
    v.out("miss_ready_o", 1, d.miss_ready_o, e.miss_ready);
    v.out("mem_valid_o", 1, d.mem_valid_o, e.mem_valid);
    v.out("mem_page_o", kW, d.mem_page_o, e.mem_page);
    v.out("fill_err_o", 2, d.fill_err_o, e.fill_err);
    v.out("rel_valid_o", 1, d.rel_valid_o, e.rel_valid);
    v.out("rel_page_o", kW, d.rel_page_o, e.rel_page);
    v.out("rel_sector_o", 5, d.rel_sector_o, e.rel_sector);
  }

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  static tl_mshr_in idle_in() { tl_mshr_in i{}; i.rst_n = 1; i.mem_ready = 1; i.rel_ready = 1; return i; }
  static tl_mshr_in miss(uint64_t p, uint32_t s) { tl_mshr_in i = idle_in(); i.miss_valid = 1; i.miss_page = p; i.miss_sector = s; return i; }

  // The directed start. Pages: P = 0x123456789 (worked example), then 1..E.
  void build_directed() {
    const uint64_t P = 0x123456789ull & ((1ull << kW) - 1), Q = P ^ 1, R = P ^ 2;
    tl_mshr_in r{}; r.mem_ready = 1;
    directed.push_back(r);
    directed.push_back(r);
    // the header's worked example (Entries = 2 there; here with more entries
    // the third miss allocates instead of stalling)
    tl_mshr_in x = miss(P, 3); x.mem_ready = 0; directed.push_back(x);
    x = miss(P, 7); directed.push_back(x);                       // merge; memory takes P
    x = miss(Q, 0); x.mem_ready = 0; x.fill_valid = 1; x.fill_page = P; directed.push_back(x);
    x = miss(R, 1); x.mem_ready = 0; x.fill_valid = 1; x.fill_page = Q; directed.push_back(x);  // Q not taken: untracked
    x = idle_in(); x.mem_ready = 0; x.fill_valid = 1; x.fill_page = P; directed.push_back(x);  // duplicate
    x = idle_in(); directed.push_back(x);
    x = idle_in(); x.fill_valid = 1; x.fill_page = P; directed.push_back(x);   // P freed: untracked
    x = idle_in(); x.fill_valid = 1; x.fill_page = Q; directed.push_back(x);
    x = idle_in(); x.fill_valid = 1; x.fill_page = R; directed.push_back(x);
    for (int k = 0; k < 4; k++) directed.push_back(idle_in());
    // every entry: pages 1..E, memory holds them back; one more page stalls
    for (uint32_t e = 0; e < kE; e++) { x = miss(e + 1, e % 32); x.mem_ready = 0; directed.push_back(x); }
    for (int k = 0; k < 3; k++) { x = miss(kE + 1, 0); x.mem_ready = 0; directed.push_back(x); }
    // page 1 collects all 32 sectors (a merge while full is accepted)
    for (uint32_t s = 0; s < 32; s++) { x = miss(1, 31 - s); x.mem_ready = 0; directed.push_back(x); }
    for (uint32_t e = 0; e < kE; e++) directed.push_back(idle_in());       // memory takes every page
    x = idle_in(); x.fill_valid = 1; x.fill_page = 1; x.rel_ready = 0; directed.push_back(x);
    for (int k = 0; k < 3; k++) { x = idle_in(); x.rel_ready = 0; directed.push_back(x); }
    for (uint32_t s = 0; s < 32; s++) directed.push_back(idle_in());      // 32 releases in order
    for (uint32_t e = 1; e < kE; e++) { x = idle_in(); x.fill_valid = 1; x.fill_page = e + 1; directed.push_back(x); }
    for (uint32_t e = 0; e < kE + 4; e++) directed.push_back(idle_in());
  }

  void new_regime(lockstep::Env &env) {
    auto &rng = env.rng;
    regime_end = env.cyc + (uint64_t)rng.range(200, 5000);
    size_t npages;
    switch (rng.below(4)) {
      case 0: npages = (size_t)rng.range(1, 4); break;               // merges
      case 1: npages = (size_t)rng.range(kE / 2 + 1, kE); break;
      case 2: npages = (size_t)rng.range(kE + 1, 2 * kE + 2); break; // full stalls
      default: npages = (size_t)rng.range(4 * kE, 16 * kE); break;
    }
    pool.clear();
    const bool near = rng.chance(1, 2);  // pages of one region or anywhere
    uint64_t base = rng.bits((int)kW);
    for (size_t k = 0; k < npages; k++)
      pool.push_back(near ? ((base + k) & ((1ull << kW) - 1)) : rng.bits((int)kW));
    miss_pct = (uint32_t)rng.range(5, 100);
    if (rng.chance(1, 3)) { lat_lo = 0; lat_hi = 3; }
    else if (rng.chance(1, 2)) { lat_lo = 10; lat_hi = 60; }
    else { lat_lo = 200; lat_hi = 2000; }
    fill_pct = (uint32_t)rng.range(20, 100);
    bad_per_mille = rng.chance(1, 4) ? 0 : (uint32_t)rng.range(1, 40);
    mem_rdy.pick(rng);
    rel_rdy.pick(rng);
  }

  // A bad fill: a page filled before (still draining), a page no entry
  // holds, or a page whose request memory has not taken.
  uint64_t bad_fill_page(lockstep::Env &env) {
    auto &rng = env.rng;
    std::vector<uint64_t> cand;
    const uint32_t kind = (uint32_t)rng.below(3);
    for (uint32_t e = 0; e < kE; e++) {
      if (!m.valid[e]) continue;
      if (kind == 0 && m.filled[e]) cand.push_back(m.page[e]);
      if (kind == 2 && m.req[e]) cand.push_back(m.page[e]);
    }
    if (!cand.empty()) return cand[rng.below(cand.size())];
    return rng.chance(1, 2) ? pool[rng.below(pool.size())] : rng.bits((int)kW);
  }

  void step(lockstep::Env &env, Dut &d, Exp &e) {
    auto &rng = env.rng;
    tl_mshr_in in{};
    const uint32_t occ = tl_mshr_occupancy(&m);
    if (next_directed < directed.size()) {
      in = directed[next_directed++];
      if (next_directed == directed.size()) new_regime(env);
    } else {
      if (env.cyc >= regime_end) new_regime(env);
      // a scheduled reset waits for an idle cycle, at most 500 cycles (heavy
      // traffic seldom empties the partition; the gate-level replay's
      // random windows begin at these resets)
      const bool idle = (occ == 0 && mem.empty()) || (resets.next_idle && env.cyc > resets.next_idle + 500);
      const bool rst_n = resets.step(rng, env.cyc, idle);
      in.rst_n = rst_n;
      if (resets.began) env.cov.hit(occ ? b_busy_reset : b_idle_reset);
      in.miss_valid = rng.below(100) < miss_pct;
      in.miss_page = pool[rng.below(pool.size())];
      in.miss_sector = (uint32_t)rng.below(32);
      in.mem_ready = mem_rdy.next(rng);
      in.rel_ready = rel_rdy.next(rng);
      if (bad_per_mille && rng.below(1000) < bad_per_mille) {
        in.fill_valid = 1;
        in.fill_page = bad_fill_page(env);
      } else if (!mem.empty() && mem.front().due <= env.cyc && rng.below(100) < fill_pct) {
        // the oldest due page, or now and then a later due one (out of order)
        size_t k = 0;
        if (mem.size() > 1 && rng.chance(1, 4)) {
          k = rng.below(mem.size());
          if (mem[k].due > env.cyc) k = 0;
        }
        in.fill_valid = 1;
        in.fill_page = mem[k].page;
        mem.erase(mem.begin() + (long)k);
      } else {
        in.fill_page = rng.bits((int)kW);  // ignored: fill_valid low
      }
    }
    d.rst_ni = in.rst_n;
    d.miss_valid_i = in.miss_valid;
    d.miss_page_i = in.miss_page;
    d.miss_sector_i = (uint8_t)in.miss_sector;
    d.mem_ready_i = in.mem_ready;
    d.fill_valid_i = in.fill_valid;
    d.fill_page_i = in.fill_page;
    d.rel_ready_i = in.rel_ready;

    const tl_mshr before = m;
    tl_mshr_out o;
    tl_status st = tl_mshr_step(&m, &in, &o);
    if (st != TL_OK && st != TL_ERR_MSHR_DUP_FILL && st != TL_ERR_MSHR_UNTRACKED_FILL) {
      std::fprintf(stderr, "harness error: tl_mshr_step: %s\n", tl_status_str(st));
      std::exit(2);
    }
    e.miss_ready = (uint8_t)o.miss_ready;
    e.mem_valid = (uint8_t)o.mem_valid;
    e.mem_page = o.mem_page;
    e.fill_err = (uint8_t)o.fill_err;
    e.rel_valid = (uint8_t)o.rel_valid;
    e.rel_page = o.rel_page;
    e.rel_sector = (uint8_t)o.rel_sector;

    if (!in.rst_n) { mem.clear(); std::fill(rel_count, rel_count + kE, 0u); return; }
    // the memory takes the page
    if (o.mem_valid && in.mem_ready && next_directed >= directed.size()) mem.push_back({o.mem_page, env.cyc + (uint64_t)rng.range(lat_lo, lat_hi)});
    coverage(env, in, o, before);
  }

  void coverage(lockstep::Env &env, const tl_mshr_in &in, const tl_mshr_out &o, const tl_mshr &b) {
    auto &c = env.cov;
    int hit = -1;
    for (uint32_t k = 0; k < kE; k++)
      if (b.valid[k] && b.page[k] == in.miss_page) hit = (int)k;
    const bool miss_fire = in.miss_valid && o.miss_ready;
    if (miss_fire && hit < 0) c.hit(b_alloc);
    if (miss_fire && hit >= 0) {
      c.hit((b.mask[hit] >> in.miss_sector) & 1 ? b_merge_same : b_merge);
      if (b.filled[hit]) c.hit(b_merge_filled);
    }
    if (in.miss_valid && !o.miss_ready) c.hit(b_stall);
    if (o.mem_valid && !in.mem_ready) c.hit(b_mem_bp);
    if (o.rel_valid && !in.rel_ready) c.hit(b_rel_bp);
    if (o.fill_err == TL_MSHR_FILL_DUP) c.hit(b_dup);
    if (o.fill_err == TL_MSHR_FILL_UNTRACKED) {
      bool held = false;
      for (uint32_t k = 0; k < kE; k++) held |= b.valid[k] && b.page[k] == in.fill_page;
      c.hit(held ? b_untr_req : b_untr_none);
    }
    bool full = true;
    for (uint32_t k = 0; k < kE; k++) full &= b.valid[k] != 0;
    if (full) c.hit(b_full);
    if (in.fill_valid && o.fill_err == 0) {
      for (uint32_t k = 0; k < kE; k++)
        if (b.valid[k] && b.page[k] == in.fill_page) rel_count[k] = 0;
      if (miss_fire && in.miss_page == in.fill_page) c.hit(b_fill_merge);
    }
    const bool rel_fire = o.rel_valid && in.rel_ready;
    if (miss_fire && in.fill_valid && o.fill_err == 0 && rel_fire) c.hit(b_triple);
    if (rel_fire) {
      uint32_t k = 0;
      while (!(b.valid[k] && b.filled[k])) k++;
      rel_count[k]++;
      const bool last = (b.mask[k] & (b.mask[k] - 1)) == 0;
      if (last && miss_fire && hit == (int)k) c.hit(b_merge_last);
      if (last && !m.valid[k]) {
        const uint32_t n = rel_count[k];
        c.hit(b_rel_k[n == 1 ? 0 : n < 8 ? 1 : n < 32 ? 2 : 3]);
        rel_count[k] = 0;
      }
    }
    if (m.stats.high_water == kE) c.hit(b_hw_all);
  }
};

int main(int argc, char **argv) { return lockstep::run<TbMshr>(argc, argv); }
