/*
 * tilelens_pagemap.c - draws, as an SVG picture, which granule pages (4 KB by
 * default) one compute tile's TMA load touches under column-major, row-major
 * and tile-major layout of the same K x N weight matrix, with the fetched but
 * unused (amplified) bytes shaded. The pages come from the TileLens C model
 * (tl_box_pages); the drawing maps each page back to the matrix elements it
 * holds and checks that the used bytes it draws add up to the model's figure.
 * See --help. Also prints one summary line per layout on stdout.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilelens.h"

enum { LAYOUT_COL, LAYOUT_ROW, LAYOUT_TILE, NLAYOUTS };
static const char *const layout_title[NLAYOUTS] = {"column-major", "row-major", "tile-major"};

typedef struct { uint64_t i0, i1, j0, j1; } rect; /* inclusive element ranges */

typedef struct {
  uint64_t K, N, s, a, b, box_k, box_n, k, n;
  uint32_t lg;
} config;

typedef struct {
  tl_page_stats st;
  uint64_t *pages; /* relative page numbers */
  rect *rects;     /* page footprints */
  uint32_t *owner; /* page index of each rect */
  size_t nrects;
  rect win;        /* bounding box of the footprints */
  uint64_t drawn_used;
} panel;

static void usage(FILE *f) {
  fprintf(f,
    "usage: tilelens-pagemap [options] [-o FILE.svg]\n"
    "Draws which granule pages one compute tile's TMA load touches in a K x N\n"
    "weight matrix under column-major (K contiguous), row-major (N contiguous) and\n"
    "tile-major (a x b memory tiles) layout; fetched but unused bytes are shaded.\n"
    "\n"
    "  --matrix KxN     matrix size in elements (default 2048x4096)\n"
    "  --elem S         element size in bytes (default 2, BF16)\n"
    "  --box KxN        compute tile loaded by the TMA (default 128x256)\n"
    "  --at k,n         start of the tile (default 512,1024)\n"
    "  --mem-tile AxB   tile-major memory tile, a along K (default 64x32)\n"
    "  --page-bits N    page = granule = 2^N bytes (default 12)\n"
    "  -o FILE          SVG output (default: stdout)\n"
    "  --help           this text\n"
    "Exit status: 0 ok, 1 the model rejected a load or the drawing disagrees with\n"
    "it, 2 bad command line.\n");
}

static int parse_pair(const char *s, uint64_t *x, uint64_t *y) {
  char *end;
  if (*s == '-') return 0;
  *x = strtoull(s, &end, 0);
  if (*end != 'x' && *end != ',') return 0;
  const char *t = end + 1;
  if (*t == '-' || !*t) return 0;
  *y = strtoull(t, &end, 0);
  return *end == '\0';
}

static uint32_t ilog2(uint64_t x) {
  uint32_t n = 0;
  while (x > 1) { x >>= 1; n++; }
  return n;
}

static void build(const config *c, int layout, tl_desc *d, tl_box *bx) {
  memset(d, 0, sizeof *d);
  memset(bx, 0, sizeof *bx);
  d->rank = 2;
  d->elem_bytes = (uint32_t)c->s;
  d->base = 0;
  if (layout == LAYOUT_ROW) {
    d->dim[0] = c->N; d->dim[1] = c->K; d->stride[1] = c->N * c->s;
    bx->box[0] = (uint32_t)c->box_n; bx->box[1] = (uint32_t)c->box_k;
    bx->coord[0] = (int32_t)c->n; bx->coord[1] = (int32_t)c->k;
    return;
  }
  d->dim[0] = c->K; d->dim[1] = c->N; d->stride[1] = c->K * c->s;
  bx->box[0] = (uint32_t)c->box_k; bx->box[1] = (uint32_t)c->box_n;
  bx->coord[0] = (int32_t)c->k; bx->coord[1] = (int32_t)c->n;
  if (layout == LAYOUT_TILE) {
    d->tile_major = 1;
    d->log2_a = ilog2(c->a);
    d->log2_b = ilog2(c->b);
    d->log2_granule = c->lg;
    d->lead_stride = c->K * c->s;
  }
}

static void add_rect(panel *p, uint32_t page, uint64_t i0, uint64_t i1, uint64_t j0, uint64_t j1) {
  rect r = {i0, i1, j0, j1};
  p->owner[p->nrects] = page;
  p->rects[p->nrects++] = r;
}

/* The elements of page pg under a linear layout whose contiguous dimension
 * has `inner` elements: up to three rectangles (partial, full, partial). */
static void linear_page(panel *p, uint32_t q, uint64_t pg, const config *c, int row_major) {
  uint64_t per = (1ull << c->lg) / c->s, total = c->K * c->N;
  uint64_t e0 = pg * per, e1 = e0 + per - 1;
  if (e1 >= total) e1 = total - 1;
  uint64_t inner = row_major ? c->N : c->K;
  uint64_t o0 = e0 / inner, o1 = e1 / inner, x0 = e0 % inner, x1 = e1 % inner;
  rect parts[3];
  int n = 0;
  if (o0 == o1) {
    parts[n++] = (rect){x0, x1, o0, o0};
  } else {
    uint64_t first = o0, last = o1;
    if (x0 != 0) { parts[n++] = (rect){x0, inner - 1, o0, o0}; first++; }
    if (x1 != inner - 1) { parts[n++] = (rect){0, x1, o1, o1}; last--; }
    if (first <= last && last != UINT64_MAX) parts[n++] = (rect){0, inner - 1, first, last};
  }
  for (int k = 0; k < n; k++) {
    /* (x, o) is (i, j) in column-major and (j, i) in row-major */
    if (row_major) add_rect(p, q, parts[k].j0, parts[k].j1, parts[k].i0, parts[k].i1);
    else add_rect(p, q, parts[k].i0, parts[k].i1, parts[k].j0, parts[k].j1);
  }
}

static uint64_t overlap(uint64_t a0, uint64_t a1, uint64_t b0, uint64_t b1) {
  uint64_t lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;
  return lo <= hi ? hi - lo + 1 : 0;
}

static int make_panel(const config *c, int layout, panel *p) {
  tl_desc d;
  tl_box bx;
  build(c, layout, &d, &bx);
  memset(p, 0, sizeof *p);
  tl_status st = tl_box_pages(&d, &bx, c->lg, NULL, 0, &p->st);
  if (st != TL_OK) {
    fprintf(stderr, "tilelens-pagemap: %s load rejected: %s\n", layout_title[layout], tl_status_str(st));
    return 1;
  }
  size_t np = p->st.pages;
  p->pages = malloc((np ? np : 1) * sizeof *p->pages);
  p->rects = malloc((3 * np + 1) * sizeof *p->rects);
  p->owner = malloc((3 * np + 1) * sizeof *p->owner);
  if (!p->pages || !p->rects || !p->owner) { fprintf(stderr, "tilelens-pagemap: out of memory\n"); return 1; }
  tl_box_pages(&d, &bx, c->lg, p->pages, np, &p->st);
  for (size_t q = 0; q < np; q++) {
    uint64_t pg = (p->pages[q] - d.base) >> c->lg;
    p->pages[q] = pg;
    if (layout == LAYOUT_TILE) {
      uint64_t tiles_per_col = c->K / c->a, ti = pg % tiles_per_col, tj = pg / tiles_per_col;
      add_rect(p, (uint32_t)q, ti * c->a, ti * c->a + c->a - 1, tj * c->b, tj * c->b + c->b - 1);
    } else {
      linear_page(p, (uint32_t)q, pg, c, layout == LAYOUT_ROW);
    }
  }
  p->win = (rect){UINT64_MAX, 0, UINT64_MAX, 0};
  uint64_t ti1 = c->k + c->box_k - 1, tj1 = c->n + c->box_n - 1;
  if (ti1 >= c->K) ti1 = c->K - 1;
  if (tj1 >= c->N) tj1 = c->N - 1;
  for (size_t q = 0; q < p->nrects; q++) {
    const rect *r = &p->rects[q];
    if (r->i0 < p->win.i0) p->win.i0 = r->i0;
    if (r->i1 > p->win.i1) p->win.i1 = r->i1;
    if (r->j0 < p->win.j0) p->win.j0 = r->j0;
    if (r->j1 > p->win.j1) p->win.j1 = r->j1;
    p->drawn_used += overlap(r->i0, r->i1, c->k, ti1) * overlap(r->j0, r->j1, c->n, tj1) * c->s;
  }
  if (p->drawn_used != p->st.bytes_used) {
    fprintf(stderr, "tilelens-pagemap: %s: drawn used bytes %" PRIu64 " != model %" PRIu64 "\n",
            layout_title[layout], p->drawn_used, p->st.bytes_used);
    return 1;
  }
  return 0;
}

static const char *human(uint64_t bytes, char *buf, size_t n) {
  if (bytes >= (1ull << 20) && bytes % (1ull << 20) == 0) snprintf(buf, n, "%" PRIu64 " MB", bytes >> 20);
  else if (bytes >= 1024 && bytes % 1024 == 0) snprintf(buf, n, "%" PRIu64 " KB", bytes >> 10);
  else snprintf(buf, n, "%" PRIu64 " B", bytes);
  return buf;
}

#define PANEL_MAX_PX 720.0
#define MARGIN 40.0
#define GAP 60.0
#define HEAD 56.0

int main(int argc, char **argv) {
  config c = {2048, 4096, 2, 64, 32, 128, 256, 512, 1024, 12};
  const char *out_path = NULL;
  for (int i = 1; i < argc; i++) {
    const char *o = argv[i];
    if (!strcmp(o, "--help") || !strcmp(o, "-h")) { usage(stdout); return 0; }
    if (i + 1 >= argc) { fprintf(stderr, "tilelens-pagemap: bad option %s (try --help)\n", o); return 2; }
    const char *v = argv[++i];
    int ok = 1;
    uint64_t x;
    char *end;
    if (!strcmp(o, "--matrix")) ok = parse_pair(v, &c.K, &c.N);
    else if (!strcmp(o, "--box")) ok = parse_pair(v, &c.box_k, &c.box_n);
    else if (!strcmp(o, "--at")) ok = parse_pair(v, &c.k, &c.n);
    else if (!strcmp(o, "--mem-tile")) ok = parse_pair(v, &c.a, &c.b);
    else if (!strcmp(o, "--elem")) { c.s = strtoull(v, &end, 0); ok = !*end && *v != '-'; }
    else if (!strcmp(o, "--page-bits")) { x = strtoull(v, &end, 0); ok = !*end && x >= 4 && x <= 16; c.lg = (uint32_t)x; }
    else if (!strcmp(o, "-o")) out_path = v;
    else ok = 0;
    if (!ok) { fprintf(stderr, "tilelens-pagemap: bad %s %s (try --help)\n", o, v); return 2; }
  }
  if (c.s == 0 || c.s > 8 || c.K == 0 || c.N == 0 || c.K > (1ull << 32) || c.N > (1ull << 32) ||
      c.a == 0 || c.b == 0 || (c.a & (c.a - 1)) || (c.b & (c.b - 1)) || c.k > INT32_MAX ||
      c.n > INT32_MAX || c.box_k == 0 || c.box_n == 0 || c.k >= c.K || c.n >= c.N) {
    fprintf(stderr, "tilelens-pagemap: matrix, tile or memory tile out of range (try --help)\n");
    return 2;
  }

  panel p[NLAYOUTS];
  memset(p, 0, sizeof p);
  for (int l = 0; l < NLAYOUTS; l++)
    if (make_panel(&c, l, &p[l])) {
      for (int q = 0; q <= l; q++) { free(p[q].pages); free(p[q].rects); free(p[q].owner); }
      return 1;
    }

  /* One scale for all panels, so that their sizes compare. */
  double span = 1;
  for (int l = 0; l < NLAYOUTS; l++) {
    double h = (double)(p[l].win.i1 - p[l].win.i0 + 1), w = (double)(p[l].win.j1 - p[l].win.j0 + 1);
    if (h > span) span = h;
    if (w > span) span = w;
  }
  double sc = PANEL_MAX_PX / span;
  if (sc > 2.0) sc = 2.0;
  double px[NLAYOUTS], pw[NLAYOUTS], ph[NLAYOUTS], x = MARGIN, hmax = 0;
  for (int l = 0; l < NLAYOUTS; l++) {
    pw[l] = (double)(p[l].win.j1 - p[l].win.j0 + 1) * sc;
    ph[l] = (double)(p[l].win.i1 - p[l].win.i0 + 1) * sc;
    double colw = pw[l] < 330 ? 330 : pw[l];
    px[l] = x;
    x += colw + GAP;
    if (ph[l] > hmax) hmax = ph[l];
  }
  double W = x - GAP + MARGIN, H = MARGIN + 30 + HEAD + hmax + 120;

  FILE *f = out_path ? fopen(out_path, "w") : stdout;
  if (!f) { fprintf(stderr, "tilelens-pagemap: cannot write %s\n", out_path); return 1; }
  char b1[32], b2[32];
  const char *tname = c.s == 1 ? "FP8" : c.s == 2 ? "BF16" : c.s == 4 ? "FP32" : "FP64";
  fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
             "viewBox=\"0 0 %.0f %.0f\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"13\">\n",
          W, H, W, H);
  fprintf(f, "<title>TileLens page map: %" PRIu64 " x %" PRIu64 " %s compute tile</title>\n",
          c.box_k, c.box_n, tname);
  fprintf(f, "<style>.u0{fill:#2b6cb0}.u1{fill:#4a8bd6}.a0{fill:#f0b27a}.a1{fill:#f7d3ac}"
             ".tile{fill:none;stroke:#000;stroke-width:1.5}.win{fill:#f4f4f4;stroke:#999;stroke-width:0.5}"
             ".h{font-weight:bold}.s{fill:#444;font-size:11px}</style>\n");
  fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n");
  fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" class=\"h\" font-size=\"16\">One TMA load of a %" PRIu64
             " x %" PRIu64 " %s compute tile at (k %" PRIu64 ", n %" PRIu64 ") of a %" PRIu64 " x %" PRIu64
             " (K x N) weight matrix: the %s pages it fetches</text>\n",
          MARGIN, MARGIN, c.box_k, c.box_n, tname, c.k, c.n, c.K, c.N, human(1ull << c.lg, b1, sizeof b1));

  double y0 = MARGIN + 30 + HEAD;
  for (int l = 0; l < NLAYOUTS; l++) {
    const panel *q = &p[l];
    double X = px[l];
    fprintf(f, "<g id=\"%s\">\n", l == LAYOUT_COL ? "col" : l == LAYOUT_ROW ? "row" : "tile");
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"h\">%s%s</text>\n", X, y0 - HEAD + 14,
            layout_title[l], l == LAYOUT_TILE ? "" : " (standard TMA)");
    if (l == LAYOUT_TILE)
      fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"s\">%" PRIu64 " x %" PRIu64
                 " memory tiles, TileLens-HW</text>\n", X, y0 - HEAD + 28, c.a, c.b);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%" PRIu64 " pages, %s fetched for %s used: %.2fx</text>\n",
            X, y0 - HEAD + 44, q->st.pages, human(q->st.bytes_fetched, b1, sizeof b1),
            human(q->st.bytes_used, b2, sizeof b2), q->st.amplification);
    fprintf(f, "<rect class=\"win\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>\n", X, y0,
            pw[l], ph[l]);
    uint64_t ti1 = c.k + c.box_k - 1, tj1 = c.n + c.box_n - 1;
    if (ti1 >= c.K) ti1 = c.K - 1;
    if (tj1 >= c.N) tj1 = c.N - 1;
    for (size_t r = 0; r < q->nrects; r++) {
      const rect *e = &q->rects[r];
      /* shade parity: alternate between consecutive fetched strips, and as a
       * checkerboard between memory tiles */
      uint64_t pg = q->pages[q->owner[r]];
      int alt = l == LAYOUT_TILE ? (int)((pg % (c.K / c.a) + pg / (c.K / c.a)) & 1)
                                 : (int)(q->owner[r] & 1);
      fprintf(f, "<rect class=\"a%d\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\">"
                 "<title>page %" PRIu64 "</title></rect>\n", alt, X + (double)(e->j0 - q->win.j0) * sc,
              y0 + (double)(e->i0 - q->win.i0) * sc, (double)(e->j1 - e->j0 + 1) * sc,
              (double)(e->i1 - e->i0 + 1) * sc, pg);
      /* the part of the page inside the compute tile: used bytes */
      uint64_t i0 = e->i0 > c.k ? e->i0 : c.k, i1 = e->i1 < ti1 ? e->i1 : ti1;
      uint64_t j0 = e->j0 > c.n ? e->j0 : c.n, j1 = e->j1 < tj1 ? e->j1 : tj1;
      if (i0 <= i1 && j0 <= j1)
        fprintf(f, "<rect class=\"u%d\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>\n", alt,
                X + (double)(j0 - q->win.j0) * sc, y0 + (double)(i0 - q->win.i0) * sc,
                (double)(j1 - j0 + 1) * sc, (double)(i1 - i0 + 1) * sc);
    }
    fprintf(f, "<rect class=\"tile\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>\n",
            X + (double)(c.n - q->win.j0) * sc, y0 + (double)(c.k - q->win.i0) * sc,
            (double)(tj1 - c.n + 1) * sc, (double)(ti1 - c.k + 1) * sc);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"s\">k %" PRIu64 "..%" PRIu64 " (down), n %" PRIu64
               "..%" PRIu64 " (across)</text>\n", X, y0 + ph[l] + 16, q->win.i0, q->win.i1, q->win.j0,
            q->win.j1);
    fprintf(f, "</g>\n");
  }
  double ly = y0 + hmax + 50;
  fprintf(f, "<g id=\"legend\">\n");
  fprintf(f, "<rect class=\"u0\" x=\"%.0f\" y=\"%.0f\" width=\"14\" height=\"14\"/><rect class=\"u1\" "
             "x=\"%.0f\" y=\"%.0f\" width=\"14\" height=\"14\"/>"
             "<text x=\"%.0f\" y=\"%.0f\">bytes the load uses</text>\n",
          MARGIN, ly, MARGIN + 14, ly, MARGIN + 36, ly + 12);
  fprintf(f, "<rect class=\"a0\" x=\"%.0f\" y=\"%.0f\" width=\"14\" height=\"14\"/><rect class=\"a1\" "
             "x=\"%.0f\" y=\"%.0f\" width=\"14\" height=\"14\"/>"
             "<text x=\"%.0f\" y=\"%.0f\">amplified: fetched with the page, unused</text>\n",
          MARGIN + 210, ly, MARGIN + 224, ly, MARGIN + 246, ly + 12);
  fprintf(f, "<rect class=\"tile\" x=\"%.0f\" y=\"%.0f\" width=\"28\" height=\"14\"/>"
             "<text x=\"%.0f\" y=\"%.0f\">compute tile</text>\n", MARGIN + 530, ly, MARGIN + 566, ly + 12);
  fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" class=\"s\">Alternating shades separate neighbouring pages. "
             "Each panel shows the matrix region its pages cover, at one common scale "
             "(%.3f px per element). Generated by tilelens-pagemap from libtilelens.</text>\n",
          MARGIN, ly + 40, sc);
  fprintf(f, "</g>\n</svg>\n");
  if (out_path && fclose(f) != 0) { fprintf(stderr, "tilelens-pagemap: write error\n"); return 1; }

  for (int l = 0; l < NLAYOUTS; l++) {
    printf("%-12s %4" PRIu64 " requests %4" PRIu64 " pages %8" PRIu64 " B fetched %7" PRIu64
           " B used %6.2fx\n", layout_title[l], p[l].st.requests, p[l].st.pages, p[l].st.bytes_fetched,
           p[l].st.bytes_used, p[l].st.amplification);
    free(p[l].pages);
    free(p[l].rects);
    free(p[l].owner);
  }
  return 0;
}
