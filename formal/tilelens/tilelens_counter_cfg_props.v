// tilelens_counter_cfg_props - cover checker of tilelens_counter_cfg.
//
// The block's functional check is the C model lockstep harness; the formal
// proof of this block is RTL == mapped netlist (tilelens_counter_cfg.ys).
// This checker instantiates the block and covers (COVER) its outcomes, so
// that the equivalence is not shown on a corner of the input space only:
//   K1 a tile-major nest with a split level (outer counter above it),
//      err_o = TL_OK
//   K2 case 2 (u < a): the permutation widths set, sub non-zero, TL_OK
//   K3 a wide box (u > a): level 0 steps u/a pieces, TL_OK
//   K4 TL_ERR_UNSUPPORTED_VIEW, K5 TL_ERR_ALIGN
//   K6 a linear nest (mode 0) of rank 5 with every level stepping
// Size: the block's defaults (Rank 5, CoordWidth 32, StrideWidth 40,
// BoxWidth 9, MaxLog2Granule 16).
`default_nettype none

module tilelens_counter_cfg_props #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer BoxWidth       = 9,
  parameter integer MaxLog2Granule = 16
) (
  input wire                        tile_major_i,
  input wire [2:0]                  rank_i,
  input wire [3:0]                  elem_bytes_i,
  input wire [4:0]                  log2_a_i,
  input wire [4:0]                  log2_b_i,
  input wire [4:0]                  log2_granule_i,
  input wire [StrideWidth-1:0]      lead_stride_i,
  input wire [Rank*StrideWidth-1:0] stride_i,
  input wire [Rank-1:0]             row_mask_i,
  input wire [Rank-1:0]             split_mask_i,
  input wire [Rank*4-1:0]           split_log2_m_i,
  input wire [Rank*CoordWidth-1:0]  coord_i,
  input wire [Rank*BoxWidth-1:0]    box_i,
  input wire [MaxLog2Granule-1:0]   row_i
);

  localparam [3:0] TlOk                 = 4'd0;
  localparam [3:0] TlErrAlign           = 4'd6;
  localparam [3:0] TlErrUnsupportedView = 4'd9;

  wire [3:0]                        err;
  wire [1:0]                        mode;
  wire [(Rank+1)*BoxWidth-1:0]      count;
  wire [(Rank+1)*StrideWidth-1:0]   stride;
  wire [(Rank+1)*5-1:0]             shift, weight;
  wire [(Rank+1)*3-1:0]             vdim;
  wire [BoxWidth-1:0]               run_elems;
  wire [11:0]                       run_bytes;
  wire [4:0]                        prow, pcol, psub;
  wire [2:0]                        split_level;

  tilelens_counter_cfg #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .BoxWidth(BoxWidth),
    .MaxLog2Granule(MaxLog2Granule)
  ) u_dut (
    .tile_major_i(tile_major_i), .rank_i(rank_i), .elem_bytes_i(elem_bytes_i),
    .log2_a_i(log2_a_i), .log2_b_i(log2_b_i), .log2_granule_i(log2_granule_i),
    .lead_stride_i(lead_stride_i), .stride_i(stride_i), .row_mask_i(row_mask_i),
    .split_mask_i(split_mask_i), .split_log2_m_i(split_log2_m_i), .coord_i(coord_i),
    .box_i(box_i), .row_i(row_i),
    .err_o(err), .mode_o(mode), .count_o(count), .stride_o(stride), .shift_o(shift),
    .vdim_o(vdim), .log2_weight_o(weight), .run_elems_o(run_elems), .run_bytes_o(run_bytes),
    .perm_row_o(prow), .perm_col_o(pcol), .perm_sub_o(psub), .split_level_o(split_level)
  );

  reg all_step;
  integer k;
  always @* begin
    all_step = 1'b1;
    for (k = 1; k < Rank; k = k + 1)
      if (count[k*BoxWidth +: BoxWidth] < 2) all_step = 1'b0;
  end

`ifdef COVER
  always @* begin
    cover (tile_major_i && err == TlOk && split_level != 3'd0 &&
           count[(split_level+1)*BoxWidth +: BoxWidth] > 1 &&
           weight[(split_level+1)*5 +: 5] != 5'd0);                        // K1
    cover (tile_major_i && err == TlOk && mode == 2'd2 && psub != 5'd0 &&
           prow != 5'd0 && pcol != 5'd0);                                   // K2
    cover (tile_major_i && err == TlOk && mode == 2'd3 &&
           count[0 +: BoxWidth] > 1);                                       // K3
    cover (err == TlErrUnsupportedView);                                    // K4
    cover (err == TlErrAlign);                                              // K5
    cover (!tile_major_i && err == TlOk && rank_i == Rank && all_step &&
           mode == 2'd0);                                                   // K6
  end
`endif

  wire unused_bits = ^{stride, shift, vdim, run_elems, run_bytes};

endmodule

`default_nettype wire
