/*
 * tilelens_pages.c - helpers for memory-system simulators: the aligned
 * blocks (sectors, lines) a request touches, and the granule pages a box
 * load touches with its read amplification.
 */
#include "tilelens_internal.h"

#include <stdlib.h>

size_t tl_req_blocks(const tl_req *r, uint32_t log2_block, uint64_t *out, size_t cap) {
  if (!r || r->bytes == 0 || log2_block > 63) return 0;
  uint64_t first = r->src >> log2_block;
  uint64_t last = (r->src + r->bytes - 1) >> log2_block;
  size_t n = (size_t)(last - first + 1);
  for (size_t k = 0; k < n && k < cap && out; k++) out[k] = (first + k) << log2_block;
  return n;
}

static int cmp_u64(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return (a > b) - (a < b);
}

tl_status tl_box_pages(const tl_desc *d, const tl_box *b, uint32_t log2_page,
                       uint64_t *pages, size_t cap, tl_page_stats *st) {
  if (!d || !b || !st || (cap > 0 && !pages)) return TL_ERR_NULL;
  if (log2_page > 40) return TL_ERR_TILE_SHAPE;
  st->requests = st->bubbles = st->pages = st->bytes_used = st->bytes_fetched = 0;
  st->amplification = 0.0;
  tl_gen g;
  tl_status s = tl_gen_begin(&g, d, b);
  if (s != TL_OK) return s;
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
    if (n + m > alloc) {
      while (n + m > alloc) alloc *= 2;
      uint64_t *nl = realloc(list, alloc * sizeof *list);
      if (!nl) { free(list); return TL_ERR_OVERFLOW; }
      list = nl;
    }
    tl_req_blocks(&r, log2_page, list + n, m);
    n += m;
  }
  qsort(list, n, sizeof *list, cmp_u64);
  size_t uniq = 0;
  for (size_t i = 0; i < n; i++)
    if (uniq == 0 || list[uniq - 1] != list[i]) list[uniq++] = list[i];
  for (size_t i = 0; i < uniq && i < cap; i++) pages[i] = list[i];
  free(list);
  st->pages = uniq;
  st->bytes_fetched = (uint64_t)uniq << log2_page;
  if (st->bytes_used) st->amplification = (double)st->bytes_fetched / (double)st->bytes_used;
  return TL_OK;
}
