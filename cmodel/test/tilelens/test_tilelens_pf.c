/*
 * test_tilelens_pf.c - the adaptive stride prefetcher's cycle models
 * (tl_pf_degree_*, tl_pf_gen_*): paper Eq. 6 on the paper's numbers, the
 * degree unit's latency, adaptation as CTAs retire, restarts and resets;
 * the generator's two tiers, the tensor's end, the page filter,
 * back-pressure, statistics; every error code.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "tilelens.h"

/* ---- helpers ------------------------------------------------------------ */
static tl_pf_degree_in deg_idle(void) {
  tl_pf_degree_in in;
  memset(&in, 0, sizeof in);
  in.rst_n = 1;
  return in;
}

static tl_pf_degree_in deg_cfg(uint32_t nsm, uint32_t csm, uint32_t ptile, uint32_t ctas, uint32_t bl, uint32_t kit) {
  tl_pf_degree_in in = deg_idle();
  in.cfg_valid = 1; in.nsm = nsm; in.csm = csm; in.ptile = ptile; in.ctas = ctas; in.bl = bl; in.kiters = kit;
  return in;
}

/* Steps idle cycles until the division ends; returns the degree. */
static uint32_t deg_settle(tl_pf_degree *u) {
  tl_pf_degree_in in = deg_idle();
  tl_pf_degree_out o;
  for (int i = 0; i < 100; i++) {
    cr_assert_eq(tl_pf_degree_step(u, &in, &o), TL_OK);
    if (!o.busy) return o.degree;
  }
  cr_assert_fail("division never ended");
  return 0;
}

static tl_pf_gen_in gen_in(int valid, uint64_t a, uint32_t iter, uint64_t s, uint32_t kit, uint32_t d, uint32_t buf) {
  tl_pf_gen_in in;
  memset(&in, 0, sizeof in);
  in.rst_n = 1; in.dem_valid = (uint32_t)valid; in.dem_addr = a; in.dem_iter = iter; in.stride = s;
  in.kiters = kit; in.degree = d; in.buffer = buf; in.pf_ready = 1;
  return in;
}

/* Runs one demand to its end with the consumer always ready; writes the
 * prefetches (address, tier) in order; returns their number. */
static size_t gen_run(tl_pf_gen *g, tl_pf_gen_in in, uint64_t *addr, uint32_t *tier, size_t cap) {
  tl_pf_gen_out o;
  size_t n = 0;
  cr_assert_eq(tl_pf_gen_step(g, &in, &o), g->err);
  cr_assert_eq(o.dem_ready, 1);
  in.dem_valid = 0;
  for (int i = 0; i < 100000 && g->busy; i++) {
    cr_assert_eq(tl_pf_gen_step(g, &in, &o), TL_OK);
    cr_assert_eq(o.dem_ready, 0);
    if (o.pf_valid) {
      cr_assert_lt(n, cap);
      addr[n] = o.pf_addr;
      tier[n] = o.pf_tier;
      n++;
    }
  }
  return n;
}

/* ---- Eq. 6 ----------------------------------------------------------------- */
/* Why: the reference formula on the paper's configuration (H200: 132 SMs,
 * 4.915 TB/s = 1200 4 KB requests per us; L = 1..20 us), hand-computed:
 * Qwen-3 128x256 BF16 tile = 16 pages, K/TILE_K = 16; Llama-3.1 64x128 BF16
 * tile = 4 pages, K/TILE_K = 128; one CTA per SM; factor 2. */
Test(tilelens_pf, eq6_paper_numbers) {
  static const struct { uint64_t ptile, kit, l_us, d; } t[] = {
    {16, 16, 1, 0},  {16, 16, 2, 2},  {16, 16, 5, 4},   {16, 16, 10, 10}, {16, 16, 20, 16},
    {4, 128, 1, 4},  {4, 128, 2, 8},  {4, 128, 5, 22},  {4, 128, 10, 44}, {4, 128, 20, 90},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    cr_assert_eq(tl_pf_degree_eq6(1200 * t[i].l_us, 132 * t[i].ptile, t[i].kit, 2), t[i].d, "case %zu", i);
  /* without the factor: floor only */
  cr_assert_eq(tl_pf_degree_eq6(12000, 2112, 16, 1), 5);
  /* p_wave = 0: the cap */
  cr_assert_eq(tl_pf_degree_eq6(12000, 0, 16, 2), 16);
  /* a tail of 12 CTAs: 12000 / 192 = 62, 2 * 62 = 124, capped at 64 */
  cr_assert_eq(tl_pf_degree_eq6(12000, 192, 64, 2), 64);
}

/* ---- degree unit ------------------------------------------------------------ */
/* Why: the documented latency (TL_PF_DEG_LATENCY = 20 at one quotient bit
 * per clock): busy from the cycle after the event for 20 cycles, then the
 * new degree; the old degree holds meanwhile. */
Test(tilelens_pf, degree_latency) {
  tl_pf_degree u;
  tl_pf_degree_out o;
  cr_assert_eq(tl_pf_degree_init(&u, 2, 1), TL_OK);
  tl_pf_degree_in in = deg_cfg(132, 1, 4, 132, 2400, 128);
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
  cr_assert_eq(o.busy, 0);
  cr_assert_eq(o.degree, 0);
  in = deg_idle();
  for (uint32_t c = 1; c <= TL_PF_DEG_LATENCY(1); c++) {
    cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
    cr_assert_eq(o.busy, 1, "cycle %u", c);
    cr_assert_eq(o.degree, 0, "cycle %u", c);
    cr_assert_eq(o.active, 132);
  }
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
  cr_assert_eq(o.busy, 0);
  cr_assert_eq(o.degree, 8);   /* 2 * floor(2400 / 528) */
  cr_assert_eq(u.stats.divisions, 1);
  cr_assert_eq(TL_PF_DEG_LATENCY(1), 20);
  cr_assert_eq(TL_PF_DEG_LATENCY(4), 8);
  cr_assert_eq(TL_PF_DEG_LATENCY(17), 4);
}

/* Why: every divider radix gives the same degree, at its own latency. */
Test(tilelens_pf, degree_radix) {
  static const uint32_t qb[] = {1, 2, 3, 4, 5, 8, 9, 16, 17};
  for (size_t i = 0; i < sizeof qb / sizeof qb[0]; i++) {
    for (uint32_t bl = 0; bl < (1u << 17); bl += 4093) {
      tl_pf_degree u;
      tl_pf_degree_out o;
      cr_assert_eq(tl_pf_degree_init(&u, 2, qb[i]), TL_OK);
      tl_pf_degree_in in = deg_cfg(7, 3, 5, 1000, bl, 60000);
      cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
      in = deg_idle();
      uint32_t busy = 0;
      do {
        cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
        busy += o.busy;
      } while (o.busy);
      cr_assert_eq(busy, TL_PF_DEG_LATENCY(qb[i]), "qbits %u", qb[i]);
      cr_assert_eq(o.degree, tl_pf_degree_eq6(bl, 105, 60000, 2), "qbits %u bl %u", qb[i], bl);
    }
  }
}

/* Why: the paper's section 5.3 argument: as CTAs retire at the kernel's
 * end, p_wave falls and d rises at once (one division per retire); while
 * more CTAs remain than slots, p_wave does not change. */
Test(tilelens_pf, degree_tail_adapts) {
  tl_pf_degree u;
  tl_pf_degree_out o;
  cr_assert_eq(tl_pf_degree_init(&u, 2, 1), TL_OK);
  tl_pf_degree_in in = deg_cfg(132, 1, 16, 134, 12000, 64);     /* Qwen-3, L = 10 us */
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
  cr_assert_eq(deg_settle(&u), 10);
  uint32_t prev = 10;
  in = deg_idle();
  in.retire = 1;
  for (uint32_t left = 133; left > 0; left--) {
    cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
    uint32_t d = deg_settle(&u);
    uint64_t act = left < 132 ? left : 132;
    cr_assert_eq(d, tl_pf_degree_eq6(12000, act * 16, 64, 2), "left %u", left);
    cr_assert_geq(d, prev);
    prev = d;
    if (left == 12) cr_assert_eq(d, 64);
  }
  cr_assert_eq(u.ctas_left, 1);
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
  cr_assert_eq(deg_settle(&u), 64, "no CTA left: the cap");
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_ERR_PF_RETIRE);
  tl_pf_degree_in idle = deg_idle();
  cr_assert_eq(tl_pf_degree_step(&u, &idle, &o), TL_OK);
  cr_assert_eq(o.err, TL_ERR_PF_RETIRE);
  cr_assert_eq(o.busy, 0);
  cr_assert_eq(u.stats.retires, 134);
  cr_assert_eq(u.stats.rejected, 1);
}

/* Why: a new event during a division restarts it (the last event's degree
 * wins); cfg wins over retire in one cycle; reset clears at once. */
Test(tilelens_pf, degree_restart_and_reset) {
  tl_pf_degree u;
  tl_pf_degree_out o;
  cr_assert_eq(tl_pf_degree_init(&u, 2, 1), TL_OK);
  tl_pf_degree_in in = deg_cfg(10, 1, 1, 20, 100, 1000);
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
  tl_pf_degree_in idle = deg_idle();
  for (int i = 0; i < 5; i++) cr_assert_eq(tl_pf_degree_step(&u, &idle, &o), TL_OK);
  in = deg_cfg(10, 1, 1, 5, 100, 1000);
  in.retire = 1;                                             /* cfg wins */
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
  cr_assert_eq(u.stats.restarts, 1);
  cr_assert_eq(u.ctas_left, 5);
  cr_assert_eq(deg_settle(&u), 40);                          /* 2 * floor(100 / 5) */
  cr_assert_eq(u.stats.divisions, 1);
  in = deg_idle();
  in.retire = 1;
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
  cr_assert_eq(tl_pf_degree_step(&u, &idle, &o), TL_OK);
  cr_assert_eq(o.busy, 1);
  in = deg_idle();
  in.rst_n = 0;
  in.cfg_valid = 1;                                          /* ignored in reset */
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
  cr_assert_eq(o.busy, 0);
  cr_assert_eq(o.degree, 0);
  cr_assert_eq(o.ctas_left, 0);
  cr_assert_eq(o.err, TL_OK);
}

/* Why: every error of the degree unit: each zero field of a configuration
 * (state unchanged), a retire with none left, and the API errors. */
Test(tilelens_pf, degree_errors) {
  tl_pf_degree u;
  tl_pf_degree_out o;
  cr_assert_eq(tl_pf_degree_init(NULL, 2, 1), TL_ERR_NULL);
  cr_assert_eq(tl_pf_degree_init(&u, 0, 1), TL_ERR_RANGE);
  cr_assert_eq(tl_pf_degree_init(&u, 4, 1), TL_ERR_RANGE);
  cr_assert_eq(tl_pf_degree_init(&u, 2, 0), TL_ERR_RANGE);
  cr_assert_eq(tl_pf_degree_init(&u, 2, 18), TL_ERR_RANGE);
  tl_pf_degree z;
  memset(&z, 0, sizeof z);
  tl_pf_degree_in in = deg_idle();
  cr_assert_eq(tl_pf_degree_step(&z, &in, &o), TL_ERR_STATE);
  cr_assert_eq(tl_pf_degree_init(&u, 2, 1), TL_OK);
  cr_assert_eq(tl_pf_degree_step(NULL, &in, &o), TL_ERR_NULL);
  cr_assert_eq(tl_pf_degree_step(&u, NULL, &o), TL_ERR_NULL);
  cr_assert_eq(tl_pf_degree_step(&u, &in, NULL), TL_ERR_NULL);
  in = deg_cfg(132, 1, 16, 132, 12000, 64);
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
  cr_assert_eq(deg_settle(&u), 10);
  for (int f = 0; f < 5; f++) {
    in = deg_cfg(132, 1, 16, 132, 12000, 64);
    uint32_t *p[5] = {&in.nsm, &in.csm, &in.ptile, &in.ctas, &in.kiters};
    *p[f] = 0;
    cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_ERR_PF_CONFIG, "field %d", f);
    cr_assert_eq(u.ctas_left, 132);
    cr_assert_eq(u.cnt, 0, "no division started");
    cr_assert_eq(u.err, TL_ERR_PF_CONFIG);
  }
  in = deg_cfg(132, 1, 16, 132, 0, 64);                      /* BL = 0 is legal */
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_OK);
  cr_assert_eq(deg_settle(&u), 0);
  /* port widths */
  in = deg_cfg(256, 1, 1, 1, 1, 1);
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_ERR_RANGE);
  in = deg_cfg(1, 64, 1, 1, 1, 1);
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_ERR_RANGE);
  in = deg_cfg(1, 1, 512, 1, 1, 1);
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_ERR_RANGE);
  in = deg_cfg(1, 1, 1, 1u << 20, 1, 1);
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_ERR_RANGE);
  in = deg_cfg(1, 1, 1, 1, 1u << 17, 1);
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_ERR_RANGE);
  in = deg_cfg(1, 1, 1, 1, 1, 1u << 16);
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_ERR_RANGE);
  in = deg_idle();
  in.retire = 2;
  cr_assert_eq(tl_pf_degree_step(&u, &in, &o), TL_ERR_RANGE);
  cr_assert_eq(o.degree, 0, "*out zeroed");
  cr_assert_eq(u.ctas_left, 132, "nothing changed");
}

/* ---- generator ---------------------------------------------------------------- */
/* Why: the RTL header's worked example (Llama-3.1 64x128 BF16 tile, K step
 * 16 KB as there; d = 2, buffer on, kiters 4, iter 1): two prefetches, two
 * distances dropped at the tensor's end. */
Test(tilelens_pf, gen_tensor_end) {
  tl_pf_gen g;
  uint64_t a[64];
  uint32_t t[64];
  cr_assert_eq(tl_pf_gen_init(&g, TL_PF_FILTER_DEFAULT), TL_OK);
  size_t n = gen_run(&g, gen_in(1, 0x10000, 1, 0x4000, 4, 2, 1), a, t, 64);
  cr_assert_eq(n, 2);
  cr_assert_eq(a[0], 0x14000); cr_assert_eq(t[0], 0);
  cr_assert_eq(a[1], 0x18000); cr_assert_eq(t[1], 0);
  cr_assert_eq(g.stats.dropped_end, 2);
  /* the last iteration: nothing to prefetch, the unit stays idle */
  n = gen_run(&g, gen_in(1, 0x1c000, 3, 0x4000, 4, 2, 1), a, t, 64);
  cr_assert_eq(n, 0);
  cr_assert_eq(g.err, TL_OK);
  cr_assert_eq(g.stats.dropped_end, 6);
}

/* Why: the two tiers of section 6.1: distances 1..d to the L2 (tier 0),
 * d+1..2d to the SRAM buffer (tier 1) only when the buffer is configured. */
Test(tilelens_pf, gen_two_tiers) {
  tl_pf_gen g;
  uint64_t a[64];
  uint32_t t[64];
  cr_assert_eq(tl_pf_gen_init(&g, TL_PF_FILTER_DEFAULT), TL_OK);
  size_t n = gen_run(&g, gen_in(1, 0x100000, 0, 0x2000, 128, 3, 1), a, t, 64);
  cr_assert_eq(n, 6);
  for (size_t k = 0; k < n; k++) {
    cr_assert_eq(a[k], 0x100000 + (k + 1) * 0x2000);
    cr_assert_eq(t[k], k >= 3, "k = %zu", k + 1);
  }
  cr_assert_eq(g.stats.issued_tier1, 3);
  n = gen_run(&g, gen_in(1, 0x800000, 0, 0x2000, 128, 3, 0), a, t, 64);
  cr_assert_eq(n, 3, "no k = d+1 without the buffer");
  for (size_t k = 0; k < n; k++) cr_assert_eq(t[k], 0);
  cr_assert_eq(g.stats.dropped_end, 0);
}

/* Why: a stream's next demand re-covers its previous window: the page
 * filter merges those candidates, so each page is prefetched once. */
Test(tilelens_pf, gen_filter_merges) {
  tl_pf_gen g;
  uint64_t a[64];
  uint32_t t[64];
  cr_assert_eq(tl_pf_gen_init(&g, 8), TL_OK);
  cr_assert_eq(gen_run(&g, gen_in(1, 0x40000, 0, 0x1000, 64, 4, 0), a, t, 64), 4);   /* 0x41000..0x44000 */
  size_t n = gen_run(&g, gen_in(1, 0x41000, 1, 0x1000, 64, 4, 0), a, t, 64);
  cr_assert_eq(n, 1);
  cr_assert_eq(a[0], 0x45000);
  cr_assert_eq(g.stats.merged, 3);
  cr_assert_eq(g.stats.issued, 5);
  /* a one-entry filter remembers the last page only: by the time the
   * second run reaches 0x44000 the filter holds 0x43000 (no merge) */
  cr_assert_eq(tl_pf_gen_init(&g, 1), TL_OK);
  cr_assert_eq(gen_run(&g, gen_in(1, 0x40000, 0, 0x1000, 64, 4, 0), a, t, 64), 4);
  cr_assert_eq(gen_run(&g, gen_in(1, 0x41000, 1, 0x1000, 64, 4, 0), a, t, 64), 4);
  cr_assert_eq(g.stats.merged, 0);
  /* the last page issued (0x45000) merges even there: 0x45800 is skipped */
  cr_assert_eq(gen_run(&g, gen_in(1, 0x45000, 0, 0x800, 64, 2, 0), a, t, 64), 1);
  cr_assert_eq(a[0], 0x46000);
  cr_assert_eq(g.stats.merged, 1);
}

/* Why: back-pressure: the prefetch is held (same address) while pf_ready
 * is low, counted as stall cycles; no demand is taken while busy. */
Test(tilelens_pf, gen_back_pressure) {
  tl_pf_gen g;
  tl_pf_gen_out o;
  cr_assert_eq(tl_pf_gen_init(&g, 8), TL_OK);
  tl_pf_gen_in in = gen_in(1, 0x3000, 0, 0x1000, 10, 2, 0);
  cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_OK);
  in.pf_ready = 0;
  for (int i = 0; i < 3; i++) {
    cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_OK);
    cr_assert_eq(o.pf_valid, 1);
    cr_assert_eq(o.pf_addr, 0x4000);
    cr_assert_eq(o.dem_ready, 0);
  }
  cr_assert_eq(g.stats.demands, 1, "demands offered while busy are not taken");
  cr_assert_eq(g.stats.stall_cycles, 3);
  in.pf_ready = 1;
  cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_OK);
  cr_assert_eq(o.pf_addr, 0x4000);
  cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_OK);
  cr_assert_eq(o.pf_addr, 0x5000);
  cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_OK);
  cr_assert_eq(o.dem_ready, 1);
  cr_assert_eq(g.stats.issued, 2);
  /* reset during a run: idle at once, filter empty */
  in = gen_in(1, 0x9000, 0, 0x1000, 10, 2, 0);
  cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_OK);
  cr_assert_eq(g.busy, 1);
  in.rst_n = 0;
  cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_OK);
  cr_assert_eq(o.dem_ready, 1);
  cr_assert_eq(o.pf_valid, 0);
  cr_assert_eq(g.fvalid, 0);
}

/* Why: every error of the generator, and the API errors. */
Test(tilelens_pf, gen_errors) {
  tl_pf_gen g;
  tl_pf_gen_out o;
  uint64_t a[8];
  uint32_t t[8];
  const uint64_t top = (1ull << TL_PF_ADDR_BITS) - 1;
  cr_assert_eq(tl_pf_gen_init(NULL, 8), TL_ERR_NULL);
  cr_assert_eq(tl_pf_gen_init(&g, 0), TL_ERR_RANGE);
  cr_assert_eq(tl_pf_gen_init(&g, TL_PF_FILTER_MAX + 1), TL_ERR_RANGE);
  tl_pf_gen z;
  memset(&z, 0, sizeof z);
  tl_pf_gen_in in = gen_in(0, 0, 0, 0, 0, 0, 0);
  cr_assert_eq(tl_pf_gen_step(&z, &in, &o), TL_ERR_STATE);
  cr_assert_eq(tl_pf_gen_init(&g, 8), TL_OK);
  cr_assert_eq(tl_pf_gen_step(NULL, &in, &o), TL_ERR_NULL);
  cr_assert_eq(tl_pf_gen_step(&g, NULL, &o), TL_ERR_NULL);
  cr_assert_eq(tl_pf_gen_step(&g, &in, NULL), TL_ERR_NULL);
  static const struct { uint64_t a, s; uint32_t iter, kit; tl_status st; } e[] = {
    {0x5000, 0x1000, 0, 0, TL_ERR_PF_CONFIG},
    {0x5000, 0, 0, 8, TL_ERR_PF_CONFIG},
    {0x5000, 0x1000, 8, 8, TL_ERR_PF_ITER},
    {0x5000, 0x1000, 9, 8, TL_ERR_PF_ITER},
    {0xfffffffff000ull, 0x1000, 0, 8, TL_ERR_OVERFLOW},
  };
  for (size_t i = 0; i < sizeof e / sizeof e[0]; i++) {
    in = gen_in(1, e[i].a, e[i].iter, e[i].s, e[i].kit, 3, 0);
    cr_assert_eq(tl_pf_gen_step(&g, &in, &o), e[i].st, "case %zu", i);
    cr_assert_eq(g.busy, 0);
    in.dem_valid = 0;
    cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_OK);
    cr_assert_eq(o.err, e[i].st);
  }
  cr_assert_eq(g.stats.rejected, 5);
  /* a run that reaches 2^48: two prefetches, then TL_ERR_OVERFLOW */
  size_t n = gen_run(&g, gen_in(1, top - 3 * 0x1000 + 1, 0, 0x1000, 100, 10, 1), a, t, 8);
  cr_assert_eq(n, 2);
  cr_assert_eq(g.err, TL_ERR_OVERFLOW);
  cr_assert_eq(g.stats.overflows, 2);
  /* port widths */
  in = gen_in(1, 1ull << 48, 0, 1, 1, 1, 0);
  cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_ERR_RANGE);
  in = gen_in(1, 0, 0, 1ull << 48, 1, 1, 0);
  cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_ERR_RANGE);
  in = gen_in(1, 0, 1u << 16, 1, 1, 1, 0);
  cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_ERR_RANGE);
  in = gen_in(1, 0, 0, 1, 1, 1u << 16, 0);
  cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_ERR_RANGE);
  in = gen_in(1, 0, 0, 1, 1, 1, 2);
  cr_assert_eq(tl_pf_gen_step(&g, &in, &o), TL_ERR_RANGE);
  cr_assert_eq(g.stats.demands, 6, "nothing taken");
}

/* Why: the status codes the RTL err_o ports carry (tilelens_pf_degree.v,
 * tilelens_pf_gen.v localparams) and their names. */
Test(tilelens_pf, status_codes) {
  cr_assert_eq(TL_ERR_PF_CONFIG, 22);
  cr_assert_eq(TL_ERR_PF_ITER, 23);
  cr_assert_eq(TL_ERR_PF_RETIRE, 24);
  cr_assert_eq(TL_ERR_OVERFLOW, 10);
  cr_assert_lt(TL_STATUS_END, 1 << TL_PF_ERR_BITS);
  cr_assert_eq(strncmp(tl_status_str(TL_ERR_PF_CONFIG), "TL_ERR_PF_CONFIG:", 17), 0);
  cr_assert_eq(strncmp(tl_status_str(TL_ERR_PF_ITER), "TL_ERR_PF_ITER:", 15), 0);
  cr_assert_eq(strncmp(tl_status_str(TL_ERR_PF_RETIRE), "TL_ERR_PF_RETIRE:", 17), 0);
}

/* Why: the state is plain data: a byte copy taken mid-run continues
 * exactly like the original (what a checkpoint relies on). */
Test(tilelens_pf, plain_data_copy) {
  tl_pf_gen g, h;
  tl_pf_gen_out og, oh;
  cr_assert_eq(tl_pf_gen_init(&g, 8), TL_OK);
  tl_pf_gen_in in = gen_in(1, 0x40000, 0, 0x1000, 64, 9, 1);
  cr_assert_eq(tl_pf_gen_step(&g, &in, &og), TL_OK);
  in.dem_valid = 0;
  for (int i = 0; i < 4; i++) cr_assert_eq(tl_pf_gen_step(&g, &in, &og), TL_OK);
  memcpy(&h, &g, sizeof g);
  for (int i = 0; i < 30; i++) {
    in.pf_ready = (uint32_t)(i % 3 != 0);
    cr_assert_eq(tl_pf_gen_step(&g, &in, &og), TL_OK);
    cr_assert_eq(tl_pf_gen_step(&h, &in, &oh), TL_OK);
    cr_assert_eq(memcmp(&og, &oh, sizeof og), 0);
  }
  tl_pf_degree u, v;
  tl_pf_degree_out ou, ov;
  cr_assert_eq(tl_pf_degree_init(&u, 2, 1), TL_OK);
  tl_pf_degree_in di = deg_cfg(132, 1, 16, 140, 12000, 64);
  cr_assert_eq(tl_pf_degree_step(&u, &di, &ou), TL_OK);
  di = deg_idle();
  for (int i = 0; i < 7; i++) cr_assert_eq(tl_pf_degree_step(&u, &di, &ou), TL_OK);
  memcpy(&v, &u, sizeof u);
  for (int i = 0; i < 30; i++) {
    cr_assert_eq(tl_pf_degree_step(&u, &di, &ou), TL_OK);
    cr_assert_eq(tl_pf_degree_step(&v, &di, &ov), TL_OK);
    cr_assert_eq(memcmp(&ou, &ov, sizeof ou), 0);
  }
}

/* Why: the checkpoint mechanism: a saved and restored prefetcher continues
 * exactly as the original; a corrupted or foreign payload is refused. */
Test(tilelens_pf, checkpoint) {
  static unsigned char buf[4096];
  size_t len;
  tl_pf_gen g, h;
  tl_pf_gen_out og, oh;
  cr_assert_eq(tl_pf_gen_init(&g, 8), TL_OK);
  tl_pf_gen_in in = gen_in(1, 0x40000, 0, 0x1000, 64, 9, 1);
  cr_assert_eq(tl_pf_gen_step(&g, &in, &og), TL_OK);
  in.dem_valid = 0;
  for (int i = 0; i < 4; i++) cr_assert_eq(tl_pf_gen_step(&g, &in, &og), TL_OK);
  cr_assert_eq(tl_pf_gen_save(&g, buf, sizeof buf, &len), TL_OK);
  cr_assert_eq(len, TL_CKPT_HDR_BYTES + sizeof g);
  memset(&h, 0, sizeof h);
  cr_assert_eq(tl_pf_gen_restore(&h, buf, len), TL_OK);
  for (int i = 0; i < 30; i++) {
    in.pf_ready = (uint32_t)(i % 3 != 0);
    cr_assert_eq(tl_pf_gen_step(&g, &in, &og), TL_OK);
    cr_assert_eq(tl_pf_gen_step(&h, &in, &oh), TL_OK);
    cr_assert_eq(memcmp(&og, &oh, sizeof og), 0);
  }
  cr_assert_eq(memcmp(&g.stats, &h.stats, sizeof g.stats), 0);
  /* an unreachable state: k beyond the run */
  tl_pf_gen bad = g;
  bad.busy = 1; bad.k = 5; bad.last = 3;
  cr_assert_eq(tl_ckpt_save(TL_CKPT_PF_GEN, TL_CKPT_PF_GEN_LAYOUT, &bad, sizeof bad, buf, sizeof buf, &len), TL_OK);
  cr_assert_eq(tl_pf_gen_restore(&h, buf, len), TL_ERR_STATE);
  /* the degree unit; a generator payload is refused by it */
  tl_pf_degree u, v;
  tl_pf_degree_out ou, ov;
  cr_assert_eq(tl_pf_degree_restore(&v, buf, len), TL_ERR_STATE);
  cr_assert_eq(tl_pf_degree_init(&u, 2, 1), TL_OK);
  tl_pf_degree_in di = deg_cfg(132, 1, 16, 140, 12000, 64);
  cr_assert_eq(tl_pf_degree_step(&u, &di, &ou), TL_OK);
  di = deg_idle();
  for (int i = 0; i < 7; i++) cr_assert_eq(tl_pf_degree_step(&u, &di, &ou), TL_OK);
  cr_assert_eq(tl_pf_degree_save(&u, buf, sizeof buf, &len), TL_OK);
  cr_assert_eq(tl_pf_degree_restore(&v, buf, len), TL_OK);
  for (int i = 0; i < 30; i++) {
    cr_assert_eq(tl_pf_degree_step(&u, &di, &ou), TL_OK);
    cr_assert_eq(tl_pf_degree_step(&v, &di, &ov), TL_OK);
    cr_assert_eq(memcmp(&ou, &ov, sizeof ou), 0);
  }
  buf[TL_CKPT_HDR_BYTES + 4] ^= 1;                            /* checksum breaks */
  cr_assert_eq(tl_pf_degree_restore(&v, buf, len), TL_ERR_STATE);
  tl_pf_degree z;
  memset(&z, 0, sizeof z);
  cr_assert_eq(tl_pf_degree_save(&z, buf, sizeof buf, &len), TL_ERR_STATE);
  cr_assert_eq(tl_pf_degree_save(&u, buf, 8, &len), TL_ERR_LIMIT);
  cr_assert_eq(tl_pf_gen_save(NULL, buf, sizeof buf, &len), TL_ERR_NULL);
}
