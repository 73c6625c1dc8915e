/*
 * tilelens/tilelens.h - bit-exact C reference model of the TileLens TMA
 * extension (also reachable as "tilelens.h", the old path).
 *
 * TileLens remaps a Tensor Memory Accelerator (TMA) load onto a tile-major
 * global-memory layout (memory tiles of a x b elements, a*b*s = granule G).
 * This header is the public contract that GPU simulators compile against:
 *
 *   - the descriptor / box / request types and their validation,
 *   - tl_box_requests(): the whole request stream of one box load,
 *   - the three hardware blocks of the extension, one function each, whose
 *     inputs and outputs are the ports of the RTL modules of the same name
 *     (rtl/tilelens/tilelens_<block>.v):
 *       tl_split_sum()     tilelens_split_sum     (tile base, paper Eq. 4)
 *       tl_counter_config  tilelens_counter_cfg   (counter nest, Eq. 5)
 *       tl_bit_permute()   tilelens_bit_permute   (case-2 offset permutation)
 *   - the incremental address generator (tl_gen_begin / tl_gen_next), which
 *     yields exactly what tilelens_addr_gen emits, one counter step per cycle,
 *   - the composed TMA address unit (tilelens_tma_addr), cycle by cycle:
 *     tl_tma_reset / tl_tma_eval / tl_tma_commit, or tl_tma_tick per tick,
 *   - builders (tl_desc_matrix_tiled / _linear, tl_box_2d / _nd) and
 *     helpers for simulators: Eq. 2, sector split, granule page statistics,
 *   - the rule behind a status (tl_request_check_rule), version (version.h).
 *
 * Errors: every entry point returns a named tl_status (tl_gen_next:
 * TL_STEP_ERROR) for NULL pointers, values outside their range and objects
 * not set up by their begin/reset function; the value-returning helpers
 * return a documented value instead (tl_tile_offset, tl_bit_permute and
 * tl_req_blocks have checked twins returning the status; tl_gen_total_steps
 * gives 0). Nothing traps or allocates without bound. Functions named as RTL mirrors take port-width inputs and
 * say how they mask; their strict twins reject.
 *
 * No function keeps hidden state; every stateful object is owned by the
 * caller. All functions are thread-safe for distinct objects.
 * The semantics are fixed in docs/tilelens.md.
 */
#ifndef TILELENS_H
#define TILELENS_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Widths and limits (each matches an RTL parameter) ----------------- */
#define TL_MAX_RANK         5   /* RTL Rank: view dimensions of a descriptor      */
#define TL_COORD_BITS      32   /* RTL CoordWidth: signed box start coordinates   */
#define TL_STRIDE_BITS     40   /* RTL StrideWidth: strides and L are < 2^40      */
#define TL_BOX_BITS         9   /* RTL BoxWidth: box sizes 1..256                 */
#define TL_BOX_MAX        256
#define TL_DIM_MAX  (1ull << 32)/* dim[d] is 1..2^32 elements                     */
#define TL_ADDR_BITS       64   /* RTL AddrWidth: global byte addresses          */
#define TL_SMEM_BITS       32   /* RTL SmemWidth: shared-memory byte addresses    */
#define TL_STRIDE_ALIGN    16   /* strides, base and box[0]*s: multiples of 16 B  */
#define TL_LOG2_GRANULE_MIN 4   /* granule G = 2^lg, lg in [4, 16]                */
#define TL_LOG2_GRANULE_MAX 16  /* RTL MaxLog2Granule                             */
/* Counter levels of the nest: the dimension-0 piece level, one per view
 * dimension 1..rank-1, and one extra outer level for the split dimension. */
#define TL_MAX_LEVELS (TL_MAX_RANK + 1)

/* ---- Status codes --------------------------------------------------------- */
typedef enum {
  TL_OK = 0,
  TL_ERR_RANK,              /* rank not in 1..5                                  */
  TL_ERR_ELEM_SIZE,         /* elem_bytes not 1, 2, 4 or 8                       */
  TL_ERR_DIM,               /* dim[d] == 0 or > 2^32                             */
  TL_ERR_STRIDE,            /* stride[d] (d >= 1) zero, not a multiple of 16, or >= 2^40 */
  TL_ERR_BOX,               /* box[d] not in 1..256, or box[0]*s not a multiple of 16 */
  TL_ERR_ALIGN,             /* base or smem_base not 16 B aligned; tile-major: base not
                               G aligned, row start not a multiple of a'*s or a split
                               dimension's start not a multiple of b/m columns    */
  TL_ERR_TILE_SHAPE,        /* tile-major: lg outside [4,16], la+lb+log2(s) != lg,
                               or tile_major not 0/1                              */
  TL_ERR_LEAD_STRIDE,       /* tile-major: L zero, >= 2^40 or not a multiple of a*s */
  TL_ERR_UNSUPPORTED_VIEW,  /* tile-major: a view dimension the counter
                               reconfigurator cannot express (see docs)           */
  TL_ERR_OVERFLOW,          /* a result that does not fit its width: the tensor's
                               extent above 2^64, the tile base outside int64, or
                               the box's shared-memory footprint above 2^32        */
  TL_ERR_NULL,              /* a NULL pointer argument                           */
  /* Additions beyond the base contract. */
  TL_ERR_ROW_RANGE,         /* tile-major: the start's row offset (sum of the row
                               dimensions' coord x stride) lies outside [0, L)    */
  TL_ERR_UNSUPPORTED_FEATURE, /* element strides other than 1, interleave or
                               swizzle: not modelled, rejected                   */
  TL_STATUS_COUNT,          /* 14: codes 0..13 are the range of the RTL err
                               outputs (rtl/tilelens/tilelens_status.vh)     */
  /* API-only codes: no RTL output carries them (their values lie above the
   * 4-bit err ports' range on purpose). */
  TL_ERR_STATE = 16,        /* an object not set up by its begin/reset
                               function, or a call out of its cycle order    */
  TL_ERR_LIMIT = 17,        /* a result beyond a documented resource bound    */
  TL_ERR_RANGE = 18,        /* an argument outside its documented range (a
                               1-bit input other than 0/1, a size or index
                               beyond the tensor, a page size above 2^40)     */
  /* The 4 KB-granularity MSHR (tl_mshr_*, rtl/tilelens/tilelens_mshr.v). */
  TL_ERR_MSHR_PARAM,        /* tl_mshr_init: entries outside 1..TL_MSHR_ENTRIES_MAX
                               or page_bits outside 1..TL_MSHR_PAGE_BITS_MAX    */
  TL_ERR_MSHR_DUP_FILL,     /* a fill for a page already filled (fill_err_o 1)  */
  TL_ERR_MSHR_UNTRACKED_FILL, /* a fill for a page no entry has requested from
                               memory (fill_err_o 2)                           */
  /* The adaptive stride prefetcher (tl_pf_*, docs/tilelens_prefetch.md);
   * the 5-bit err_o ports of tilelens_pf_degree and tilelens_pf_gen carry
   * these values (TL_PF_ERR_* below). */
  TL_ERR_PF_CONFIG,         /* a prefetcher configuration out of range: a zero
                               SM count, CTAs per SM, requests per tile, CTA
                               count, K-iteration count or stride            */
  TL_ERR_PF_ITER,           /* a demand access at or past the tensor's last
                               K iteration (iter >= K / TILE_K)              */
  TL_ERR_PF_RETIRE,         /* a CTA retired while none remained              */
  TL_STATUS_END             /* one past the last code                         */
} tl_status;

/* A constant, human-readable name for a status ("TL_ERR_BOX: ..."). */
TL_API const char *tl_status_str(tl_status st);
/* The library's version string (TILELENS_VERSION_STRING of its build). */
TL_API const char *tl_version(void);

/* ---- Descriptor, box, request --------------------------------------------- */
typedef struct {
  uint64_t base;                    /* global byte address */
  uint32_t rank;                    /* 1..5 */
  uint32_t elem_bytes;              /* 1, 2, 4, 8 */
  uint64_t dim[TL_MAX_RANK];        /* elements per dimension */
  uint64_t stride[TL_MAX_RANK];     /* bytes; stride[0] is ignored (== elem_bytes) */
  uint32_t tile_major;              /* 0: standard TMA, 1: TileLens-HW remap */
  uint32_t log2_a, log2_b;          /* memory tile a x b elements */
  uint32_t log2_granule;            /* 12 for 4 KB */
  uint64_t lead_stride;             /* L = K * elem_bytes */
  /* Not modelled; zero means the default (element stride 1, no interleave,
   * no swizzle). Any other value is rejected with TL_ERR_UNSUPPORTED_FEATURE. */
  uint32_t elem_stride[TL_MAX_RANK];
  uint32_t interleave;
  uint32_t swizzle;
} tl_desc;

typedef struct {
  int32_t  coord[TL_MAX_RANK];
  uint32_t box[TL_MAX_RANK];
  uint32_t smem_base;
} tl_box;

typedef struct { uint64_t src; uint32_t dst; uint32_t bytes; } tl_req;

/* Validates a descriptor alone (every rule of docs/tilelens.md that does not
 * depend on a box). Returns the first rule broken, in the order listed there. */
TL_API tl_status tl_desc_check(const tl_desc *d);

/* Validates a whole load request: the descriptor (tl_desc_check first),
 * then the box against it (rules 13-19, in the order of docs/tilelens.md).
 * The composition of the block checks listed under "Hardware partition". */
TL_API tl_status tl_request_check(const tl_desc *d, const tl_box *b);

/* Deprecated (0.1; removed in the next release): the old name of
 * tl_request_check(), identical to it. It validates the whole request, not
 * only what the RTL block tilelens_box_check checks (that is
 * tl_box_shape_check()). */
TL_API tl_status tl_box_check(const tl_desc *d, const tl_box *b);

/* Counts the requests of a box, or writes up to cap of them in issue order. */
/* *count receives the total number of requests; at most cap are written.
 * out may be NULL when cap is 0. Bubbles are not requests. */
TL_API tl_status tl_box_requests(const tl_desc *d, const tl_box *b,
                          tl_req *out, size_t cap, size_t *count);

/* Paper Eq. 2: tile-major byte offset (from d->base) of element (i, j) of a
 * K x N matrix: i is the CONTIGUOUS index (along K, descriptor dimension 0;
 * elements i and i+1 of one tile are elem_bytes apart), j the column index
 * (along N, descriptor dimension 1). Reads elem_bytes, tile_major (must be
 * 1), log2_a, log2_b, log2_granule and lead_stride (L = K*s) of d.
 * tl_tile_offset_get() returns TL_ERR_NULL, TL_ERR_ELEM_SIZE,
 * TL_ERR_TILE_SHAPE, TL_ERR_LEAD_STRIDE (those fields broken, e.g. a zeroed
 * descriptor), TL_ERR_RANK / TL_ERR_DIM (rank not 1..5, a dim of 0),
 * TL_ERR_RANGE (i >= K, or j >= N: the columns the view spans, 1 + the sum
 * over dimensions d >= 1 whose stride is a multiple m of L of
 * (dim[d]-1)*m) or TL_ERR_OVERFLOW (offset >= 2^64),
 * with *off = 0; tl_tile_offset() returns TL_TILE_OFFSET_INVALID then. */
#define TL_TILE_OFFSET_INVALID UINT64_MAX
TL_API tl_status tl_tile_offset_get(const tl_desc *d, uint64_t i, uint64_t j, uint64_t *off);
TL_API uint64_t  tl_tile_offset(const tl_desc *d, uint64_t i, uint64_t j);

/* ---- Builders ----------------------------------------------------------------
 * The paper's common case: a K x N matrix of s-byte elements with K
 * contiguous (element (i, j) at i*s + j*K*s when linear), seen by the TMA as
 * dim[0] = K (index i), dim[1] = N (index j), stride[1] = K*s.
 *   tl_desc_matrix_linear  the standard layout (tile_major = 0);
 *   tl_desc_matrix_tiled   the same matrix stored tile-major in a x b memory
 *                          tiles (a along K, b along N; powers of two, else
 *                          TL_ERR_TILE_SHAPE; granule G = a*b*s, L = K*s).
 * Both fill *d whatever the outcome and return tl_desc_check(d) (or the first
 * argument error). The two twins read the same elements for the same box.
 *   tl_box_2d  a box_i x box_j box at element (i, j) (box_i along K), written
 *              to shared memory at smem_base;
 *   tl_box_nd  the same for any rank (coord[] and size[] of rank entries).
 * The box builders check what needs no descriptor (rank 1..5, sizes 1..256,
 * smem_base 16-byte aligned: TL_ERR_RANK, TL_ERR_BOX, TL_ERR_ALIGN);
 * tl_request_check() checks the rest. */
TL_API tl_status tl_desc_matrix_linear(tl_desc *d, uint64_t base, uint64_t K, uint64_t N, uint32_t s);
TL_API tl_status tl_desc_matrix_tiled(tl_desc *d, uint64_t base, uint64_t K, uint64_t N, uint32_t s,
                               uint32_t a, uint32_t b);
TL_API tl_status tl_box_2d(tl_box *bx, int32_t i, int32_t j, uint32_t box_i, uint32_t box_j,
                    uint32_t smem_base);
TL_API tl_status tl_box_nd(tl_box *bx, uint32_t rank, const int32_t *coord, const uint32_t *size,
                    uint32_t smem_base);

/* ---- Block 1: split-and-sum (tilelens_split_sum) --------------------------
 * Per dimension d < rank the product p[d] = coord[d] * stride[d] (stride[0] is
 * the element size) goes to the row sum when stride[d] < L, else to the
 * column sum (dimension 0 is always a row dimension).
 *   linear mode:     tile_base = row + col             (= plain sum of p[d])
 *   tile-major mode: tile_base = col + (row << log2_b)  (paper Eq. 4)
 * Errors: TL_ERR_ROW_RANGE (tile-major: a row coordinate is negative or the
 * row sum is not below L), then TL_ERR_OVERFLOW (the exact tile base does
 * not fit a signed 64-bit value).
 * On error tile_base is 0. row_mask bit d is set for the row dimensions. */
typedef struct {
  uint32_t rank;
  int32_t  coord[TL_MAX_RANK];
  uint64_t stride[TL_MAX_RANK];     /* stride[0] = element size in bytes */
  uint64_t lead_stride;
  uint32_t log2_b;
  uint32_t tile_major;
} tl_split_sum_in;

typedef struct {
  int64_t   tile_base;              /* bytes, relative to the descriptor base */
  uint32_t  row_mask;
  tl_status err;
  uint64_t  row;                    /* row sum mod 2^TL_STRIDE_BITS (RTL row_o);
                                       the exact row start when err is TL_OK in
                                       tile-major mode */
} tl_split_sum_out;

/* Strict: returns (and stores in out->err) TL_ERR_NULL, TL_ERR_RANK (rank
 * not 1..5), TL_ERR_STRIDE (a stride[d < rank] >= 2^40), TL_ERR_LEAD_STRIDE
 * (L >= 2^40), TL_ERR_TILE_SHAPE (log2_b > 16) or TL_ERR_RANGE (tile_major
 * not 0/1) before the errors above. */
TL_API tl_status tl_split_sum(const tl_split_sum_in *in, tl_split_sum_out *out);

/* The same with the routing given (RTL tilelens_split_sum, whose row_mask_i
 * comes from the descriptor: tl_desc_info.row_mask). Bit 0 is always a row;
 * bits at or above rank are ignored. tl_split_sum() is this function with
 * the mask of its own stride < L comparisons. */
/* Masked like the RTL's ports (its domain checks are the strict
 * tl_split_sum's): rank 0 sums nothing, ranks above 5 use the five
 * dimensions (the RTL's 3-bit rank_i 6 and 7 do); TL_ERR_NULL for NULL. */
TL_API tl_status tl_split_sum_masked(const tl_split_sum_in *in, uint32_t row_mask, tl_split_sum_out *out);

/* The pipelined unit (RTL tilelens_split_sum_pipe, and tilelens_base_sum_pipe
 * on linear-mode inputs with row mask 1): tl_split_sum_masked()'s outputs,
 * `stages` clocks later (0..TL_SPLIT_SUM_STAGES_MAX). One call of
 * tl_split_sum_pipe_step() is one clock cycle: it returns this cycle's
 * outputs (valid_o, tile_base_o / row_o / err_o), then takes the rising edge
 * (the inputs enter the pipeline; rst_n = 0 clears the valid bits). Outputs
 * whose valid_o is 0 are all zero (err TL_OK). tl_split_sum_pipe_reset() is
 * the state after one clock with rst_ni low. stages = 0: outputs follow the
 * inputs (zero when valid_in is 0). */
#define TL_SPLIT_SUM_STAGES_MAX 5u
typedef struct {
  uint32_t         stages;
  uint32_t         valid;                          /* bit k: slot k holds a request */
  tl_split_sum_out slot[TL_SPLIT_SUM_STAGES_MAX];  /* slot k: issued k + 1 clocks ago, or zeros */
} tl_split_sum_pipe;

/* TL_ERR_NULL, TL_ERR_RANGE (stages > TL_SPLIT_SUM_STAGES_MAX), else TL_OK. */
TL_API tl_status tl_split_sum_pipe_reset(tl_split_sum_pipe *p, uint32_t stages);
/* Returns out->err (TL_ERR_NULL if p, out or valid_out is NULL). valid_in
 * and rst_n are 0/1 (nonzero = 1). */
TL_API tl_status tl_split_sum_pipe_step(tl_split_sum_pipe *p, const tl_split_sum_in *in,
                                        uint32_t row_mask, int valid_in, int rst_n,
                                        tl_split_sum_out *out, int *valid_out);

/* ---- Block 2: counter reconfigurator (tilelens_counter_cfg) ----------------
 * The counter nest that the address generator steps for one box: up to
 * TL_MAX_LEVELS levels, innermost first. Level k steps count[k] times; each
 * step adds stride[k] bytes to the source address and advances view
 * dimension vdim[k] by (1 << log2_weight[k]) elements. Unused levels have
 * count 1. Each step of the whole nest is one run of run_elems elements along
 * dimension 0 (run_bytes = run_elems * s), written to shared memory at
 * smem_base + step * run_bytes.
 *
 *   mode TL_MODE_LINEAR: standard TMA; level 0 unused, level d = view dim d.
 *   mode TL_MODE_ALIGNED (case 1, u == a), TL_MODE_WIDE_TILE (case 2, u < a,
 *   source offsets permuted by tl_bit_permute with perm_* field widths),
 *   TL_MODE_WIDE_BOX (u > a: level 0 splits the run into u/a pieces with
 *   stride G).
 */
typedef enum {
  TL_MODE_LINEAR = 0,
  TL_MODE_ALIGNED = 1,
  TL_MODE_WIDE_TILE = 2,
  TL_MODE_WIDE_BOX = 3
} tl_mode;

typedef struct {
  tl_status err;                    /* TL_OK or the box's classification error */
  tl_mode   mode;
  uint32_t  count[TL_MAX_LEVELS];   /* 1..256 */
  uint64_t  stride[TL_MAX_LEVELS];  /* bytes, < 2^56 */
  uint32_t  vdim[TL_MAX_LEVELS];    /* view dimension the level advances */
  uint32_t  log2_weight[TL_MAX_LEVELS];
  uint32_t  run_elems;              /* u (linear, case 2) or a (case 1, u > a) */
  uint32_t  run_bytes;
  uint32_t  perm_row_bits;          /* log2(u*s)    (case 2 only, else 0) */
  uint32_t  perm_col_bits;          /* lb           (case 2 only, else 0) */
  uint32_t  perm_sub_bits;          /* log2(a/u)    (case 2 only, else 0) */
  uint32_t  split_level;            /* level of the split inner counter, or 0 */
} tl_counters;

/* Full validation (tl_request_check) and, when it passes, the nest. Returns the
 * same status as out->err. */
TL_API tl_status tl_counter_config(const tl_desc *d, const tl_box *b, tl_counters *out);

/* ---- Block 3: bit permuter (tilelens_bit_permute) ---------------------------
 * On the low (row_bits + col_bits + sub_bits) bits of x, the fields
 * (sub | col | row) (row least significant) become (col | sub | row); the
 * higher bits pass unchanged. Widths summing to more than TL_LOG2_GRANULE_MAX
 * leave x unchanged (no case-2 tile has them; the RTL does the same).
 * Example (paper, FP8, 32x32 box, 128x32 tile):
 * row 5, col 5, sub 2: 0b10_11001_00111 -> 0b11001_10_00111. */
TL_API uint64_t tl_bit_permute(uint64_t x, uint32_t row_bits, uint32_t col_bits,
                        uint32_t sub_bits);
/* Strict form: TL_ERR_RANGE (and *out = x) when the widths sum above 16,
 * TL_ERR_NULL for out NULL. */
TL_API tl_status tl_bit_permute_checked(uint64_t x, uint32_t row_bits, uint32_t col_bits,
                                 uint32_t sub_bits, uint64_t *out);

/* ---- Incremental address generator (tilelens_addr_gen) ----------------------
 * tl_gen_begin() validates and configures (what the RTL does when a box is
 * accepted); each tl_gen_next() is one counter step, i.e. one cycle of the
 * RTL in which the request interface is not stalled:
 *   TL_STEP_REQ     *out holds a request (the step's run, clipped to the
 *                   tensor along dimension 0),
 *   TL_STEP_BUBBLE  the step's run lies entirely out of bounds: no request,
 *   TL_STEP_DONE    the nest is exhausted (and stays so).                     */
typedef enum {
  TL_STEP_ERROR = -1,   /* g or out NULL, or g never set up by tl_gen_begin() */
  TL_STEP_DONE = 0, TL_STEP_REQ = 1, TL_STEP_BUBBLE = 2
} tl_step;
/* Loop as `while ((k = tl_gen_next(&g, &r)) > TL_STEP_DONE)`: it also stops
 * on TL_STEP_ERROR. A generator tl_gen_begin() rejected is set up and done. */

typedef struct {
  tl_counters cfg;
  int64_t  tile_base;
  uint64_t base;
  uint32_t elem_bytes;
  uint32_t rank;
  int32_t  coord[TL_MAX_RANK];
  uint64_t dim[TL_MAX_RANK];
  uint32_t smem_base;
  uint32_t idx[TL_MAX_LEVELS];      /* current index of each level */
  uint64_t step;                    /* steps taken so far */
  uint32_t done;
  /* Running values of the current step (kept incrementally, as the RTL's
   * accumulators do): assumed source address (wrapping), view coordinates. */
  uint64_t src_acc;
  int64_t  cur[TL_MAX_RANK];
  uint32_t tag;                     /* set by tl_gen_begin(); internal */
} tl_gen;

TL_API tl_status tl_gen_begin(tl_gen *g, const tl_desc *d, const tl_box *b);
TL_API tl_step   tl_gen_next(tl_gen *g, tl_req *out);
/* Steps of the whole nest (requests + bubbles). */
TL_API uint64_t  tl_gen_total_steps(const tl_gen *g);   /* 0 for NULL or never begun */

/* ---- Composed TMA address unit (tilelens_tma_addr) --------------------------
 * The cycle model of the RTL unit (and of tilelens_addr_gen and
 * tilelens_base_addr_gen, whose harnesses use it with sum_stages = 0): idle
 * until a start handshake takes a box; the box is checked for sum_stages + 1
 * clocks (sum_stages is the RTL's SumStages: the pipelined split-and-sum
 * computes the tile base, the row and their status, rules 17-19, in
 * sum_stages clocks; a last stage registers the box's status, its tile base
 * and its counter nest); in the cycle its check ends (the verdict cycle)
 * err_o gives its status, and an accepted box starts the counter nest, a
 * rejected one is dropped. Then the nest presents one step per cycle to a
 * request register, which takes it (as a request or a bubble) in every cycle
 * in which it does not hold a request that waits for req_ready. A step's
 * request is offered in the cycle after the nest presented it: the first
 * request sum_stages + 3 cycles after the start (8 at the default, 6 more
 * than the generator alone; 2 with sum_stages = 0), one step per unstalled
 * cycle after that.
 * One clock cycle is tl_tma_eval() then tl_tma_commit():
 *
 *   eval    the cycle's outputs, from the state alone (no input is read):
 *           start_ready = !busy; err_out = the box's status in its verdict
 *           cycle, TL_OK in every other cycle (sum_stages = 0: the verdict
 *           cycle is the start cycle, where err_o is combinational on the
 *           box: commit's return value; err_out stays TL_OK); kind = the
 *           request register's step: TL_STEP_REQ (valid = 1, req = the
 *           request offered), TL_STEP_BUBBLE (valid = 0, nothing offered),
 *           TL_STEP_DONE (empty: idle, checking, or the cycle after the
 *           verdict; valid = 0). busy = a box in its check, or the nest or
 *           the register holds a step. done (a register) is 1 in the cycle
 *           after the register drained (not after a rejected box).
 *   commit  the clock edge, inputs sampled (each 0 or 1, else TL_ERR_RANGE):
 *           rst_n = 0: idle, done = 0 (the RTL's reset; statistics and
 *           sum_stages kept); while the box is in its check: nothing but the
 *           count (in the verdict cycle an accepted box starts the nest, a
 *           rejected one leaves the unit idle); take = !(valid &&
 *           !req_ready): the register takes the nest's current step if the
 *           nest is busy (the nest advances; after its last step it is
 *           idle), else it empties (done next cycle if it held a step);
 *           otherwise the same request is offered again next cycle. valid &&
 *           req_ready is the transfer. start_valid is ignored while busy;
 *           idle and start_valid = 1: the box (d, b) is taken and checked
 *           (tl_request_check), busy from the next cycle (sum_stages = 0: an
 *           accepted box makes the unit busy from the next cycle, a rejected
 *           one is dropped at once); err holds the status of the last start.
 *           d and b are read only then (the model copies what it needs; the
 *           RTL wants its inputs held until done, or until the verdict of a
 *           rejected box). Returns the start's status in a cycle with a start
 *           (known to the model at once; the RTL's err_o gives it in the
 *           verdict cycle), TL_OK in other cycles, or TL_ERR_NULL /
 *           TL_ERR_STATE (not reset, or no eval since the last commit) /
 *           TL_ERR_RANGE with no state change.
 *   tick    tl_tma_tick() = eval + commit with rst_n = 1: one cycle of a
 *           simulator's tick loop; afterwards valid && req_ready says that
 *           req was transferred in this cycle.
 * tl_tma_reset() is the RTL's default, sum_stages = TL_TMA_SUM_STAGES;
 * tl_tma_init() takes the latency (0..TL_SPLIT_SUM_STAGES_MAX).
 * Allocation-free; the caller owns the object. */
#define TL_TMA_SUM_STAGES 5u   /* RTL tilelens_tma_addr SumStages (default) */
typedef struct {
  uint64_t cycles;        /* commits with rst_n = 1 */
  uint64_t busy_cycles;   /* of which busy (the check included) */
  uint64_t requests;      /* requests transferred (valid && req_ready) */
  uint64_t bubbles;       /* steps without a request (cycles the register held one) */
  uint64_t stalls;        /* cycles a request waited for req_ready */
  uint64_t boxes;         /* starts accepted */
  uint64_t rejected;      /* starts dropped (err says why) */
} tl_tma_stats;

typedef struct {
  /* configuration (the RTL's parameter; kept by a reset) */
  uint32_t     sum_stages;   /* the split-and-sum's stages: the verdict comes
                                sum_stages + 1 clocks after the start (at
                                once with 0) */
  /* state (the RTL's registers) */
  tl_gen       gen;          /* the box in flight: the nest's current step */
  uint32_t     check;        /* clocks left until the verdict cycle (1: this one), 0: none */
  uint32_t     nest;         /* the nest holds a step (not yet taken) */
  uint32_t     slot;         /* the request register holds a step */
  tl_step      slot_kind;    /* its kind: TL_STEP_REQ or TL_STEP_BUBBLE */
  tl_req       slot_req;     /* its request (TL_STEP_REQ) */
  uint32_t     busy;         /* busy_o: check || nest || slot */
  uint32_t     done;         /* done_o */
  tl_status    err;          /* status of the last start */
  /* outputs of the current cycle, written by tl_tma_eval() */
  uint32_t     start_ready;  /* start_ready_o */
  tl_status    err_out;      /* err_o (sum_stages > 0) */
  uint32_t     valid;        /* req_valid_o */
  tl_req       req;          /* req_src_o, req_dst_o, req_bytes_o (when valid) */
  tl_step      kind;         /* the register's step: REQ, BUBBLE, DONE when empty */
  tl_tma_stats stats;
  /* internal */
  uint32_t     evaluated;
  uint32_t     tag;
} tl_tma;

TL_API tl_status tl_tma_reset(tl_tma *u);   /* idle, statistics cleared, TL_TMA_SUM_STAGES */
/* idle, statistics cleared, the given latency; TL_ERR_RANGE (nothing
 * written) above TL_SPLIT_SUM_STAGES_MAX */
TL_API tl_status tl_tma_init(tl_tma *u, uint32_t sum_stages);
TL_API tl_status tl_tma_eval(tl_tma *u);
TL_API tl_status tl_tma_commit(tl_tma *u, uint32_t rst_n, uint32_t start_valid, uint32_t req_ready,
                        const tl_desc *d, const tl_box *b);
TL_API tl_status tl_tma_tick(tl_tma *u, uint32_t start_valid, uint32_t req_ready,
                      const tl_desc *d, const tl_box *b);

/* ---- Hardware partition ------------------------------------------------------
 * The RTL validates the way a TMA does: the descriptor once, when it is
 * written (the driver, or tilelens_desc_check, which also stores the
 * per-dimension classes below beside the descriptor so that no per-load
 * hardware compares strides), the box per load. These functions mirror
 * those module boundaries; composed in the priority order of docs/tilelens.md
 * they give exactly tl_request_check():
 *   tl_desc_info_get   tilelens_desc_check   rules 1-12 and the classes
 *   tl_box_shape_check tilelens_box_check    rules 13-15 (standard TMA)
 *   tl_counter_hw      tilelens_counter_cfg  rule 16, rule 19, the nest
 *   tl_split_sum_masked tilelens_split_sum   rules 17-18, tile base        */
typedef struct {
  uint32_t row_mask;                  /* bit d < rank: d == 0 or stride[d] < L */
  uint32_t split_mask;                /* bit d: tile-major split dimension
                                         (stride = m*L, m = 2^k below b)     */
  uint32_t split_log2_m[TL_MAX_RANK]; /* k of each split dimension, else 0   */
} tl_desc_info;

/* tl_desc_check() and, when it passes, the classes (all zero otherwise). */
TL_API tl_status tl_desc_info_get(const tl_desc *d, tl_desc_info *info);

/* Rules 13-15 alone (box sizes, box[0]*s, smem_base alignment, footprint),
 * for a descriptor whose rank and elem_bytes are valid (else TL_ERR_RANK,
 * TL_ERR_ELEM_SIZE; TL_ERR_NULL for NULL). */
TL_API tl_status tl_box_shape_check(const tl_desc *d, const tl_box *b);

/* tilelens_counter_cfg for a descriptor that passed tl_desc_info_get() and a
 * box that passed tl_box_shape_check(): view = rule 16 (TL_OK or
 * TL_ERR_UNSUPPORTED_VIEW), start = rule 19 (TL_OK or TL_ERR_ALIGN; it reads
 * the row start, so it is meaningful once rules 17-18 pass), and the nest
 * (valid when view is TL_OK; its err field is TL_OK). The RTL emits every
 * level's stride as stride_raw << shift and shifts in the generator (one
 * shifter for all levels): stride_raw and shift give that form. */
typedef struct {
  tl_status   view;
  tl_status   start;
  tl_counters nest;
  uint64_t    stride_raw[TL_MAX_LEVELS]; /* < 2^TL_STRIDE_BITS */
  uint32_t    shift[TL_MAX_LEVELS];      /* stride[k] = stride_raw[k] << shift[k];
                                            shift <= TL_LOG2_GRANULE_MAX */
} tl_counter_hw_out;

/* Returns TL_OK, or with view = start = nest.err = the error: TL_ERR_NULL,
 * the box's tl_box_shape_check() error, TL_ERR_TILE_SHAPE (tile fields out
 * of range) or TL_ERR_STATE (classes inconsistent: a split dimension 0 or
 * with log2 m >= log2_b; info not from tl_desc_info_get). */
TL_API tl_status tl_counter_hw(const tl_desc *d, const tl_desc_info *info, const tl_box *b,
                        tl_counter_hw_out *out);

/* ---- Which rule: the detail behind a status ---------------------------------
 * Some statuses stand for several rules of docs/tilelens.md (TL_ERR_ALIGN for
 * rules 7, 10, 14 and 19; TL_ERR_OVERFLOW for 8, 15 and 18;
 * TL_ERR_UNSUPPORTED_VIEW for 12 and 16). The RTL error outputs carry only
 * the status; these functions also name the rule (its number in the table). */
typedef enum {
  TL_RULE_NONE = 0,          /* TL_OK */
  TL_RULE_NULL = 1,          /* a NULL pointer */
  TL_RULE_RANK = 2,
  TL_RULE_ELEM_SIZE = 3,
  TL_RULE_DIM = 4,
  TL_RULE_STRIDE = 5,
  TL_RULE_FEATURE = 6,       /* element strides, interleave, swizzle */
  TL_RULE_BASE_ALIGN = 7,    /* base not a multiple of 16          (TL_ERR_ALIGN) */
  TL_RULE_EXTENT = 8,        /* tensor beyond 2^64                 (TL_ERR_OVERFLOW) */
  TL_RULE_TILE_SHAPE = 9,
  TL_RULE_BASE_GRANULE = 10, /* tile-major base not G aligned      (TL_ERR_ALIGN) */
  TL_RULE_LEAD_STRIDE = 11,
  TL_RULE_DESC_VIEW = 12,    /* view of the descriptor             (TL_ERR_UNSUPPORTED_VIEW) */
  TL_RULE_BOX = 13,
  TL_RULE_SMEM_ALIGN = 14,   /* smem_base not a multiple of 16     (TL_ERR_ALIGN) */
  TL_RULE_SMEM_FOOTPRINT = 15, /* smem_base + box bytes > 2^32     (TL_ERR_OVERFLOW) */
  TL_RULE_BOX_VIEW = 16,     /* view of the box                    (TL_ERR_UNSUPPORTED_VIEW) */
  TL_RULE_ROW_RANGE = 17,
  TL_RULE_TILE_BASE = 18,    /* tile base outside int64            (TL_ERR_OVERFLOW) */
  TL_RULE_START_ALIGN = 19   /* tile-major row start or split column start
                                off a tile boundary                (TL_ERR_ALIGN) */
} tl_rule;

/* tl_desc_check() / tl_request_check() and the rule broken (rule may be NULL). */
TL_API tl_status tl_desc_check_rule(const tl_desc *d, tl_rule *rule);
TL_API tl_status tl_request_check_rule(const tl_desc *d, const tl_box *b, tl_rule *rule);
/* Deprecated (0.1; removed in the next release): the old name of
 * tl_request_check_rule(), identical to it. */
TL_API tl_status tl_box_check_rule(const tl_desc *d, const tl_box *b, tl_rule *rule);
/* A constant description of a rule ("rule 14: shared-memory address not a
 * multiple of 16"); "rule ?" for values outside the enum. */
TL_API const char *tl_rule_str(tl_rule r);

/* ---- Helpers for simulators ------------------------------------------------ */
/* Splits one request into the aligned blocks of 2^log2_block bytes it touches
 * (32 B sectors: 5, 128 B lines: 7). Writes up to cap block addresses in
 * ascending order; returns how many blocks the request touches. */
TL_API size_t tl_req_blocks(const tl_req *r, uint32_t log2_block, uint64_t *out, size_t cap);
/* Strict form: *n receives the count; TL_ERR_NULL (r or n NULL, or out NULL
 * with cap > 0), TL_ERR_RANGE (log2_block > 63, or a request that ends
 * beyond 2^64), with *n = 0. tl_req_blocks() returns 0 in those cases. */
TL_API tl_status tl_req_blocks_get(const tl_req *r, uint32_t log2_block, uint64_t *out, size_t cap,
                            size_t *n);

/* Granule-page statistics of one box load. */
typedef struct {
  uint64_t requests;        /* requests issued */
  uint64_t bubbles;         /* steps without a request */
  uint64_t pages;           /* distinct 2^log2_page byte pages touched */
  uint64_t bytes_used;      /* bytes the box reads (sum of request bytes) */
  uint64_t bytes_fetched;   /* pages * 2^log2_page */
  double   amplification;   /* bytes_fetched / bytes_used (0 if nothing read) */
} tl_page_stats;

/* Computes the statistics of a box for pages of 2^log2_page bytes and writes
 * up to cap distinct page addresses (ascending) to pages (may be NULL).
 * Errors: TL_ERR_NULL, TL_ERR_RANGE (log2_page > 40), the box's
 * tl_request_check() status, TL_ERR_LIMIT (more than TL_PAGES_MAX distinct pages:
 * the working memory is bounded by TL_PAGES_MAX * 8 bytes = 32 MiB) or
 * TL_ERR_OVERFLOW (out of memory); *st is zeroed on error. */
#define TL_PAGES_MAX (1u << 22)
TL_API tl_status tl_box_pages(const tl_desc *d, const tl_box *b, uint32_t log2_page,
                       uint64_t *pages, size_t cap, tl_page_stats *st);

/* ==== BEGIN tilelens_mshr: the 4 KB-granularity MSHR (paper section 5.2) ====
 * Cycle model of rtl/tilelens/tilelens_mshr.v (docs/tilelens_mshr.md). A
 * partition of `entries` entries, each one 4 KB HBF page (tag = byte address
 * >> 12, page_bits wide) and a waiter mask of its 32 sectors of 128 B. A
 * waiter is one (page, sector) pair.
 *   miss     accepted when miss_valid && miss_ready: merges into the entry
 *            of its page (sets the sector's bit; a bit already set stays
 *            one waiter), else allocates the lowest free entry, whose page
 *            is then requested from memory. No entry free and no match:
 *            miss_ready = 0 (back-pressure, the miss is never dropped).
 *   memory   mem_valid/mem_page: the lowest entry whose request memory has
 *            not accepted yet (mem_ready).
 *   fill     fill_valid/fill_page: the page's data arrived. Error (state
 *            unchanged): fill_err = TL_MSHR_FILL_DUP for a page already
 *            filled, TL_MSHR_FILL_UNTRACKED for a page no entry has had
 *            accepted by memory.
 *   release  rel_valid/rel_page/rel_sector: one waiter per cycle, taken when
 *            rel_ready; order: the lowest filled entry, its lowest sector.
 *            A miss that merges into a filled entry joins its releases. The
 *            entry frees when its last waiter is taken.
 * One call of tl_mshr_step() = one clock cycle: *out receives the outputs
 * of the cycle (the RTL's outputs before the edge, for these inputs), then
 * the state advances to the edge. rst_n = 0 empties the MSHR at once (the
 * RTL's asynchronous reset): the outputs are those of the empty MSHR and
 * the inputs are ignored. Example (entries 2): miss (P,3), miss (P,7) ->
 * one allocation, one merge; memory takes P; fill P -> releases (P,3) then
 * (P,7), and the entry is free again.
 * The object is a plain struct without pointers (it may be copied or saved
 * as bytes). */
#define TL_MSHR_LOG2_PAGE         12u  /* 4 KB pages                           */
#define TL_MSHR_LOG2_SECTOR        7u  /* 128 B sectors                        */
#define TL_MSHR_SECTORS           32u  /* sectors per page: the waiter mask    */
#define TL_MSHR_SECTOR_BITS        5u  /* RTL miss_sector_i / rel_sector_o     */
#define TL_MSHR_ENTRIES_DEFAULT   64u  /* RTL Entries (docs/tilelens_mshr.md)   */
#define TL_MSHR_ENTRIES_MAX      256u
#define TL_MSHR_PAGE_BITS_DEFAULT 36u  /* RTL PageWidth: 48-bit byte addresses */
#define TL_MSHR_PAGE_BITS_MAX     52u  /* 64-bit byte addresses                */

typedef enum {                          /* RTL fill_err_o */
  TL_MSHR_FILL_OK = 0,
  TL_MSHR_FILL_DUP = 1,
  TL_MSHR_FILL_UNTRACKED = 2
} tl_mshr_fill_err;

typedef struct {                        /* the RTL's inputs of one cycle */
  uint32_t rst_n;                       /* rst_ni                        */
  uint32_t miss_valid;                  /* miss_valid_i                  */
  uint64_t miss_page;                   /* miss_page_i  (< 2^page_bits)  */
  uint32_t miss_sector;                 /* miss_sector_i (< 32)          */
  uint32_t mem_ready;                   /* mem_ready_i                   */
  uint32_t fill_valid;                  /* fill_valid_i                  */
  uint64_t fill_page;                   /* fill_page_i                   */
  uint32_t rel_ready;                   /* rel_ready_i                   */
} tl_mshr_in;

typedef struct {                        /* the RTL's outputs of one cycle */
  uint32_t miss_ready;                  /* miss_ready_o                  */
  uint32_t mem_valid;                   /* mem_valid_o                   */
  uint64_t mem_page;                    /* mem_page_o (0 when !mem_valid) */
  uint32_t fill_err;                    /* fill_err_o, tl_mshr_fill_err  */
  uint32_t rel_valid;                   /* rel_valid_o                   */
  uint64_t rel_page;                    /* rel_page_o (0 when !rel_valid) */
  uint32_t rel_sector;                  /* rel_sector_o (0 when !rel_valid) */
} tl_mshr_out;

typedef struct {                        /* counted over cycles with rst_n = 1 */
  uint64_t cycles;
  uint64_t misses;                      /* misses accepted                 */
  uint64_t merges;                      /* of which merged into an entry   */
  uint64_t allocations;                 /* of which allocated an entry     */
  uint64_t stall_cycles;                /* miss_valid && !miss_ready       */
  uint64_t mem_requests;                /* pages taken by memory           */
  uint64_t fills;                       /* fills accepted                  */
  uint64_t releases;                    /* waiters taken (rel_ready)       */
  uint64_t dup_fills;                   /* TL_MSHR_FILL_DUP cycles          */
  uint64_t untracked_fills;             /* TL_MSHR_FILL_UNTRACKED cycles    */
  uint32_t occupancy;                   /* entries in use now              */
  uint32_t high_water;                  /* most entries in use at an edge  */
} tl_mshr_stats;

typedef struct {
  uint32_t      entries;                /* configuration (kept by resets)  */
  uint32_t      page_bits;
  uint32_t      tag;                    /* set by tl_mshr_init             */
  uint32_t      reserved;               /* 0 (no padding in the struct)    */
  uint8_t       valid[TL_MSHR_ENTRIES_MAX];   /* entry in use            */
  uint8_t       req[TL_MSHR_ENTRIES_MAX];     /* page not yet taken by memory */
  uint8_t       filled[TL_MSHR_ENTRIES_MAX];  /* data arrived: draining  */
  uint32_t      mask[TL_MSHR_ENTRIES_MAX];    /* waiting sectors         */
  uint64_t      page[TL_MSHR_ENTRIES_MAX];    /* page tag                */
  tl_mshr_stats stats;
} tl_mshr;

/* Empty MSHR, statistics cleared. TL_ERR_NULL, TL_ERR_MSHR_PARAM (nothing
 * written) for entries outside 1..TL_MSHR_ENTRIES_MAX or page_bits outside
 * 1..TL_MSHR_PAGE_BITS_MAX. */
TL_API tl_status tl_mshr_init(tl_mshr *m, uint32_t entries, uint32_t page_bits);
/* Empty again, statistics cleared, same parameters (TL_ERR_NULL,
 * TL_ERR_STATE if not initialized). */
TL_API tl_status tl_mshr_reset(tl_mshr *m);
/* One clock cycle (see above). Returns TL_OK, or the cycle's fill error
 * (TL_ERR_MSHR_DUP_FILL, TL_ERR_MSHR_UNTRACKED_FILL; out->fill_err says the
 * same, the rest of the cycle proceeds); TL_ERR_NULL, TL_ERR_STATE (not
 * initialized) or TL_ERR_RANGE (a 1-bit input not 0/1, a page >= 2^page_bits,
 * a sector >= 32) with nothing changed and *out zeroed. */
TL_API tl_status tl_mshr_step(tl_mshr *m, const tl_mshr_in *in, tl_mshr_out *out);
/* Entries in use (0 for NULL). */
TL_API uint32_t tl_mshr_occupancy(const tl_mshr *m);
/* Checkpoint (tl_ckpt_save / tl_ckpt_load, kind TL_CKPT_MSHR): save
 * (TL_ERR_NULL, TL_ERR_STATE for an MSHR never initialized, TL_ERR_LIMIT)
 * and restore (TL_ERR_STATE also when the payload is no state the model can
 * reach: parameters out of range, flags other than 0/1, a used entry with
 * no waiter or both requested and filled, two used entries of one page, a
 * page beyond page_bits, a free entry not cleared, a wrong occupancy; *m
 * unchanged on an error). A restored MSHR continues exactly as the saved
 * one, statistics included. */
TL_API tl_status tl_mshr_save(const tl_mshr *m, void *buf, size_t cap, size_t *len);
TL_API tl_status tl_mshr_restore(tl_mshr *m, const void *buf, size_t len);
/* ==== END tilelens_mshr ==== */

/* ==== BEGIN tilelens_pf: the adaptive stride prefetcher (paper section 5.3) ====
 * Cycle models of rtl/tilelens/tilelens_pf_degree.v and tilelens_pf_gen.v
 * (docs/tilelens_prefetch.md). Both follow the MSHR's convention: one call
 * of tl_pf_*_step() = one clock cycle; *out receives the cycle's outputs
 * (the RTL's outputs before the edge), then the state takes the edge.
 * rst_n = 0 is the RTL's asynchronous reset: the state is cleared at once,
 * the outputs are those of the reset state and the other inputs are
 * ignored. The objects are plain structs without pointers.
 *
 * Degree unit (paper Eq. 6 with the plane-collision factor F):
 *   p_wave = min(ctas_left, N_SM * C_SM) * p_tile
 *   d      = min(F * floor(BL / p_wave), K / TILE_K)     (p_wave = 0: K / TILE_K)
 * Events (at most one per edge; cfg wins over retire):
 *   cfg     cfg_valid: N_SM, C_SM, p_tile, the grid's CTA count, BL (the
 *           requests in flight that saturate the bus: bandwidth in 4 KB
 *           requests per cycle times the NAND latency in cycles) and
 *           K / TILE_K are loaded; any of them zero except BL:
 *           TL_ERR_PF_CONFIG, nothing loaded.
 *   retire  one CTA of the grid retired: ctas_left - 1 (none left:
 *           TL_ERR_PF_RETIRE, nothing changes).
 * err holds the status of the last event. An accepted event (re)starts the
 * division: one clock to register the active CTAs, one to form p_wave,
 * ceil(17 / qbits) clocks of a restoring divider (qbits quotient bits per
 * clock, the RTL's QuotBitsPerCycle), one to write degree = min(F * q,
 * K / TILE_K); busy is 1 in between (TL_PF_DEG_LATENCY(qbits) cycles after
 * the event's; 20 at qbits = 1). Degree keeps its old value until then; a new event
 * restarts the division. */
#define TL_PF_NSM_BITS        8u   /* RTL NsmWidth: SMs 1..255 (H200: 132)          */
#define TL_PF_CSM_BITS        6u   /* RTL CsmWidth: CTAs per SM 1..63 (Hopper: 32)  */
#define TL_PF_PTILE_BITS      9u   /* RTL PtileWidth: requests per tile 1..511      */
#define TL_PF_CTA_BITS       20u   /* RTL CtaWidth: CTAs of a grid 1..2^20-1        */
#define TL_PF_SLOT_BITS      14u   /* N_SM * C_SM                                   */
#define TL_PF_PWAVE_BITS     23u   /* p_wave = active CTAs * p_tile                 */
#define TL_PF_BL_BITS        17u   /* RTL BlWidth: BL 0..131071 requests            */
#define TL_PF_KIT_BITS       16u   /* RTL KitWidth: K / TILE_K 1..65535; also d     */
#define TL_PF_FACTOR_DEFAULT  2u   /* RTL PlaneFactor (1..3)                        */
#define TL_PF_FACTOR_MAX      3u
#define TL_PF_QBITS_DEFAULT   1u   /* RTL QuotBitsPerCycle (1..17)                  */
#define TL_PF_DEG_LATENCY(q)  (3u + (TL_PF_BL_BITS + (q) - 1u) / (q))
#define TL_PF_ERR_BITS        5u   /* RTL err_o: a tl_status value                  */

typedef struct {                   /* the RTL's inputs of one cycle */
  uint32_t rst_n;                  /* rst_ni */
  uint32_t cfg_valid;              /* cfg_valid_i */
  uint32_t nsm, csm, ptile, ctas;  /* nsm_i, csm_i, ptile_i, ctas_i */
  uint32_t bl;                     /* bl_i */
  uint32_t kiters;                 /* kiters_i: K / TILE_K */
  uint32_t retire;                 /* retire_i */
} tl_pf_degree_in;

typedef struct {                   /* the RTL's outputs of one cycle */
  uint32_t degree;                 /* degree_o: d */
  uint32_t busy;                   /* busy_o: a division in progress */
  uint32_t err;                    /* err_o: tl_status of the last event */
  uint32_t active;                 /* active_o: min(ctas_left, N_SM * C_SM) */
  uint32_t ctas_left;              /* ctas_left_o */
} tl_pf_degree_out;

typedef struct {                   /* counted over cycles with rst_n = 1 */
  uint64_t cycles;
  uint64_t configs;                /* cfg events accepted */
  uint64_t retires;                /* retire events accepted */
  uint64_t rejected;               /* events with an error */
  uint64_t divisions;              /* divisions completed (degree written) */
  uint64_t restarts;               /* divisions abandoned for a newer event */
  uint64_t busy_cycles;
} tl_pf_degree_stats;

typedef struct {
  uint32_t factor, qbits, tag;     /* configuration (kept by resets) */
  /* registers of the RTL */
  uint32_t slots, ptile, ctas_left, bl, kiters;
  uint32_t cnt;                    /* clocks of the division left (0: idle) */
  uint32_t act;                    /* active CTAs, registered */
  uint32_t pwave;                  /* divisor */
  uint32_t rem;                    /* partial remainder */
  uint32_t quo;                    /* dividend shifting out, quotient in */
  uint32_t degree;
  uint32_t err;
  tl_pf_degree_stats stats;
} tl_pf_degree;

/* The reference of Eq. 6 with the factor (any widths, 64-bit arithmetic):
 * min(factor * floor(bl / pwave), kiters); pwave = 0 gives kiters. */
TL_API uint64_t tl_pf_degree_eq6(uint64_t bl, uint64_t pwave, uint64_t kiters, uint64_t factor);
/* Reset state (degree 0), statistics cleared. TL_ERR_NULL; TL_ERR_RANGE
 * (nothing written) for factor outside 1..3 or qbits outside 1..17. */
TL_API tl_status tl_pf_degree_init(tl_pf_degree *u, uint32_t factor, uint32_t qbits);
/* One clock cycle. Returns TL_OK or the event's error (out->err, the RTL's
 * err_o, shows it from the next cycle); TL_ERR_NULL, TL_ERR_STATE (not
 * initialized) or TL_ERR_RANGE (an input above its port width, a 1-bit
 * input not 0/1) with nothing changed and *out zeroed. */
TL_API tl_status tl_pf_degree_step(tl_pf_degree *u, const tl_pf_degree_in *in, tl_pf_degree_out *out);

/* Stride prefetch generator. For each demand access (address a, K
 * iteration iter of the tensor, stride s = the compute tile's K step in
 * bytes, degree d) it issues the prefetches a + k*s for k = 1..D, D = d
 * (L2 tier, tier 0) or, with the SRAM buffer, D = 2d (k = d+1..2d: tier 1,
 * the buffer), never past the tensor: k <= kiters - 1 - iter (the rest is
 * counted as dropped at the tensor's end). Addresses are TL_PF_ADDR_BITS
 * wide; a prefetch that would cross 2^48 ends the demand's run with
 * TL_ERR_OVERFLOW.
 *   demand  taken when dem_valid && dem_ready (dem_ready = idle). Checked:
 *           kiters or stride zero: TL_ERR_PF_CONFIG; iter >= kiters:
 *           TL_ERR_PF_ITER; a + s >= 2^48: TL_ERR_OVERFLOW (nothing issued).
 *           stride, kiters, degree and buffer are sampled with the demand.
 *   issue   one candidate per clock: a candidate whose 4 KB page is in the
 *           filter (the pages of the last `filter` prefetches issued) is
 *           merged (skipped, no output, one clock); otherwise pf_valid = 1
 *           until pf_ready, then its page enters the filter (FIFO order).
 * err holds the status of the last demand taken. */
#define TL_PF_ADDR_BITS      48u   /* RTL AddrWidth: byte addresses                  */
#define TL_PF_LOG2_PAGE      12u   /* filter granule: 4 KB HBF pages                 */
#define TL_PF_FILTER_DEFAULT  8u   /* RTL FilterEntries                              */
#define TL_PF_FILTER_MAX     16u

typedef struct {                   /* the RTL's inputs of one cycle */
  uint32_t rst_n;                  /* rst_ni */
  uint32_t dem_valid;              /* dem_valid_i */
  uint64_t dem_addr;               /* dem_addr_i (< 2^48) */
  uint32_t dem_iter;               /* dem_iter_i: K iteration of the access */
  uint64_t stride;                 /* stride_i (< 2^48) */
  uint32_t kiters;                 /* kiters_i: K / TILE_K */
  uint32_t degree;                 /* degree_i: d (< 2^16) */
  uint32_t buffer;                 /* buffer_i: the SRAM buffer tier is on */
  uint32_t pf_ready;               /* pf_ready_i */
} tl_pf_gen_in;

typedef struct {                   /* the RTL's outputs of one cycle */
  uint32_t dem_ready;              /* dem_ready_o */
  uint32_t pf_valid;               /* pf_valid_o */
  uint64_t pf_addr;                /* pf_addr_o (the candidate; meaningful when pf_valid) */
  uint32_t pf_tier;                /* pf_tier_o: 0 L2, 1 SRAM buffer (when pf_valid) */
  uint32_t err;                    /* err_o: tl_status of the last demand */
} tl_pf_gen_out;

typedef struct {                   /* counted over cycles with rst_n = 1 */
  uint64_t cycles;
  uint64_t demands;                /* demands taken (rejected ones included) */
  uint64_t rejected;               /* demands with an error */
  uint64_t issued;                 /* prefetches transferred (pf_valid && pf_ready) */
  uint64_t issued_tier1;           /* of which to the SRAM buffer */
  uint64_t merged;                 /* candidates skipped: page in the filter */
  uint64_t dropped_end;            /* distances cut by the tensor's end */
  uint64_t stall_cycles;           /* pf_valid && !pf_ready */
  uint64_t overflows;              /* runs ended at 2^48 */
} tl_pf_gen_stats;

typedef struct {
  uint32_t filter, tag;            /* configuration (kept by resets) */
  /* registers of the RTL */
  uint32_t busy;
  uint64_t cand;                   /* address of the current candidate */
  uint64_t stride;
  uint32_t k;                      /* its distance 1..last */
  uint32_t last;                   /* last distance of the run */
  uint32_t d;                      /* degree sampled with the demand */
  uint32_t err;
  uint32_t fvalid;                 /* filter entry valid bits */
  uint32_t wptr;                   /* next filter entry written */
  uint64_t fpage[TL_PF_FILTER_MAX];/* filter page numbers (address >> 12) */
  tl_pf_gen_stats stats;
} tl_pf_gen;

/* Idle, filter empty, statistics cleared. TL_ERR_NULL; TL_ERR_RANGE
 * (nothing written) for filter outside 1..TL_PF_FILTER_MAX. */
TL_API tl_status tl_pf_gen_init(tl_pf_gen *g, uint32_t filter);
/* One clock cycle. Returns TL_OK or the error of a demand taken this cycle;
 * TL_ERR_NULL, TL_ERR_STATE (not initialized) or TL_ERR_RANGE (an input
 * above its port width, a 1-bit input not 0/1) with nothing changed and
 * *out zeroed. */
TL_API tl_status tl_pf_gen_step(tl_pf_gen *g, const tl_pf_gen_in *in, tl_pf_gen_out *out);
/* Checkpoint (tl_ckpt_save / tl_ckpt_load, kinds TL_CKPT_PF_DEGREE and
 * TL_CKPT_PF_GEN): save (TL_ERR_NULL, TL_ERR_STATE for an object never
 * initialized, TL_ERR_LIMIT) and restore (TL_ERR_STATE also when the
 * payload is no state the model can reach: parameters out of range, a
 * register above its width, a division counter or run position out of
 * range, an err value the block never writes; the object unchanged on an
 * error). A restored object continues exactly as the saved one, statistics
 * included. */
TL_API tl_status tl_pf_degree_save(const tl_pf_degree *u, void *buf, size_t cap, size_t *len);
TL_API tl_status tl_pf_degree_restore(tl_pf_degree *u, const void *buf, size_t len);
TL_API tl_status tl_pf_gen_save(const tl_pf_gen *g, void *buf, size_t cap, size_t *len);
TL_API tl_status tl_pf_gen_restore(tl_pf_gen *g, const void *buf, size_t len);
/* ==== END tilelens_pf ==== */

/* ==== BEGIN tilelens_ckpt ==== */
/* ---- Checkpoint -------------------------------------------------------------
 * State structs hold no pointers: a struct copy (assignment, memcpy) of a
 * tl_tma, tl_gen or any other state struct of this library is a checkpoint
 * and continues bit-exactly. For storage, the saved form is a 16-byte
 * header followed by the struct's bytes (native byte order and compiler
 * layout: a checkpoint is for the same build of the library):
 *   magic  TL_CKPT_MAGIC (read in another byte order it does not match)
 *   layout the struct's layout version (bumped whenever the struct changes)
 *   kind   which struct (tl_ckpt_kind)
 *   size   sizeof the struct
 *   sum    FNV-1a 32 of the payload
 * A load refuses (TL_ERR_STATE) another magic, layout, kind or size, a
 * length that is not header + size, or a checksum mismatch, and then writes
 * nothing. Another state struct (a prefetcher, an MSHR) takes the same
 * mechanism by adding a kind below and a LAYOUT constant, and calling
 * tl_ckpt_save / tl_ckpt_load with sizeof its struct (its own save/restore
 * then checks that the loaded state is one its reset could produce). */
#define TL_CKPT_MAGIC     0x4B434C54u   /* "TLCK" in a little-endian file */
#define TL_CKPT_HDR_BYTES 16u
typedef struct {
  uint32_t magic;
  uint16_t layout;
  uint16_t kind;
  uint32_t size;
  uint32_t sum;
} tl_ckpt_hdr;
typedef enum {
  TL_CKPT_TMA = 1,       /* tl_tma (its tl_gen inside); layout TL_CKPT_TMA_LAYOUT */
  TL_CKPT_MSHR = 2,      /* tl_mshr; layout TL_CKPT_MSHR_LAYOUT */
  TL_CKPT_PF_DEGREE = 3, /* tl_pf_degree; layout TL_CKPT_PF_DEGREE_LAYOUT */
  TL_CKPT_PF_GEN = 4     /* tl_pf_gen; layout TL_CKPT_PF_GEN_LAYOUT */
  /* next kinds: 2, 3, ... (one per state struct) */
} tl_ckpt_kind;
#define TL_CKPT_TMA_LAYOUT 1u
#define TL_CKPT_MSHR_LAYOUT 1u
#define TL_CKPT_PF_DEGREE_LAYOUT 1u
#define TL_CKPT_PF_GEN_LAYOUT 1u
/* Writes header + *obj (size bytes) to buf; *len (may be NULL) = bytes
 * written. TL_ERR_NULL, TL_ERR_RANGE (kind 0 or above 0xFFFF, layout above
 * 0xFFFF, size 0 or above 2^32-1), TL_ERR_LIMIT (cap below header + size:
 * nothing written). */
TL_API tl_status tl_ckpt_save(uint32_t kind, uint32_t layout, const void *obj, size_t size, void *buf, size_t cap,
                              size_t *len);
/* Checks a saved buffer against kind, layout and size without loading it:
 * TL_OK, TL_ERR_NULL, TL_ERR_RANGE, TL_ERR_STATE (refused, see above). */
TL_API tl_status tl_ckpt_check(uint32_t kind, uint32_t layout, size_t size, const void *buf, size_t len);
/* tl_ckpt_check, then copies the payload to *obj (nothing written on an
 * error). */
TL_API tl_status tl_ckpt_load(uint32_t kind, uint32_t layout, void *obj, size_t size, const void *buf, size_t len);
/* The TMA address unit: save (TL_ERR_STATE for a never-reset unit) and
 * restore (TL_ERR_STATE also when the payload is not a unit a reset set
 * up; *u unchanged on an error). A restored unit continues exactly as the
 * saved one would have, cycle by cycle, statistics included. */
TL_API tl_status tl_tma_save(const tl_tma *u, void *buf, size_t cap, size_t *len);
TL_API tl_status tl_tma_restore(tl_tma *u, const void *buf, size_t len);
/* ==== END tilelens_ckpt ==== */

#ifdef __cplusplus
}
#endif
#endif /* TILELENS_H */
