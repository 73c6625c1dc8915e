// tilelens_box_check - the standard TMA rules of one box load (rules 13-15
// of docs/tilelens.md), the same for a plain TMA and for TileLens.
//
// Behaviour: combinational. For a descriptor with a valid rank and element
// size s, in priority order:
//   TL_ERR_BOX       a box size of a dimension below rank_i outside 1..256,
//                    or box[0]*s not a multiple of 16 bytes;
//   TL_ERR_ALIGN     smem_base_i not a multiple of 16;
//   TL_ERR_OVERFLOW  smem_base_i + (product of the box sizes) * s > 2^32;
//   TL_OK            otherwise.
// No state, no reset, no handshake: err_o follows the inputs.
// Twin: tl_box_shape_check() in cmodel/src/tilelens/tilelens_counter_cfg.c.
//
// Worked example: BF16 (s = 2), box (64, 2, 64), smem_base 0x100:
//   64*2 = 128 bytes per row, a multiple of 16; footprint 64*2*64*2 = 16 KB;
//   0x100 + 0x4000 <= 2^32: err_o = TL_OK. box[0] = 4 gives 8 bytes: TL_ERR_BOX.
//
// Parameters:
//   Rank       view dimensions (TL_MAX_RANK, 5)
//   BoxWidth   box size width (TL_BOX_BITS, 9)
//   SmemWidth  shared-memory address width (TL_SMEM_BITS, 32)
`default_nettype none

module tilelens_box_check #(
  parameter integer Rank      = 5,
  parameter integer BoxWidth  = 9,
  parameter integer SmemWidth = 32
) (
  input  wire [2:0]               rank_i,       // 1..Rank
  input  wire [3:0]               elem_bytes_i, // s: 1, 2, 4, 8
  input  wire [Rank*BoxWidth-1:0] box_i,        // box sizes, dim 0 lowest
  input  wire [SmemWidth-1:0]     smem_base_i,  // shared-memory destination
  output wire [3:0]               err_o         // TL_OK, TL_ERR_BOX, TL_ERR_ALIGN, TL_ERR_OVERFLOW
);

  `include "tilelens_status.vh"

  localparam integer ProdWidth = Rank * BoxWidth + 3;

  wire [1:0] ls = elem_bytes_i[3] ? 2'd3 : elem_bytes_i[2] ? 2'd2 : elem_bytes_i[1] ? 2'd1 : 2'd0;

  // box sizes of the dimensions in use; the others count as 1
  wire [Rank*BoxWidth-1:0] used_box;
  wire [Rank-1:0]          range_bad;
  genvar d;
  generate
    for (d = 0; d < Rank; d = d + 1) begin : gen_dim
      wire                used = rank_i > d;
      wire [BoxWidth-1:0] v    = box_i[d*BoxWidth +: BoxWidth];
      assign used_box[d*BoxWidth +: BoxWidth] = used ? v : {{(BoxWidth-1){1'b0}}, 1'b1};
      assign range_bad[d] = used && (v == {BoxWidth{1'b0}} || v > 256);
    end
  endgenerate

  // product of the box sizes: one multiplier per dimension at its exact
  // width for the default rank, a plain loop otherwise
  reg [Rank*BoxWidth-1:0] prod_r;
  generate
    if (Rank == 5) begin : gen_rank5
      wire [2*BoxWidth-1:0] p2 = used_box[0 +: BoxWidth] * used_box[BoxWidth +: BoxWidth];
      wire [3*BoxWidth-1:0] p3 = p2 * used_box[2*BoxWidth +: BoxWidth];
      wire [4*BoxWidth-1:0] p4 = p3 * used_box[3*BoxWidth +: BoxWidth];
      always @* prod_r = p4 * used_box[4*BoxWidth +: BoxWidth];
    end else begin : gen_any_rank
      integer k;
      always @* begin
        prod_r = {{(Rank*BoxWidth-1){1'b0}}, 1'b1};
        for (k = 0; k < Rank; k = k + 1) prod_r = prod_r * used_box[k*BoxWidth +: BoxWidth];
      end
    end
  endgenerate
  wire [ProdWidth-1:0] prod = {3'b000, prod_r};

  wire [3:0]           row_lo   = box_i[3:0] << ls;   // box[0]*s mod 16
  wire [ProdWidth-1:0] bytes    = prod << ls;
  wire [ProdWidth:0]   end_addr = {1'b0, bytes} + {{(ProdWidth+1-SmemWidth){1'b0}}, smem_base_i};
  wire [ProdWidth:0]   limit    = {{(ProdWidth-SmemWidth){1'b0}}, 1'b1, {SmemWidth{1'b0}}};

  assign err_o = ((|range_bad) || (|row_lo)) ? TlErrBox :
                 (|smem_base_i[3:0])              ? TlErrAlign :
                 (end_addr > limit)               ? TlErrOverflow : TlOk;

  wire unused_bits = elem_bytes_i[0];

endmodule

`default_nettype wire
