// synth_ref_mul: one unsigned AWidth x BWidth multiplier, synthesis only.
//
// A yardstick, not a project block: the TileLens paper sizes its extension
// as "similar to a single 32-bit multiplier"; the synthesis report shows
// what one costs in the same flow and cell library.
//
// Parameters:
//   AWidth, BWidth  operand widths (default 32 x 32)
// Ports:
//   a_i, b_i        operands
//   p_o             full product, AWidth + BWidth bits
// Example: a_i = 32'hFFFF_FFFF, b_i = 32'h2 -> p_o = 64'h1_FFFF_FFFE.
`default_nettype none
module synth_ref_mul #(
  parameter integer AWidth = 32,
  parameter integer BWidth = 32
) (
  input  wire [AWidth-1:0]        a_i,
  input  wire [BWidth-1:0]        b_i,
  output wire [AWidth+BWidth-1:0] p_o
);
  assign p_o = a_i * b_i;
endmodule
`default_nettype wire
