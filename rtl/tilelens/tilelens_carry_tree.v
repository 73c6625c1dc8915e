// tilelens_carry_tree - the carry out of a Width-bit add as a balanced tree
// of generate/propagate merges (log2(Width) levels, Width - 1 merges): the
// one carry of a compare or of a sign test, where a full prefix adder
// (tilelens_prefix_add) would build every carry.
//
// Behaviour: combinational, cout_o = carry out of a_i + b_i + cin_i. No
// state. Each level's generate and propagate words carry (* keep *), so
// that the area-oriented mapping cannot fold the tree back into a ripple
// chain (as it does with a behavioural compare).
// Twin: the carry of a two's-complement add (the bounds of
// tl_gen_current(), cmodel/src/tilelens/tilelens_addr_gen.c).
//
// Worked example (Width 4): a = 1010, b = 0110, cin 0: 10 + 6 = 16, cout 1.
//
// Parameters:
//   Width  bits (>= 1)
`default_nettype none

module tilelens_carry_tree #(
  parameter integer Width = 8
) (
  input  wire [Width-1:0] a_i,
  input  wire [Width-1:0] b_i,
  input  wire             cin_i,
  output wire             cout_o
);

  localparam integer Levels = (Width <= 1) ? 0 : $clog2(Width);
  localparam integer Top    = 1 << Levels;   // leaves, padded with g = 0, p = 1

  // leaves: bit 0 takes the carry in, so the root's generate is the carry out
  wire [Top-1:0] g0 = {{(Top-Width){1'b0}}, a_i & b_i} |
                      {{(Top-1){1'b0}}, (a_i[0] ^ b_i[0]) & cin_i};
  wire [Top-1:0] p0 = {{(Top-Width){1'b1}}, a_i ^ b_i};

  genvar l;
  generate
    if (Levels == 0) begin : gen_one
      assign cout_o = g0[0];
      wire unused_p = p0[0];
    end else begin : gen_tree
      for (l = 1; l <= Levels; l = l + 1) begin : gen_lvl
        localparam integer N = Top >> l;       // groups at this level
        (* keep *) wire [N-1:0] g;
        (* keep *) wire [N-1:0] p;
        wire [2*N-1:0] gi, pi;
        if (l == 1) begin : gen_first
          assign gi = g0;
          assign pi = p0;
        end else begin : gen_next
          assign gi = gen_lvl[l-1].g;
          assign pi = gen_lvl[l-1].p;
        end
        genvar j;
        for (j = 0; j < N; j = j + 1) begin : gen_merge
          // the upper group's generate, or its propagate over the lower's
          assign g[j] = gi[2*j+1] | (pi[2*j+1] & gi[2*j]);
          assign p[j] = pi[2*j+1] & pi[2*j];
        end
      end
      assign cout_o = gen_lvl[Levels].g[0];
      wire unused_p = gen_lvl[Levels].p[0];
    end
  endgenerate

endmodule

`default_nettype wire
