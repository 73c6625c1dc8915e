/*
 * tma_trace.c - trace-driven use of the TileLens C model, the way the memory
 * model of a cycle-level GPU simulator (Macsim, Accel-Sim) calls it.
 *
 * The trace (CSV, see traces/llm_weight_tiles.csv) declares weight matrices
 * and TMA box loads on them. Every load is replayed under three global-memory
 * layouts of the same matrix:
 *
 *   col   column-major (K contiguous): standard TMA, dims (K, N)
 *   row   row-major (N contiguous):    standard TMA, dims (N, K), box transposed
 *   tile  tile-major, a x b memory tiles: TileLens-HW, the column-major
 *         descriptor with tile_major = 1 (the kernel is unchanged)
 *
 * For each layout the load is stepped one cycle at a time through the
 * library's TMA address unit (tl_tma_tick, always ready): each request is
 * split into the 4 KB pages and 32 B sectors it touches (tl_req_blocks) and
 * the pages go through a per-load miss table (a page already requested by
 * this load merges). The result is checked against tl_box_pages(), the
 * library's one-call summary. Output per load and layout: requests, bubbles,
 * distinct pages (listed as runs, relative to the matrix base), bytes fetched
 * and the read amplification (fetched / used); totals at the end.
 *
 * Usage: tma_trace [--requests] [--load N] [--page-bits B] TRACE.csv
 *   --requests   also print every cycle of the request stream
 *   --load N     replay only the N-th load record (1-based)
 *   --page-bits  log2 of the page size (default 12: 4 KB)
 * Exit status: 0, 1 on an internal inconsistency, 2 on a bad trace.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilelens.h"

#define MAX_TENSORS 64
#define NAME_LEN 64
#define LINE_LEN 512
#define LOG2_SECTOR 5
#define NLAYOUTS 3
/* a request is at most 256 elements of 8 B: 2 KB, 129 pages of 16 B */
#define MAX_REQ_PAGES 160

enum { LAYOUT_COL, LAYOUT_ROW, LAYOUT_TILE };
static const char *const layout_name[NLAYOUTS] = {"col", "row", "tile"};

typedef struct {
  char name[NAME_LEN];
  uint64_t K, N, elem_bytes, base, a, b;
} tensor;

typedef struct {
  uint64_t loads, rejected, requests, bubbles, pages, sectors, used, fetched;
} totals;

typedef struct {
  int print_requests;
  long only_load;
  uint32_t log2_page;
} options;

static uint32_t log2_exact(uint64_t x) {
  uint32_t n = 0;
  while (x > 1) { x >>= 1; n++; }
  return n;
}

/* The descriptor and box of one load under one layout. */
static void make_load(const tensor *t, int layout, uint64_t k, uint64_t n, uint32_t box_k,
                      uint32_t box_n, uint32_t smem, uint32_t log2_page, tl_desc *d, tl_box *bx) {
  memset(d, 0, sizeof *d);
  memset(bx, 0, sizeof *bx);
  d->base = t->base;
  d->rank = 2;
  d->elem_bytes = (uint32_t)t->elem_bytes;
  bx->smem_base = smem;
  if (layout == LAYOUT_ROW) {
    d->dim[0] = t->N; d->dim[1] = t->K;
    d->stride[1] = t->N * t->elem_bytes;
    bx->coord[0] = (int32_t)n; bx->coord[1] = (int32_t)k;
    bx->box[0] = box_n; bx->box[1] = box_k;
    return;
  }
  d->dim[0] = t->K; d->dim[1] = t->N;
  d->stride[1] = t->K * t->elem_bytes;
  bx->coord[0] = (int32_t)k; bx->coord[1] = (int32_t)n;
  bx->box[0] = box_k; bx->box[1] = box_n;
  if (layout == LAYOUT_TILE) {
    d->tile_major = 1;
    d->log2_a = log2_exact(t->a);
    d->log2_b = log2_exact(t->b);
    d->log2_granule = log2_page;
    d->lead_stride = t->K * t->elem_bytes;
  }
}

static int cmp_u64(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return (a > b) - (a < b);
}

/* Prints sorted page numbers as runs "first-last/step" (step 1 omitted). */
static void print_page_runs(const uint64_t *p, size_t n) {
  const size_t max_runs = 6;
  size_t i = 0, runs = 0;
  printf("        pages:");
  while (i < n) {
    size_t j = i + 1;
    uint64_t step = j < n ? p[j] - p[i] : 1;
    while (j < n && p[j] - p[j - 1] == step) j++;
    if (j - i == 2 && step != 1) { j = i + 1; step = 1; } /* a pair is two singles */
    if (runs < max_runs) {
      if (j - i == 1) printf(" %" PRIu64, p[i]);
      else if (step == 1) printf(" %" PRIu64 "-%" PRIu64, p[i], p[j - 1]);
      else printf(" %" PRIu64 "-%" PRIu64 "/%" PRIu64, p[i], p[j - 1], step);
    }
    runs++;
    i = j;
  }
  if (runs > max_runs) printf(" ... (%zu runs)", runs);
  printf("\n");
}

/* Replays one load under one layout; returns 0, or 1 on an inconsistency. */
static int replay(const tensor *t, int layout, const tl_desc *d, const tl_box *bx,
                  const options *o, totals *tot) {
  tl_tma u;  /* the TMA address unit, one tick per cycle, always ready */
  tl_tma_reset(&u);
  tl_status st = tl_tma_tick(&u, 1, 1, d, bx);  /* the start handshake */
  if (st != TL_OK) {
    printf("  %-4s: rejected, %s\n", layout_name[layout], tl_status_str(st));
    tot->rejected++;
    return 0;
  }
  uint64_t page = 1ull << o->log2_page;
  size_t cap = 1024, npages = 0;
  uint64_t *miss = malloc(cap * sizeof *miss);
  if (!miss) { fprintf(stderr, "tma_trace: out of memory\n"); exit(1); }
  uint64_t cycle = 0, requests = 0, bubbles = 0, sectors = 0, used = 0;
  tl_req r, first = {0, 0, 0}, last = {0, 0, 0};
  while (u.busy) {
    if (tl_tma_tick(&u, 0, 1, NULL, NULL) != TL_OK) { fprintf(stderr, "tma_trace: unit error\n"); exit(1); }
    r = u.req;
    if (u.kind == TL_STEP_DONE) {  /* the cycle after the start: no step in the request register yet */
      cycle++;
      continue;
    }
    if (u.kind == TL_STEP_BUBBLE) {
      if (o->print_requests) printf("        cycle %4" PRIu64 ": bubble\n", cycle);
      bubbles++;
      cycle++;
      continue;
    }
    if (requests == 0) first = r;
    last = r;
    requests++;
    used += r.bytes;
    sectors += tl_req_blocks(&r, LOG2_SECTOR, NULL, 0);
    uint64_t blk[MAX_REQ_PAGES];
    size_t nb = tl_req_blocks(&r, o->log2_page, blk, MAX_REQ_PAGES);
    if (nb > MAX_REQ_PAGES) { fprintf(stderr, "tma_trace: request spans %zu pages\n", nb); exit(1); }
    size_t merged = 0;
    for (size_t q = 0; q < nb; q++) {
      size_t m = 0;
      while (m < npages && miss[m] != blk[q]) m++;
      if (m < npages) { merged++; continue; }
      if (npages == cap) {
        cap *= 2;
        uint64_t *nm = realloc(miss, cap * sizeof *nm);
        if (!nm) { fprintf(stderr, "tma_trace: out of memory\n"); exit(1); }
        miss = nm;
      }
      miss[npages++] = blk[q];
    }
    if (o->print_requests)
      printf("        cycle %4" PRIu64 ": src=0x%" PRIx64 " dst=0x%" PRIx32 " %4" PRIu32
             " B  page %" PRIu64 "%s\n", cycle, r.src, r.dst, r.bytes,
             (blk[0] - t->base) >> o->log2_page, merged == nb ? " (merged)" : "");
    cycle++;
  }

  /* The same load through the one-call summary must agree. */
  tl_page_stats ps;
  uint64_t *lib_pages = malloc((npages ? npages : 1) * sizeof *lib_pages);
  if (!lib_pages) { fprintf(stderr, "tma_trace: out of memory\n"); exit(1); }
  st = tl_box_pages(d, bx, o->log2_page, lib_pages, npages, &ps);
  qsort(miss, npages, sizeof *miss, cmp_u64);
  int bad = st != TL_OK || ps.requests != requests || ps.bubbles != bubbles ||
            ps.pages != npages || ps.bytes_used != used ||
            (npages && memcmp(lib_pages, miss, npages * sizeof *miss) != 0);
  if (bad) printf("  %-4s: INCONSISTENT with tl_box_pages (%s)\n", layout_name[layout],
                  tl_status_str(st));

  uint64_t fetched = (uint64_t)npages * page;
  double amp = used ? (double)fetched / (double)used : 0.0;
  printf("  %-4s: %4" PRIu64 " req %3" PRIu64 " bubbles %5" PRIu64 " sectors %4zu pages "
         "%8" PRIu64 " B fetched %6.2fx  first 0x%" PRIx64 "+%" PRIu32 " last 0x%" PRIx64
         "+%" PRIu32 "\n", layout_name[layout], requests, bubbles, sectors, npages, fetched,
         amp, first.src, first.bytes, last.src, last.bytes);
  for (size_t q = 0; q < npages; q++) miss[q] = (miss[q] - t->base) >> o->log2_page;
  print_page_runs(miss, npages);
  free(lib_pages);
  free(miss);

  tot->loads++;
  tot->requests += requests;
  tot->bubbles += bubbles;
  tot->pages += npages;
  tot->sectors += sectors;
  tot->used += used;
  tot->fetched += fetched;
  return bad;
}

/* Splits a CSV line in place; returns the number of fields. */
static int split_csv(char *line, char **f, int maxf) {
  int n = 0;
  char *p = line;
  while (n < maxf) {
    while (*p == ' ' || *p == '\t') p++;
    f[n++] = p;
    char *c = strchr(p, ',');
    char *e = c ? c : p + strlen(p);
    while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n')) e--;
    if (!c) { *e = '\0'; break; }
    *e = '\0';
    p = c + 1;
  }
  return n;
}

static int parse_u64(const char *s, uint64_t *v) {
  char *end;
  if (!*s || *s == '-') return 0;
  *v = strtoull(s, &end, 0);
  return *end == '\0';
}

static void usage(FILE *f) {
  fprintf(f, "usage: tma_trace [--requests] [--load N] [--page-bits B] TRACE.csv\n"
             "Replays the TMA box loads of TRACE.csv through the TileLens C model under\n"
             "column-major, row-major and tile-major layout and prints per load the\n"
             "requests, the distinct pages and the read amplification.\n");
}

int main(int argc, char **argv) {
  options o = {0, 0, 12};
  const char *path = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(stdout); return 0; }
    if (!strcmp(argv[i], "--requests")) o.print_requests = 1;
    else if (!strcmp(argv[i], "--load") && i + 1 < argc) o.only_load = atol(argv[++i]);
    else if (!strcmp(argv[i], "--page-bits") && i + 1 < argc) o.log2_page = (uint32_t)atoi(argv[++i]);
    else if (argv[i][0] != '-' && !path) path = argv[i];
    else { usage(stderr); return 2; }
  }
  if (!path || o.log2_page < 4 || o.log2_page > 16) { usage(stderr); return 2; }
  FILE *in = fopen(path, "r");
  if (!in) { fprintf(stderr, "tma_trace: cannot open %s\n", path); return 2; }

  static tensor tensors[MAX_TENSORS];
  int ntensors = 0, bad = 0;
  long lineno = 0, nload = 0;
  totals tot[NLAYOUTS];
  memset(tot, 0, sizeof tot);
  char line[LINE_LEN];
  printf("TileLens TMA trace replay, %" PRIu64 " B pages, %d B sectors\n",
         (uint64_t)1 << o.log2_page, 1 << LOG2_SECTOR);
  printf("layouts: col = column-major (K contiguous), row = row-major (N contiguous), "
         "tile = tile-major a x b memory tiles\n");
  while (fgets(line, sizeof line, in)) {
    lineno++;
    char *f[10];
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0') continue;
    int nf = split_csv(p, f, 10);
    if (!strcmp(f[0], "tensor")) {
      tensor t;
      memset(&t, 0, sizeof t);
      if (nf != 8 || ntensors == MAX_TENSORS || strlen(f[1]) >= NAME_LEN ||
          !parse_u64(f[2], &t.K) || !parse_u64(f[3], &t.N) || !parse_u64(f[4], &t.elem_bytes) ||
          !parse_u64(f[5], &t.base) || !parse_u64(f[6], &t.a) || !parse_u64(f[7], &t.b) ||
          t.elem_bytes == 0 || t.a == 0 || t.b == 0 || (t.a & (t.a - 1)) || (t.b & (t.b - 1))) {
        fprintf(stderr, "%s:%ld: bad tensor record\n", path, lineno);
        fclose(in);
        return 2;
      }
      memcpy(t.name, f[1], strlen(f[1]) + 1);
      tensors[ntensors++] = t;
      printf("\ntensor %s: K=%" PRIu64 " N=%" PRIu64 ", %" PRIu64 " B elements, base 0x%" PRIx64
             ", memory tile %" PRIu64 "x%" PRIu64 "\n", t.name, t.K, t.N, t.elem_bytes, t.base,
             t.a, t.b);
    } else if (!strcmp(f[0], "load")) {
      uint64_t k, n, bk, bn, smem;
      const tensor *t = NULL;
      for (int q = 0; q < ntensors; q++)
        if (!strcmp(tensors[q].name, f[1])) t = &tensors[q];
      if (nf < 7 || nf > 8 || !t || !parse_u64(f[2], &k) || !parse_u64(f[3], &n) ||
          !parse_u64(f[4], &bk) || !parse_u64(f[5], &bn) || !parse_u64(f[6], &smem) ||
          k > INT32_MAX || n > INT32_MAX || bk > UINT32_MAX || bn > UINT32_MAX ||
          smem > UINT32_MAX) {
        fprintf(stderr, "%s:%ld: bad load record%s\n", path, lineno, t ? "" : " (unknown tensor)");
        fclose(in);
        return 2;
      }
      nload++;
      if (o.only_load && nload != o.only_load) continue;
      printf("\nload %ld: %s k=%" PRIu64 " n=%" PRIu64 " box %" PRIu64 "x%" PRIu64
             " (%" PRIu64 " B) smem 0x%" PRIx64 "%s%s\n", nload, t->name, k, n, bk, bn,
             bk * bn * t->elem_bytes, smem, nf == 8 ? ": " : "", nf == 8 ? f[7] : "");
      for (int l = 0; l < NLAYOUTS; l++) {
        tl_desc d;
        tl_box bx;
        make_load(t, l, k, n, (uint32_t)bk, (uint32_t)bn, (uint32_t)smem, o.log2_page, &d, &bx);
        bad |= replay(t, l, &d, &bx, &o, &tot[l]);
      }
    } else {
      fprintf(stderr, "%s:%ld: unknown record '%s'\n", path, lineno, f[0]);
      fclose(in);
      return 2;
    }
  }
  fclose(in);

  printf("\ntotals over %ld loads:\n", o.only_load ? 1L : nload);
  for (int l = 0; l < NLAYOUTS; l++) {
    const totals *s = &tot[l];
    printf("  %-4s: %3" PRIu64 " loads + %" PRIu64 " rejected %6" PRIu64 " req %4" PRIu64
           " bubbles %6" PRIu64 " pages %10" PRIu64 " B used %10" PRIu64 " B fetched %6.2fx\n",
           layout_name[l], s->loads, s->rejected, s->requests, s->bubbles, s->pages, s->used,
           s->fetched, s->used ? (double)s->fetched / (double)s->used : 0.0);
  }
  if (bad) printf("INCONSISTENT: the stepped stream and tl_box_pages disagree\n");
  return bad ? 1 : 0;
}
