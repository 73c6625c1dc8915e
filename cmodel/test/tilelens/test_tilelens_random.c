/*
 * test_tilelens_random.c - the request stream of tl_box_requests() against
 * the independent per-element reference (tl_test_ref.h) on seeded random
 * supported cases: views of rank 1..5, element sizes 1/2/4/8, every memory
 * tile shape of several granules, boxes with out-of-bounds edges, in linear
 * and tile-major mode. Seed: TL_TEST_SEED (default 1), printed.
 */
#include <criterion/criterion.h>
#include <stdio.h>

#include "tl_test_ref.h"

#if defined(__SANITIZE_ADDRESS__)
#define CASES_PER_MODE 10000
#else
#define CASES_PER_MODE 60000
#endif

static uint64_t test_seed(void) {
  const char *e = getenv("TL_TEST_SEED");
  return e ? strtoull(e, NULL, 0) : 1;
}

/* Why: the oracle of SPEC A.3 - every box element read exactly once, at the
 * address the paper's equations give, and nothing else read. */
static void run_random(int tile_major) {
  uint64_t seed = test_seed() * 2 + (uint64_t)tile_major;
  ref_rng r = {seed};
  static uint64_t want[16384 * 2], got[16384 * 2];
  static tl_req req[16384 * 2];
  uint64_t reqs = 0, bubbles = 0, oob_cases = 0, modes[4] = {0};
  uint64_t ranks[TL_MAX_RANK + 1] = {0};
  for (int n = 0; n < CASES_PER_MODE; n++) {
    tl_desc d;
    tl_box b;
    cr_assert(ref_random_case(&r, tile_major, &d, &b), "generator failed, seed %llu case %d",
              (unsigned long long)seed, n);
    size_t cnt = 0;
    tl_status st = tl_box_requests(&d, &b, req, sizeof req / sizeof req[0], &cnt);
    cr_assert_eq(st, TL_OK, "seed %llu case %d: %s", (unsigned long long)seed, n, tl_status_str(st));
    cr_assert_leq(cnt, sizeof req / sizeof req[0]);
    ref_box_map(&d, &b, want);
    cr_assert(ref_requests_map(&d, &b, req, cnt, got),
              "seed %llu case %d: malformed or overlapping requests", (unsigned long long)seed, n);
    uint64_t ne = ref_box_elems(&d, &b);
    int oob = 0;
    for (uint64_t e = 0; e < ne; e++) {
      if (want[e] == REF_NONE) oob = 1;
      cr_assert_eq(got[e], want[e], "seed %llu case %d elem %llu: got %llx want %llx",
                   (unsigned long long)seed, n, (unsigned long long)e,
                   (unsigned long long)got[e], (unsigned long long)want[e]);
    }
    tl_gen g;
    cr_assert_eq(tl_gen_begin(&g, &d, &b), TL_OK);
    uint64_t steps = tl_gen_total_steps(&g), nreq = 0, nbub = 0;
    tl_req q;
    tl_step k;
    while ((k = tl_gen_next(&g, &q)) != TL_STEP_DONE) {
      if (k == TL_STEP_REQ) nreq++; else nbub++;
    }
    cr_assert_eq(nreq + nbub, steps);
    cr_assert_eq(nreq, cnt);
    reqs += nreq; bubbles += nbub; oob_cases += (uint64_t)oob;
    modes[g.cfg.mode]++;
    ranks[d.rank]++;
  }
  fprintf(stderr,
          "random %s: seed %llu, %d cases, %llu requests, %llu bubbles, %llu cases out of bounds, "
          "modes lin/1/2/u>a %llu/%llu/%llu/%llu, ranks 1-5 %llu/%llu/%llu/%llu/%llu\n",
          tile_major ? "tile-major" : "linear", (unsigned long long)seed, CASES_PER_MODE,
          (unsigned long long)reqs, (unsigned long long)bubbles, (unsigned long long)oob_cases,
          (unsigned long long)modes[0], (unsigned long long)modes[1], (unsigned long long)modes[2],
          (unsigned long long)modes[3], (unsigned long long)ranks[1], (unsigned long long)ranks[2],
          (unsigned long long)ranks[3], (unsigned long long)ranks[4], (unsigned long long)ranks[5]);
  if (tile_major) {
    cr_assert_gt(modes[1], 0, "no case 1 generated");
    cr_assert_gt(modes[2], 0, "no case 2 generated");
    cr_assert_gt(modes[3], 0, "no u > a case generated");
  }
  cr_assert_gt(bubbles, 0, "no bubble generated");
  cr_assert_gt(oob_cases, 0, "no out-of-bounds case generated");
}

Test(tilelens_random, linear_matches_reference, .timeout = 120) { run_random(0); }
Test(tilelens_random, tile_major_matches_reference, .timeout = 120) { run_random(1); }
