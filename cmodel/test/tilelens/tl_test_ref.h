/*
 * tl_test_ref.h - an independent, deliberately slow reference for the
 * TileLens tests: per box element, its view offset, the split x = j*L + i*s
 * and paper Eq. 2 written with divisions (not the model's shifts), plus a
 * seeded generator of supported random cases. Nothing here calls the model.
 */
#ifndef TL_TEST_REF_H
#define TL_TEST_REF_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tilelens.h"

#define REF_NONE UINT64_MAX

typedef struct { uint64_t s; } ref_rng;

static inline uint64_t ref_next(ref_rng *r) {  /* splitmix64 */
  uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static inline uint64_t ref_below(ref_rng *r, uint64_t n) { return n ? ref_next(r) % n : 0; }
static inline int64_t ref_range(ref_rng *r, int64_t lo, int64_t hi) {  /* [lo, hi] */
  return lo + (int64_t)ref_below(r, (uint64_t)(hi - lo + 1));
}

static inline uint64_t ref_box_elems(const tl_desc *d, const tl_box *b) {
  uint64_t n = 1;
  for (uint32_t k = 0; k < d->rank; k++) n *= b->box[k];
  return n;
}

/* Eq. 2 written from the paper's definitions with division and modulo. */
static inline uint64_t ref_tile_offset(uint64_t K, uint64_t a, uint64_t b, uint64_t s,
                                       uint64_t i, uint64_t j) {
  uint64_t Ti = i / a, ip = i % a, Tj = j / b, jp = j % b;
  return (Tj * (K / a) + Ti) * (a * b * s) + (jp * a + ip) * s;
}

/* Global byte address of every box element in box order (REF_NONE when the
 * element lies outside the tensor and is not read). */
static inline void ref_box_map(const tl_desc *d, const tl_box *b, uint64_t *map) {
  uint64_t n = ref_box_elems(d, b), s = d->elem_bytes;
  /* tile fields are meaningful (and small) only in tile-major mode */
  uint64_t a = d->tile_major ? 1ull << d->log2_a : 1, bb = d->tile_major ? 1ull << d->log2_b : 1;
  for (uint64_t e = 0; e < n; e++) {
    uint64_t rest = e;
    int inside = 1;
    __int128 x = 0;
    for (uint32_t k = 0; k < d->rank; k++) {
      int64_t c = (int64_t)b->coord[k] + (int64_t)(rest % b->box[k]);
      rest /= b->box[k];
      if (c < 0 || (uint64_t)c >= d->dim[k]) inside = 0;
      x += (__int128)c * (__int128)(k == 0 ? s : d->stride[k]);
    }
    if (!inside) { map[e] = REF_NONE; continue; }
    uint64_t ux = (uint64_t)x;
    if (!d->tile_major) {
      map[e] = d->base + ux;
    } else {
      uint64_t L = d->lead_stride;
      uint64_t j = ux / L, i = (ux % L) / s;
      map[e] = d->base + ref_tile_offset(L / s, a, bb, s, i, j);
    }
  }
}

/* Expands a request stream into per-element addresses; returns 0 when a
 * request is malformed or covers an element twice. */
static inline int ref_requests_map(const tl_desc *d, const tl_box *b, const tl_req *req,
                                   size_t nreq, uint64_t *map) {
  uint64_t n = ref_box_elems(d, b), s = d->elem_bytes;
  for (uint64_t e = 0; e < n; e++) map[e] = REF_NONE;
  for (size_t q = 0; q < nreq; q++) {
    const tl_req *r = &req[q];
    if (r->bytes == 0 || r->bytes % s || r->dst < b->smem_base || (r->dst - b->smem_base) % s)
      return 0;
    for (uint64_t off = 0; off < r->bytes; off += s) {
      uint64_t e = (r->dst - b->smem_base + off) / s;
      if (e >= n || map[e] != REF_NONE) return 0;
      map[e] = r->src + off;
    }
  }
  return 1;
}

static inline uint32_t ref_log2(uint64_t x) { uint32_t n = 0; while (x > 1) { x >>= 1; n++; } return n; }

/* A random supported case: a K x N column-major (or tile-major) matrix seen
 * through a random view of rank 1..5, a random box obeying the rules of
 * docs/tilelens.md (checked here independently), starts that may lie out
 * of bounds where the rules allow it. Returns 1 on success. */
static inline int ref_random_case(ref_rng *r, int tile_major, tl_desc *d, tl_box *bx) {
  memset(d, 0, sizeof *d);
  memset(bx, 0, sizeof *bx);
  uint32_t ls = (uint32_t)ref_below(r, 4);
  uint64_t s = 1ull << ls;
  static const uint32_t lgs[] = {8, 10, 12, 12, 12, 13, 14};
  uint32_t lg = lgs[ref_below(r, sizeof lgs / sizeof lgs[0])];
  uint32_t la = (uint32_t)ref_below(r, lg - ls + 1), lb = lg - ls - la;
  uint64_t a = 1ull << la, bb = 1ull << lb;
  uint64_t kmul = a * s >= 16 ? 1 : 16 / (a * s);
  uint64_t K = a * kmul * (uint64_t)ref_range(r, 1, 4);
  if (K > 4096) K = a * kmul;
  uint64_t L = K * s;
  uint64_t N = ref_below(r, 2) ? bb * (uint64_t)ref_range(r, 1, 4) : (uint64_t)ref_range(r, 1, 300);
  d->elem_bytes = (uint32_t)s;
  d->tile_major = (uint32_t)tile_major;
  d->log2_a = la; d->log2_b = lb; d->log2_granule = lg;
  d->lead_stride = L;
  d->base = ((uint64_t)ref_range(r, 1, 1 << 20) << lg);
  /* Rows: dim 0 of r0 elements, optionally a row dimension of K/r0. */
  uint64_t dims[TL_MAX_RANK], strides[TL_MAX_RANK];
  uint32_t rank = 0;
  uint64_t r0 = K;
  if (ref_below(r, 2)) {
    uint64_t cand = 1ull << ref_below(r, ref_log2(K) + 1);
    if (K % cand == 0 && cand * s % 16 == 0) r0 = cand;
  }
  dims[rank] = r0; strides[rank] = s; rank++;
  uint32_t extra_row = r0 < K;
  /* Columns: one dimension of N columns (stride L), or N = c0 * c1. */
  uint64_t c0 = 0;
  int two_cols = N > 1 && ref_below(r, 2);
  if (two_cols) {
    c0 = ref_below(r, 2) ? (1ull << ref_below(r, lb + 1)) : bb * (uint64_t)ref_range(r, 1, 3);
    if (c0 >= N || N % c0) two_cols = 0;
  }
  uint32_t order[4], nrest = 0;
  if (extra_row) order[nrest++] = 0;
  int no_cols = N == 1 && ref_below(r, 2); /* a single column: a rank-1 view */
  if (!no_cols) order[nrest++] = 1;
  if (two_cols) order[nrest++] = 2;
  if (rank + nrest < TL_MAX_RANK && ref_below(r, 3) == 0) order[nrest++] = 3; /* unit dim */
  for (uint32_t k = nrest; k > 1; k--) {
    uint32_t t = (uint32_t)ref_below(r, k), tmp = order[k - 1];
    order[k - 1] = order[t]; order[t] = tmp;
  }
  for (uint32_t k = 0; k < nrest; k++) {
    switch (order[k]) {
      case 0: dims[rank] = K / r0; strides[rank] = r0 * s; break;
      case 1: dims[rank] = two_cols ? c0 : N; strides[rank] = L; break;
      case 2: dims[rank] = N / c0; strides[rank] = c0 * L; break;
      default: dims[rank] = 1; strides[rank] = bb * L * (N + 1); break;
    }
    rank++;
  }
  d->rank = rank;
  for (uint32_t k = 0; k < rank; k++) { d->dim[k] = dims[k]; d->stride[k] = k ? strides[k] : 0; }
  /* Box: u a power of two with u*s >= 16; others 1..min(256, dim+2). */
  uint32_t lu_min = ls >= 4 ? 0 : 4 - ls, lu_max = 8;
  uint64_t u = 1ull << ref_range(r, lu_min, lu_max);
  bx->box[0] = (uint32_t)u;
  uint64_t ap = u < a ? u : a;
  uint64_t total = u;
  int split_used = 0;
  for (uint32_t k = 1; k < rank; k++) {
    uint64_t lim = dims[k] + 2 < 256 ? dims[k] + 2 : 256;
    uint64_t v = (uint64_t)ref_range(r, 1, (int64_t)lim);
    if (total * v > 16384) v = 1;
    if (tile_major && v > 1) {
      uint64_t st = strides[k];
      if (st < L) {
        if (st % (ap * s)) v = 1;
      } else {
        uint64_t m = st / L;
        if (m % bb) {  /* a split dimension */
          uint64_t per = bb / m;
          if (split_used) v = 1;
          else if (v > per) v = v / per * per;
          if (v > 1) split_used = 1;
        }
      }
    }
    bx->box[k] = (uint32_t)v;
    total *= v;
  }
  /* Starts: rows inside the tensor and aligned to a'; columns aligned to b,
   * possibly out of bounds. Linear mode: anything near the tensor. */
  for (uint32_t k = 0; k < rank; k++) {
    uint64_t st = k ? strides[k] : s;
    int64_t c, mult = 1;
    int edge = ref_below(r, 4) == 0; /* a start that may lie out of bounds */
    if (!tile_major) {
      c = edge ? ref_range(r, -(int64_t)bx->box[k] - 2, (int64_t)dims[k] + 2)
               : ref_range(r, 0, (int64_t)dims[k] - 1);
    } else if (st < L) {
      /* c * st must be a multiple of a'*s (all powers of two here) */
      mult = st >= ap * s ? 1 : (int64_t)(ap * s / st);
      c = ref_range(r, 0, (int64_t)dims[k] - 1);
    } else {
      uint64_t m = st / L;
      mult = m % bb == 0 ? 1 : (int64_t)(bb / m);
      c = edge ? ref_range(r, -(int64_t)bx->box[k] - 2, (int64_t)dims[k] + 2)
               : ref_range(r, 0, (int64_t)dims[k] - 1);
    }
    c = (c >= 0 ? c / mult : -((-c + mult - 1) / mult)) * mult;
    bx->coord[k] = (int32_t)c;
  }
  bx->smem_base = (uint32_t)(ref_below(r, 1024) * 16);
  return 1;
}

#endif
