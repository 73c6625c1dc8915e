// fiber_busy_bitmap_latch_eq - the latch array (Storage 1) against the
// flip-flops (Storage 0) of fiber_busy_bitmap, at every port.
//
// Both variants see the same inputs, clk_i included; the checker asserts
// that every output of the two is equal: the eligibility, busy and error
// outputs and the whole state (every EMPTY replica, the FULL copy). The
// proof script (formal/fiber/fiber_busy_bitmap_latch.ys) reads the RTL with
// -formal (its behavioural latches, not the LATCH cells of a synthesis
// read) and runs clk2fflogic: the clock becomes an ordinary free input, a
// flip-flop changes only at a step where clk_i rises (taking its data of the
// step before), a latch is transparent at every step its enable is high. The
// assertions are checked at every step, i.e. on either clock level and for
// every input change between edges, not only at rising edges; the inputs
// may change at any step (no setup or hold assumption beyond the step
// order).
// Sizes: NumReg and NumRep are parameters; the script states the size.
`default_nettype none

module fiber_busy_bitmap_latch_eq #(
  parameter integer NumReg = 48,
  parameter integer NumRep = 3
) (
  `include "fiber_busy_bitmap_inputs.vh"
);

  localparam integer OutW = 4 + 4 + 16 + 4 + 4 + NumRep * NumReg + NumReg;

  wire [OutW-1:0] out_ff, out_lat;

  fiber_busy_bitmap #(.NumReg(NumReg), .NumRep(NumRep), .Storage(0)) u_ff (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .dst_valid_i(dst_valid_i), .dst_i(dst_i), .src_valid_i(src_valid_i), .src_i(src_i),
    .issue_valid_i(issue_valid_i), .issue_dst_i(issue_dst_i),
    .wb_valid_i(wb_valid_i), .wb_dst_i(wb_dst_i),
    .cons_valid_i(cons_valid_i), .cons_src_i(cons_src_i),
    .dep_valid_i(dep_valid_i), .dep_reg_i(dep_reg_i), .dep_group_i(dep_group_i),
    .dep_set_i(dep_set_i), .read_valid_i(read_valid_i), .read_row_i(read_row_i),
    .all_set_i(all_set_i),
    .eligible_o(out_ff[0 +: 4]), .dst_busy_o(out_ff[4 +: 4]), .src_busy_o(out_ff[8 +: 16]),
    .range_err_o(out_ff[24 +: 4]), .upd_range_err_o(out_ff[28 +: 4]),
    .empty_o(out_ff[32 +: NumRep*NumReg]), .full_o(out_ff[32+NumRep*NumReg +: NumReg])
  );

  fiber_busy_bitmap #(.NumReg(NumReg), .NumRep(NumRep), .Storage(1)) u_lat (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .dst_valid_i(dst_valid_i), .dst_i(dst_i), .src_valid_i(src_valid_i), .src_i(src_i),
    .issue_valid_i(issue_valid_i), .issue_dst_i(issue_dst_i),
    .wb_valid_i(wb_valid_i), .wb_dst_i(wb_dst_i),
    .cons_valid_i(cons_valid_i), .cons_src_i(cons_src_i),
    .dep_valid_i(dep_valid_i), .dep_reg_i(dep_reg_i), .dep_group_i(dep_group_i),
    .dep_set_i(dep_set_i), .read_valid_i(read_valid_i), .read_row_i(read_row_i),
    .all_set_i(all_set_i),
    .eligible_o(out_lat[0 +: 4]), .dst_busy_o(out_lat[4 +: 4]), .src_busy_o(out_lat[8 +: 16]),
    .range_err_o(out_lat[24 +: 4]), .upd_range_err_o(out_lat[28 +: 4]),
    .empty_o(out_lat[32 +: NumRep*NumReg]), .full_o(out_lat[32+NumRep*NumReg +: NumReg])
  );

  always @* begin
    assert (out_lat == out_ff);
  end

  // The flip-flop replicas are equal (SPEC's replica equality). Also part of
  // the inductive invariant: the flip-flop replicas all load one broadcast
  // next state, formed from replica 0, while a latch replica keeps its own
  // bits where nothing is written; from a state where the replicas differ
  // (unreachable, and held for any number of steps while clk_i stands
  // still) the two would part, so induction needs the equality stated.
  integer r;
  reg     rep_eq;
  always @* begin
    rep_eq = 1'b1;
    for (r = 1; r < NumRep; r = r + 1)
      if (out_ff[32 + r*NumReg +: NumReg] != out_ff[32 +: NumReg]) rep_eq = 1'b0;
    assert (rep_eq);
  end

endmodule

`default_nettype wire
