// fiber_issue_pend_props - the pending EMPTY sets of the issue stage are
// invisible at the busy bitmap's ports.
//
// Two sides see the same inputs every cycle (any issue sets, destinations,
// DEPBARs, ALL-scope sets, writebacks, consumptions, read ports, queries and
// reset):
//   ref   fiber_busy_bitmap taking each issue set in its own cycle (what
//         fiber_issue_stage did before, and what the C model does);
//   impl  fiber_issue_pend in front of a fiber_busy_bitmap that takes the
//         registered sets a cycle late, its eligibility ANDed with
//         ~byp_hit_o and its range errors ORed with iss_err_o, as
//         fiber_issue_stage composes them.
// Properties:
//   P1 eligible  eligible_o equal (so a dependent instruction is never
//                eligible while its register is set-pending or EMPTY);
//                dst_busy_o equal; range_err_o equal
//   P2 errors    upd_range_err_o equal
//   P3 state     out of reset, FULL equal and EMPTY(ref) = EMPTY(impl) OR
//                the pending sets (the invariant that makes P1 inductive)
// Sizes: formal/fiber/fiber_issue_pend.ys.
`default_nettype none

module fiber_issue_pend_props #(
  parameter integer NumReg   = 16,
  parameter integer NumRep   = 1,
  parameter integer PartRegs = 512,
  // derived: the registers that exist (the bitmaps' packed state)
  parameter integer NumStore = (PartRegs < 512) ? 4 * PartRegs : NumReg
) (
  input wire          clk_i,
  input wire          rst_ni,
  input wire [3:0]    iss_set_i,
  input wire [43:0]   iss_dst_i,
  input wire [3:0]    dst_valid_i,
  input wire [43:0]   dst_i,
  input wire [15:0]   src_valid_i,
  input wire [175:0]  src_i,
  input wire [3:0]    wb_valid_i,
  input wire [43:0]   wb_dst_i,
  input wire [15:0]   cons_valid_i,
  input wire [175:0]  cons_src_i,
  input wire [3:0]    dep_valid_i,
  input wire [43:0]   dep_reg_i,
  input wire [3:0]    dep_group_i,
  input wire [3:0]    dep_set_i,
  input wire [7:0]    read_valid_i,
  input wire [63:0]   read_row_i,
  input wire          all_set_i
);

  wire [3:0]               r_elig, r_dbusy, r_rerr, r_uerr;
  wire [15:0]              r_sbusy;
  wire [NumRep*NumStore-1:0] r_empty;
  wire [NumStore-1:0]        r_full;    // FULL, one copy
  fiber_busy_bitmap #(.NumReg(NumReg), .NumRep(NumRep), .PartRegs(PartRegs)) u_ref (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .dst_valid_i(dst_valid_i), .dst_i(dst_i), .src_valid_i(src_valid_i), .src_i(src_i),
    .issue_valid_i(iss_set_i), .issue_dst_i(iss_dst_i),
    .wb_valid_i(wb_valid_i), .wb_dst_i(wb_dst_i),
    .cons_valid_i(cons_valid_i), .cons_src_i(cons_src_i),
    .dep_valid_i(dep_valid_i), .dep_reg_i(dep_reg_i), .dep_group_i(dep_group_i),
    .dep_set_i(dep_set_i), .read_valid_i(read_valid_i), .read_row_i(read_row_i),
    .all_set_i(all_set_i),
    .eligible_o(r_elig), .dst_busy_o(r_dbusy), .src_busy_o(r_sbusy),
    .range_err_o(r_rerr), .upd_range_err_o(r_uerr), .empty_o(r_empty), .full_o(r_full)
  );

  wire [3:0]  bm_iss_v, byp, iss_err, pnd_v;
  wire [43:0] bm_iss_dst, pnd_dst;
  fiber_issue_pend #(.NumReg(NumReg), .PartRegs(PartRegs)) u_pend (
    .clk_i(clk_i), .rst_ni(rst_ni), .iss_set_i(iss_set_i), .dst_i(iss_dst_i),
    .dep_valid_i(dep_valid_i), .dep_reg_i(dep_reg_i), .dep_group_i(dep_group_i),
    .all_set_i(all_set_i), .wb_valid_i(wb_valid_i), .wb_dst_i(wb_dst_i),
    .src_valid_i(src_valid_i), .src_i(src_i),
    .bm_issue_valid_o(bm_iss_v), .bm_issue_dst_o(bm_iss_dst), .byp_hit_o(byp),
    .iss_err_o(iss_err), .pnd_v_o(pnd_v), .pnd_dst_o(pnd_dst)
  );

  wire [3:0]               i_elig, i_dbusy, i_rerr, i_uerr;
  wire [15:0]              i_sbusy_unused;
  wire [NumRep*NumStore-1:0] i_empty;
  wire [NumStore-1:0]        i_full;    // FULL, one copy
  fiber_busy_bitmap #(.NumReg(NumReg), .NumRep(NumRep), .PartRegs(PartRegs)) u_impl (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .dst_valid_i(dst_valid_i), .dst_i(dst_i), .src_valid_i(src_valid_i), .src_i(src_i),
    .issue_valid_i(bm_iss_v), .issue_dst_i(bm_iss_dst),
    .wb_valid_i(wb_valid_i), .wb_dst_i(wb_dst_i),
    .cons_valid_i(cons_valid_i), .cons_src_i(cons_src_i),
    .dep_valid_i(dep_valid_i), .dep_reg_i(dep_reg_i), .dep_group_i(dep_group_i),
    .dep_set_i(dep_set_i), .read_valid_i(read_valid_i), .read_row_i(read_row_i),
    .all_set_i(all_set_i),
    .eligible_o(i_elig), .dst_busy_o(i_dbusy), .src_busy_o(i_sbusy_unused),
    .range_err_o(i_rerr), .upd_range_err_o(i_uerr), .empty_o(i_empty), .full_o(i_full)
  );

  // the pending sets as a vector of the stored (packed) registers: bit i
  // is register i at PartRegs 512, else {i / PartRegs, i % PartRegs}
  reg [NumStore-1:0] pnd_vec;
  integer r, q, id;
  always @* begin
    for (r = 0; r < NumStore; r = r + 1) begin
      pnd_vec[r] = 1'b0;
      id = (PartRegs < 512) ? (r / PartRegs) * 512 + r % PartRegs : r;
      for (q = 0; q < 4; q = q + 1)
        if (pnd_v[q] && pnd_dst[11*q +: 11] == id[10:0])
          pnd_vec[r] = 1'b1;
    end
  end

  always @* begin
    assert (r_elig == (i_elig & ~byp));                                      // P1
    assert (r_dbusy == i_dbusy);                                             // P1
    assert (r_rerr == i_rerr);                                               // P1
    assert (r_uerr == (i_uerr | iss_err));                                   // P2
    if (rst_ni) begin
      assert (r_full == i_full);                                             // P3
      for (q = 0; q < NumRep; q = q + 1)
        assert (r_empty[q*NumStore +: NumStore] == (i_empty[q*NumStore +: NumStore] | pnd_vec));  // P3
    end
  end

endmodule

`default_nettype wire
