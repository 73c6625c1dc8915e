/*
 * tilelens_reqs.c - command-line front end of the TileLens C model: prints
 * the counter nest, the per-cycle request stream and the page map of one TMA
 * descriptor and box given on the command line. See --help.
 *
 * Exit status: 0 success, 1 the model rejected the descriptor or box (its
 * status name is printed), 2 a command-line error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilelens.h"

static const char *const mode_name[] = {"linear", "tile-major case 1 (u == a)",
                                        "tile-major case 2 (u < a, permuted)",
                                        "tile-major u > a (split runs)"};

static void usage(FILE *f) {
  fprintf(f,
    "usage: tilelens-reqs --dim D0,D1,... --box B0,B1,... [options]\n"
    "Prints the counter nest, the request stream (one line per cycle) and the page\n"
    "map of one TMA box load, computed by the TileLens C model (libtilelens).\n"
    "\n"
    "descriptor:\n"
    "  --elem S           element size in bytes: 1, 2, 4 or 8 (default 2)\n"
    "  --dim D0,D1,...    elements per view dimension; the count is the rank\n"
    "  --stride S1,...    byte strides of dimensions 1..rank-1 (default: packed,\n"
    "                     stride[d] = stride[d-1] * dim[d-1])\n"
    "  --base ADDR        global base address in bytes (default 0)\n"
    "  --tile AxB         tile-major layout (TileLens-HW) with memory tiles of\n"
    "                     a x b elements (powers of two, a*b*S = granule)\n"
    "  --granule G        granule (memory tile) bytes, a power of two (default 4096)\n"
    "  --lead L           leading stride L = K*S in bytes (default: the stride of\n"
    "                     dimension 1, or dim[0]*S for rank 1)\n"
    "box:\n"
    "  --box B0,B1,...    box size per dimension (1..256)\n"
    "  --coord C0,...     signed start coordinates (default 0)\n"
    "  --smem ADDR        shared-memory byte address of the box (default 0)\n"
    "output:\n"
    "  --page-bits N      page size 2^N bytes for the page map (default 12: 4 KB)\n"
    "  --no-stream        omit the per-cycle request stream\n"
    "  --help             this text\n"
    "\n"
    "Lists take ',' or 'x' as separators; numbers are decimal or 0x hexadecimal.\n"
    "Exit status: 0 ok, 1 the model rejected the input (its TL_ERR_* name is\n"
    "printed), 2 bad command line.\n"
    "\n"
    "example (paper Fig. 9, FP8 384 x 128 matrix, 128 x 64 box at (256, 64)):\n"
    "  tilelens-reqs --elem 1 --dim 384,128 --box 128,64 --coord 256,64 --tile 128x32\n");
}

static int fail_usage(const char *msg, const char *arg) {
  fprintf(stderr, "tilelens-reqs: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
  fprintf(stderr, "try 'tilelens-reqs --help'\n");
  return 2;
}

static int parse_u64(const char *s, uint64_t *v) {
  char *end;
  if (!*s || *s == '-') return 0;
  errno = 0;
  *v = strtoull(s, &end, 0);
  return *end == '\0' && errno == 0;
}

/* Parses a ',' or 'x' separated list; returns the count or -1. */
static int parse_list(const char *s, int64_t *out, int max, int is_signed) {
  char buf[256];
  if (strlen(s) >= sizeof buf) return -1;
  memcpy(buf, s, strlen(s) + 1);
  int n = 0;
  char *p = buf;
  for (;;) {
    char *sep = p, *digits = p + (*p == '-' || *p == '+');
    /* 'x' separates, except as the x of a leading 0x */
    while (*sep && *sep != ',' && !(*sep == 'x' && !(sep == digits + 1 && *digits == '0')))
      sep++;
    char c = *sep;
    *sep = '\0';
    if (n == max || !*p) return -1;
    char *end;
    errno = 0;
    if (is_signed) {
      long long v = strtoll(p, &end, 0);
      out[n++] = v;
    } else {
      if (*p == '-') return -1;
      unsigned long long v = strtoull(p, &end, 0);
      if (v > INT64_MAX) return -1;
      out[n++] = (int64_t)v;
    }
    if (*end || errno) return -1;
    if (!c) break;
    p = sep + 1;
  }
  return n;
}

static uint32_t log2_or_neg(uint64_t x) {
  if (x == 0 || (x & (x - 1))) return UINT32_MAX;
  uint32_t n = 0;
  while (x > 1) { x >>= 1; n++; }
  return n;
}

typedef struct { uint64_t page; uint64_t reqs, bytes; } page_use;

static int cmp_page(const void *x, const void *y) {
  uint64_t a = ((const page_use *)x)->page, b = ((const page_use *)y)->page;
  return (a > b) - (a < b);
}

int main(int argc, char **argv) {
  tl_desc d;
  tl_box bx;
  memset(&d, 0, sizeof d);
  memset(&bx, 0, sizeof bx);
  uint64_t elem = 2, granule = 4096, lead = 0, tile_a = 0, tile_b = 0, smem = 0, pbits = 12;
  int64_t dims[TL_MAX_RANK + 1], strides[TL_MAX_RANK + 1], boxes[TL_MAX_RANK + 1],
      coords[TL_MAX_RANK + 1];
  int ndim = -1, nstride = -1, nbox = -1, ncoord = -1, stream = 1, have_lead = 0;

  for (int i = 1; i < argc; i++) {
    const char *o = argv[i];
    if (!strcmp(o, "--help") || !strcmp(o, "-h")) { usage(stdout); return 0; }
    if (!strcmp(o, "--no-stream")) { stream = 0; continue; }
    if (i + 1 >= argc) return fail_usage("unknown option or missing value", o);
    const char *v = argv[++i];
    if (!strcmp(o, "--elem")) { if (!parse_u64(v, &elem) || elem > 64) return fail_usage("bad --elem", v); }
    else if (!strcmp(o, "--dim")) { if ((ndim = parse_list(v, dims, TL_MAX_RANK + 1, 0)) < 0) return fail_usage("bad --dim", v); }
    else if (!strcmp(o, "--stride")) { if ((nstride = parse_list(v, strides, TL_MAX_RANK, 0)) < 0) return fail_usage("bad --stride", v); }
    else if (!strcmp(o, "--box")) { if ((nbox = parse_list(v, boxes, TL_MAX_RANK + 1, 0)) < 0) return fail_usage("bad --box", v); }
    else if (!strcmp(o, "--coord")) { if ((ncoord = parse_list(v, coords, TL_MAX_RANK + 1, 1)) < 0) return fail_usage("bad --coord", v); }
    else if (!strcmp(o, "--base")) { if (!parse_u64(v, &d.base)) return fail_usage("bad --base", v); }
    else if (!strcmp(o, "--smem")) { if (!parse_u64(v, &smem) || smem > UINT32_MAX) return fail_usage("bad --smem", v); }
    else if (!strcmp(o, "--granule")) { if (!parse_u64(v, &granule)) return fail_usage("bad --granule", v); }
    else if (!strcmp(o, "--lead")) { if (!parse_u64(v, &lead)) return fail_usage("bad --lead", v); have_lead = 1; }
    else if (!strcmp(o, "--page-bits")) { if (!parse_u64(v, &pbits) || pbits < 4 || pbits > 40) return fail_usage("bad --page-bits (4..40)", v); }
    else if (!strcmp(o, "--tile")) {
      int64_t ab[2];
      if (parse_list(v, ab, 2, 0) != 2) return fail_usage("bad --tile (want AxB)", v);
      tile_a = (uint64_t)ab[0]; tile_b = (uint64_t)ab[1];
    } else return fail_usage("unknown option", o);
  }
  if (ndim < 1) return fail_usage("--dim is required", NULL);
  if (nbox < 0) return fail_usage("--box is required", NULL);
  if (nbox != ndim) return fail_usage("--box needs one size per dimension", NULL);
  if (ncoord >= 0 && ncoord != ndim) return fail_usage("--coord needs one value per dimension", NULL);
  if (nstride >= 0 && nstride != ndim - 1) return fail_usage("--stride needs rank-1 values", NULL);

  /* Values the model validates are passed through unchecked (rank, sizes,
   * strides, alignment), so that its own error names are what is reported. */
  d.rank = (uint32_t)ndim;
  d.elem_bytes = (uint32_t)elem;
  for (int k = 0; k < ndim && k < TL_MAX_RANK; k++) {
    d.dim[k] = (uint64_t)dims[k];
    if (k > 0)
      d.stride[k] = nstride >= 0 ? (uint64_t)strides[k - 1]
                  : (k == 1 ? elem : d.stride[k - 1]) * d.dim[k - 1];
    if (boxes[k] > UINT32_MAX) return fail_usage("box size out of range", NULL);
    bx.box[k] = (uint32_t)boxes[k];
    if (ncoord >= 0) {
      if (coords[k] < INT32_MIN || coords[k] > INT32_MAX) return fail_usage("coordinate outside int32", NULL);
      bx.coord[k] = (int32_t)coords[k];
    }
  }
  bx.smem_base = (uint32_t)smem;
  if (tile_a || tile_b) {
    uint32_t la = log2_or_neg(tile_a), lb = log2_or_neg(tile_b), lg = log2_or_neg(granule);
    if (la == UINT32_MAX || lb == UINT32_MAX) return fail_usage("--tile sizes must be powers of two", NULL);
    if (lg == UINT32_MAX) return fail_usage("--granule must be a power of two", NULL);
    d.tile_major = 1;
    d.log2_a = la;
    d.log2_b = lb;
    d.log2_granule = lg;
    d.lead_stride = have_lead ? lead : ndim > 1 ? d.stride[1] : elem * d.dim[0];
  }

  tl_counters c;
  tl_status st = tl_counter_config(&d, &bx, &c);
  printf("descriptor: rank %u, %u B elements, base 0x%" PRIx64 ", dim", d.rank, d.elem_bytes, d.base);
  for (uint32_t k = 0; k < d.rank && k < TL_MAX_RANK; k++) printf("%s%" PRIu64, k ? "x" : " ", d.dim[k]);
  printf(", strides");
  for (uint32_t k = 1; k < d.rank && k < TL_MAX_RANK; k++) printf("%s%" PRIu64, k > 1 ? "," : " ", d.stride[k]);
  if (d.rank == 1) printf(" -");
  if (d.tile_major)
    printf(", tile-major %" PRIu64 "x%" PRIu64 " tiles of %" PRIu64 " B, L %" PRIu64 " B\n",
           tile_a, tile_b, granule, d.lead_stride);
  else
    printf(", linear\n");
  printf("box: coord");
  for (uint32_t k = 0; k < d.rank && k < TL_MAX_RANK; k++) printf("%s%" PRId32, k ? "," : " ", bx.coord[k]);
  printf(", size");
  for (uint32_t k = 0; k < d.rank && k < TL_MAX_RANK; k++) printf("%s%" PRIu32, k ? "x" : " ", bx.box[k]);
  printf(", smem 0x%" PRIx32 "\n", bx.smem_base);
  if (st != TL_OK) {
    printf("error: %s\n", tl_status_str(st));
    fprintf(stderr, "tilelens-reqs: %s\n", tl_status_str(st));
    return 1;
  }

  printf("counter nest: %s, run %u elements (%u B) per step\n", mode_name[c.mode], c.run_elems,
         c.run_bytes);
  for (uint32_t lv = 0; lv < TL_MAX_LEVELS; lv++) {
    if (c.count[lv] == 1) continue;
    printf("  level %u: %3u steps of %" PRIu64 " B, view dim %u += %u%s\n", lv, c.count[lv],
           c.stride[lv], c.vdim[lv], 1u << c.log2_weight[lv],
           c.split_level && lv == c.split_level ? " (split inner)" : "");
  }
  if (c.mode == TL_MODE_WIDE_TILE)
    printf("  permute low bits (sub %u | col %u | row %u) -> (col | sub | row)\n", c.perm_sub_bits,
           c.perm_col_bits, c.perm_row_bits);

  tl_gen g;
  tl_gen_begin(&g, &d, &bx);
  size_t cap = 256, n = 0;
  page_use *pu = malloc(cap * sizeof *pu);
  if (!pu) { fprintf(stderr, "tilelens-reqs: out of memory\n"); return 1; }
  uint64_t cycle = 0, reqs = 0, bubbles = 0, used = 0, page = 1ull << pbits;
  tl_req r;
  tl_step k;
  if (stream) printf("request stream (cycle: src dst bytes):\n");
  while ((k = tl_gen_next(&g, &r)) != TL_STEP_DONE) {
    if (k == TL_STEP_BUBBLE) {
      if (stream) printf("  %5" PRIu64 ": bubble\n", cycle);
      cycle++;
      bubbles++;
      continue;
    }
    if (stream)
      printf("  %5" PRIu64 ": 0x%012" PRIx64 " 0x%08" PRIx32 " %4" PRIu32 "\n", cycle, r.src,
             r.dst, r.bytes);
    cycle++;
    reqs++;
    used += r.bytes;
    uint64_t lo = r.src, hi = r.src + r.bytes; /* [lo, hi) */
    for (uint64_t p = lo >> pbits << pbits; p < hi; p += page) {
      size_t m = 0;
      while (m < n && pu[m].page != p) m++;
      if (m == n) {
        if (n == cap) {
          cap *= 2;
          page_use *np = realloc(pu, cap * sizeof *np);
          if (!np) { fprintf(stderr, "tilelens-reqs: out of memory\n"); return 1; }
          pu = np;
        }
        pu[n].page = p; pu[n].reqs = 0; pu[n].bytes = 0;
        n++;
      }
      uint64_t a = lo > p ? lo : p, b = hi < p + page ? hi : p + page;
      pu[m].reqs++;
      pu[m].bytes += b - a;
    }
  }
  qsort(pu, n, sizeof *pu, cmp_page);
  uint64_t fetched = (uint64_t)n * page;
  printf("total: %" PRIu64 " cycles, %" PRIu64 " requests, %" PRIu64 " bubbles, %" PRIu64
         " B read\n", cycle, reqs, bubbles, used);
  printf("page map: %zu pages of %" PRIu64 " B, %" PRIu64 " B fetched, amplification %.2fx\n", n,
         page, fetched, used ? (double)fetched / (double)used : 0.0);
  for (size_t m = 0; m < n; m++)
    printf("  page 0x%012" PRIx64 ": %4" PRIu64 " requests, %6" PRIu64 " B used (%5.1f%%)\n",
           pu[m].page, pu[m].reqs, pu[m].bytes, 100.0 * (double)pu[m].bytes / (double)page);

  /* The library's own summary must agree with the stream walked here. */
  tl_page_stats ps;
  st = tl_box_pages(&d, &bx, (uint32_t)pbits, NULL, 0, &ps);
  free(pu);
  if (st != TL_OK || ps.pages != n || ps.requests != reqs || ps.bytes_used != used) {
    fprintf(stderr, "tilelens-reqs: tl_box_pages disagrees with the stream\n");
    return 1;
  }
  return 0;
}
