// fiber_issue_stage_small - fiber_issue_stage at a small verification size:
// crossbar of 8 lanes x 8 bits, busy bitmap of 16 registers in each SP's
// partition (64 in all) with 4 replicas, by default.
//
// Behaviour: exactly fiber_issue_stage with other parameter defaults; every
// port passes straight through. The lockstep engine builds, replays (Icarus
// RTL) and maps to gates (gate-level replay) each block at its default
// parameters, so the long co-simulation at the small size and the replays
// use this module's defaults; the full size (32 x 32 lanes, 2048 registers,
// 4 replicas) runs in lockstep on fiber_issue_stage itself
// (tb/fiber/full_fiber_issue_stage.cpp). With PartRegs 16 the bitmap holds
// registers s*512 .. s*512+15 of every SP s (rows 0..7 of both banks): all
// four SPs issue instructions with destinations, read each other's
// registers and meet the pending-read guard and the pending EMPTY sets;
// every other id is out of range, and an instruction naming one is never
// eligible. Not part of the design: nothing instantiates it and it is not
// synthesized for area.
// Twin: as fiber_issue_stage, with fb_xbar_reset(lanes, width) and
// fb_issue_cfg nreg, nrep, part_regs.
//
// Parameters:
//   Lanes   crossbar lanes per word (1..32)
//   Width   bits per lane (1..64)
//   NumReg   busy-bitmap registers per group (1..2048; 2048 when PartRegs < 512)
//   PartRegs busy-bitmap registers present in each SP's partition (a power
//            of two 1..512)
//   NumRep  busy-bitmap replicas (1..4)
`default_nettype none

module fiber_issue_stage_small #(
  parameter integer Lanes  = 8,
  parameter integer Width  = 8,
  parameter integer NumReg   = 2048,
  parameter integer NumRep   = 4,
  parameter integer PartRegs = 16
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,  // see fiber_issue_stage
  input  wire [3:0]               valid_i,
  input  wire [3:0]               mode_i,
  input  wire [15:0]              src_valid_i,
  input  wire [127:0]             src_orig_i,
  input  wire [51:0]              ext_i,
  input  wire [3:0]               dst_valid_i,
  input  wire [31:0]              dst_orig_i,
  input  wire [3:0]               wb_valid_i,
  input  wire [43:0]              wb_dst_i,
  input  wire [15:0]              cons_valid_i,
  input  wire [175:0]             cons_src_i,
  input  wire [3:0]               dep_valid_i,
  input  wire [43:0]              dep_reg_i,
  input  wire [3:0]               dep_group_i,
  input  wire [3:0]               dep_set_i,
  input  wire                     all_set_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp0_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp1_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp2_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp3_i,
  output wire [3:0]               issue_o,
  output wire [3:0]               stall_o,
  output wire [3:0]               grant_o,
  output wire [3:0]               busy_o,
  output wire [3:0]               eligible_o,
  output wire [3:0]               pend_block_o,
  output wire [3:0]               illegal_o,
  output wire [3:0]               conflict_o,
  output wire [3:0]               range_err_o,
  output wire [3:0]               upd_range_err_o,
  output wire [43:0]              dst_reg_o,
  output wire [7:0]               bank_re_o,
  output wire [63:0]              bank_row_o,
  output wire [15:0]              opnd_valid_o,
  output wire [4*Lanes*Width-1:0] opnd_sp0_o,
  output wire [4*Lanes*Width-1:0] opnd_sp1_o,
  output wire [4*Lanes*Width-1:0] opnd_sp2_o,
  output wire [4*Lanes*Width-1:0] opnd_sp3_o
);

  fiber_issue_stage #(
    .Lanes  (Lanes),
    .Width  (Width),
    .NumReg  (NumReg),
    .NumRep  (NumRep),
    .PartRegs(PartRegs)
  ) u_issue (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .valid_i         (valid_i),
    .mode_i          (mode_i),
    .src_valid_i     (src_valid_i),
    .src_orig_i      (src_orig_i),
    .ext_i           (ext_i),
    .dst_valid_i     (dst_valid_i),
    .dst_orig_i      (dst_orig_i),
    .wb_valid_i      (wb_valid_i),
    .wb_dst_i        (wb_dst_i),
    .cons_valid_i    (cons_valid_i),
    .cons_src_i      (cons_src_i),
    .dep_valid_i     (dep_valid_i),
    .dep_reg_i       (dep_reg_i),
    .dep_group_i     (dep_group_i),
    .dep_set_i       (dep_set_i),
    .all_set_i       (all_set_i),
    .rd_data_sp0_i   (rd_data_sp0_i),
    .rd_data_sp1_i   (rd_data_sp1_i),
    .rd_data_sp2_i   (rd_data_sp2_i),
    .rd_data_sp3_i   (rd_data_sp3_i),
    .issue_o         (issue_o),
    .stall_o         (stall_o),
    .grant_o         (grant_o),
    .busy_o          (busy_o),
    .eligible_o      (eligible_o),
    .pend_block_o    (pend_block_o),
    .illegal_o       (illegal_o),
    .conflict_o      (conflict_o),
    .range_err_o     (range_err_o),
    .upd_range_err_o (upd_range_err_o),
    .dst_reg_o       (dst_reg_o),
    .bank_re_o       (bank_re_o),
    .bank_row_o      (bank_row_o),
    .opnd_valid_o    (opnd_valid_o),
    .opnd_sp0_o      (opnd_sp0_o),
    .opnd_sp1_o      (opnd_sp1_o),
    .opnd_sp2_o      (opnd_sp2_o),
    .opnd_sp3_o      (opnd_sp3_o)
  );

endmodule

`default_nettype wire
