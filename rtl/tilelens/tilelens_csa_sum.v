// tilelens_csa_sum - sum of Terms Width-bit words modulo 2^Width, as a
// carry-save tree and one carry-propagate add (or, Csa = 0, as a chain of
// adds for comparison).
//
// Behaviour: combinational, sum_o = (terms_i[0] + ... + terms_i[Terms-1])
// mod 2^Width (term k in bits k*Width .. k*Width+Width-1). Csa = 1: 3:2
// compressor rows (sum = a^b^c, carry = majority shifted left one bit, the
// carry out of the top bit dropped) reduce the terms to two, which one
// Width-bit parallel-prefix adder (tilelens_prefix_add) adds: for 5 terms, three compressor rows (tilelens_csa_row) and one adder
// instead of four adders in series. No state.
// Twin: plain modular addition (the sums inside tl_split_sum_masked()).
//
// Parameters:
//   Terms  words to add (>= 1; the tree for 3..5, the chain otherwise)
//   Width  bits per word and of the sum (>= 2)
//   Csa    1: carry-save tree and prefix adder, 0: chain of behavioural adds
`default_nettype none

module tilelens_csa_sum #(
  parameter integer Terms = 5,
  parameter integer Width = 8,
  parameter integer Csa   = 1
) (
  input  wire [Terms*Width-1:0] terms_i,
  output wire [Width-1:0]       sum_o
);

  generate
    if (Csa != 0 && Terms >= 3 && Terms <= 5) begin : gen_csa
      // t0..t4: the terms, zero words above Terms (constants, removed by
      // synthesis); three compressor rows: (t0,t1,t2), (+t3), (+t4)
      wire [5*Width-1:0] t = {{((5-Terms)*Width){1'b0}}, terms_i};
      wire [Width-1:0] s1, c1, s2, c2, s3, c3;
      tilelens_csa_row #(.Width(Width)) u_r1 (
        .a_i(t[0 +: Width]), .b_i(t[Width +: Width]), .c_i(t[2*Width +: Width]), .s_o(s1), .c_o(c1));
      tilelens_csa_row #(.Width(Width)) u_r2 (
        .a_i(s1), .b_i(c1), .c_i(t[3*Width +: Width]), .s_o(s2), .c_o(c2));
      tilelens_csa_row #(.Width(Width)) u_r3 (
        .a_i(s2), .b_i(c2), .c_i(t[4*Width +: Width]), .s_o(s3), .c_o(c3));
      wire unused_cout;
      tilelens_prefix_add #(.Width(Width)) u_cpa (
        .a_i(s3), .b_i(c3), .cin_i(1'b0), .sum_o(sum_o), .cout_o(unused_cout));
    end else begin : gen_chain
      reg [Width-1:0] acc;
      integer k;
      always @* begin
        acc = {Width{1'b0}};
        for (k = 0; k < Terms; k = k + 1) acc = acc + terms_i[k*Width +: Width];
      end
      assign sum_o = acc;
    end
  endgenerate

endmodule

`default_nettype wire
