/*
 * fault_cross.h - crossed coverage of simultaneous faults (error priority).
 *
 * A block whose error output has several classes reports the first rule
 * broken in a documented priority. A stimulus that breaks one rule at a time
 * never tells a correct priority chain from a reordered one. This helper
 * declares one required coverage bin per pair of rules i < j (rules listed
 * in priority order) that can be broken together; the harness passes the
 * bit mask of the rules its input breaks (each rule's predicate evaluated
 * on its own, without the priority), and the bin (i, j) is hit when i is
 * the first rule broken and j is broken too: the input on which a chain
 * that checks j before i (any reordering that moves j above i) gives j's
 * code instead of i's, so a lockstep run that hits every bin fails on any
 * such reordering of the RTL's chain.
 *
 *   FaultCross x;
 *   x.declare(env.cov, "desc", {"RANK", "ELEM_SIZE", ...},
 *             {{0, 3, "reason the pair cannot occur"}});
 *   ...
 *   x.hit(env, broken_mask);
 *
 * A pair listed as excluded gets no bin; hitting it anyway means the
 * exclusion's reason is wrong: the run fails (env.check) naming the pair.
 */
#ifndef FAULT_CROSS_H
#define FAULT_CROSS_H

#include <cstdint>
#include <string>
#include <vector>

#include "lockstep.h"

namespace lockstep {

struct FaultPairExcluded {
  int i, j;
  const char *why;
};

class FaultCross {
 public:
  void declare(Coverage &cov, const std::string &prefix, const std::vector<std::string> &rules,
               const std::vector<FaultPairExcluded> &excluded = {}) {
    n_ = (int)rules.size();
    prefix_ = prefix;
    names_ = rules;
    bins_.assign((size_t)(n_ * n_), -1);
    excl_.assign((size_t)(n_ * n_), false);
    for (const auto &e : excluded) excl_[(size_t)(e.i * n_ + e.j)] = excl_[(size_t)(e.j * n_ + e.i)] = true;
    for (int i = 0; i < n_; i++)
      for (int j = i + 1; j < n_; j++)
        if (!excl_[(size_t)(i * n_ + j)])
          bins_[(size_t)(i * n_ + j)] = cov.bin(prefix + ": " + rules[(size_t)i] + " over " + rules[(size_t)j]);
  }
  // Hits the bins (i, j) of the first rule i broken in `mask` and every
  // other rule j broken in it.
  void hit(Env &env, uint32_t mask) {
    if (!(mask & (mask - 1))) return;  // fewer than two faults
    {
      int i = __builtin_ctz(mask);
      for (int j = i + 1; j < n_; j++) {
        if (!(mask >> j & 1u)) continue;
        int b = bins_[(size_t)(i * n_ + j)];
        if (b >= 0) {
          env.cov.hit(b);
        } else {
          bad_pairs_++;
          env.check(false, prefix_ + ": pair " + names_[(size_t)i] + " over " + names_[(size_t)j] +
                               " declared impossible, but driven");
        }
      }
    }
  }
  // Directed inputs for the bins: make(k) for k = 0 .. tries-1 gives a
  // candidate input, faults(input) its mask; the first candidate that
  // reaches a bin no earlier one reached is kept. Returns the kept inputs,
  // at most one per bin. A harness runs them before its random stimulus,
  // so a pair that random stimulus reaches only rarely (two breaks that
  // must come in one order) is covered in every run, whatever the seed
  // and the cycle cap. make should draw from an Rng of its own with a fixed
  // seed, so that the list is the same in every run.
  template <class T, class Make, class Faults>
  std::vector<T> directed(Make make, Faults faults, uint64_t tries) const {
    std::vector<T> out;
    std::vector<bool> held(bins_.size(), false);
    for (uint64_t k = 0; k < tries; k++) {
      T in = make(k);
      uint32_t mask = faults(in);
      if (!(mask & (mask - 1))) continue;
      int i = __builtin_ctz(mask);
      bool fresh = false;
      for (int j = i + 1; j < n_; j++) {
        size_t b = (size_t)(i * n_ + j);
        if ((mask >> j & 1u) && bins_[b] >= 0 && !held[b]) held[b] = fresh = true;
      }
      if (fresh) out.push_back(in);
    }
    return out;
  }
  // Number of hits of pairs declared impossible (must stay 0).
  uint64_t bad_pairs() const { return bad_pairs_; }
  int pairs() const {
    int k = 0;
    for (int b : bins_) k += b >= 0;
    return k;
  }

 private:
  int n_ = 0;
  std::string prefix_;
  std::vector<std::string> names_;
  std::vector<int> bins_;
  std::vector<bool> excl_;
  uint64_t bad_pairs_ = 0;
};

}  // namespace lockstep

#endif
