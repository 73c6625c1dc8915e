/*
 * fuzz_tilelens.c - libFuzzer entry for the TileLens C model.
 *
 * Each input is decoded into a descriptor and a box (tl_fuzz_input.h), with
 * the box clamped to at most FUZZ_MAX_ELEMS elements so that every input
 * runs in well under a millisecond. Then:
 *
 *   - the status of tl_box_requests() must equal an independent status
 *     computed here from the validation table of docs/tilelens.md (rules 1
 *     to 19, in their priority order), in linear and in tile-major mode, so
 *     that neither a wrong acceptance nor a wrong rejection goes unseen;
 *   - every rejection must be a named error (tl_status_str gives its
 *     TL_ERR_* name), the same from tl_box_check, tl_counter_config,
 *     tl_gen_begin and tl_box_pages, with *count cleared;
 *   - every accepted box: the request stream must cover exactly the bytes of
 *     the brute-force reference (per element: view offset, split
 *     x = j*L + i*s, paper Eq. 2; cmodel/test/tilelens/tl_test_ref.h), each
 *     byte once, at the element's shared-memory position; the incremental
 *     generator must yield the same stream plus bubbles, as many steps as
 *     tl_gen_total_steps; tl_box_pages must count the same requests, bytes
 *     and distinct pages.
 *
 * Any disagreement prints the case and aborts (libFuzzer saves the input).
 * Built with clang -fsanitize=fuzzer,address,undefined (cmodel/fuzz/fuzz.mk).
 * With TLF_STATS=1 in the environment it prints, at exit, how many inputs
 * ended in each status (to judge how much of the input space is accepted).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tl_fuzz_input.h"
#include "../test/tilelens/tl_test_ref.h"

#define FUZZ_MAX_ELEMS 16384
#define LOG2_PAGE 12

typedef unsigned __int128 u128;
typedef __int128 i128;

static tl_req g_reqs[FUZZ_MAX_ELEMS];
static tl_req g_gen[FUZZ_MAX_ELEMS];
static uint64_t g_map_ref[FUZZ_MAX_ELEMS];
static uint64_t g_map_got[FUZZ_MAX_ELEMS];
static uint64_t g_pages[64 * FUZZ_MAX_ELEMS / 16];
static unsigned long g_stats[2][TL_STATUS_COUNT + 1];

static void print_case(const tl_desc *d, const tl_box *b) {
  fprintf(stderr, "desc: rank %u elem %u base 0x%llx tile_major %u la %u lb %u lg %u L %llu\n",
          d->rank, d->elem_bytes, (unsigned long long)d->base, d->tile_major, d->log2_a, d->log2_b,
          d->log2_granule, (unsigned long long)d->lead_stride);
  for (unsigned k = 0; k < TL_MAX_RANK; k++)
    fprintf(stderr, "  d%u: dim %llu stride %llu coord %d box %u elem_stride %u\n", k,
            (unsigned long long)d->dim[k], (unsigned long long)d->stride[k], b->coord[k],
            b->box[k], d->elem_stride[k]);
  fprintf(stderr, "  interleave %u swizzle %u smem 0x%x\n", d->interleave, d->swizzle, b->smem_base);
}

static void fail(const char *what, const tl_desc *d, const tl_box *b) {
  fprintf(stderr, "\nfuzz_tilelens: %s\n", what);
  print_case(d, b);
  abort();
}

static int pow2(u128 x) { return x != 0 && (x & (x - 1)) == 0; }

static uint64_t stride_of(const tl_desc *d, unsigned k) { return k ? d->stride[k] : d->elem_bytes; }

/* The status the validation table of docs/tilelens.md gives, written from the
 * table and not from the model: same rules, same priority. */
static tl_status ref_status(const tl_desc *d, const tl_box *b) {
  const unsigned R = d->rank;
  if (R < 1 || R > TL_MAX_RANK) return TL_ERR_RANK;                       /* 2 */
  const uint64_t s = d->elem_bytes;
  if (s != 1 && s != 2 && s != 4 && s != 8) return TL_ERR_ELEM_SIZE;      /* 3 */
  for (unsigned k = 0; k < R; k++)                                         /* 4 */
    if (d->dim[k] < 1 || d->dim[k] > (1ull << 32)) return TL_ERR_DIM;
  for (unsigned k = 1; k < R; k++)                                         /* 5 */
    if (d->stride[k] == 0 || d->stride[k] % 16 || d->stride[k] >= (1ull << 40)) return TL_ERR_STRIDE;
  for (unsigned k = 0; k < TL_MAX_RANK; k++)                               /* 6 */
    if (d->elem_stride[k] > 1) return TL_ERR_UNSUPPORTED_FEATURE;
  if (d->interleave || d->swizzle) return TL_ERR_UNSUPPORTED_FEATURE;
  if (d->base % 16) return TL_ERR_ALIGN;                                   /* 7 */
  u128 last = (u128)d->base + s - 1;                                       /* 8 */
  for (unsigned k = 0; k < R; k++) last += (u128)(d->dim[k] - 1) * stride_of(d, k);
  if (last > (u128)UINT64_MAX) return TL_ERR_OVERFLOW;
  if (d->tile_major > 1) return TL_ERR_TILE_SHAPE;                         /* 9 */
  const int tm = d->tile_major == 1;
  u128 a = 0, bb = 0, G = 0, L = d->lead_stride;
  /* per dimension >= 1: 0 row, 1 column (b | m), 2 split (m = 2^k < b) */
  int cls[TL_MAX_RANK] = {0};
  if (tm) {
    unsigned lg = d->log2_granule;
    if (lg < 4 || lg > 16) return TL_ERR_TILE_SHAPE;
    if (d->log2_a > 16 || d->log2_b > 16) return TL_ERR_TILE_SHAPE;
    a = (u128)1 << d->log2_a;
    bb = (u128)1 << d->log2_b;
    G = (u128)1 << lg;
    if (a * bb * s != G) return TL_ERR_TILE_SHAPE;
    if (d->base % G) return TL_ERR_ALIGN;                                  /* 10 */
    if (L == 0 || L >= ((u128)1 << 40) || L % (a * s)) return TL_ERR_LEAD_STRIDE; /* 11 */
    u128 row_extent = (u128)(d->dim[0] - 1) * s;                           /* 12 */
    for (unsigned k = 1; k < R; k++) {
      u128 st = d->stride[k];
      if (st < L) { cls[k] = 0; row_extent += (u128)(d->dim[k] - 1) * st; continue; }
      if (st % L) return TL_ERR_UNSUPPORTED_VIEW;
      u128 m = st / L;
      if (m % bb == 0) cls[k] = 1;
      else if (pow2(m) && m < bb) cls[k] = 2;
      else return TL_ERR_UNSUPPORTED_VIEW;
    }
    if (row_extent >= L) return TL_ERR_UNSUPPORTED_VIEW;
  }
  u128 prod = 1;                                                           /* 13 */
  for (unsigned k = 0; k < R; k++) {
    if (b->box[k] < 1 || b->box[k] > 256) return TL_ERR_BOX;
    prod *= b->box[k];
  }
  if ((u128)b->box[0] * s % 16) return TL_ERR_BOX;
  if (b->smem_base % 16) return TL_ERR_ALIGN;                              /* 14 */
  if ((u128)b->smem_base + prod * s > ((u128)1 << 32)) return TL_ERR_OVERFLOW; /* 15 */
  const u128 u = b->box[0], ap = u < a ? u : a;
  if (tm) {                                                                /* 16 */
    if (!pow2(u)) return TL_ERR_UNSUPPORTED_VIEW;
    int splits = 0;
    for (unsigned k = 1; k < R; k++) {
      if (b->box[k] == 1) continue;
      if (cls[k] == 0 && d->stride[k] % (ap * s)) return TL_ERR_UNSUPPORTED_VIEW;
      if (cls[k] == 2) {
        u128 per = bb / (d->stride[k] / L);
        if (++splits > 1) return TL_ERR_UNSUPPORTED_VIEW;
        if (b->box[k] > per && b->box[k] % per) return TL_ERR_UNSUPPORTED_VIEW;
      }
    }
  }
  i128 row = 0, col = 0;
  int neg_row = 0, col_bad = 0;
  for (unsigned k = 0; k < R; k++) {
    i128 p = (i128)b->coord[k] * (i128)stride_of(d, k);
    if (k == 0 || !tm || d->stride[k] < d->lead_stride) { row += p; neg_row |= b->coord[k] < 0; }
    else {
      col += p;
      /* 19: each split dimension's columns start on a memory-tile boundary */
      if (cls[k] == 2 && ((i128)b->coord[k] * (i128)(d->stride[k] / L)) % (i128)bb) col_bad = 1;
    }
  }
  /* 17: a row coordinate negative, or the row start not below L */
  if (tm && (neg_row || row < 0 || row >= (i128)L)) return TL_ERR_ROW_RANGE;
  i128 base = tm ? col + row * (i128)bb : col + row;                       /* 18 */
  if (base < (i128)INT64_MIN || base > (i128)INT64_MAX) return TL_ERR_OVERFLOW;
  if (tm && (row % (i128)(ap * s) || col_bad)) return TL_ERR_ALIGN;      /* 19 */
  return TL_OK;
}

static int cmp_u64(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return (a > b) - (a < b);
}

static void check_rejection(tl_status st, const tl_desc *d, const tl_box *b) {
  if ((unsigned)st >= TL_STATUS_COUNT) fail("status outside the enum", d, b);
  const char *name = tl_status_str(st);
  if (!name || strncmp(name, "TL_ERR_", 7) != 0 || name[7] == '?')
    fail("rejection without a TL_ERR_* name", d, b);
  tl_status ds = tl_desc_check(d);
  if (ds != TL_OK && ds != st) fail("descriptor error not the box status", d, b);
  if (tl_box_check(d, b) != st) fail("tl_box_check status differs", d, b);
  tl_counters c;
  if (tl_counter_config(d, b, &c) != st || c.err != st) fail("tl_counter_config status differs", d, b);
  tl_gen g;
  tl_req r;
  if (tl_gen_begin(&g, d, b) != st) fail("tl_gen_begin status differs", d, b);
  if (tl_gen_next(&g, &r) != TL_STEP_DONE) fail("a rejected generator steps", d, b);
  tl_page_stats ps;
  if (tl_box_pages(d, b, LOG2_PAGE, NULL, 0, &ps) != st) fail("tl_box_pages status differs", d, b);
}

static void check_stream(size_t n, const tl_desc *d, const tl_box *b) {
  /* the brute-force reference, element by element (it forms 1 << log2_a
   * and 1 << log2_b in every mode: linear mode ignores them, so they are
   * cleared for it, keeping its shifts defined) */
  tl_desc rd = *d;
  if (!rd.tile_major) rd.log2_a = rd.log2_b = 0;
  uint64_t elems = ref_box_elems(d, b), inside = 0;
  ref_box_map(&rd, b, g_map_ref);
  if (!ref_requests_map(&rd, b, g_reqs, n, g_map_got))
    fail("a request is malformed or covers an element twice", d, b);
  for (uint64_t e = 0; e < elems; e++) {
    if (g_map_ref[e] != g_map_got[e]) {
      fprintf(stderr, "element %llu: reference 0x%llx, requests 0x%llx\n", (unsigned long long)e,
              (unsigned long long)g_map_ref[e], (unsigned long long)g_map_got[e]);
      fail("request stream differs from the brute-force mapping", d, b);
    }
    inside += g_map_ref[e] != REF_NONE;
  }
  /* the incremental generator: same requests in the same order, plus bubbles */
  tl_gen g;
  if (tl_gen_begin(&g, d, b) != TL_OK) fail("tl_gen_begin rejects an accepted box", d, b);
  uint64_t steps = 0, bubbles = 0, total = tl_gen_total_steps(&g);
  size_t m = 0;
  tl_req r;
  tl_step k;
  while ((k = tl_gen_next(&g, &r)) != TL_STEP_DONE) {
    if (++steps > total) fail("generator runs past tl_gen_total_steps", d, b);
    if (k == TL_STEP_BUBBLE) { bubbles++; continue; }
    if (k != TL_STEP_REQ || m >= n) fail("generator yields more requests", d, b);
    g_gen[m++] = r;
  }
  if (steps != total || m != n) fail("generator step or request count differs", d, b);
  if (n && memcmp(g_gen, g_reqs, n * sizeof *g_reqs) != 0) fail("generator stream differs", d, b);
  if (tl_gen_next(&g, &r) != TL_STEP_DONE) fail("generator steps after DONE", d, b);
  /* page statistics against pages counted here */
  size_t np = 0;
  uint64_t used = 0;
  for (size_t q = 0; q < n; q++) {
    used += g_reqs[q].bytes;
    for (uint64_t p = g_reqs[q].src >> LOG2_PAGE; p <= (g_reqs[q].src + g_reqs[q].bytes - 1) >> LOG2_PAGE; p++) {
      if (np == sizeof g_pages / sizeof g_pages[0]) fail("page buffer overflow", d, b);
      g_pages[np++] = p;
    }
  }
  if (used != inside * d->elem_bytes) fail("bytes read differ from the elements inside", d, b);
  qsort(g_pages, np, sizeof *g_pages, cmp_u64);
  size_t uniq = 0;
  for (size_t q = 0; q < np; q++)
    if (q == 0 || g_pages[q] != g_pages[q - 1]) uniq++;
  tl_page_stats ps;
  if (tl_box_pages(d, b, LOG2_PAGE, NULL, 0, &ps) != TL_OK) fail("tl_box_pages rejects", d, b);
  if (ps.requests != n || ps.bubbles != bubbles || ps.bytes_used != used || ps.pages != uniq)
    fail("tl_box_pages statistics differ", d, b);
}

static void print_stats(void) {
  static const char *mode[2] = {"linear", "tile-major"};
  for (int m = 0; m < 2; m++) {
    unsigned long all = 0;
    for (int s = 0; s <= TL_STATUS_COUNT; s++) all += g_stats[m][s];
    fprintf(stderr, "TLF_STATS %s: %lu inputs", mode[m], all);
    for (int s = 0; s < TL_STATUS_COUNT; s++)
      if (g_stats[m][s]) {
        const char *n = tl_status_str((tl_status)s);
        fprintf(stderr, ", %.*s %lu", (int)strcspn(n, ":"), n, g_stats[m][s]);
      }
    fprintf(stderr, "\n");
  }
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  const char *e = getenv("TLF_STATS");
  if (e && *e == '1') atexit(print_stats);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tl_desc d;
  tl_box b;
  tlf_decode(data, size, &d, &b);
  /* Bound the work: drop stepped dimensions (outermost first) until the box
   * has at most FUZZ_MAX_ELEMS elements. */
  unsigned rk = d.rank < TL_MAX_RANK ? d.rank : TL_MAX_RANK;
  for (unsigned k = rk; k-- > 1;) {
    u128 prod = 1;
    for (unsigned q = 0; q < rk; q++) prod *= b.box[q] ? b.box[q] : 1;
    if (prod <= FUZZ_MAX_ELEMS) break;
    if (b.box[k] >= 2 && b.box[k] <= 256) b.box[k] = 1;
  }

  size_t n = 12345;
  tl_status st = tl_box_requests(&d, &b, NULL, 0, &n);
  tl_status want = ref_status(&d, &b);
  g_stats[d.tile_major == 1][(unsigned)st < TL_STATUS_COUNT ? st : TL_STATUS_COUNT]++;
  if (st != want) {
    fprintf(stderr, "model %s, reference %s\n", tl_status_str(st), tl_status_str(want));
    fail("status differs from the validation table", &d, &b);
  }
  if (st != TL_OK) {
    if (n != 0) fail("*count not cleared on a rejection", &d, &b);
    check_rejection(st, &d, &b);
    return 0;
  }
  if (ref_box_elems(&d, &b) > FUZZ_MAX_ELEMS) fail("box bound not applied", &d, &b);
  if (n > FUZZ_MAX_ELEMS) fail("more requests than elements", &d, &b);
  size_t n2 = 0;
  if (tl_box_requests(&d, &b, g_reqs, FUZZ_MAX_ELEMS, &n2) != TL_OK || n2 != n)
    fail("counting and writing calls differ", &d, &b);
  check_stream(n, &d, &b);
  return 0;
}
