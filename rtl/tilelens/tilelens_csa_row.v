// tilelens_csa_row - one row of 3:2 compressors (full adders side by side).
//
// Behaviour: combinational, a_i + b_i + c_i = s_o + c_o (mod 2^Width):
// s_o = a ^ b ^ c, c_o = majority(a, b, c) shifted left one bit (the carry
// out of the top bit is dropped). No state. Used by tilelens_csa_sum.
// Twin: modular addition.
//
// Parameters:
//   Width  bits per word (>= 2)
`default_nettype none

module tilelens_csa_row #(
  parameter integer Width = 8
) (
  input  wire [Width-1:0] a_i,
  input  wire [Width-1:0] b_i,
  input  wire [Width-1:0] c_i,
  output wire [Width-1:0] s_o,
  output wire [Width-1:0] c_o
);

  wire [Width-1:0] m = (a_i & b_i) | (a_i & c_i) | (b_i & c_i);
  wire unused_m = m[Width-1];
  assign s_o = a_i ^ b_i ^ c_i;
  assign c_o = {m[Width-2:0], 1'b0};

endmodule

`default_nettype wire
