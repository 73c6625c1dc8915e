// tilelens_desc_check_props - cover checker of tilelens_desc_check.
//
// The block's formal proof is RTL == mapped netlist (tilelens_desc_check.ys).
// This checker instantiates the block and covers (COVER) complete checks,
// start handshake to done_o, so that the equivalence is not shown on a
// corner of the reachable behaviour only:
//   Y1 a tile-major descriptor accepted (TL_OK) with a split dimension
//   Y2 a linear descriptor accepted with a row dimension above dimension 0
//   Y3 TL_ERR_OVERFLOW (the tensor's last byte past the address space)
//   Y4 TL_ERR_UNSUPPORTED_VIEW (tile-major)
// Inputs stay stable while busy_o (the block's documented use).
// Size: set by the script (small widths, so that a whole check is a few
// cycles deep).
`default_nettype none

module tilelens_desc_check_props #(
  parameter integer Rank           = 5,
  parameter integer StrideWidth    = 40,
  parameter integer AddrWidth      = 64,
  parameter integer DimWidth       = 33,
  parameter integer MaxLog2Granule = 16
) (
  input wire                        clk_i,
  input wire                        rst_ni,
  input wire                        start_valid_i,
  input wire [AddrWidth-1:0]        base_i,
  input wire [2:0]                  rank_i,
  input wire [3:0]                  elem_bytes_i,
  input wire [Rank*DimWidth-1:0]    dim_i,
  input wire [Rank*StrideWidth-1:0] stride_i,
  input wire [Rank*3-1:0]           elem_stride_i,
  input wire [1:0]                  interleave_i,
  input wire [1:0]                  swizzle_i,
  input wire [1:0]                  tile_major_i,
  input wire [4:0]                  log2_a_i,
  input wire [4:0]                  log2_b_i,
  input wire [4:0]                  log2_granule_i,
  input wire [StrideWidth-1:0]      lead_stride_i
);

  localparam [3:0] TlOk                 = 4'd0;
  localparam [3:0] TlErrOverflow        = 4'd10;
  localparam [3:0] TlErrUnsupportedView = 4'd9;
  localparam integer InW = AddrWidth + 3 + 4 + Rank*DimWidth + Rank*StrideWidth + Rank*3 +
                           2 + 2 + 2 + 15 + StrideWidth;

  wire             start_ready, busy, done;
  wire [3:0]       err;
  wire [Rank-1:0]  row_mask, split_mask;
  wire [Rank*4-1:0] split_log2_m;

  tilelens_desc_check #(
    .Rank(Rank), .StrideWidth(StrideWidth), .AddrWidth(AddrWidth), .DimWidth(DimWidth),
    .MaxLog2Granule(MaxLog2Granule)
  ) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_valid_i(start_valid_i), .start_ready_o(start_ready),
    .base_i(base_i), .rank_i(rank_i), .elem_bytes_i(elem_bytes_i), .dim_i(dim_i),
    .stride_i(stride_i), .elem_stride_i(elem_stride_i), .interleave_i(interleave_i),
    .swizzle_i(swizzle_i), .tile_major_i(tile_major_i), .log2_a_i(log2_a_i),
    .log2_b_i(log2_b_i), .log2_granule_i(log2_granule_i), .lead_stride_i(lead_stride_i),
    .busy_o(busy), .done_o(done), .err_o(err), .row_mask_o(row_mask),
    .split_mask_o(split_mask), .split_log2_m_o(split_log2_m)
  );

  wire [InW-1:0] in_now = {base_i, rank_i, elem_bytes_i, dim_i, stride_i, elem_stride_i,
                           interleave_i, swizzle_i, tile_major_i, log2_a_i, log2_b_i,
                           log2_granule_i, lead_stride_i};
  reg  [InW-1:0] in_past;
  always @(posedge clk_i) in_past <= in_now;
  always @* begin
    if (busy) begin
      assume (in_now == in_past);
    end
  end

`ifdef COVER
  always @* begin
    cover (done && err == TlOk && tile_major_i == 2'd1 && split_mask != {Rank{1'b0}});  // Y1
    cover (done && err == TlOk && tile_major_i == 2'd0 && row_mask[1]);                 // Y2
    cover (done && err == TlErrOverflow);                                               // Y3
    cover (done && err == TlErrUnsupportedView);                                        // Y4
  end
`endif

  wire unused_bits = ^{start_ready, split_log2_m};

endmodule

`default_nettype wire
