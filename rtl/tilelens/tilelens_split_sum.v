// tilelens_split_sum - TileLens split-and-sum unit (paper Fig. 11(b), Eq. 4).
//
// Behaviour: combinational. For each dimension d < rank_i the signed
// coordinate times the byte stride (stride[0] = element size) is a product
// p[d]. Dimension 0 and the dimensions flagged in row_mask_i are row
// dimensions (stride < L; the descriptor carries the mask, computed once
// when the descriptor is written, so no per-load stride comparators), the
// rest column dimensions. With row = sum of row products and col = the rest:
//   linear mode      tile_base_o = col + row          (the plain TMA sum)
//   tile-major mode  tile_base_o = col + (row << lb)  (Eq. 4)
// Tile-major mode accepts only starts whose row coordinates are all
// non-negative and whose row sum is below L (else err_o = TL_ERR_ROW_RANGE):
// the row path is then StrideWidth bits wide. It checks the sign of each row
// coordinate and the product bits above StrideWidth, adds the low
// StrideWidth bits of the row products (3 guard bits) and compares with L.
// The full-width sum of all products (the baseline adder tree, shared) plus
// (row << lb) - row gives the tile-major base, so there is no second
// full-width tree. A result outside the signed 64-bit range is
// TL_ERR_OVERFLOW. On any error tile_base_o is 0. row_o is the row sum mod
// 2^StrideWidth in every mode (the row start the counter reconfigurator
// checks for alignment).
// Input domain: log2_b_i <= MaxLog2Granule (a descriptor that passed
// tilelens_desc_check has lb <= lg <= 16), lead_stride_i and strides as given.
// No state, no reset, no handshake: outputs follow the inputs.
// Twin: tl_split_sum_masked() in cmodel/src/tilelens/tilelens_split_sum.c;
// baseline: tilelens_base_sum.
//
// Worked example (paper Fig. 9, FP8 384 x 128, 128 x 32 memory tiles):
//   rank 2, coord (256, 64), stride (1, 384), row_mask 01, L = 384, lb = 5
//   row = 256, col = 64*384 = 24576
//   tile-major: tile_base_o = 24576 + (256 << 5) = 32768 = 0x8000 (tile 8)
//   linear:     tile_base_o = 24576 + 256 = 24832 = 0x6100
//
// Parameters:
//   Rank            view dimensions (TL_MAX_RANK, 5)
//   CoordWidth      signed coordinate width (TL_COORD_BITS, 32)
//   StrideWidth     stride and L width (TL_STRIDE_BITS, 40)
//   AddrWidth       tile base width (TL_ADDR_BITS, 64)
//   MaxLog2Granule  largest lb (TL_LOG2_GRANULE_MAX, 16)
`default_nettype none

module tilelens_split_sum #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer AddrWidth      = 64,
  parameter integer MaxLog2Granule = 16
) (
  input  wire [2:0]                  rank_i,        // dimensions in use, 1..Rank
  input  wire [Rank*CoordWidth-1:0]  coord_i,       // signed start coordinates, dim 0 lowest
  input  wire [Rank*StrideWidth-1:0] stride_i,      // byte strides, stride[0] = element size
  input  wire [Rank-1:0]             row_mask_i,    // bit d: dimension d is a row dimension
  input  wire [StrideWidth-1:0]      lead_stride_i, // L, bytes
  input  wire [4:0]                  log2_b_i,      // lb, memory tile columns = 2^lb
  input  wire                        tile_major_i,  // 1: Eq. 4, 0: plain sum
  output wire [AddrWidth-1:0]        tile_base_o,   // signed byte offset from the base
  output wire [StrideWidth-1:0]      row_o,         // row sum mod 2^StrideWidth
  output wire [3:0]                  err_o          // TL_OK, TL_ERR_ROW_RANGE, TL_ERR_OVERFLOW
);

  `include "tilelens_status.vh"

  localparam integer ProdWidth  = CoordWidth + StrideWidth;
  // exact sum of Rank products, and never narrower than the tile base
  localparam integer SumWidth   = (ProdWidth + 3 > AddrWidth) ? ProdWidth + 3 : AddrWidth;
  localparam integer RowWidth   = StrideWidth + 3;
  localparam integer ShiftWidth = StrideWidth + MaxLog2Granule;
  localparam integer TbWidth    = SumWidth + 1;

  wire [Rank*SumWidth-1:0]    term;
  wire [Rank*StrideWidth-1:0] row_term;
  wire [Rank-1:0]             row_bad;
  genvar d;
  generate
    for (d = 0; d < Rank; d = d + 1) begin : gen_dim
      wire                   used   = rank_i > d;
      wire                   is_row = used && (d == 0 || row_mask_i[d]);
      wire [CoordWidth-1:0]  coord  = used ? coord_i[d*CoordWidth +: CoordWidth] : {CoordWidth{1'b0}};
      wire [StrideWidth-1:0] strd   = stride_i[d*StrideWidth +: StrideWidth];
      wire signed [ProdWidth:0] prod = $signed(coord) * $signed({1'b0, strd});
      assign term[d*SumWidth +: SumWidth] =
        {{(SumWidth-ProdWidth){prod[ProdWidth-1]}}, prod[ProdWidth-1:0]};
      assign row_term[d*StrideWidth +: StrideWidth] =
        is_row ? prod[StrideWidth-1:0] : {StrideWidth{1'b0}};
      // a row product outside [0, 2^StrideWidth): negative, or high bits set
      assign row_bad[d] = is_row && (coord[CoordWidth-1] || (|prod[ProdWidth-1:StrideWidth]));
    end
  endgenerate

  reg [SumWidth-1:0] total;
  reg [RowWidth-1:0] row_sum;
  integer k;
  always @* begin
    total   = {SumWidth{1'b0}};
    row_sum = {RowWidth{1'b0}};
    for (k = 0; k < Rank; k = k + 1) begin
      total   = total + term[k*SumWidth +: SumWidth];
      row_sum = row_sum + {3'b000, row_term[k*StrideWidth +: StrideWidth]};
    end
  end

  wire                   row_err = tile_major_i &&
                                   ((|row_bad) || (row_sum >= {3'b000, lead_stride_i}));
  wire [StrideWidth-1:0] row     = row_sum[StrideWidth-1:0];
  wire [ShiftWidth-1:0]  row_sh  = {{MaxLog2Granule{1'b0}}, row} << log2_b_i;
  // (row << lb) - row: what Eq. 4 adds to the plain sum; never negative
  wire [ShiftWidth-1:0]  extra   = row_sh - {{MaxLog2Granule{1'b0}}, row};
  wire [TbWidth-1:0]     tb      = {total[SumWidth-1], total} +
                                   (tile_major_i ? {{(TbWidth-ShiftWidth){1'b0}}, extra}
                                                 : {TbWidth{1'b0}});
  wire                   ovf     = !(&tb[TbWidth-1:AddrWidth-1]) && (|tb[TbWidth-1:AddrWidth-1]);

  assign err_o       = row_err ? TlErrRowRange : (ovf ? TlErrOverflow : TlOk);
  assign tile_base_o = (row_err || ovf) ? {AddrWidth{1'b0}} : tb[AddrWidth-1:0];
  assign row_o       = row;

endmodule

`default_nettype wire
