/*
 * bench_tilelens.c - speed of the TileLens C model: requests per second of
 * tl_box_requests() and of the incremental generator, against the
 * per-element brute force (the tests' reference) on the same boxes: first
 * the tests' random mix (many out-of-bounds steps, tiny tiles), then the
 * loads a simulator sees (whole in-bounds boxes of the paper's shapes),
 * where the generator must stay >= 30x faster than a per-element loop
 * (issue 16), and the cost of one tick of the TMA unit model (tl_tma_tick).
 * Times are process CPU time, so other load on the machine counts little.
 * Not a test: prints figures only.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

#include "../test/tilelens/tl_test_ref.h"

#define NCASES 4000

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static tl_desc descs[NCASES];
static tl_box boxes[NCASES];
static tl_req reqs[32768];
static uint64_t map[32768];

/* Whole in-bounds box loads of the paper's shapes (K x N matrix, K
 * contiguous, a x b tiles of 4 KB), each in all three tile-major cases and
 * linear: the generator (tl_gen_begin/next) against the per-element loop
 * (ref_box_map, one address per element), and the unit model's tick. */
static int paper_loads(void) {
  static const struct { uint32_t s, a, b, bi, bj; const char *what; } L[] = {
    {2, 64, 32, 64, 64, "FP16 64x32 tiles, 64x64 box (u = a)"},
    {2, 64, 32, 128, 64, "FP16 64x32 tiles, 128x64 box (u > a)"},
    {2, 64, 32, 32, 64, "FP16 64x32 tiles, 32x64 box (u < a)"},
    {1, 128, 32, 128, 128, "FP8 128x32 tiles, 128x128 box (u = a)"},
    {1, 128, 32, 64, 128, "FP8 128x32 tiles, 64x128 box (u < a)"},
  };
  const int reps = 400;
  double worst[2] = {1e300, 1e300};
  uint64_t sink = 0;
  for (size_t c = 0; c < sizeof L / sizeof L[0]; c++)
    for (int tm = 0; tm <= 1; tm++) {
      tl_desc d;
      tl_box b;
      if ((tm ? tl_desc_matrix_tiled(&d, 1ull << 32, 4096, 4096, L[c].s, L[c].a, L[c].b)
              : tl_desc_matrix_linear(&d, 1ull << 32, 4096, 4096, L[c].s)) != TL_OK ||
          tl_box_2d(&b, 256, 512, L[c].bi, L[c].bj, 0) != TL_OK || tl_box_check(&d, &b) != TL_OK) {
        printf("bench paper load %zu: rejected\n", c);
        return 1;
      }
      uint64_t nreq = 0;
      double t0 = now();
      for (int r = 0; r < reps; r++) {
        tl_gen g;
        tl_req q;
        tl_step k;
        tl_gen_begin(&g, &d, &b);
        while ((k = tl_gen_next(&g, &q)) > TL_STEP_DONE) { nreq += k == TL_STEP_REQ; sink += q.src; }
      }
      double t_gen = now() - t0;
      t0 = now();
      for (int r = 0; r < reps; r++) {
        ref_box_map(&d, &b, map);
        sink += map[r % 64];
      }
      double t_ref = now() - t0;
      tl_tma u;
      uint64_t ticks = 0;
      t0 = now();
      for (int r = 0; r < reps; r++) {
        tl_tma_reset(&u);
        tl_tma_tick(&u, 1, 1, &d, &b);
        while (u.busy) { tl_tma_tick(&u, 0, 1, NULL, NULL); ticks++; sink += u.req.src; }
      }
      double t_tick = now() - t0;
      double sp = t_ref / t_gen;
      if (sp < worst[tm]) worst[tm] = sp;
      printf("tilelens paper load %-40s %-10s generator %6.1f ns/req | per-element loop %7.1f ns/box-req | "
             "speedup %5.1fx | tl_tma_tick %5.1f ns/tick\n",
             L[c].what, tm ? "tile-major" : "linear", 1e9 * t_gen / (double)nreq,
             1e9 * t_ref / (double)nreq, sp, 1e9 * t_tick / (double)ticks);
    }
  /* The target is the TileLens generator's (tile-major loads); the linear
   * figure is the standard-TMA baseline, whose per-element loop has no
   * division and whose narrowest box reads 64-byte runs. */
  printf("tilelens TMA generator vs per-element loop, paper loads: tile-major worst %.1fx "
         "(target >= 30x: %s); linear worst %.1fx (baseline layout)\n",
         worst[1], worst[1] >= 30.0 ? "met" : "NOT met", worst[0]);
  if (sink == 42) printf(" ");
  return 0;
}
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
  return paper_loads();
}
