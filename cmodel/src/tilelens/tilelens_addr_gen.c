/*
 * tilelens_addr_gen.c - model of tilelens_addr_gen: steps the counter nest,
 * one step per call (one cycle of the RTL), and tl_box_requests() on top.
 *
 * Step with level indices idx[k]:
 *   view coordinate  c[d] = coord[d] + sum_{vdim[k]=d} idx[k] << log2_weight[k]
 *   source (assumed) t    = base + tile_base + sum_k idx[k] * stride[k]
 *   source                = permute(t) in case 2, else t
 *   run along dim 0       [c[0], c[0] + run_elems) clipped to [0, dim[0])
 * The model keeps t and c incrementally (one add per level that moves, a
 * rewind when a level wraps), like the accumulators of the hardware.
 * A step with any c[d] (d >= 1) outside [0, dim[d]) or an empty clipped run
 * is a bubble; otherwise the request is {source + clip*s, smem_base +
 * step*run_bytes + clip*s, clipped elements * s}, clip = clipped start - c[0].
 */
#include "tilelens_internal.h"

#include <string.h>

tl_status tl_gen_begin(tl_gen *g, const tl_desc *d, const tl_box *b) {
  if (!g) return TL_ERR_NULL;
  memset(g, 0, sizeof *g);
  g->done = 1;
  g->tag = TL_GEN_TAG;
  tl_status st = tl_counter_config(d, b, &g->cfg);
  if (st != TL_OK) return st;
  tl_split_sum_in in;
  tl_split_sum_out o;
  tl_split_sum_input(d, b, &in);
  /* The routing of the validated descriptor (tl_desc_info.row_mask); the
   * port-range checks of the strict tl_split_sum() do not apply here (a
   * linear descriptor's lead_stride is unused and unchecked). */
  uint32_t mask = 1;
  for (uint32_t k = 1; k < d->rank; k++)
    if (d->stride[k] < d->lead_stride) mask |= 1u << k;
  tl_split_sum_masked(&in, mask, &o);
  g->tile_base = o.tile_base;
  g->base = d->base;
  g->elem_bytes = d->elem_bytes;
  g->rank = d->rank;
  for (uint32_t k = 0; k < TL_MAX_RANK; k++) {
    g->coord[k] = k < d->rank ? b->coord[k] : 0;
    g->dim[k] = k < d->rank ? d->dim[k] : 1;
  }
  g->smem_base = b->smem_base;
  g->src_acc = g->base + (uint64_t)g->tile_base;
  for (uint32_t k = 0; k < TL_MAX_RANK; k++) g->cur[k] = g->coord[k];
  g->done = 0;
  return TL_OK;
}

uint64_t tl_gen_total_steps(const tl_gen *g) {
  if (!g || g->tag != TL_GEN_TAG) return 0;
  uint64_t n = 1;
  for (uint32_t k = 0; k < TL_MAX_LEVELS; k++) n *= g->cfg.count[k];
  return n;
}

void tl_gen_advance(tl_gen *g) {
  const tl_counters *c = &g->cfg;
  g->step++;
  for (uint32_t k = 0; k < TL_MAX_LEVELS; k++) {
    if (c->count[k] == 1) continue;
    if (++g->idx[k] < c->count[k]) {
      g->src_acc += c->stride[k];
      g->cur[c->vdim[k]] += (int64_t)1 << c->log2_weight[k];
      return;
    }
    g->idx[k] = 0;
    g->src_acc -= (uint64_t)(c->count[k] - 1) * c->stride[k];
    g->cur[c->vdim[k]] -= (int64_t)(c->count[k] - 1) << c->log2_weight[k];
  }
  g->done = 1;
}

tl_step tl_gen_current(const tl_gen *g, tl_req *out) {
  if (g->done) return TL_STEP_DONE;
  const tl_counters *c = &g->cfg;
  const int64_t *cc = g->cur;
  for (uint32_t k = 1; k < g->rank; k++)
    if (cc[k] < 0 || (uint64_t)cc[k] >= g->dim[k]) return TL_STEP_BUBBLE;
  int64_t lo = cc[0] < 0 ? 0 : cc[0];
  int64_t hi = cc[0] + (int64_t)c->run_elems;
  if (hi > (int64_t)g->dim[0]) hi = (int64_t)g->dim[0];
  if (lo >= hi) return TL_STEP_BUBBLE;
  uint64_t src = g->src_acc;
  if (c->mode == TL_MODE_WIDE_TILE)
    src = tl_bit_permute(src, c->perm_row_bits, c->perm_col_bits, c->perm_sub_bits);
  uint64_t clip = (uint64_t)(lo - cc[0]) * g->elem_bytes;
  out->src = src + clip;
  out->dst = (uint32_t)(g->smem_base + g->step * c->run_bytes + clip);
  out->bytes = (uint32_t)((uint64_t)(hi - lo) * g->elem_bytes);
  return TL_STEP_REQ;
}

tl_step tl_gen_next(tl_gen *g, tl_req *out) {
  if (!g || !out || g->tag != TL_GEN_TAG) return TL_STEP_ERROR;
  tl_step k = tl_gen_current(g, out);
  if (k != TL_STEP_DONE) tl_gen_advance(g);
  return k;
}

tl_status tl_box_requests(const tl_desc *d, const tl_box *b,
                          tl_req *out, size_t cap, size_t *count) {
  if (!d || !b || !count || (cap > 0 && !out)) return TL_ERR_NULL;
  *count = 0;
  tl_gen g;
  tl_status st = tl_gen_begin(&g, d, b);
  if (st != TL_OK) return st;
  tl_req r;
  tl_step k;
  size_t n = 0;
  while ((k = tl_gen_next(&g, &r)) > TL_STEP_DONE) {
    if (k != TL_STEP_REQ) continue;
    if (n < cap) out[n] = r;
    n++;
  }
  *count = n;
  return TL_OK;
}
