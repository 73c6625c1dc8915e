// tilelens_prefix_add - Width-bit adder as a structural Kogge-Stone
// parallel-prefix carry network (log2(Width) levels of generate/propagate
// merges, fan-out 2 per level).
//
// Behaviour: combinational, {cout_o, sum_o} = a_i + b_i + cin_i. No state.
// Written out so that the carry depth is log2(Width) AND-OR levels whatever
// the area-oriented mapping does with a behavioural add (Yosys 0.23 maps
// `+` to a Brent-Kung tree that ABC's area recovery lengthens: about 80 FO4
// for a 75-bit add with the flow's script). The generate and propagate
// words of each level carry (* keep *), so ABC maps each level on its own
// and cannot fold the tree back into a ripple chain (without it, it did).
// Twin: modular addition (the sums inside tl_split_sum_masked()).
//
// Parameters:
//   Width  bits (>= 2)
`default_nettype none
module tilelens_prefix_add #(
  parameter integer Width = 8
) (
  input  wire [Width-1:0] a_i,
  input  wire [Width-1:0] b_i,
  input  wire             cin_i,
  output wire [Width-1:0] sum_o,
  output wire             cout_o
);
  localparam integer Levels = (Width <= 1) ? 1 : $clog2(Width);
  wire [Width-1:0] p0 = a_i ^ b_i;
  wire [Width-1:0] g0 = (a_i & b_i) | {{(Width-1){1'b0}}, p0[0] & cin_i};
  genvar l;
  generate
    for (l = 0; l < Levels; l = l + 1) begin : gen_lvl
      (* keep *) wire [Width-1:0] g;
      (* keep *) wire [Width-1:0] p;
      wire [Width-1:0] gi, pi;
      if (l == 0) begin : gen_first
        assign gi = g0;
        assign pi = p0;
      end else begin : gen_next
        assign gi = gen_lvl[l-1].g;
        assign pi = gen_lvl[l-1].p;
      end
      // bit i merges bit i - 2^l (bits below 2^l pass): stated on whole
      // words, so that a simulator evaluates a level as a few word
      // operations (the same gates after synthesis)
      assign g = gi | (pi & {gi[Width-1-(1<<l):0], {(1<<l){1'b0}}});
      assign p = pi & {pi[Width-1-(1<<l):0], {(1<<l){1'b1}}};
    end
  endgenerate
  wire [Width-1:0] gl = gen_lvl[Levels-1].g;
  wire unused_p = ^gen_lvl[Levels-1].p;
  assign sum_o  = p0 ^ {gl[Width-2:0], cin_i};
  assign cout_o = gl[Width-1];
endmodule
`default_nettype wire
