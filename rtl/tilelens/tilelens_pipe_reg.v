// tilelens_pipe_reg - one optional pipeline cut of the TileLens tile-base
// pipelines (tilelens_split_sum_pipe, tilelens_base_sum_pipe).
//
// Behaviour: Enable = 1: q_o is d_o one clock later (plain flops, loaded on
// every rising edge of clk_i, no reset and no enable: the data of a
// fixed-latency pipeline; the valid bit beside it says which cycles carry an
// issued request). Enable = 0: q_o = d_i, no flop, clk_i unused.
// Twin: the slot shift of tl_split_sum_pipe_step() (cmodel/src/tilelens/
// tilelens_split_sum.c).
//
// Parameters:
//   Width   bits carried across the cut (>= 1)
//   Enable  1: a register stage, 0: a wire
`default_nettype none

module tilelens_pipe_reg #(
  parameter integer Width  = 1,
  parameter integer Enable = 1
) (
  input  wire             clk_i,
  input  wire [Width-1:0] d_i,
  output wire [Width-1:0] q_o
);

  generate
    if (Enable != 0) begin : gen_reg
      reg [Width-1:0] q;
      always @(posedge clk_i) q <= d_i;
      assign q_o = q;
    end else begin : gen_wire
      wire unused_clk = clk_i;
      assign q_o = d_i;
    end
  endgenerate

endmodule

`default_nettype wire
