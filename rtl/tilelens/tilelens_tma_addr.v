// tilelens_tma_addr - the TileLens TMA address unit: box check,
// split-and-sum (pipelined), counter reconfigurator and address generator
// (with the bit permuter) composed, taking a descriptor and a box.
//
// Behaviour:
//   start_ready_o is high while idle. A start handshake takes the box, which
//   is then checked for SumStages + 1 clocks (busy_o high, start_ready_o
//   low): the pipelined split-and-sum computes its tile base and row in
//   SumStages clocks, the box check (tilelens_box_check, min(SumStages, 4)
//   cuts) its footprint, and a last stage registers the box's status, its
//   tile base and its counter nest (tilelens_counter_cfg's outputs). In the
//   cycle its check ends (the verdict cycle: SumStages + 1 clocks after the
//   handshake; the handshake cycle itself with SumStages = 0, where nothing
//   is registered) err_o is the status of the box in the priority of
//   tl_box_check() (docs/tilelens.md, "Validation"):
//     desc_err_i   the descriptor's own status, rules 1-12, stored with the
//                  descriptor when it was written (tilelens_desc_check or the
//                  driver), together with its classes row_mask_i,
//                  split_mask_i, split_log2_m_i;
//     rules 13-15  tilelens_box_check (box sizes, smem alignment, footprint);
//     rule 16      tilelens_counter_cfg (TL_ERR_UNSUPPORTED_VIEW);
//     rules 17-18  tilelens_split_sum_pipe (TL_ERR_ROW_RANGE, TL_ERR_OVERFLOW);
//     rule 19      tilelens_counter_cfg (TL_ERR_ALIGN, misaligned start).
//   err_o is TL_OK in every other cycle. A rejected box is dropped in its
//   verdict cycle (busy_o falls, no request, no done_o). An accepted box
//   starts tilelens_addr_gen there: one step per cycle, a request per
//   in-bounds step on the valid/ready interface (payload held while
//   req_ready_i is low, meaningful only while req_valid_o is high), bubbles
//   for steps out of bounds, busy_o during the box, done_o one cycle after.
//   The first request comes SumStages + 3 cycles after the handshake (8 at
//   the default, 6 more than the generator alone: the paper budgets about
//   5-7 extra cycles per TMA load, tilelens.txt Section 6.2).
//   Descriptor and box inputs must stay stable from the handshake until
//   done_o, or until the verdict of a rejected box (the TMA's command
//   register and descriptor cache hold them).
// Reset: rst_ni low (asynchronous): idle, no request, a box in its check
// dropped (the check's count and the generator's state; the pipelines' data
// flops have no reset and are not read outside a check).
// Twin: tl_tma_init() / tl_tma_eval() / tl_tma_commit() with sum_stages =
// SumStages (tl_tma_reset() is the default 5; cmodel/src/tilelens/); the
// status is tl_request_check()'s.
//
// Worked example (paper Fig. 9, 2-D view, tile-major, 128 x 32 FP8 tiles,
// base 0x100000, box (128, 64) at (256, 64), smem 0x400): err_o = 0 in the
// verdict cycle; 64 requests of 128 bytes, the first at src 0x108000 (tile
// 8), dst 0x400; the 33rd at src 0x10b000 (next tile column, b*L = 12288
// bytes on).
//
// Parameters:
//   Rank            view dimensions (TL_MAX_RANK, 5)
//   CoordWidth      coordinate width (TL_COORD_BITS, 32)
//   StrideWidth     stride width (TL_STRIDE_BITS, 40)
//   BoxWidth        box size width (TL_BOX_BITS, 9)
//   AddrWidth       global address width (TL_ADDR_BITS, 64)
//   SmemWidth       shared-memory address width (TL_SMEM_BITS, 32)
//   DimWidth        dimension size width (33: sizes 1..2^32)
//   MaxLog2Granule  largest lg (TL_LOG2_GRANULE_MAX, 16)
//   SumStages       the split-and-sum's pipeline registers, 0..5; the check
//                   takes SumStages + 1 clocks (TL_TMA_SUM_STAGES, 5; 0 is
//                   the combinational unit, every status in the handshake
//                   cycle)
//   Booth           the split-and-sum's multipliers (tilelens_split_sum_pipe):
//                   1 Booth/Wallace trees, 0 `*` (the products-as-inputs
//                   synthesis flow cuts them out)
`default_nettype none

module tilelens_tma_addr #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer BoxWidth       = 9,
  parameter integer AddrWidth      = 64,
  parameter integer SmemWidth      = 32,
  parameter integer DimWidth       = 33,
  parameter integer MaxLog2Granule = 16,
  parameter integer SumStages      = 5,
  parameter integer Booth          = 1
) (
  input  wire                        clk_i,
  input  wire                        rst_ni,
  // descriptor
  input  wire [AddrWidth-1:0]        base_i,         // global byte address
  input  wire [2:0]                  rank_i,         // 1..Rank
  input  wire [3:0]                  elem_bytes_i,   // s: 1, 2, 4, 8
  input  wire [Rank*DimWidth-1:0]    dim_i,          // elements per dimension
  input  wire [Rank*StrideWidth-1:0] stride_i,       // byte strides; slot 0 ignored (= s)
  input  wire                        tile_major_i,   // 1: TileLens-HW remap
  input  wire [4:0]                  log2_a_i,       // la
  input  wire [4:0]                  log2_b_i,       // lb
  input  wire [4:0]                  log2_granule_i, // lg
  input  wire [StrideWidth-1:0]      lead_stride_i,  // L
  // stored with the descriptor
  input  wire [3:0]                  desc_err_i,     // tl_desc_check status
  input  wire [Rank-1:0]             row_mask_i,     // classes (tl_desc_info)
  input  wire [Rank-1:0]             split_mask_i,
  input  wire [Rank*4-1:0]           split_log2_m_i,
  // box
  input  wire [Rank*CoordWidth-1:0]  coord_i,        // signed start coordinates
  input  wire [Rank*BoxWidth-1:0]    box_i,          // box sizes
  input  wire [SmemWidth-1:0]        smem_base_i,    // shared-memory destination
  input  wire                        start_valid_i,
  output wire                        start_ready_o,
  output wire [3:0]                  err_o,          // tl_box_check status
  // requests
  output wire                        req_valid_o,
  input  wire                        req_ready_i,
  output wire [AddrWidth-1:0]        req_src_o,
  output wire [SmemWidth-1:0]        req_dst_o,
  output wire [11:0]                 req_bytes_o,
  output wire                        busy_o,
  output wire                        done_o
);

  `include "tilelens_status.vh"

  localparam integer Levels = Rank + 1;

  // the split-and-sum sees the element size as stride[0]
  wire [Rank*StrideWidth-1:0] sum_stride = {stride_i[Rank*StrideWidth-1:StrideWidth],
                                             {(StrideWidth-4){1'b0}}, elem_bytes_i};

  // ---- the check: a handshake sends the box into the split-and-sum and
  // the box check (pipelined); the last stage registers the box's status,
  // its tile base and the counter nest: the verdict comes SumStages + 1
  // clocks after the handshake (at once with SumStages = 0)
  localparam integer Cut       = (SumStages > 0) ? 1 : 0;
  localparam integer BoxStages = (SumStages > 4) ? 4 : SumStages;
  wire start_hs;
  wire gen_ready, gen_busy;

  wire [3:0] box_err;
  tilelens_box_check #(
    .Rank(Rank), .BoxWidth(BoxWidth), .SmemWidth(SmemWidth), .Stages(BoxStages)
  ) u_box_check (
    .clk_i(clk_i), .rank_i(rank_i), .elem_bytes_i(elem_bytes_i), .box_i(box_i),
    .smem_base_i(smem_base_i), .err_o(box_err)
  );

  wire sum_valid;
  wire [AddrWidth-1:0]   tile_base;
  wire [StrideWidth-1:0] row;
  wire [3:0]             sum_err;
  tilelens_split_sum_pipe #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .AddrWidth(AddrWidth),
    .MaxLog2Granule(MaxLog2Granule), .Stages(SumStages), .Booth(Booth)
  ) u_split_sum (
    .clk_i(clk_i), .rst_ni(1'b1), .valid_i(start_hs),
    .rank_i(rank_i), .coord_i(coord_i), .stride_i(sum_stride), .row_mask_i(row_mask_i),
    .lead_stride_i(lead_stride_i), .log2_b_i(log2_b_i), .tile_major_i(tile_major_i),
    .valid_o(sum_valid), .tile_base_o(tile_base), .row_o(row), .err_o(sum_err)
  );

  // the counter nest (tilelens_counter_cfg's outputs that the generator
  // reads) as one word: count, stride, shift, weight, split level, run
  // elements, run bytes, permutation widths (row, col, sub)
  localparam integer OStride   = Levels*BoxWidth;
  localparam integer OShift    = OStride + Levels*StrideWidth;
  localparam integer OWeight   = OShift + Levels*5;
  localparam integer OSplit    = OWeight + Levels*5;
  localparam integer ORunElems = OSplit + 3;
  localparam integer ORunBytes = ORunElems + BoxWidth;
  localparam integer OPerm     = ORunBytes + 12;
  localparam integer NestWidth = OPerm + 15;
  wire [NestWidth-1:0]  nest_d, nest;
  wire [3:0]            cfg_err;
  wire [1:0]            mode;
  wire [Levels*3-1:0]   vdim;
  tilelens_counter_cfg #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .BoxWidth(BoxWidth),
    .MaxLog2Granule(MaxLog2Granule)
  ) u_counter_cfg (
    .tile_major_i(tile_major_i), .rank_i(rank_i), .elem_bytes_i(elem_bytes_i),
    .log2_a_i(log2_a_i), .log2_b_i(log2_b_i), .log2_granule_i(log2_granule_i),
    .lead_stride_i(lead_stride_i), .stride_i(stride_i[Rank*StrideWidth-1:StrideWidth]), .row_mask_i(row_mask_i),
    .split_mask_i(split_mask_i), .split_log2_m_i(split_log2_m_i), .coord_i(coord_i),
    .box_i(box_i), .row_i(row[MaxLog2Granule-1:0]),
    .err_o(cfg_err), .mode_o(mode), .vdim_o(vdim),
    .count_o(nest_d[0 +: Levels*BoxWidth]), .stride_o(nest_d[OStride +: Levels*StrideWidth]),
    .shift_o(nest_d[OShift +: Levels*5]), .log2_weight_o(nest_d[OWeight +: Levels*5]),
    .split_level_o(nest_d[OSplit +: 3]), .run_elems_o(nest_d[ORunElems +: BoxWidth]),
    .run_bytes_o(nest_d[ORunBytes +: 12]), .perm_row_o(nest_d[OPerm +: 5]),
    .perm_col_o(nest_d[OPerm + 5 +: 5]), .perm_sub_o(nest_d[OPerm + 10 +: 5])
  );

  // the box's status (in the cycle the split-and-sum's outputs arrive)
  wire [3:0] status_d = (desc_err_i != TlOk)              ? desc_err_i :
                        (box_err != TlOk)                 ? box_err :
                        (cfg_err == TlErrUnsupportedView) ? cfg_err :
                        (sum_err != TlOk)                 ? sum_err : cfg_err;

  // ---- the check's last stage: the status, the tile base and the nest
  // (plain flops loaded every clock; the inputs are held, so the nest
  // registers hold the box's nest from the verdict until done_o)
  wire [3:0]           box_status;   // the box's status in its verdict cycle
  wire [AddrWidth-1:0] tile_base_q;
  tilelens_pipe_reg #(.Width(4 + AddrWidth + NestWidth), .Enable(Cut)) u_cut_status (
    .clk_i(clk_i), .d_i({status_d, tile_base, nest_d}), .q_o({box_status, tile_base_q, nest})
  );

  wire verdict;      // the verdict cycle
  generate
    if (SumStages == 0) begin : gen_comb
      // the combinational unit: every status in the handshake cycle
      assign verdict       = start_hs;
      assign start_ready_o = gen_ready;
      assign busy_o        = gen_busy;
    end else begin : gen_check
      // clocks left until the verdict cycle (1: this cycle), 0: no box in
      // its check. The unit's own count, with the unit's asynchronous reset:
      // the pipeline's valid bits are not used (a valid bit of a box
      // dropped by a reset may still be in flight when the next box starts)
      localparam integer CntW = 3;
      localparam integer    Clocks      = SumStages + 1;
      localparam [CntW-1:0] CheckClocks = Clocks[CntW-1:0];
      reg [CntW-1:0] check_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)              check_q <= {CntW{1'b0}};
        else if (start_hs)        check_q <= CheckClocks;
        else if (check_q != 0)    check_q <= check_q - 1'b1;
      end
      assign verdict       = check_q == 1;
      assign start_ready_o = gen_ready && (check_q == 0);
      assign busy_o        = gen_busy || (check_q != 0);
    end
  endgenerate
  assign start_hs = start_valid_i && start_ready_o;
  assign err_o    = verdict ? box_status : TlOk;
  wire   gen_start = verdict && (box_status == TlOk);   // an accepted box starts the nest

  tilelens_addr_gen #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .BoxWidth(BoxWidth),
    .AddrWidth(AddrWidth), .SmemWidth(SmemWidth), .DimWidth(DimWidth),
    .MaxLog2Granule(MaxLog2Granule)
  ) u_addr_gen (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .start_valid_i(gen_start), .start_ready_o(gen_ready),
    .count_i(nest[0 +: Levels*BoxWidth]), .stride_i(nest[OStride +: Levels*StrideWidth]),
    .shift_i(nest[OShift +: Levels*5]), .log2_weight_i(nest[OWeight +: Levels*5]),
    .split_level_i(nest[OSplit +: 3]), .run_elems_i(nest[ORunElems +: BoxWidth]),
    .run_bytes_i(nest[ORunBytes +: 12]), .perm_row_i(nest[OPerm +: 5]),
    .perm_col_i(nest[OPerm + 5 +: 5]), .perm_sub_i(nest[OPerm + 10 +: 5]),
    .base_i(base_i), .tile_base_i(tile_base_q), .elem_bytes_i(elem_bytes_i), .rank_i(rank_i),
    .coord_i(coord_i), .dim_i(dim_i), .smem_base_i(smem_base_i),
    .req_valid_o(req_valid_o), .req_ready_i(req_ready_i), .req_src_o(req_src_o),
    .req_dst_o(req_dst_o), .req_bytes_o(req_bytes_o), .busy_o(gen_busy), .done_o(done_o)
  );

  wire unused_bits = ^{mode, vdim, stride_i[StrideWidth-1:0], row[StrideWidth-1:MaxLog2Granule], sum_valid};

endmodule

`default_nettype wire
