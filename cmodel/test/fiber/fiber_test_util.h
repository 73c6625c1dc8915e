/*
 * fiber_test_util.h - seeded random numbers shared by the FIBER model tests.
 *
 * Every random test draws from a splitmix64 stream seeded by fbt_seed():
 * the value of the environment variable FIBER_TEST_SEED when it is set
 * (decimal or 0x-hex), else a fixed default, so a run is reproducible and a
 * failure can be replayed. The seed is printed on stderr with the test name.
 * Each test mixes its own name into the seed so tests draw unrelated streams.
 */
#ifndef FIBER_TEST_UTIL_H
#define FIBER_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define FBT_DEFAULT_SEED 0xF1BE5EEDull

typedef struct { uint64_t s; } fbt_rng;

static inline uint64_t fbt_next(fbt_rng *r) {
  uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0 (multiply-high range reduction; the bias of
 * order n / 2^32 is irrelevant here). */
static inline unsigned fbt_below(fbt_rng *r, unsigned n) {
  return (unsigned)(((fbt_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* 1 with probability num/den. */
static inline unsigned fbt_chance(fbt_rng *r, unsigned num, unsigned den) {
  return fbt_below(r, den) < num;
}

static inline uint64_t fbt_seed(const char *test) {
  const char *e = getenv("FIBER_TEST_SEED");
  uint64_t seed = (e && *e) ? strtoull(e, NULL, 0) : FBT_DEFAULT_SEED;
  fprintf(stderr, "[seed] %s: FIBER_TEST_SEED=0x%llx\n", test, (unsigned long long)seed);
  return seed;
}

/* A generator for one test: the printed seed, mixed with the test's name. */
static inline fbt_rng fbt_rng_for(const char *test) {
  uint64_t h = fbt_seed(test);
  for (const char *p = test; *p; p++) h = (h ^ (uint8_t)*p) * 0x100000001B3ull;
  fbt_rng r = {h};
  return r;
}

#endif /* FIBER_TEST_UTIL_H */
