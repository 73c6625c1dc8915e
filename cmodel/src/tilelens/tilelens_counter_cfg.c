/*
 * tilelens_counter_cfg.c - model of tilelens_counter_cfg, the counter
 * reconfigurator (paper Eq. 5, SPEC A.2 item 2).
 *
 * From a validated descriptor and a box it builds the counter nest that the
 * address generator steps (innermost level first):
 *   level 0        dimension 0 pieces: u/a runs of a elements, stride G
 *                  (only when u > a; otherwise a single step),
 *   one level per view dimension d = 1..rank-1, in order:
 *     linear mode  count box[d], stride[d] unchanged;
 *     row dim      (stride < L)          stride * b;
 *     column dim   (stride = m*L, b | m) stride unchanged;
 *     split dim    (stride = m*L, m = 2^k < b, box > 1): an inner level of
 *                  min(box, b/m) steps with stride m*a'*s, then directly an
 *                  outer level of box/(b/m) steps with stride b*L.
 * Unused levels keep count 1. The error priority is the order of the checks
 * below; tl_box_check() returns exactly this status.
 */
#include "tilelens_internal.h"

#include <string.h>

static tl_status classify_box(const tl_desc *d, const tl_box *b) {
  uint32_t s = d->elem_bytes;
  uint64_t prod = 1;
  for (uint32_t k = 0; k < d->rank; k++) {
    if (b->box[k] < 1 || b->box[k] > TL_BOX_MAX) return TL_ERR_BOX;
    prod *= b->box[k];
  }
  if ((uint64_t)b->box[0] * s % TL_STRIDE_ALIGN != 0) return TL_ERR_BOX;
  if (b->smem_base % TL_STRIDE_ALIGN != 0) return TL_ERR_ALIGN;
  if ((uint64_t)b->smem_base + prod * s > (1ull << TL_SMEM_BITS)) return TL_ERR_OVERFLOW;
  if (!d->tile_major) return TL_OK;

  uint64_t u = b->box[0];
  if (!tl_is_pow2_u64(u)) return TL_ERR_UNSUPPORTED_VIEW;
  uint64_t a = 1ull << d->log2_a, bb = 1ull << d->log2_b;
  uint64_t ap = u < a ? u : a;
  uint32_t splits = 0;
  for (uint32_t k = 1; k < d->rank; k++) {
    if (b->box[k] == 1) continue;
    tl_dim_class c = tl_classify_dim(d, k);
    if (c == TL_DIM_ROW && d->stride[k] % (ap * s) != 0) return TL_ERR_UNSUPPORTED_VIEW;
    if (c == TL_DIM_SPLIT) {
      uint64_t per_tile = bb / (d->stride[k] / d->lead_stride);
      if (++splits > 1) return TL_ERR_UNSUPPORTED_VIEW;
      if (b->box[k] > per_tile && b->box[k] % per_tile != 0) return TL_ERR_UNSUPPORTED_VIEW;
    }
  }
  return TL_OK;
}

/* Start alignment: row start a multiple of a'*s, column start of b columns. */
static tl_status check_start(const tl_desc *d, const tl_box *b) {
  uint64_t s = d->elem_bytes, u = b->box[0];
  uint64_t a = 1ull << d->log2_a, bb = 1ull << d->log2_b;
  uint64_t ap = u < a ? u : a;
  tl_i128 row = (tl_i128)b->coord[0] * (tl_i128)s;
  tl_i128 j = 0;
  for (uint32_t k = 1; k < d->rank; k++) {
    tl_dim_class c = tl_classify_dim(d, k);
    if (c == TL_DIM_ROW) row += (tl_i128)b->coord[k] * (tl_i128)d->stride[k];
    else j += (tl_i128)b->coord[k] * (tl_i128)(d->stride[k] / d->lead_stride);
  }
  if (row % (tl_i128)(ap * s) != 0) return TL_ERR_ALIGN;
  if (j % (tl_i128)bb != 0) return TL_ERR_ALIGN;
  return TL_OK;
}

static void set_level(tl_counters *c, uint32_t lv, uint32_t count, uint64_t stride,
                      uint32_t vdim, uint32_t log2_weight) {
  c->count[lv] = count;
  c->stride[lv] = stride;
  c->vdim[lv] = vdim;
  c->log2_weight[lv] = log2_weight;
}

static void build_nest(const tl_desc *d, const tl_box *b, tl_counters *c) {
  uint32_t s = d->elem_bytes, u = b->box[0];
  for (uint32_t lv = 0; lv < TL_MAX_LEVELS; lv++) set_level(c, lv, 1, 0, 0, 0);
  if (!d->tile_major) {
    c->mode = TL_MODE_LINEAR;
    c->run_elems = u;
    for (uint32_t k = 1; k < d->rank; k++) set_level(c, k, b->box[k], d->stride[k], k, 0);
    c->run_bytes = c->run_elems * s;
    return;
  }
  uint32_t la = d->log2_a, lb = d->log2_b, lg = d->log2_granule;
  uint32_t a = 1u << la;
  uint64_t L = d->lead_stride, bb = 1ull << lb;
  uint32_t ap = u < a ? u : a;
  if (u == a) {
    c->mode = TL_MODE_ALIGNED;
  } else if (u < a) {
    c->mode = TL_MODE_WIDE_TILE;
    c->perm_row_bits = tl_log2_u64((uint64_t)u * s);
    c->perm_col_bits = lb;
    c->perm_sub_bits = la - tl_log2_u64(u);
  } else {
    c->mode = TL_MODE_WIDE_BOX;
    set_level(c, 0, u / a, 1ull << lg, 0, la);
  }
  c->run_elems = ap;
  c->run_bytes = ap * s;
  uint32_t lv = 1;
  for (uint32_t k = 1; k < d->rank; k++, lv++) {
    tl_dim_class cl = tl_classify_dim(d, k);
    uint32_t v = b->box[k];
    if (cl == TL_DIM_ROW) {
      set_level(c, lv, v, d->stride[k] << lb, k, 0);
    } else if (cl == TL_DIM_COL) {
      set_level(c, lv, v, d->stride[k], k, 0);
    } else {
      uint64_t m = d->stride[k] / L;
      uint32_t per_tile = (uint32_t)(bb / m);
      if (v == 1) {
        set_level(c, lv, 1, m * ap * s, k, 0);
      } else {
        set_level(c, lv, v < per_tile ? v : per_tile, m * ap * s, k, 0);
        c->split_level = lv;
        lv++;
        set_level(c, lv, v > per_tile ? v / per_tile : 1, bb * L, k, tl_log2_u64(per_tile));
      }
    }
  }
}

tl_status tl_counter_config(const tl_desc *d, const tl_box *b, tl_counters *out) {
  if (!d || !b || !out) {
    if (out) { memset(out, 0, sizeof *out); out->err = TL_ERR_NULL; }
    return TL_ERR_NULL;
  }
  memset(out, 0, sizeof *out);
  tl_status st = tl_desc_check(d);
  if (st == TL_OK) st = classify_box(d, b);
  if (st == TL_OK) {
    tl_split_sum_in in;
    tl_split_sum_out o;
    tl_split_sum_input(d, b, &in);
    tl_split_sum(&in, &o);
    st = o.err;
  }
  if (st == TL_OK && d->tile_major) st = check_start(d, b);
  out->err = st;
  if (st == TL_OK) build_nest(d, b, out);
  return st;
}
