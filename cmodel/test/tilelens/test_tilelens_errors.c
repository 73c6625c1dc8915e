/*
 * test_tilelens_errors.c - every status code, each from an input that is
 * invalid in exactly one way, and from every entry point that reports it.
 */
#include <criterion/criterion.h>
#include <stdio.h>

#include "tl_test_ref.h"

/* A valid tile-major case: BF16 1024 x 512 matrix, 64 x 32 memory tiles
 * (4 KB), 3-D view (64, 16, 512): rows split into 16 blocks of 64. */
static void valid_case(tl_desc *d, tl_box *b) {
  memset(d, 0, sizeof *d);
  memset(b, 0, sizeof *b);
  d->base = 0x10000000;
  d->rank = 3;
  d->elem_bytes = 2;
  d->dim[0] = 64; d->dim[1] = 16; d->dim[2] = 512;
  d->stride[1] = 128; d->stride[2] = 2048;
  d->tile_major = 1; d->log2_a = 6; d->log2_b = 5; d->log2_granule = 12;
  d->lead_stride = 2048;
  b->coord[0] = 0; b->coord[1] = 2; b->coord[2] = 64;
  b->box[0] = 64; b->box[1] = 2; b->box[2] = 64;
  b->smem_base = 0x100;
}

typedef void (*mutate_fn)(tl_desc *d, tl_box *b);
typedef struct { const char *why; mutate_fn f; tl_status want; int desc_level; tl_rule rule; } err_case;

#define M(name, body) static void name(tl_desc *d, tl_box *b) { (void)d; (void)b; body; }
M(m_rank0, d->rank = 0)
M(m_rank6, d->rank = 6)
M(m_elem3, d->elem_bytes = 3)
M(m_elem16, d->elem_bytes = 16)
M(m_dim0, d->dim[1] = 0)
M(m_dimbig, d->dim[2] = TL_DIM_MAX + 1)
M(m_stride0, d->stride[1] = 0)
M(m_stride8, d->stride[1] = 136; d->tile_major = 0)
M(m_stridebig, d->stride[2] = 1ull << 40; d->tile_major = 0)
M(m_elemstride, d->elem_stride[1] = 2)
M(m_interleave, d->interleave = 1)
M(m_swizzle, d->swizzle = 3)
M(m_base16, d->base += 8)
M(m_extent, d->tile_major = 0; d->base = UINT64_MAX - 0xffff; d->base &= ~15ull)
M(m_tm2, d->tile_major = 2)
M(m_lg3, d->log2_granule = 3)
M(m_lg17, d->log2_granule = 17; d->log2_b = 10)
M(m_shape, d->log2_b = 4)
M(m_baseG, d->base += 16)
M(m_L0, d->lead_stride = 0)
M(m_Lbig, d->lead_stride = 1ull << 40)
M(m_Lnotas, d->lead_stride = 2048 + 64)
M(m_view_bad_col, d->stride[2] = 3 * 2048)          /* m = 3: neither 2^k < b nor b | m */
M(m_view_not_mult, d->stride[2] = 2048 + 1024)      /* >= L but not a multiple of L */
M(m_view_rows_overflow, d->dim[1] = 17)             /* rows leave the column */
M(m_box0, b->box[1] = 0)
M(m_box257, b->box[2] = 257)
M(m_box16b, b->box[0] = 4)                          /* 4 * 2 B = 8 B, not a multiple of 16 */
M(m_smem, b->smem_base = 0x108)
M(m_smem_over, b->smem_base = 0xfffff000)
M(m_u_not_pow2, b->box[0] = 24)
M(m_row_stride_unaligned, b->box[0] = 128; d->stride[1] = 64 * 2; d->dim[1] = 8; d->dim[0] = 128; b->coord[1] = 0; d->log2_a = 7; d->log2_b = 4; b->box[2] = 16; b->coord[2] = 0)
M(m_two_splits, d->rank = 4; d->dim[2] = 16; d->dim[3] = 32; d->stride[3] = 16 * 2048; b->box[3] = 2; b->box[2] = 16; b->coord[2] = 0; b->coord[3] = 0)
M(m_split_box, b->box[2] = 48)                      /* > b and not a multiple of b */
M(m_row_range_neg, b->coord[1] = -1)
M(m_row_range_hi, b->coord[0] = 64; b->box[0] = 64; b->coord[1] = 15)
M(m_tile_base_over, d->tile_major = 0; d->rank = 5; d->dim[3] = 1; d->dim[4] = 1; d->stride[3] = (1ull << 40) - 16; d->stride[4] = (1ull << 40) - 16; b->coord[3] = INT32_MAX; b->coord[4] = INT32_MAX; b->coord[2] = INT32_MAX; d->stride[2] = (1ull << 40) - 16; b->box[3] = 1; b->box[4] = 1; b->box[2] = 1)
M(m_row_misaligned, b->coord[0] = 32; b->box[0] = 64)
M(m_col_misaligned, b->coord[2] = 48)
/* two split dimensions (m = 1, m = 2) misaligned each, aligned only as a sum */
M(m_col_sum_only, d->rank = 4; d->dim[3] = 16; d->stride[3] = 2 * 2048; b->box[3] = 1; b->coord[2] = 2; b->coord[3] = 15)

/* Rationale: one row per rule of docs/tilelens.md; desc_level says whether
 * tl_desc_check already rejects it (then every later entry point must too). */
static const err_case cases[] = {
  {"rank 0", m_rank0, TL_ERR_RANK, 1, (tl_rule)2},
  {"rank 6", m_rank6, TL_ERR_RANK, 1, (tl_rule)2},
  {"element size 3", m_elem3, TL_ERR_ELEM_SIZE, 1, (tl_rule)3},
  {"element size 16", m_elem16, TL_ERR_ELEM_SIZE, 1, (tl_rule)3},
  {"dimension 0", m_dim0, TL_ERR_DIM, 1, (tl_rule)4},
  {"dimension above 2^32", m_dimbig, TL_ERR_DIM, 1, (tl_rule)4},
  {"stride 0", m_stride0, TL_ERR_STRIDE, 1, (tl_rule)5},
  {"stride not a multiple of 16", m_stride8, TL_ERR_STRIDE, 1, (tl_rule)5},
  {"stride 2^40", m_stridebig, TL_ERR_STRIDE, 1, (tl_rule)5},
  {"element stride 2", m_elemstride, TL_ERR_UNSUPPORTED_FEATURE, 1, (tl_rule)6},
  {"interleave", m_interleave, TL_ERR_UNSUPPORTED_FEATURE, 1, (tl_rule)6},
  {"swizzle", m_swizzle, TL_ERR_UNSUPPORTED_FEATURE, 1, (tl_rule)6},
  {"base not 16 B aligned", m_base16, TL_ERR_ALIGN, 1, (tl_rule)7},
  {"tensor beyond 2^64", m_extent, TL_ERR_OVERFLOW, 1, (tl_rule)8},
  {"tile_major 2", m_tm2, TL_ERR_TILE_SHAPE, 1, (tl_rule)9},
  {"granule 2^3", m_lg3, TL_ERR_TILE_SHAPE, 1, (tl_rule)9},
  {"granule 2^17", m_lg17, TL_ERR_TILE_SHAPE, 1, (tl_rule)9},
  {"a*b*s != G", m_shape, TL_ERR_TILE_SHAPE, 1, (tl_rule)9},
  {"base not granule aligned", m_baseG, TL_ERR_ALIGN, 1, (tl_rule)10},
  {"L = 0", m_L0, TL_ERR_LEAD_STRIDE, 1, (tl_rule)11},
  {"L = 2^40", m_Lbig, TL_ERR_LEAD_STRIDE, 1, (tl_rule)11},
  {"L not a multiple of a*s", m_Lnotas, TL_ERR_LEAD_STRIDE, 1, (tl_rule)11},
  {"column stride 3L", m_view_bad_col, TL_ERR_UNSUPPORTED_VIEW, 1, (tl_rule)12},
  {"stride >= L, not a multiple", m_view_not_mult, TL_ERR_UNSUPPORTED_VIEW, 1, (tl_rule)12},
  {"row dimensions leave the column", m_view_rows_overflow, TL_ERR_UNSUPPORTED_VIEW, 1, (tl_rule)12},
  {"box 0", m_box0, TL_ERR_BOX, 0, (tl_rule)13},
  {"box 257", m_box257, TL_ERR_BOX, 0, (tl_rule)13},
  {"box[0]*s = 8 B", m_box16b, TL_ERR_BOX, 0, (tl_rule)13},
  {"smem not 16 B aligned", m_smem, TL_ERR_ALIGN, 0, (tl_rule)14},
  {"smem footprint beyond 2^32", m_smem_over, TL_ERR_OVERFLOW, 0, (tl_rule)15},
  {"u not a power of two", m_u_not_pow2, TL_ERR_UNSUPPORTED_VIEW, 0, (tl_rule)16},
  {"stepped row stride not a multiple of a'*s", m_row_stride_unaligned, TL_ERR_UNSUPPORTED_VIEW, 0, (tl_rule)16},
  {"two split dimensions step", m_two_splits, TL_ERR_UNSUPPORTED_VIEW, 0, (tl_rule)16},
  {"split box not a multiple of b/m", m_split_box, TL_ERR_UNSUPPORTED_VIEW, 0, (tl_rule)16},
  {"row start negative", m_row_range_neg, TL_ERR_ROW_RANGE, 0, (tl_rule)17},
  {"row start at L", m_row_range_hi, TL_ERR_ROW_RANGE, 0, (tl_rule)17},
  {"tile base beyond int64", m_tile_base_over, TL_ERR_OVERFLOW, 0, (tl_rule)18},
  {"row start not a multiple of a'", m_row_misaligned, TL_ERR_ALIGN, 0, (tl_rule)19},
  {"column start not a multiple of b", m_col_misaligned, TL_ERR_ALIGN, 0, (tl_rule)19},
  {"split starts aligned only as a sum", m_col_sum_only, TL_ERR_ALIGN, 0, (tl_rule)19},
};

/* Why: the valid base case really is valid, so each row below differs from
 * a passing input in exactly the one way it names. */
Test(tilelens_errors, base_case_valid) {
  tl_desc d;
  tl_box b;
  valid_case(&d, &b);
  cr_assert_eq(tl_desc_check(&d), TL_OK);
  cr_assert_eq(tl_request_check(&d, &b), TL_OK);
  size_t n;
  cr_assert_eq(tl_box_requests(&d, &b, NULL, 0, &n), TL_OK);
  cr_assert_eq(n, 2 * 64);
}

/* Why: every invalid input gets its named error from every entry point. */
Test(tilelens_errors, each_rule_its_code) {
  int seen[TL_STATUS_COUNT] = {0};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    tl_desc d;
    tl_box b;
    valid_case(&d, &b);
    cases[k].f(&d, &b);
    tl_status want = cases[k].want;
    if (cases[k].desc_level)
      cr_assert_eq(tl_desc_check(&d), want, "%s: desc_check %s", cases[k].why, tl_status_str(tl_desc_check(&d)));
    else
      cr_assert_eq(tl_desc_check(&d), TL_OK, "%s: descriptor must stay valid (%s)", cases[k].why,
                   tl_status_str(tl_desc_check(&d)));
    cr_assert_eq(tl_request_check(&d, &b), want, "%s: request_check %s", cases[k].why, tl_status_str(tl_request_check(&d, &b)));
    tl_rule rule = TL_RULE_NONE;
    cr_assert_eq(tl_request_check_rule(&d, &b, &rule), want, "%s", cases[k].why);
    cr_assert_eq(rule, cases[k].rule, "%s: %s", cases[k].why, tl_rule_str(rule));
    /* the deprecated names (kept for 0.1) are the same functions */
    tl_rule old_rule = TL_RULE_NONE;
    cr_assert_eq(tl_box_check(&d, &b), want, "%s: tl_box_check", cases[k].why);
    cr_assert_eq(tl_box_check_rule(&d, &b, &old_rule), want, "%s: tl_box_check_rule", cases[k].why);
    cr_assert_eq(old_rule, rule, "%s: tl_box_check_rule's rule", cases[k].why);
    cr_assert_eq(tl_desc_check_rule(&d, &rule), cases[k].desc_level ? want : TL_OK);
    if (cases[k].desc_level) cr_assert_eq(rule, cases[k].rule, "%s: %s", cases[k].why, tl_rule_str(rule));
    size_t n = 99;
    tl_req r[4];
    cr_assert_eq(tl_box_requests(&d, &b, r, 4, &n), want, "%s", cases[k].why);
    cr_assert_eq(n, 0, "%s: no requests on error", cases[k].why);
    tl_counters c;
    cr_assert_eq(tl_counter_config(&d, &b, &c), want, "%s", cases[k].why);
    cr_assert_eq(c.err, want);
    tl_gen g;
    cr_assert_eq(tl_gen_begin(&g, &d, &b), want, "%s", cases[k].why);
    cr_assert_eq(tl_gen_next(&g, r), TL_STEP_DONE, "%s: a rejected box yields nothing", cases[k].why);
    tl_page_stats ps;
    cr_assert_eq(tl_box_pages(&d, &b, 12, NULL, 0, &ps), want, "%s", cases[k].why);
    seen[want] = 1;
  }
  for (int st = TL_ERR_RANK; st < TL_STATUS_COUNT; st++)
    if (st != TL_ERR_NULL) cr_assert(seen[st], "no test for %s", tl_status_str((tl_status)st));
}

/* Why: NULL arguments are an error, never a crash. */
Test(tilelens_errors, null_arguments) {
  tl_desc d;
  tl_box b;
  valid_case(&d, &b);
  size_t n;
  tl_counters c;
  tl_page_stats ps;
  cr_assert_eq(tl_desc_check(NULL), TL_ERR_NULL);
  cr_assert_eq(tl_request_check(NULL, &b), TL_ERR_NULL);
  cr_assert_eq(tl_request_check(&d, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_box_requests(&d, &b, NULL, 0, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_box_requests(&d, &b, NULL, 5, &n), TL_ERR_NULL);
  cr_assert_eq(tl_counter_config(&d, NULL, &c), TL_ERR_NULL);
  cr_assert_eq(c.err, TL_ERR_NULL);
  cr_assert_eq(tl_counter_config(&d, &b, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_gen_begin(NULL, &d, &b), TL_ERR_NULL);
  cr_assert_eq(tl_gen_next(NULL, NULL), TL_STEP_ERROR);
  cr_assert_eq(tl_box_pages(&d, &b, 12, NULL, 0, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_box_pages(NULL, &b, 12, NULL, 0, &ps), TL_ERR_NULL);
}

/* Why: every status has a distinct name that starts with its identifier. */
Test(tilelens_errors, status_names) {
  static const char *const ids[TL_STATUS_COUNT] = {
    "TL_OK", "TL_ERR_RANK", "TL_ERR_ELEM_SIZE", "TL_ERR_DIM", "TL_ERR_STRIDE", "TL_ERR_BOX",
    "TL_ERR_ALIGN", "TL_ERR_TILE_SHAPE", "TL_ERR_LEAD_STRIDE", "TL_ERR_UNSUPPORTED_VIEW",
    "TL_ERR_OVERFLOW", "TL_ERR_NULL", "TL_ERR_ROW_RANGE", "TL_ERR_UNSUPPORTED_FEATURE"};
  for (int st = 0; st < TL_STATUS_COUNT; st++) {
    const char *s = tl_status_str((tl_status)st);
    cr_assert_eq(strncmp(s, ids[st], strlen(ids[st])), 0, "%d: %s", st, s);
    cr_assert_eq(s[strlen(ids[st])], ':', "%d: %s", st, s);
  }
  cr_assert_str_eq(tl_status_str((tl_status)99), "TL_ERR_?: unknown status");
  cr_assert_str_eq(tl_status_str(TL_STATUS_COUNT), "TL_ERR_?: unknown status");
  cr_assert_str_eq(tl_status_str((tl_status)15), "TL_ERR_?: unknown status");
  cr_assert_str_eq(tl_status_str(TL_STATUS_END), "TL_ERR_?: unknown status");
  cr_assert_str_eq(tl_status_str((tl_status)-1), "TL_ERR_?: unknown status");
  static const char *const api[3] = {"TL_ERR_STATE:", "TL_ERR_LIMIT:", "TL_ERR_RANGE:"};
  for (int k = 0; k < 3; k++)
    cr_assert_eq(strncmp(tl_status_str((tl_status)(TL_ERR_STATE + k)), api[k], strlen(api[k])), 0);
  /* the API-only codes never collide with a 4-bit RTL err value */
  cr_assert_geq(TL_ERR_STATE, 16);
  cr_assert_eq(TL_STATUS_COUNT, 14);
}

/* Why: every rule number has its own description; ALIGN's four rules differ. */
Test(tilelens_errors, rule_names) {
  for (int r = 0; r <= TL_RULE_START_ALIGN; r++) {
    char want[32];
    snprintf(want, sizeof want, "rule %d:", r);
    cr_assert_eq(strncmp(tl_rule_str((tl_rule)r), want, strlen(want)), 0, "%s", tl_rule_str((tl_rule)r));
  }
  cr_assert_str_eq(tl_rule_str((tl_rule)20), "rule ?: unknown");
  cr_assert_str_eq(tl_rule_str((tl_rule)-1), "rule ?: unknown");
  tl_rule r = TL_RULE_NONE;
  tl_desc d;
  tl_box b;
  valid_case(&d, &b);
  cr_assert_eq(tl_request_check_rule(NULL, &b, &r), TL_ERR_NULL);
  cr_assert_eq(r, TL_RULE_NULL);
  cr_assert_eq(tl_request_check_rule(&d, NULL, &r), TL_ERR_NULL);
  cr_assert_eq(r, TL_RULE_NULL);
  cr_assert_eq(tl_request_check_rule(&d, &b, &r), TL_OK);
  cr_assert_eq(r, TL_RULE_NONE);
  cr_assert_eq(tl_request_check_rule(&d, &b, NULL), TL_OK);
  cr_assert_eq(tl_desc_check_rule(NULL, &r), TL_ERR_NULL);
  cr_assert_eq(r, TL_RULE_NULL);
}

/* Why: the generator never dereferences a NULL request or steps a
 * generator tl_gen_begin() never set up; a failed call changes nothing. */
Test(tilelens_errors, generator_state) {
  tl_desc d;
  tl_box b;
  valid_case(&d, &b);
  tl_gen g, zero;
  tl_req r;
  memset(&zero, 0, sizeof zero);
  cr_assert_eq(tl_gen_next(&zero, &r), TL_STEP_ERROR, "never begun");
  cr_assert_eq(tl_gen_total_steps(&zero), 0);
  cr_assert_eq(tl_gen_total_steps(NULL), 0);
  cr_assert_eq(tl_gen_begin(&g, &d, &b), TL_OK);
  tl_gen before = g;
  cr_assert_eq(tl_gen_next(&g, NULL), TL_STEP_ERROR);
  cr_assert_eq(memcmp(&g, &before, sizeof g), 0, "an error does not step");
  cr_assert_eq(tl_gen_next(NULL, &r), TL_STEP_ERROR);
  cr_assert_eq(tl_gen_next(&g, &r), TL_STEP_REQ);
  cr_assert_eq(tl_gen_begin(&g, NULL, &b), TL_ERR_NULL);
  cr_assert_eq(tl_gen_next(&g, &r), TL_STEP_DONE, "a rejected generator is set up and done");
}

/* Why: split-and-sum rejects every value its ports cannot hold
 * (rank 6-9 were clamped to 5 silently); the masked RTL twin documents it. */
Test(tilelens_errors, split_sum_strict) {
  tl_split_sum_in in;
  tl_split_sum_out o;
  memset(&in, 0, sizeof in);
  in.rank = 2; in.coord[0] = 4; in.coord[1] = 1; in.stride[0] = 2; in.stride[1] = 4096;
  in.lead_stride = 4096; in.log2_b = 5;
  cr_assert_eq(tl_split_sum(&in, &o), TL_OK);
  cr_assert_eq(o.tile_base, 4096 + 8);
  for (uint32_t r = 6; r <= 9; r++) {
    in.rank = r;
    cr_assert_eq(tl_split_sum(&in, &o), TL_ERR_RANK, "rank %u", r);
    cr_assert_eq(o.err, TL_ERR_RANK);
    cr_assert_eq(o.tile_base, 0);
  }
  in.rank = 0;
  cr_assert_eq(tl_split_sum(&in, &o), TL_ERR_RANK);
  in.rank = 7;
  cr_assert_eq(tl_split_sum_masked(&in, 1, &o), TL_OK, "masked: rank 7 as 5, like rank_i");
  in.rank = 2;
  in.stride[1] = 1ull << 40;
  cr_assert_eq(tl_split_sum(&in, &o), TL_ERR_STRIDE);
  in.stride[1] = 4096;
  in.lead_stride = 1ull << 40;
  cr_assert_eq(tl_split_sum(&in, &o), TL_ERR_LEAD_STRIDE);
  in.lead_stride = 4096;
  in.log2_b = 17;
  cr_assert_eq(tl_split_sum(&in, &o), TL_ERR_TILE_SHAPE);
  in.log2_b = 5;
  in.tile_major = 2;
  cr_assert_eq(tl_split_sum(&in, &o), TL_ERR_RANGE);
  in.tile_major = 1;
  cr_assert_eq(tl_split_sum(&in, &o), TL_OK);
  cr_assert_eq(tl_split_sum(NULL, &o), TL_ERR_NULL);
  cr_assert_eq(o.err, TL_ERR_NULL);
  cr_assert_eq(tl_split_sum(&in, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_split_sum_masked(NULL, 1, &o), TL_ERR_NULL);
  cr_assert_eq(o.err, TL_ERR_NULL);
  cr_assert_eq(tl_split_sum_masked(&in, 1, NULL), TL_ERR_NULL);
}

/* Why: the partition functions, the permuter and the block
 * helper name every invalid input. */
Test(tilelens_errors, partition_and_helpers) {
  tl_desc d;
  tl_box b;
  valid_case(&d, &b);
  tl_desc_info info;
  cr_assert_eq(tl_desc_info_get(NULL, &info), TL_ERR_NULL);
  cr_assert_eq(tl_desc_info_get(&d, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_desc_info_get(&d, &info), TL_OK);
  cr_assert_eq(tl_box_shape_check(NULL, &b), TL_ERR_NULL);
  cr_assert_eq(tl_box_shape_check(&d, NULL), TL_ERR_NULL);
  tl_desc bad = d;
  bad.rank = 0;
  cr_assert_eq(tl_box_shape_check(&bad, &b), TL_ERR_RANK);
  bad.rank = 9;
  cr_assert_eq(tl_box_shape_check(&bad, &b), TL_ERR_RANK);
  bad = d;
  bad.elem_bytes = 0;
  cr_assert_eq(tl_box_shape_check(&bad, &b), TL_ERR_ELEM_SIZE);
  tl_counter_hw_out hw;
  cr_assert_eq(tl_counter_hw(&d, &info, &b, &hw), TL_OK);
  cr_assert_eq(hw.view, TL_OK);
  cr_assert_eq(tl_counter_hw(&d, &info, &b, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_counter_hw(NULL, &info, &b, &hw), TL_ERR_NULL);
  cr_assert_eq(hw.view, TL_ERR_NULL);
  cr_assert_eq(tl_counter_hw(&d, NULL, &b, &hw), TL_ERR_NULL);
  cr_assert_eq(tl_counter_hw(&d, &info, NULL, &hw), TL_ERR_NULL);
  tl_box bb = b;
  bb.box[1] = 0;
  cr_assert_eq(tl_counter_hw(&d, &info, &bb, &hw), TL_ERR_BOX, "a box outside the domain");
  cr_assert_eq(hw.nest.err, TL_ERR_BOX);
  tl_desc_info bi = info;
  bi.split_mask |= 1u;
  cr_assert_eq(tl_counter_hw(&d, &bi, &b, &hw), TL_ERR_STATE, "classes not from tl_desc_info_get");
  bi = info;
  bi.split_mask |= 4u;
  bi.split_log2_m[2] = 5;
  cr_assert_eq(tl_counter_hw(&d, &bi, &b, &hw), TL_ERR_STATE);
  bad = d;
  bad.log2_granule = 40;
  cr_assert_eq(tl_counter_hw(&bad, &info, &b, &hw), TL_ERR_TILE_SHAPE);
  uint64_t y = 0;
  cr_assert_eq(tl_bit_permute_checked(0x1234, 5, 5, 2, &y), TL_OK);
  cr_assert_eq(y, tl_bit_permute(0x1234, 5, 5, 2));
  cr_assert_eq(tl_bit_permute_checked(0x1234, 8, 8, 1, &y), TL_ERR_RANGE);
  cr_assert_eq(y, 0x1234);
  cr_assert_eq(tl_bit_permute_checked(0x1234, 0xffffffffu, 1, 1, &y), TL_ERR_RANGE, "no wrap of the width sum");
  cr_assert_eq(tl_bit_permute_checked(0x1234, 5, 5, 2, NULL), TL_ERR_NULL);
  tl_req r = {0x1010, 0, 0x50};
  uint64_t blk[4];
  size_t n = 9;
  cr_assert_eq(tl_req_blocks_get(&r, 5, blk, 4, &n), TL_OK);
  cr_assert_eq(n, 3);
  cr_assert_eq(tl_req_blocks_get(NULL, 5, blk, 4, &n), TL_ERR_NULL);
  cr_assert_eq(n, 0);
  cr_assert_eq(tl_req_blocks_get(&r, 5, blk, 4, NULL), TL_ERR_NULL);
  cr_assert_eq(tl_req_blocks_get(&r, 5, NULL, 4, &n), TL_ERR_NULL);
  cr_assert_eq(tl_req_blocks_get(&r, 5, NULL, 0, &n), TL_OK);
  cr_assert_eq(n, 3);
  cr_assert_eq(tl_req_blocks_get(&r, 64, blk, 4, &n), TL_ERR_RANGE);
  cr_assert_eq(tl_req_blocks(&r, 64, blk, 4), 0);
  tl_req wrap = {UINT64_MAX - 15, 0, 32};
  cr_assert_eq(tl_req_blocks_get(&wrap, 5, blk, 4, &n), TL_ERR_RANGE, "a request past 2^64");
  cr_assert_eq(tl_req_blocks(&wrap, 5, blk, 4), 0);
}

/* Why: the page statistics allocate a bounded working set: a box
 * with more than TL_PAGES_MAX distinct pages is TL_ERR_LIMIT, not an
 * allocation without bound; a page size above 2^40 is TL_ERR_RANGE. */
Test(tilelens_errors, box_pages_bounded) {
  tl_desc d;
  tl_box b;
  memset(&d, 0, sizeof d);
  memset(&b, 0, sizeof b);
  d.rank = 3; d.elem_bytes = 1; d.base = 0;
  d.dim[0] = 256; d.dim[1] = 256; d.dim[2] = 128;
  d.stride[1] = 256; d.stride[2] = 65536;
  b.box[0] = 256; b.box[1] = 256; b.box[2] = 65;   /* 4,259,840 one-byte pages > 2^22 */
  tl_page_stats st;
  st.requests = 5;
  cr_assert_eq(tl_box_pages(&d, &b, 0, NULL, 0, &st), TL_ERR_LIMIT);
  cr_assert_eq(st.requests, 0, "statistics zeroed on error");
  b.box[2] = 64;                                   /* exactly 2^22 pages */
  cr_assert_eq(tl_box_pages(&d, &b, 0, NULL, 0, &st), TL_OK);
  cr_assert_eq(st.pages, TL_PAGES_MAX);
  cr_assert_eq(tl_box_pages(&d, &b, 12, NULL, 0, &st), TL_OK);
  cr_assert_eq(st.pages, 1024);
  cr_assert_eq(tl_box_pages(&d, &b, 41, NULL, 0, &st), TL_ERR_RANGE);
  cr_assert_eq(tl_box_pages(&d, &b, 40, NULL, 0, &st), TL_OK);
  uint64_t pg[2];
  cr_assert_eq(tl_box_pages(&d, &b, 12, NULL, 2, &st), TL_ERR_NULL);
  cr_assert_eq(tl_box_pages(&d, &b, 12, pg, 2, &st), TL_OK);
  cr_assert_eq(pg[1], 4096);
}

/* Why: a linear descriptor's lead_stride is unused and unchecked, so any
 * value there (here 2^43, beyond the split-and-sum port) must leave the
 * request stream alone (found by the fuzzer when the strict split-and-sum
 * was first used inside tl_gen_begin). */
Test(tilelens_errors, linear_ignores_lead_stride) {
  tl_desc d;
  tl_box b;
  memset(&d, 0, sizeof d);
  memset(&b, 0, sizeof b);
  d.rank = 3; d.elem_bytes = 8; d.base = 0x7dd500;
  d.dim[0] = 2; d.dim[1] = 4; d.dim[2] = 11;
  d.stride[1] = 16; d.stride[2] = 64;
  b.coord[0] = -6; b.coord[1] = 1; b.coord[2] = 7;
  b.box[0] = 8; b.box[1] = 6; b.box[2] = 1;
  b.smem_base = 0x1960;
  tl_req want[16], got[16];
  size_t nw, ng;
  cr_assert_eq(tl_box_requests(&d, &b, want, 16, &nw), TL_OK);
  d.lead_stride = 8796093022272ull;
  cr_assert_eq(tl_box_requests(&d, &b, got, 16, &ng), TL_OK);
  cr_assert_eq(ng, nw);
  cr_assert_eq(memcmp(got, want, nw * sizeof *got), 0);
  static uint64_t ref[64], map[64];
  ref_box_map(&d, &b, ref);
  cr_assert(ref_requests_map(&d, &b, got, ng, map));
  cr_assert_eq(memcmp(ref, map, ref_box_elems(&d, &b) * sizeof *map), 0);
}
