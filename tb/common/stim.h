/*
 * stim.h - stimulus shared by the sequential lockstep harnesses (tb/common):
 * the reset schedule, the ready (back-pressure) profiles and the
 * directed-then-random driver of a block with a start handshake.
 *
 * ResetSchedule   reset for the first cycles; then a reset at the first
 *                 idle cycle once a random interval (period/2 .. 3*period/2)
 *                 has passed, so a replay's random part has cycles where the
 *                 block's state is known (tb/common/gl_vectors.py begins
 *                 its gate-level windows there; `until` limits them to
 *                 the cycles the replays use, for blocks whose deep states
 *                 need long runs); and rare resets at any cycle
 *                 (mid-operation), held 1 to 3 cycles.
 * ReadyProfile    the ready input of a consumer: always, 90 %, 50 %, 10 %
 *                 or bursts of 1..40 cycles, one profile per operation.
 * CaseSource      the directed cases in order, then cases drawn from a pool
 *                 of random ones (a slot is replaced now and then).
 * StartDriver     while idle: a new case on the inputs half the time (every
 *                 directed case, in order, each started at once with the
 *                 consumer always ready), a start half the time; while
 *                 busy: a start one cycle in eight (the block ignores it).
 *
 * Every choice comes from env.rng: a seed reproduces the run.
 */
#ifndef LOCKSTEP_STIM_H
#define LOCKSTEP_STIM_H

#include <cstdint>
#include <vector>

#include "rng.h"

namespace lockstep {

struct ResetSchedule {
  uint64_t first = 2;         // cycles in reset at the start
  uint64_t period = 4000;     // idle resets: about one per period cycles (0: none)
  uint64_t rare_after = 1000; // rare resets from this cycle on ...
  uint64_t rare_den = 200000; // ... each cycle with probability 1 / rare_den (0: none)
  uint64_t until = ~0ull;     // idle resets only before this cycle (the replay window)
  int max_hold = 2;           // a reset lasts 1 .. 1 + max_hold cycles
  int hold = 0;
  uint64_t next_idle = 0;
  bool began = false;         // a reset (after the first ones) began this cycle
  bool rare = false;          // ... and it is a rare one (not at an idle cycle)

  ResetSchedule() = default;
  ResetSchedule(uint64_t period_, uint64_t rare_den_) : period(period_), rare_den(rare_den_) {}

  // rst_n of this cycle; idle: the block has no operation in flight;
  // allowed: the harness permits a scheduled reset now (e.g. not during
  // its directed phase).
  bool step(Rng &rng, uint64_t cyc, bool idle, bool allowed = true) {
    began = rare = false;
    if (cyc < first) return false;
    if (hold > 0) { hold--; return false; }
    if (!allowed) return true;
    if (next_idle == 0 && period) next_idle = cyc + period / 2 + rng.below(period);
    if (period && idle && cyc >= next_idle && cyc < until) {
      next_idle = cyc + period / 2 + rng.below(period);
      hold = (int)rng.range(0, max_hold);
      began = true;
      return false;
    }
    if (rare_den && cyc > rare_after && rng.chance(1, rare_den)) {
      hold = (int)rng.range(0, max_hold);
      began = rare = true;
      return false;
    }
    return true;
  }
};

struct ReadyProfile {
  enum { kAlways, k90, k50, k10, kBursts, kCount };
  static const char *name(int k) {
    static const char *n[kCount] = {"always ready", "ready 90%", "ready 50%", "ready 10%", "bursts"};
    return n[k];
  }
  int kind = kAlways;
  int burst = 0;
  bool ready = true;
  void pick(Rng &rng) { kind = (int)rng.below(kCount); }
  bool next(Rng &rng) {
    switch (kind) {
      case kAlways: ready = true; break;
      case k90: ready = rng.chance(9, 10); break;
      case k50: ready = rng.chance(1, 2); break;
      case k10: ready = rng.chance(1, 10); break;
      default:
        if (burst <= 0) { burst = (int)rng.range(1, 40); ready = !ready; }
        burst--;
        break;
    }
    return ready;
  }
};

template <class Case> struct CaseSource {
  std::vector<Case> directed, pool;
  size_t next_directed = 0;
  bool directed_phase() const { return next_directed < directed.size(); }
  // Fill the pool with `size` cases from make(rng).
  template <class Make> void fill(Rng &rng, size_t size, Make make) {
    while (pool.size() < size) pool.push_back(make(rng));
  }
  // The next directed case, else a pool case; the slot it came from is
  // replaced by make(rng) with probability num/den.
  template <class Make> Case draw(Rng &rng, Make make, uint64_t num, uint64_t den) {
    if (directed_phase()) return directed[next_directed];
    size_t slot = rng.below(pool.size());
    Case c = pool[slot];
    if (rng.chance(num, den)) pool[slot] = make(rng);
    return c;
  }
};

template <class Case> struct StartDriver {
  CaseSource<Case> cases;
  ReadyProfile ready;
  Case cur{};
  bool have_case = false, start = false, cur_directed = false;
  bool new_case = false;      // a new case went on the inputs this cycle
  bool started = false;       // a start the block accepts this cycle (idle, out of reset)

  // One cycle. busy: the block has an operation in flight. next_case(rng)
  // gives a case for the inputs (cases.draw(...) or a variant of it).
  template <class Next> void step(Rng &rng, bool busy, bool rst_n, Next next_case) {
    new_case = started = false;
    if (!busy) {
      bool directed = cases.directed_phase();
      if (!have_case || directed || rng.chance(1, 2)) {
        cur = next_case(rng);
        have_case = new_case = true;
      }
      start = directed || rng.chance(1, 2);
      if (start && rst_n) {
        if (directed) ready.kind = ReadyProfile::kAlways; else ready.pick(rng);
        cur_directed = directed;
        if (directed) cases.next_directed++;
        started = true;
      }
    } else {
      start = rng.chance(1, 8);  // ignored while busy
    }
    ready.next(rng);
  }
};

}  // namespace lockstep

#endif
