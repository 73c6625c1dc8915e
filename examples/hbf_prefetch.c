/*
 * hbf_prefetch.c - the memory side of an HBF-augmented GPU running one tiled
 * GEMM, cycle by cycle, with the library's models: each CTA's weight tile
 * loads go through the TMA address unit (tl_tma_*, tile-major 4 KB tiles),
 * their 4 KB pages are the demand stream of the adaptive stride prefetcher
 * (tl_pf_degree_*, tl_pf_gen_*), and demands and prefetches miss into the
 * 4 KB-granularity MSHRs (tl_mshr_*) in front of a fixed-latency HBF.
 *
 * It is a demonstration of the paper's section 5.3 argument, not a
 * performance model: the L2 keeps every page (no capacity, no eviction),
 * compute takes a fixed time per K iteration, and the HBF is one bus that
 * starts at most one 4 KB read per cycle and returns it LAT cycles later
 * (no planes, no banks). Printed: the reads in flight over time, with the
 * degree unit (d follows Eq. 6 as CTAs retire) and with d fixed at the
 * value of a full GPU. In the kernel's tail (the last CTAs after the last
 * full wave) the fixed degree lets the bus drain; the adaptive one keeps
 * it busy.
 *
 * Setup: 132 SMs, one CTA per SM; 150 CTAs (one wave and a tail of 18);
 * BL = LAT = 2000 reads (1 read per cycle); 16 HBF channels, each with its
 * own MSHR (128 entries) and prefetch generator (a hash of the page
 * picks the channel). Kernels: Qwen-3's 128x256 BF16 weight tile (16 pages, K step
 * 8 KB, K/TILE_K = 16) and Llama-3.1's 64x128 tile (4 pages, K step 4 KB,
 * K/TILE_K = 128), weights tile-major in 64x32 memory tiles.
 *
 * Usage: hbf_prefetch [--every N]   (sample period in cycles, default 1000)
 * Exit status: 0, 1 on an internal inconsistency.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilelens.h"

#define NSM 132
#define NCTA 150
#define NCH 16
#define MSHR_ENTRIES 128
#define LAT 2000
#define COMPUTE 40           /* cycles of MMA per K iteration */
#define QCAP 65536           /* per-channel miss queue */
#define MAXPG 16             /* pages per box */

typedef struct {
  const char *name;
  uint32_t K, box_k, box_n, ptile;
} kernel;

typedef struct { uint64_t page[QCAP]; uint32_t head, n; } queue;

/* The HBF channel of a page: a multiplicative hash (the pages of one K
 * iteration share their low bits in tile-major order). */
static uint32_t chan(uint64_t page) { return (uint32_t)((page * 0x9E3779B97F4A7C15ull) >> 60); }

typedef struct {
  int live;                  /* a CTA occupies the slot */
  uint32_t cta, iter, wait;  /* wait: compute cycles left */
  int loading;               /* the TMA unit is streaming the box */
  uint64_t pages[MAXPG];
  uint32_t npages;
  tl_tma tma;
  tl_box box;
} slot;

typedef struct {
  kernel k;
  int adaptive;
  uint32_t fixed_d;
  tl_desc desc;
  uint64_t base_page, npages_total;
  uint8_t *state;            /* per page: 0 untouched, 1 requested, 2 in L2 */
  slot s[NSM];
  tl_mshr mshr[NCH];
  tl_pf_gen gen[NCH];
  tl_pf_degree deg;
  queue missq[NCH];
  queue demq[NCH];           /* demand page + iteration, packed */
  uint64_t pipe_page[LAT];   /* HBF: the read started LAT cycles ago returns */
  uint8_t pipe_valid[LAT];
  uint32_t inflight, next_cta, done_ctas, rr, retires;
  uint64_t cyc, reads, busy_cycles, tail_start, tail_reads;
} sim;

static int q_push(queue *q, uint64_t v) {
  if (q->n == QCAP) return 0;
  q->page[(q->head + q->n) % QCAP] = v;
  q->n++;
  return 1;
}
static uint64_t q_pop(queue *q) {
  uint64_t v = q->page[q->head];
  q->head = (q->head + 1) % QCAP;
  q->n--;
  return v;
}

/* A page is wanted: unless already requested or present, queue a miss. */
static void want(sim *m, uint64_t page) {
  uint64_t i = page - m->base_page;
  if (i >= m->npages_total || m->state[i]) return;
  m->state[i] = 1;
  if (!q_push(&m->missq[chan(page)], page)) { fprintf(stderr, "miss queue full\n"); exit(1); }
}

static void start_box(sim *m, slot *sl) {
  int32_t i = (int32_t)(sl->iter * m->k.box_k), j = (int32_t)(sl->cta * m->k.box_n);
  if (tl_box_2d(&sl->box, i, j, m->k.box_k, m->k.box_n, 0) != TL_OK) { fprintf(stderr, "box\n"); exit(1); }
  sl->loading = 1;
  sl->npages = 0;
  tl_tma_tick(&sl->tma, 1, 1, &m->desc, &sl->box);
}

static void launch(sim *m, slot *sl) {
  memset(&sl->box, 0, sizeof sl->box);
  sl->live = 1;
  sl->cta = m->next_cta++;
  sl->iter = 0;
  sl->wait = 0;
  start_box(m, sl);
}

static int run(sim *m, uint32_t every) {
  const kernel *k = &m->k;
  uint64_t N = (uint64_t)NCTA * k->box_n;
  if (tl_desc_matrix_tiled(&m->desc, 1ull << 30, k->K, N, 2, 64, 32) != TL_OK) return 1;
  m->base_page = m->desc.base >> 12;
  m->npages_total = (uint64_t)k->K * N * 2 / 4096;
  m->state = calloc(m->npages_total, 1);
  if (!m->state) return 1;
  uint32_t kiters = k->K / k->box_k;
  uint64_t stride = (uint64_t)k->box_k / 64 * 4096;     /* the next K step's page */
  for (int c = 0; c < NCH; c++) {
    if (tl_mshr_init(&m->mshr[c], MSHR_ENTRIES, TL_MSHR_PAGE_BITS_DEFAULT) != TL_OK) return 1;
    if (tl_pf_gen_init(&m->gen[c], TL_PF_FILTER_DEFAULT) != TL_OK) return 1;
  }
  if (tl_pf_degree_init(&m->deg, TL_PF_FACTOR_DEFAULT, TL_PF_QBITS_DEFAULT) != TL_OK) return 1;
  tl_pf_degree_in din = {1, 1, NSM, 1, k->ptile, NCTA, LAT, kiters, 0};
  tl_pf_degree_out dout;
  tl_pf_degree_step(&m->deg, &din, &dout);
  din.cfg_valid = 0;
  for (int i = 0; i < NSM; i++) tl_tma_reset(&m->s[i].tma);
  for (int i = 0; i < NSM && m->next_cta < NCTA; i++) launch(m, &m->s[i]);
  printf("  %8s %9s %5s %6s  %s\n", "cycle", "in flight", "CTAs", "degree", "reads in flight (# = 100)");
  while (m->done_ctas < NCTA) {
    /* the degree unit: one retire per cycle at most */
    din.retire = m->retires > 0;
    if (din.retire) m->retires--;
    tl_pf_degree_step(&m->deg, &din, &dout);
    uint32_t d = m->adaptive ? dout.degree : m->fixed_d;
    /* CTAs: stream the box through the TMA unit, wait for its pages, compute */
    uint32_t live = 0;
    for (int i = 0; i < NSM; i++) {
      slot *sl = &m->s[i];
      if (!sl->live) continue;
      live++;
      if (sl->loading) {
        tl_tma_tick(&sl->tma, 0, 1, &m->desc, &sl->box);
        if (sl->tma.valid) {
          uint64_t pg = sl->tma.req.src >> 12;
          if (!sl->npages || sl->pages[sl->npages - 1] != pg) {
            int seen = 0;
            for (uint32_t q = 0; q < sl->npages; q++) seen |= sl->pages[q] == pg;
            if (!seen && sl->npages < MAXPG) {
              sl->pages[sl->npages++] = pg;
              want(m, pg);
              q_push(&m->demq[chan(pg)], pg << 16 | sl->iter);
            }
          }
        }
        if (!sl->tma.busy && sl->tma.done) { sl->loading = 0; sl->wait = COMPUTE; }
        continue;
      }
      int ready = 1;
      for (uint32_t q = 0; q < sl->npages; q++) ready &= m->state[sl->pages[q] - m->base_page] == 2;
      if (!ready) continue;
      if (sl->wait) { sl->wait--; continue; }
      if (++sl->iter < kiters) { start_box(m, sl); continue; }
      sl->live = 0;                                 /* retired */
      m->done_ctas++;
      m->retires++;
      if (m->next_cta < NCTA) launch(m, sl);
    }
    if (m->next_cta == NCTA && !m->tail_start && live < NSM) m->tail_start = m->cyc;
    /* memory side, per channel: prefetch generator, MSHR */
    uint64_t fill_page = 0;
    int fill = m->pipe_valid[m->cyc % LAT];
    if (fill) {
      fill_page = m->pipe_page[m->cyc % LAT];
      m->pipe_valid[m->cyc % LAT] = 0;
      m->state[fill_page - m->base_page] = 2;
      m->inflight--;
    }
    int started = 0;
    for (int c0 = 0; c0 < NCH; c0++) {
      int c = (c0 + (int)m->rr) % NCH;
      tl_pf_gen_in gi = {1, 0, 0, 0, stride, kiters, d, 0, 1};
      if (m->demq[c].n) {
        uint64_t v = m->demq[c].page[m->demq[c].head];
        gi.dem_valid = 1;
        gi.dem_addr = (v >> 16) << 12;
        gi.dem_iter = (uint32_t)(v & 0xffff);
      }
      tl_pf_gen_out go;
      int took = !m->gen[c].busy && gi.dem_valid;
      tl_pf_gen_step(&m->gen[c], &gi, &go);
      if (took) q_pop(&m->demq[c]);
      if (go.pf_valid) want(m, go.pf_addr >> 12);
      tl_mshr_in mi = {1, 0, 0, 0, 0, 0, 0, 1};
      if (m->missq[c].n) { mi.miss_valid = 1; mi.miss_page = m->missq[c].page[m->missq[c].head]; }
      mi.mem_ready = !started;                      /* the bus starts one read per cycle */
      if (fill && chan(fill_page) == (uint32_t)c) { mi.fill_valid = 1; mi.fill_page = fill_page; }
      tl_mshr_out mo;
      if (tl_mshr_step(&m->mshr[c], &mi, &mo) != TL_OK) { fprintf(stderr, "mshr\n"); return 1; }
      if (mi.miss_valid && mo.miss_ready) q_pop(&m->missq[c]);
      if (mo.mem_valid && mi.mem_ready) {
        started = 1;
        m->pipe_page[m->cyc % LAT] = mo.mem_page;
        m->pipe_valid[m->cyc % LAT] = 1;
        m->inflight++;
        m->reads++;
        if (m->tail_start) m->tail_reads++;
      }
    }
    m->rr++;
    if (started) m->busy_cycles++;
    if (m->cyc % every == 0) {
      char bar[64];
      uint32_t n = m->inflight / 100;
      if (n > 40) n = 40;
      memset(bar, '#', n);
      bar[n] = 0;
      printf("  %8" PRIu64 " %9u %5u %6u  %s\n", m->cyc, m->inflight, live, d, bar);
    }
    m->cyc++;
    if (m->cyc > 5000000) { fprintf(stderr, "no progress\n"); return 1; }
  }
  free(m->state);
  return 0;
}

int main(int argc, char **argv) {
  uint32_t every = 1000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--every") && i + 1 < argc) every = (uint32_t)strtoul(argv[++i], NULL, 10);
    else { fprintf(stderr, "usage: hbf_prefetch [--every N]\n"); return 1; }
  }
  if (!every) every = 1000;
  static const kernel ks[2] = {{"Qwen-3 128x256 BF16 tile", 2048, 128, 256, 16},
                               {"Llama-3.1 64x128 BF16 tile", 8192, 64, 128, 4}};
  printf("HBF prefetch demonstration (not a performance claim: fixed-latency HBF, unbounded L2)\n");
  printf("132 SMs x 1 CTA, %d CTAs, HBF latency %d cycles, 1 read started per cycle: BL = %d\n\n", NCTA, LAT, LAT);
  for (int ki = 0; ki < 2; ki++) {
    uint32_t dfull = (uint32_t)tl_pf_degree_eq6(LAT, (uint64_t)NSM * ks[ki].ptile, ks[ki].K / ks[ki].box_k, 2);
    uint64_t cycles[2], tail[2], tail_reads[2];
    (void)tail_reads;
    for (int ad = 1; ad >= 0; ad--) {
      sim *m = calloc(1, sizeof *m);
      if (!m) return 1;
      m->k = ks[ki];
      m->adaptive = ad;
      m->fixed_d = dfull;
      printf("%s, K/TILE_K = %u, %s:\n", ks[ki].name, ks[ki].K / ks[ki].box_k,
             ad ? "degree unit (Eq. 6, follows retiring CTAs)" : "degree fixed at the full-GPU value");
      if (run(m, every)) { free(m); return 1; }
      cycles[ad] = m->cyc;
      tail[ad] = m->cyc - m->tail_start;
      tail_reads[ad] = m->tail_reads;
      printf("  kernel %" PRIu64 " cycles, %" PRIu64 " reads; tail (fewer CTAs than SMs) %" PRIu64
             " cycles, bus busy %.0f%% of it\n\n",
             m->cyc, m->reads, tail[ad], tail[ad] ? 100.0 * (double)tail_reads[ad] / (double)tail[ad] : 0.0);
      free(m);
    }
    printf("%s: fixed d = %u; kernel %" PRIu64 " cycles with the degree unit, %" PRIu64
           " with d fixed (tail %" PRIu64 " vs %" PRIu64 ")\n\n", ks[ki].name, dfull, cycles[1], cycles[0], tail[1], tail[0]);
  }
  return 0;
}
