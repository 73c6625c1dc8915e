/*
 * tilelens_counter_cfg.c - model of tilelens_counter_cfg, the counter
 * reconfigurator (paper Eq. 5, SPEC A.2 item 2): tl_counter_hw(), the box's
 * view (rule 16) and start (rule 19) checks and the counter nest.
 *
 * From a validated descriptor (its per-dimension classes in tl_desc_info)
 * and a box it builds the counter nest that the address generator steps
 * (innermost level first):
 *   level 0        dimension 0 pieces: u/a runs of a elements, stride G
 *                  (only when u > a; otherwise a single step),
 *   one level per view dimension d = 1..rank-1, in order:
 *     linear mode  count box[d], stride[d] unchanged;
 *     row dim      (stride < L)          stride * b;
 *     column dim   (stride = m*L, b | m) stride unchanged;
 *     split dim    (stride = m*L, m = 2^k < b, box > 1): an inner level of
 *                  min(box, b/m) steps with stride m*a'*s, then directly an
 *                  outer level of box/(b/m) steps with stride b*L.
 * Unused levels keep count 1. Every stride is also kept as a raw stride and
 * a shift (stride_raw << shift: stride * b is stride << lb, the powers of two
 * G and m*a'*s are 1 << lg and 1 << log2(m*a'*s)), the form the RTL emits.
 * The error priority of a whole request is the order of the checks in
 * tl_request_check() (tilelens_request_check.c), which also gives
 * tl_counter_config() its nest.
 */
#include "tilelens_internal.h"

#include <string.h>

static int is_row(const tl_desc_info *in, uint32_t k) { return k == 0 || (in->row_mask >> k & 1u); }
static int is_split(const tl_desc_info *in, uint32_t k) { return k > 0 && (in->split_mask >> k & 1u); }

/* Rule 16: the box's view in tile-major mode. */
static tl_status view_check(const tl_desc *d, const tl_desc_info *in, const tl_box *b) {
  if (!d->tile_major) return TL_OK;
  uint64_t s = d->elem_bytes, u = b->box[0];
  if (!tl_is_pow2_u64(u)) return TL_ERR_UNSUPPORTED_VIEW;
  uint64_t a = 1ull << d->log2_a;
  uint64_t ap = u < a ? u : a;
  uint32_t splits = 0;
  for (uint32_t k = 1; k < d->rank; k++) {
    if (b->box[k] == 1) continue;
    if (is_row(in, k) && d->stride[k] % (ap * s) != 0) return TL_ERR_UNSUPPORTED_VIEW;
    if (is_split(in, k)) {
      uint64_t per_tile = 1ull << (d->log2_b - in->split_log2_m[k]);
      if (++splits > 1) return TL_ERR_UNSUPPORTED_VIEW;
      if (b->box[k] > per_tile && b->box[k] % per_tile != 0) return TL_ERR_UNSUPPORTED_VIEW;
    }
  }
  return TL_OK;
}

/* Rule 19: row start a multiple of a'*s, and every split dimension's start
 * on a memory-tile column boundary: coord * m a multiple of b, i.e. coord a
 * multiple of b/m. (Column dimensions, b | m, always are.) With one split
 * dimension this is exactly "column index a multiple of b"; with several it
 * asks each to be aligned, which the hardware checks per dimension instead of
 * summing their shifted coordinates. */
static tl_status start_check(const tl_desc *d, const tl_desc_info *in, const tl_box *b) {
  if (!d->tile_major) return TL_OK;
  uint64_t s = d->elem_bytes, u = b->box[0];
  uint64_t a = 1ull << d->log2_a;
  uint64_t ap = u < a ? u : a;
  uint64_t row = 0;  /* mod 2^64: only its low bits matter */
  int col_bad = 0;
  for (uint32_t k = 0; k < d->rank; k++) {
    uint64_t c = (uint64_t)(int64_t)b->coord[k];
    if (is_row(in, k)) row += c * tl_stride_of(d, k);
    else if (is_split(in, k) && c % (1ull << (d->log2_b - in->split_log2_m[k])) != 0) col_bad = 1;
  }
  if (row % (ap * s) != 0) return TL_ERR_ALIGN;
  if (col_bad) return TL_ERR_ALIGN;
  return TL_OK;
}

static void set_level(tl_counter_hw_out *o, uint32_t lv, uint32_t count, uint64_t raw, uint32_t shift,
                      uint32_t vdim, uint32_t log2_weight) {
  o->nest.count[lv] = count;
  o->stride_raw[lv] = raw;
  o->shift[lv] = shift;
  o->nest.stride[lv] = raw << shift;
  o->nest.vdim[lv] = vdim;
  o->nest.log2_weight[lv] = log2_weight;
}

static void build_nest(const tl_desc *d, const tl_desc_info *in, const tl_box *b, tl_counter_hw_out *o) {
  tl_counters *c = &o->nest;
  uint32_t s = d->elem_bytes, u = b->box[0];
  uint32_t lb = d->log2_b;
  for (uint32_t lv = 0; lv < TL_MAX_LEVELS; lv++) set_level(o, lv, 1, 0, 0, 0, 0);
  if (!d->tile_major) {
    c->mode = TL_MODE_LINEAR;
    c->run_elems = u;
    for (uint32_t k = 1; k < d->rank; k++) set_level(o, k, b->box[k], d->stride[k], 0, k, 0);
    c->run_bytes = c->run_elems * s;
    return;
  }
  uint32_t la = d->log2_a, lg = d->log2_granule;
  uint32_t a = 1u << la;
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
    set_level(o, 0, u / a, 1, lg, 0, la);
  }
  c->run_elems = ap;
  c->run_bytes = ap * s;
  uint32_t lv = 1;
  for (uint32_t k = 1; k < d->rank; k++, lv++) {
    uint32_t v = b->box[k];
    if (is_row(in, k)) {
      set_level(o, lv, v, d->stride[k], lb, k, 0);
    } else if (!is_split(in, k)) {
      set_level(o, lv, v, d->stride[k], 0, k, 0);
    } else {
      uint32_t lm = in->split_log2_m[k];
      uint32_t per_tile = 1u << (lb - lm);
      uint32_t inner = tl_log2_u64((uint64_t)ap * s) + lm;  /* m*a'*s = 1 << inner */
      if (v == 1) {
        set_level(o, lv, 1, 1, inner, k, 0);
      } else {
        set_level(o, lv, v < per_tile ? v : per_tile, 1, inner, k, 0);
        c->split_level = lv;
        lv++;
        set_level(o, lv, v > per_tile ? v / per_tile : 1, d->lead_stride, lb, k, lb - lm);
      }
    }
  }
}

tl_status tl_counter_hw(const tl_desc *d, const tl_desc_info *info, const tl_box *b,
                        tl_counter_hw_out *out) {
  if (!out) return TL_ERR_NULL;
  memset(out, 0, sizeof *out);
  if (!d || !info || !b) {
    out->view = out->start = out->nest.err = TL_ERR_NULL;
    return TL_ERR_NULL;
  }
  /* The domain: a descriptor that passed tl_desc_info_get (its classes
   * consistent with it) and a box that passed tl_box_shape_check. */
  tl_status st = tl_box_shape_check(d, b);
  if (st == TL_OK && (d->tile_major > 1 || (d->tile_major && (d->log2_granule > TL_LOG2_GRANULE_MAX ||
                                                             d->log2_b > TL_LOG2_GRANULE_MAX ||
                                                             d->log2_a > TL_LOG2_GRANULE_MAX))))
    st = TL_ERR_TILE_SHAPE;
  for (uint32_t k = 0; st == TL_OK && k < d->rank; k++)
    if ((info->split_mask >> k & 1u) && (k == 0 || info->split_log2_m[k] >= d->log2_b)) st = TL_ERR_STATE;
  if (st != TL_OK) {
    out->view = out->start = out->nest.err = st;
    return st;
  }
  out->view = view_check(d, info, b);
  out->start = start_check(d, info, b);
  if (out->view == TL_OK) build_nest(d, info, b, out);
  return TL_OK;
}
