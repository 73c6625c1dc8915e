// tilelens_tma_addr - the TileLens TMA address unit: box check,
// split-and-sum, counter reconfigurator and address generator (with the bit
// permuter) composed, taking a descriptor and a box.
//
// Behaviour:
//   err_o (combinational) is the status of the box under the descriptor in
//   the priority of tl_box_check() (docs/tilelens.md, "Validation"):
//     desc_err_i   the descriptor's own status, rules 1-12, stored with the
//                  descriptor when it was written (tilelens_desc_check or the
//                  driver), together with its classes row_mask_i,
//                  split_mask_i, split_log2_m_i;
//     rules 13-15  tilelens_box_check (box sizes, smem alignment, footprint);
//     rule 16      tilelens_counter_cfg (TL_ERR_UNSUPPORTED_VIEW);
//     rules 17-18  tilelens_split_sum (TL_ERR_ROW_RANGE, TL_ERR_OVERFLOW);
//     rule 19      tilelens_counter_cfg (TL_ERR_ALIGN, misaligned start).
//   start_ready_o is high while idle. A start handshake with err_o = TL_OK
//   starts the box; with any other status the box is consumed and dropped
//   (no request, busy_o stays low): err_o in that cycle says why.
//   Then tilelens_addr_gen steps the nest: one step per cycle, a request per
//   in-bounds step on the valid/ready interface (payload held while
//   req_ready_i is low, meaningful only while req_valid_o is high), bubbles
//   for steps out of bounds, busy_o during the box, done_o one cycle after.
//   Descriptor and box inputs must stay stable from an accepted start until
//   done_o (the TMA's command register and descriptor cache hold them).
// Reset: rst_ni low (asynchronous): idle, no request.
// Twin: tl_box_check() for err_o, tl_gen_begin() / tl_gen_next() for the
// request stream (cmodel/src/tilelens/).
//
// Worked example (paper Fig. 9, 2-D view, tile-major, 128 x 32 FP8 tiles,
// base 0x100000, box (128, 64) at (256, 64), smem 0x400): err_o = 0; 64
// requests of 128 bytes, the first at src 0x108000 (tile 8), dst 0x400; the
// 33rd at src 0x10b000 (next tile column, b*L = 12288 bytes on).
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
`default_nettype none

module tilelens_tma_addr #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer BoxWidth       = 9,
  parameter integer AddrWidth      = 64,
  parameter integer SmemWidth      = 32,
  parameter integer DimWidth       = 33,
  parameter integer MaxLog2Granule = 16
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

  wire [3:0] box_err;
  tilelens_box_check #(
    .Rank(Rank), .BoxWidth(BoxWidth), .SmemWidth(SmemWidth)
  ) u_box_check (
    .rank_i(rank_i), .elem_bytes_i(elem_bytes_i), .box_i(box_i), .smem_base_i(smem_base_i),
    .err_o(box_err)
  );

  wire [AddrWidth-1:0]   tile_base;
  wire [StrideWidth-1:0] row;
  wire [3:0]             sum_err;
  tilelens_split_sum #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .AddrWidth(AddrWidth),
    .MaxLog2Granule(MaxLog2Granule)
  ) u_split_sum (
    .rank_i(rank_i), .coord_i(coord_i), .stride_i(sum_stride), .row_mask_i(row_mask_i),
    .lead_stride_i(lead_stride_i), .log2_b_i(log2_b_i), .tile_major_i(tile_major_i),
    .tile_base_o(tile_base), .row_o(row), .err_o(sum_err)
  );

  wire [3:0]                     cfg_err;
  wire [1:0]                     mode;
  wire [Levels*BoxWidth-1:0]     count;
  wire [Levels*StrideWidth-1:0]  lvl_stride;
  wire [Levels*5-1:0]            shift;
  wire [Levels*3-1:0]            vdim;
  wire [Levels*5-1:0]            weight;
  wire [BoxWidth-1:0]            run_elems;
  wire [11:0]                    run_bytes;
  wire [4:0]                     perm_row, perm_col, perm_sub;
  wire [2:0]                     split_level;
  tilelens_counter_cfg #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .BoxWidth(BoxWidth),
    .MaxLog2Granule(MaxLog2Granule)
  ) u_counter_cfg (
    .tile_major_i(tile_major_i), .rank_i(rank_i), .elem_bytes_i(elem_bytes_i),
    .log2_a_i(log2_a_i), .log2_b_i(log2_b_i), .log2_granule_i(log2_granule_i),
    .lead_stride_i(lead_stride_i), .stride_i(stride_i[Rank*StrideWidth-1:StrideWidth]), .row_mask_i(row_mask_i),
    .split_mask_i(split_mask_i), .split_log2_m_i(split_log2_m_i), .coord_i(coord_i),
    .box_i(box_i), .row_i(row[MaxLog2Granule-1:0]),
    .err_o(cfg_err), .mode_o(mode), .count_o(count), .stride_o(lvl_stride), .shift_o(shift),
    .vdim_o(vdim), .log2_weight_o(weight), .run_elems_o(run_elems), .run_bytes_o(run_bytes),
    .perm_row_o(perm_row), .perm_col_o(perm_col), .perm_sub_o(perm_sub),
    .split_level_o(split_level)
  );

  assign err_o = (desc_err_i != TlOk)              ? desc_err_i :
                 (box_err != TlOk)                 ? box_err :
                 (cfg_err == TlErrUnsupportedView) ? cfg_err :
                 (sum_err != TlOk)                 ? sum_err : cfg_err;

  tilelens_addr_gen #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .BoxWidth(BoxWidth),
    .AddrWidth(AddrWidth), .SmemWidth(SmemWidth), .DimWidth(DimWidth),
    .MaxLog2Granule(MaxLog2Granule)
  ) u_addr_gen (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .start_valid_i(start_valid_i && (err_o == TlOk)), .start_ready_o(start_ready_o),
    .count_i(count), .stride_i(lvl_stride), .shift_i(shift), .log2_weight_i(weight), .split_level_i(split_level),
    .run_elems_i(run_elems), .run_bytes_i(run_bytes),
    .perm_row_i(perm_row), .perm_col_i(perm_col), .perm_sub_i(perm_sub),
    .base_i(base_i), .tile_base_i(tile_base), .elem_bytes_i(elem_bytes_i), .rank_i(rank_i),
    .coord_i(coord_i), .dim_i(dim_i), .smem_base_i(smem_base_i),
    .req_valid_o(req_valid_o), .req_ready_i(req_ready_i), .req_src_o(req_src_o),
    .req_dst_o(req_dst_o), .req_bytes_o(req_bytes_o), .busy_o(busy_o), .done_o(done_o)
  );

  wire unused_bits = ^{mode, vdim, stride_i[StrideWidth-1:0], row[StrideWidth-1:MaxLog2Granule]};

endmodule

`default_nettype wire
