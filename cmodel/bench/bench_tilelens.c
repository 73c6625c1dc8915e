/*
 * bench_tilelens.c - speed of the TileLens C model: requests per second of
 * tl_box_requests() and of the incremental generator, against the
 * per-element brute force (the tests' reference) on the same boxes.
 * Not a test: prints figures only.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

#include "../test/tilelens/tl_test_ref.h"

#define NCASES 4000

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static tl_desc descs[NCASES];
static tl_box boxes[NCASES];
static tl_req reqs[32768];
static uint64_t map[32768];

int main(void) {
  for (int tm = 0; tm <= 1; tm++) {
    ref_rng r = {12345 + (uint64_t)tm};
    int n = 0;
    while (n < NCASES)
      if (ref_random_case(&r, tm, &descs[n], &boxes[n])) n++;
    uint64_t total = 0, elems = 0, sink = 0;
    double t0 = now();
    for (int rep = 0; rep < 5; rep++)
      for (int k = 0; k < NCASES; k++) {
        size_t c;
        tl_box_requests(&descs[k], &boxes[k], reqs, 32768, &c);
        total += c;
        sink += c ? reqs[0].src : 0;
      }
    double t_req = now() - t0;
    uint64_t gen_total = 0;
    t0 = now();
    for (int rep = 0; rep < 5; rep++)
      for (int k = 0; k < NCASES; k++) {
        tl_gen g;
        tl_req q;
        tl_step s;
        tl_gen_begin(&g, &descs[k], &boxes[k]);
        while ((s = tl_gen_next(&g, &q)) != TL_STEP_DONE)
          if (s == TL_STEP_REQ) { gen_total++; sink += q.bytes; }
      }
    double t_gen = now() - t0;
    t0 = now();
    for (int rep = 0; rep < 5; rep++)
      for (int k = 0; k < NCASES; k++) {
        ref_box_map(&descs[k], &boxes[k], map);
        uint64_t ne = ref_box_elems(&descs[k], &boxes[k]);
        elems += ne;
        sink += map[0];
      }
    double t_ref = now() - t0;
    printf("tilelens %-10s tl_box_requests %8.2f M req/s | generator %8.2f M req/s | "
           "brute force %8.2f M req-equivalents/s | speedup %.1fx (%llu requests, %llu elements)\n",
           tm ? "tile-major" : "linear", total / t_req / 1e6, gen_total / t_gen / 1e6,
           total / t_ref / 1e6, t_ref / t_req, (unsigned long long)total, (unsigned long long)elems);
    if (sink == 42) printf(" ");
  }
  return 0;
}
