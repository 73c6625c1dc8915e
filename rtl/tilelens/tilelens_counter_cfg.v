// tilelens_counter_cfg - TileLens counter reconfigurator (paper Eq. 5,
// SPEC A.2 item 2): the counter nest the address generator steps for a box.
//
// Behaviour: combinational. Levels, innermost first (Levels = Rank + 1):
//   level 0      tile-major with u = box[0] > a: u/a pieces of a elements,
//                stride G, advancing dimension 0 by a (weight la); else one step
//                (always one step with WidePieces = 0);
//   then one level per view dimension d = 1..rank-1:
//     linear       count box[d], stride[d];
//     row dim      count box[d], stride[d] << lb           (row_mask_i[d]);
//     column dim   count box[d], stride[d] unchanged;
//     split dim    (split_mask_i[d], m = 2^k below b, k = split_log2_m[d]),
//                  box[d] > 1: an inner level of min(box, b/m) steps of
//                  m*a'*s bytes, then directly an outer level of box/(b/m)
//                  steps of L << lb advancing d by b/m (weight lb - k); the
//                  dimensions after it move up one level.
//   unused levels: count 1, stride 0, vdim 0, weight 0.
// Every stride leaves as stride_o << shift_o: stride * b as (stride, lb), the
// powers of two G and m*a'*s as (1, lg) and (1, log2(m*a'*s)). The generator
// shifts the one stride it adds per cycle, instead of one shifter or decoder
// per level here. The row and split classes come from the descriptor
// (row_mask_i, split_mask_i, split_log2_m_i: computed once per descriptor by
// tilelens_desc_check), so no stride comparison is made per load.
// Each step is one run of run_elems_o elements (a' = min(u, a) in tile-major
// mode, u in linear mode); case 2 (u < a) sets the permutation widths
// row = log2(u*s), col = lb, sub = log2(a/u) (zero otherwise).
// err_o, tile-major only: TL_ERR_UNSUPPORTED_VIEW for a box the nest cannot
// express (u not a power of two; u > a with WidePieces = 0; a stepped row
// dimension whose stride is not a multiple of a'*s; two stepped split
// dimensions; a split box above b/m and not a multiple of it), else
// TL_ERR_ALIGN when the start is misaligned (row start row_i not a multiple
// of a'*s, or a split dimension's start coordinate not a multiple of b/m),
// else TL_OK.
// The nest outputs are valid whenever err_o is not TL_ERR_UNSUPPORTED_VIEW.
// Input domain: a descriptor that passed tilelens_desc_check with its
// classes, a box that passed tilelens_box_check.
// No state, no reset, no handshake: outputs follow the inputs.
// Twin: tl_counter_hw() in cmodel/src/tilelens/tilelens_counter_cfg.c.
//
// Worked example (paper Fig. 9, 2-D view, 128 x 32 FP8 tiles, case 1):
//   u = 128 = a, box (128, 64), stride[1] = L = 384 (column dim), lb = 5
//   level 0: count 1; level 1: count 64, stride 384 (column dim: unchanged)
//   mode 1 (aligned), run 128 elements = 128 bytes per request
// and with the 3-D view (128, 128, 3), strides (1, 384, 128): dimension 2
// is a row dim (128 < L): level 2 stride 128 << 5 = 4096 (stride_o = 128,
// shift_o of level 2 = 5).
//
// Parameters:
//   Rank            view dimensions (TL_MAX_RANK, 5)
//   CoordWidth      coordinate width (TL_COORD_BITS, 32)
//   StrideWidth     stride width (TL_STRIDE_BITS, 40)
//   BoxWidth        box size width (TL_BOX_BITS, 9)
//   MaxLog2Granule  largest lg (TL_LOG2_GRANULE_MAX, 16)
//   WidePieces      1: a box wider than the memory tile (u > a, a case the
//                   paper does not cover) is split into u/a pieces at level 0;
//                   0: the paper's scope: level 0 is always one step and
//                   such a box is TL_ERR_UNSUPPORTED_VIEW (every other input
//                   gives the outputs of WidePieces = 1: proved in
//                   formal/tilelens/tilelens_counter_cfg.ys, `pieces`)
`default_nettype none

module tilelens_counter_cfg #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer BoxWidth       = 9,
  parameter integer MaxLog2Granule = 16,
  parameter integer WidePieces     = 1,
  // width of stride_i: the strides of dimensions 1..Rank-1 (dimension 0's
  // stride is s); one ignored slot at Rank 1, so that the port is never empty
  parameter integer StrideInW      = (Rank > 1 ? Rank - 1 : 1) * StrideWidth
) (
  input  wire                        tile_major_i,   // 1: TileLens-HW remap
  input  wire [2:0]                  rank_i,         // 1..Rank
  input  wire [3:0]                  elem_bytes_i,   // s: 1, 2, 4, 8
  input  wire [4:0]                  log2_a_i,       // la
  input  wire [4:0]                  log2_b_i,       // lb
  input  wire [4:0]                  log2_granule_i, // lg
  input  wire [StrideWidth-1:0]      lead_stride_i,  // L
  input  wire [StrideInW-1:0]        stride_i,       // stride[1..Rank-1], slot d-1 = stride[d]
  input  wire [Rank-1:0]             row_mask_i,     // descriptor class: row dims
  input  wire [Rank-1:0]             split_mask_i,   // descriptor class: split dims
  input  wire [Rank*4-1:0]           split_log2_m_i, // k = log2(stride/L) of split dims
  input  wire [Rank*CoordWidth-1:0]  coord_i,        // start coordinates
  input  wire [Rank*BoxWidth-1:0]    box_i,          // box sizes, 1..256
  input  wire [MaxLog2Granule-1:0]   row_i,          // row start (split-and-sum row_o), low bits
  output wire [3:0]                  err_o,          // TL_OK, TL_ERR_UNSUPPORTED_VIEW, TL_ERR_ALIGN
  output wire [1:0]                  mode_o,         // 0 linear, 1 aligned, 2 wide tile, 3 wide box
  output wire [(Rank+1)*BoxWidth-1:0]    count_o,    // steps per level, 1..256
  output wire [(Rank+1)*StrideWidth-1:0] stride_o,   // bytes per step, before the shift
  output wire [(Rank+1)*5-1:0]           shift_o,    // level stride is stride_o << shift_o
  output wire [(Rank+1)*3-1:0]           vdim_o,     // view dimension a level advances
  output wire [(Rank+1)*5-1:0]           log2_weight_o, // it advances by 2^weight
  output wire [BoxWidth-1:0]         run_elems_o,    // elements per step
  output wire [11:0]                 run_bytes_o,    // bytes per step
  output wire [4:0]                  perm_row_o,     // case-2 permutation widths
  output wire [4:0]                  perm_col_o,
  output wire [4:0]                  perm_sub_o,
  output wire [2:0]                  split_level_o   // level of the split inner counter, or 0
);

  `include "tilelens_status.vh"

  localparam integer Levels = Rank + 1;
  localparam integer OffW   = MaxLog2Granule;         // bits of a byte offset inside a granule

  // ---- element size, box width, a' = min(u, a)
  wire [1:0] log2_s = elem_bytes_i[3] ? 2'd3 : elem_bytes_i[2] ? 2'd2 : elem_bytes_i[1] ? 2'd1 : 2'd0;
  wire [BoxWidth-1:0] u = box_i[BoxWidth-1:0];
  wire u_pow2 = ~|(u & (u - 1'b1));
  reg  [3:0] log2_u;
  integer i;
  always @* begin
    log2_u = 4'd0;
    for (i = 1; i < BoxWidth; i = i + 1) if (u[i]) log2_u = i[3:0];
  end
  wire       u_lt_a = {1'b0, log2_u} < log2_a_i;
  wire       u_gt_a = {1'b0, log2_u} > log2_a_i;
  wire [4:0] log2_ap  = u_lt_a ? {1'b0, log2_u} : log2_a_i;          // log2(a')
  wire [5:0] log2_aps = {1'b0, log2_ap} + {4'b0, log2_s};             // log2(a'*s)
  wire [OffW-1:0] aps_mask = ~({OffW{1'b1}} << log2_aps);             // a'*s - 1

  assign mode_o = !tile_major_i ? 2'd0 : u_lt_a ? 2'd2 : u_gt_a ? 2'd3 : 2'd1;
  assign run_elems_o = tile_major_i ? ({{(BoxWidth-1){1'b0}}, 1'b1} << log2_ap) : u;
  assign run_bytes_o = {3'b000, run_elems_o} << log2_s;
  wire case2 = tile_major_i && u_lt_a;
  assign perm_row_o = case2 ? {1'b0, log2_u} + {3'b000, log2_s} : 5'd0;
  assign perm_col_o = case2 ? log2_b_i : 5'd0;
  assign perm_sub_o = case2 ? log2_a_i - {1'b0, log2_u} : 5'd0;

  // ---- per view dimension: primary level, and the outer level if split
  wire [Rank-1:0]             stepped_split;
  wire [Rank-1:0]             row_bad;     // stepped row dim, stride not a multiple of a'*s
  wire [Rank-1:0]             split_bad;   // split box above b/m, not a multiple
  wire [Rank*BoxWidth-1:0]    own_count;
  wire [Rank*StrideWidth-1:0] own_stride;
  wire [Rank*5-1:0]           own_shift;
  wire [Rank*BoxWidth-1:0]    outer_count;
  wire [Rank*5-1:0]           outer_weight;
  wire [Rank-1:0]             col_bad;     // split dim start not a multiple of b/m
  genvar d;
  generate
    for (d = 0; d < Rank; d = d + 1) begin : gen_dim
      if (d == 0) begin : gen_dim0
        assign stepped_split[0] = 1'b0;
        assign row_bad[0]       = 1'b0;
        assign split_bad[0]     = 1'b0;
        assign own_count[0 +: BoxWidth]     = {BoxWidth{1'b0}};
        assign own_stride[0 +: StrideWidth] = {StrideWidth{1'b0}};
        assign own_shift[0 +: 5]            = 5'd0;
        assign outer_count[0 +: BoxWidth]   = {BoxWidth{1'b0}};
        assign outer_weight[0 +: 5]         = 5'd0;
        assign col_bad[0]                   = 1'b0;
      end else begin : gen_dimn
        wire                   used     = rank_i > d;
        wire [BoxWidth-1:0]    box_d    = box_i[d*BoxWidth +: BoxWidth];
        wire [StrideWidth-1:0] stride_d = stride_i[(d-1)*StrideWidth +: StrideWidth];
        wire [3:0]             log2_m   = split_log2_m_i[d*4 +: 4];            // m = stride / L
        wire                   is_row   = tile_major_i && row_mask_i[d];
        wire                   is_split = tile_major_i && split_mask_i[d];
        wire                   step     = box_d != {{(BoxWidth-1){1'b0}}, 1'b1};
        wire [4:0]             log2_per_tile = log2_b_i - {1'b0, log2_m};      // log2(b/m)
        wire [BoxWidth-1:0]    per_tile_m1   = ~({BoxWidth{1'b1}} << log2_per_tile); // b/m - 1, box range
        wire                   box_gt_per_tile = |(box_d & ~per_tile_m1) && (box_d != per_tile_m1 + 1'b1);
        wire [4:0]             log2_inner    = log2_aps[4:0] + {1'b0, log2_m}; // log2(m*a'*s) <= lg
        assign stepped_split[d] = used && is_split && step;
        assign row_bad[d]   = used && is_row && step && |(stride_d[OffW-1:0] & aps_mask);
        assign split_bad[d] = stepped_split[d] && box_gt_per_tile && |(box_d & per_tile_m1);
        assign own_count[d*BoxWidth +: BoxWidth] = !used ? {{(BoxWidth-1){1'b0}}, 1'b1} :
                                                   (is_split && box_gt_per_tile) ? per_tile_m1 + 1'b1 : box_d;
        assign own_stride[d*StrideWidth +: StrideWidth] =
          !used ? {StrideWidth{1'b0}} : is_split ? {{(StrideWidth-1){1'b0}}, 1'b1} : stride_d;
        assign own_shift[d*5 +: 5] = !used ? 5'd0 : is_row ? log2_b_i : is_split ? log2_inner : 5'd0;
        assign outer_count[d*BoxWidth +: BoxWidth] = box_gt_per_tile ? (box_d >> log2_per_tile) : {{(BoxWidth-1){1'b0}}, 1'b1};
        assign outer_weight[d*5 +: 5] = log2_per_tile;
        wire [OffW-1:0] per_tile_m1_wide = ~({OffW{1'b1}} << log2_per_tile); // b/m - 1
        assign col_bad[d] = used && is_split && |(coord_i[d*CoordWidth +: OffW] & per_tile_m1_wide);
      end
    end
  endgenerate

  // ---- level placement: dims before the split at their own level, the split
  // dim's outer counter right after it, later dims one level up
  // (the first stepped split dimension as a one-hot word, so that each
  // level's select is an AND-OR of it, not a compare of an encoded level)
  wire has_split = |stepped_split;
  reg  [Rank-1:0] first_split;     // one-hot: the lowest stepped split dimension
  reg  [Rank-1:0] below_split;     // a stepped split dimension at or below each
  reg  [2:0]      split_lvl;
  always @* begin
    first_split = {Rank{1'b0}};
    below_split = {Rank{1'b0}};
    split_lvl   = 3'd0;
    for (i = 1; i < Rank; i = i + 1) begin
      first_split[i] = stepped_split[i] && !(|below_split);
      below_split[i] = |below_split || stepped_split[i];
      if (first_split[i]) split_lvl = split_lvl | i[2:0];
    end
  end
  reg [BoxWidth-1:0]    outer_count_sel;
  reg [4:0]             outer_weight_sel;
  always @* begin
    outer_count_sel  = {BoxWidth{1'b0}};
    outer_weight_sel = 5'd0;
    for (i = 1; i < Rank; i = i + 1) begin
      outer_count_sel  = outer_count_sel  | ({BoxWidth{first_split[i]}} & outer_count[i*BoxWidth +: BoxWidth]);
      outer_weight_sel = outer_weight_sel | ({5{first_split[i]}} & outer_weight[i*5 +: 5]);
    end
  end

  genvar j;
  generate
    for (j = 0; j < Levels; j = j + 1) begin : gen_level
      if (j == 0) begin : gen_level0
        wire wide_box = (WidePieces != 0) && tile_major_i && u_gt_a;
        assign count_o[0 +: BoxWidth] = wide_box ? (u >> log2_a_i) : {{(BoxWidth-1){1'b0}}, 1'b1};
        assign stride_o[0 +: StrideWidth] = {{(StrideWidth-1){1'b0}}, wide_box};
        assign shift_o[0 +: 5] = wide_box ? log2_granule_i : 5'd0;
        assign vdim_o[0 +: 3] = 3'd0;
        assign log2_weight_o[0 +: 5] = wide_box ? log2_a_i : 5'd0;
      end else begin : gen_leveln
        // the split dimension's outer counter sits at the level after it;
        // a level above that holds the dimension below it
        // (first_split[0] is never set)
        localparam [Rank-1:0] Lower = (1 << (j - 1)) - 1;   // dims 0 .. j - 2
        wire outer = first_split[j-1];
        wire later = |(first_split & Lower);
        // the dimension whose primary counter sits at this level
        localparam integer Own  = (j < Rank) ? j : 0;
        localparam integer Prev = j - 1;
        wire own_ok = (j < Rank) && (rank_i > Own[2:0]);
        wire prev_ok = rank_i > Prev[2:0];
        assign count_o[j*BoxWidth +: BoxWidth] =
          outer ? outer_count_sel :
          later ? (prev_ok ? own_count[Prev*BoxWidth +: BoxWidth] : {{(BoxWidth-1){1'b0}}, 1'b1}) :
          own_ok ? own_count[Own*BoxWidth +: BoxWidth] : {{(BoxWidth-1){1'b0}}, 1'b1};
        assign stride_o[j*StrideWidth +: StrideWidth] =
          outer ? lead_stride_i :
          later ? (prev_ok ? own_stride[Prev*StrideWidth +: StrideWidth] : {StrideWidth{1'b0}}) :
          own_ok ? own_stride[Own*StrideWidth +: StrideWidth] : {StrideWidth{1'b0}};
        assign shift_o[j*5 +: 5] = outer ? log2_b_i :
                                   later ? (prev_ok ? own_shift[Prev*5 +: 5] : 5'd0) :
                                   (own_ok ? own_shift[Own*5 +: 5] : 5'd0);
        assign vdim_o[j*3 +: 3] = (outer || later) ? (prev_ok ? Prev[2:0] : 3'd0) :
                                  (own_ok ? Own[2:0] : 3'd0);
        assign log2_weight_o[j*5 +: 5] = outer ? outer_weight_sel : 5'd0;
      end
    end
  endgenerate
  assign split_level_o = has_split ? split_lvl : 3'd0;

  // ---- rule 16 (view) and rule 19 (start alignment), tile-major only
  reg [Rank-1:0] extra_split;
  always @* begin
    extra_split = {Rank{1'b0}};
    for (i = 1; i < Rank; i = i + 1) extra_split[i] = stepped_split[i] && !first_split[i];
  end
  // inputs of dimension 0 that the nest does not need (its stride is s,
  // its class is always row, its start only counts through row_i)
  wire unused_bits = ^{elem_bytes_i[0], row_mask_i[0], split_mask_i[0], split_log2_m_i[3:0], coord_i};
  generate
    if (Rank == 1) begin : gen_rank1
      wire unused_stride = ^stride_i;   // no dimension above 0
    end
  endgenerate
  generate
    if (WidePieces == 0) begin : gen_no_pieces
      wire unused_lg = ^log2_granule_i;   // G is only level 0's stride
    end
  endgenerate
  wire no_pieces = (WidePieces == 0) && u_gt_a;
  wire view_err = tile_major_i && (!u_pow2 || no_pieces || (|row_bad) || (|split_bad) || (|extra_split));

  wire misalign = tile_major_i && ((|(row_i & aps_mask)) || (|col_bad));

  assign err_o = view_err ? TlErrUnsupportedView : (misalign ? TlErrAlign : TlOk);

endmodule

`default_nettype wire
