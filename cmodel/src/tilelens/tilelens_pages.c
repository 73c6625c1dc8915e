/*
 * tilelens_pages.c - helpers for memory-system simulators: the aligned
 * blocks (sectors, lines) a request touches, and the granule pages a box
 * load touches with its read amplification.
 */
#include "tilelens_internal.h"

#include <stdlib.h>
#include <string.h>

tl_status tl_req_blocks_get(const tl_req *r, uint32_t log2_block, uint64_t *out, size_t cap,
                            size_t *n) {
  if (n) *n = 0;
  if (!r || !n || (cap > 0 && !out)) return TL_ERR_NULL;
  if (log2_block > 63) return TL_ERR_RANGE;
  if (r->bytes == 0) return TL_OK;
  if (r->src + (uint64_t)(r->bytes - 1) < r->src) return TL_ERR_RANGE;  /* wraps past 2^64 */
  uint64_t first = r->src >> log2_block;
  uint64_t last = (r->src + r->bytes - 1) >> log2_block;
  size_t m = (size_t)(last - first + 1);
  for (size_t k = 0; k < m && k < cap; k++) out[k] = (first + k) << log2_block;
  *n = m;
  return TL_OK;
}

size_t tl_req_blocks(const tl_req *r, uint32_t log2_block, uint64_t *out, size_t cap) {
  size_t n;
  return tl_req_blocks_get(r, log2_block, out, out ? cap : 0, &n) == TL_OK ? n : 0;
}

static int cmp_u64(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return (a > b) - (a < b);
}

/* Sorts list[0..n) and drops duplicates; returns the new length. */
static size_t sort_unique(uint64_t *list, size_t n) {
  qsort(list, n, sizeof *list, cmp_u64);
  size_t uniq = 0;
  for (size_t i = 0; i < n; i++)
    if (uniq == 0 || list[uniq - 1] != list[i]) list[uniq++] = list[i];
  return uniq;
}

tl_status tl_box_pages(const tl_desc *d, const tl_box *b, uint32_t log2_page,
                       uint64_t *pages, size_t cap, tl_page_stats *st) {
  if (!st) return TL_ERR_NULL;
  memset(st, 0, sizeof *st);
  if (!d || !b || (cap > 0 && !pages)) return TL_ERR_NULL;
  if (log2_page > 40) return TL_ERR_RANGE;
  tl_gen g;
  tl_status s = tl_gen_begin(&g, d, b);
  if (s != TL_OK) return s;
  /* The page list grows by doubling; when full it is first compacted (sorted,
   * duplicates dropped), and it never exceeds TL_PAGES_MAX entries. */
  size_t n = 0, alloc = 256;
  uint64_t *list = malloc(alloc * sizeof *list);
  if (!list) return TL_ERR_OVERFLOW;
  tl_req r;
  tl_step k;
  while ((k = tl_gen_next(&g, &r)) > TL_STEP_DONE) {
    if (k == TL_STEP_BUBBLE) { st->bubbles++; continue; }
    st->requests++;
    st->bytes_used += r.bytes;
    size_t m = tl_req_blocks(&r, log2_page, NULL, 0);
    if (n + m > alloc) n = sort_unique(list, n);
    while (n + m > alloc) {
      if (alloc >= TL_PAGES_MAX) {
        free(list);
        memset(st, 0, sizeof *st);
        return TL_ERR_LIMIT;
      }
      alloc *= 2;
      uint64_t *nl = realloc(list, alloc * sizeof *list);
      if (!nl) { free(list); memset(st, 0, sizeof *st); return TL_ERR_OVERFLOW; }
      list = nl;
    }
    tl_req_blocks(&r, log2_page, list + n, m);
    n += m;
  }
  size_t uniq = sort_unique(list, n);
  for (size_t i = 0; i < uniq && i < cap; i++) pages[i] = list[i];
  free(list);
  st->pages = uniq;
  st->bytes_fetched = (uint64_t)uniq << log2_page;
  if (st->bytes_used) st->amplification = (double)st->bytes_fetched / (double)st->bytes_used;
  return TL_OK;
}
