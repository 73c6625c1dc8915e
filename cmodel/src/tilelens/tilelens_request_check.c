/*
 * tilelens_request_check.c - validation of a whole load request (a
 * descriptor and a box, SPEC A.1 rules 1-19), composed of the block models
 * in the priority order of docs/tilelens.md:
 *   tl_desc_info_get     tilelens_desc_check   rules 1-12   (tilelens_desc.c)
 *   tl_box_shape_check   tilelens_box_check    rules 13-15  (tilelens_box_check.c)
 *   tl_counter_hw        tilelens_counter_cfg  rule 16      (tilelens_counter_cfg.c)
 *   tl_split_sum_masked  tilelens_split_sum    rules 17-18  (tilelens_split_sum.c)
 *   tl_counter_hw        tilelens_counter_cfg  rule 19
 * tl_request_check() returns the status, tl_request_check_rule() also the
 * rule, tl_counter_config() also the counter nest of an accepted request.
 * tl_box_check() and tl_box_check_rule() are the deprecated names of the
 * first two (kept for the 0.1 release).
 */
#include "tilelens_internal.h"

#include <string.h>

/* Rules 1-19 in priority order; when they pass, *hw holds the nest. */
static tl_status request_check(const tl_desc *d, const tl_box *b, tl_counter_hw_out *hw) {
  if (!d || !b) return TL_ERR_NULL;
  tl_desc_info info;
  tl_status st = tl_desc_info_get(d, &info);
  if (st == TL_OK) st = tl_box_shape_check(d, b);
  if (st == TL_OK) {
    tl_counter_hw(d, &info, b, hw);
    st = hw->view;
  }
  if (st == TL_OK) {
    tl_split_sum_in in;
    tl_split_sum_out o;
    tl_split_sum_input(d, b, &in);
    tl_split_sum_masked(&in, info.row_mask, &o);
    st = o.err;
  }
  if (st == TL_OK) st = hw->start;
  return st;
}

tl_status tl_request_check(const tl_desc *d, const tl_box *b) {
  tl_counter_hw_out hw;
  return request_check(d, b, &hw);
}

tl_status tl_counter_config(const tl_desc *d, const tl_box *b, tl_counters *out) {
  if (!d || !b || !out) {
    if (out) { memset(out, 0, sizeof *out); out->err = TL_ERR_NULL; }
    return TL_ERR_NULL;
  }
  memset(out, 0, sizeof *out);
  tl_counter_hw_out hw;
  tl_status st = request_check(d, b, &hw);
  out->err = st;
  if (st == TL_OK) *out = hw.nest;
  return st;
}

tl_status tl_request_check_rule(const tl_desc *d, const tl_box *b, tl_rule *rule) {
  tl_rule r = TL_RULE_NONE;
  tl_status st = tl_desc_check_rule(d, &r);
  if (st == TL_OK && !b) { st = TL_ERR_NULL; r = TL_RULE_NULL; }
  if (st == TL_OK) {
    st = tl_box_shape_check(d, b);
    r = st == TL_OK ? TL_RULE_NONE : st == TL_ERR_BOX ? TL_RULE_BOX
      : st == TL_ERR_ALIGN ? TL_RULE_SMEM_ALIGN : TL_RULE_SMEM_FOOTPRINT;
  }
  if (st == TL_OK) {
    st = tl_request_check(d, b);
    r = st == TL_OK ? TL_RULE_NONE : st == TL_ERR_UNSUPPORTED_VIEW ? TL_RULE_BOX_VIEW
      : st == TL_ERR_ROW_RANGE ? TL_RULE_ROW_RANGE : st == TL_ERR_OVERFLOW ? TL_RULE_TILE_BASE
      : TL_RULE_START_ALIGN;
  }
  if (rule) *rule = r;
  return st;
}

/* Deprecated names (0.1), removed in the next release. */
tl_status tl_box_check(const tl_desc *d, const tl_box *b) { return tl_request_check(d, b); }

tl_status tl_box_check_rule(const tl_desc *d, const tl_box *b, tl_rule *rule) {
  return tl_request_check_rule(d, b, rule);
}
