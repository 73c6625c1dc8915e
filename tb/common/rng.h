/*
 * rng.h - the random source of every lockstep harness (tb/common).
 *
 * A counter-based stream: the counter advances by the golden-ratio
 * increment and each word is a bijective mix of it (splitmix64, the
 * generator of cmodel/test's tl_test_ref.h), so --seed N names one stream
 * on every machine and a run is reproduced by its printed seed.
 *
 *   next()          a 64-bit word
 *   below(n)        [0, n); below(0) is 0
 *   range(lo, hi)   [lo, hi]
 *   chance(k, n)    true with probability k/n
 *   bits(w)         a w-bit word (w <= 64)
 *
 * Measured alternatives (box check and decoder harnesses, 5,000,000
 * cycles, user CPU seconds, tb/common/README.md "What the benchmark's
 * ratio measures"): xoshiro256** made in batches of 64 words was 10-14%
 * slower (the buffer index lives in memory between calls); bounded draws
 * by multiply-shift instead of a division, and small draws served from a
 * pool of bits, were within the run-to-run spread. A draw costs about
 * 1.4 ns of CPU; the harnesses' time goes to the branches of their
 * stimulus and to the C model, not to this generator, so the stream is
 * kept as it was (every seed of an earlier run still reproduces it).
 */
#ifndef LOCKSTEP_RNG_H
#define LOCKSTEP_RNG_H

#include <cstdint>

namespace lockstep {

struct Rng {
  uint64_t s = 0;
  void seed(uint64_t v) { s = v; }
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint64_t below(uint64_t n) { return n ? next() % n : 0; }          // [0, n)
  int64_t range(int64_t lo, int64_t hi) {                           // [lo, hi]
    return lo + (int64_t)below((uint64_t)(hi - lo) + 1);
  }
  bool chance(uint64_t num, uint64_t den) { return below(den) < num; }
  uint64_t bits(int w) { return w >= 64 ? next() : next() & ((1ull << w) - 1); }
};

}  // namespace lockstep

#endif
