// tilelens_base_sum - baseline TMA tile base: the plain sum of coordinate x
// stride products (paper Fig. 11(a)), what a TMA already has.
//
// Behaviour: combinational. For each dimension d < rank_i the signed
// coordinate times the unsigned byte stride (stride[0] is the element size);
// the exact sum of the products is the tile base, relative to the descriptor
// base. A sum outside the signed 64-bit range is err_o = TL_ERR_OVERFLOW and
// tile_base_o = 0 (never a silent wrap). Coordinates of dimensions at or
// above rank_i count as zero.
// No state, no reset, no handshake: outputs follow the inputs.
// Twin: tl_split_sum() with tile_major = 0 (cmodel/src/tilelens/tilelens_split_sum.c);
// the TileLens version is tilelens_split_sum, the area delta is theirs.
//
// Worked example (paper Fig. 9, FP8 384 x 128, load at (256, 64)):
//   rank_i = 2, coord = (256, 64), stride = (1, 384)
//   tile_base_o = 256*1 + 64*384 = 24832 = 0x6100, err_o = 0
//
// Parameters:
//   Rank         view dimensions (TL_MAX_RANK, 5)
//   CoordWidth   signed coordinate width (TL_COORD_BITS, 32)
//   StrideWidth  stride width (TL_STRIDE_BITS, 40)
//   AddrWidth    tile base width (TL_ADDR_BITS, 64)
`default_nettype none

module tilelens_base_sum #(
  parameter integer Rank        = 5,
  parameter integer CoordWidth  = 32,
  parameter integer StrideWidth = 40,
  parameter integer AddrWidth   = 64
) (
  input  wire [2:0]                  rank_i,      // dimensions in use, 1..Rank
  input  wire [Rank*CoordWidth-1:0]  coord_i,     // signed start coordinates, dim 0 lowest
  input  wire [Rank*StrideWidth-1:0] stride_i,    // byte strides, stride[0] = element size
  output wire [AddrWidth-1:0]        tile_base_o, // signed byte offset from the base
  output wire [3:0]                  err_o        // TL_OK or TL_ERR_OVERFLOW
);

  `include "tilelens_status.vh"

  localparam integer ProdWidth = CoordWidth + StrideWidth;
  // exact sum of Rank products, and never narrower than the tile base
  localparam integer SumWidth  = (ProdWidth + 3 > AddrWidth) ? ProdWidth + 3 : AddrWidth;

  wire [Rank*SumWidth-1:0] term;
  genvar d;
  generate
    for (d = 0; d < Rank; d = d + 1) begin : gen_dim
      wire                   used  = rank_i > d;
      wire [CoordWidth-1:0]  coord = used ? coord_i[d*CoordWidth +: CoordWidth] : {CoordWidth{1'b0}};
      wire [StrideWidth-1:0] strd  = stride_i[d*StrideWidth +: StrideWidth];
      wire signed [ProdWidth:0] prod = $signed(coord) * $signed({1'b0, strd});
      assign term[d*SumWidth +: SumWidth] = {{(SumWidth-ProdWidth){prod[ProdWidth-1]}}, prod[ProdWidth-1:0]};
    end
  endgenerate

  reg [SumWidth-1:0] total;
  integer k;
  always @* begin
    total = {SumWidth{1'b0}};
    for (k = 0; k < Rank; k = k + 1) total = total + term[k*SumWidth +: SumWidth];
  end

  // The exact sum fits int64 when bits SumWidth-1 .. AddrWidth-1 agree.
  wire ovf = !(&total[SumWidth-1:AddrWidth-1]) && (|total[SumWidth-1:AddrWidth-1]);

  assign err_o       = ovf ? TlErrOverflow : TlOk;
  assign tile_base_o = ovf ? {AddrWidth{1'b0}} : total[AddrWidth-1:0];

endmodule

`default_nettype wire
