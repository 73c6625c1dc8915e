// fiber_busy_bitmap_small - fiber_busy_bitmap at a small verification size:
// 48 registers, 3 replicas by default.
//
// Behaviour: exactly fiber_busy_bitmap with other parameter defaults; every
// port passes straight through. The lockstep engine builds, replays (Icarus)
// and maps to gates (gate-level replay) each block at its default
// parameters, so the small size the long co-simulation and the gate-level
// replay need is this module's defaults. 48 registers are 6 rows per bank,
// not a power of two, so the range check and the padded reads are exercised
// (rows 6 and 7 fit the read index but do not exist); 3 replicas exercise
// the SP-to-replica mapping
// s % NumRep (SP 3 reads EMPTY replica 0; FULL is one copy). The full size (2048 x 4) runs on
// fiber_busy_bitmap itself. Not part of the design: nothing instantiates it
// and it is not synthesized for area.
// Twin: fb_bm_* with nreg = NumReg, nrep = NumRep.
//
// Parameters:
//   NumReg   vector registers per group (a multiple of 8, 8..2048)
//   NumRep   replicas (1..4)
//   Storage  0 flip-flops, 1 latch array (see fiber_busy_bitmap;
//            fiber_busy_bitmap_latch_small is this module with Storage 1)
`default_nettype none

module fiber_busy_bitmap_small #(
  parameter integer NumReg  = 48,
  parameter integer NumRep  = 3,
  parameter integer Storage = 0
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  input  wire [4-1:0]             dst_valid_i,     // see fiber_busy_bitmap
  input  wire [4*11-1:0]          dst_i,
  input  wire [4*4-1:0]           src_valid_i,
  input  wire [4*4*11-1:0]        src_i,
  input  wire [4-1:0]             issue_valid_i,
  input  wire [4*11-1:0]          issue_dst_i,
  input  wire [4-1:0]             wb_valid_i,
  input  wire [4*11-1:0]          wb_dst_i,
  input  wire [4*4-1:0]           cons_valid_i,
  input  wire [4*4*11-1:0]        cons_src_i,
  input  wire [4-1:0]             dep_valid_i,
  input  wire [4*11-1:0]          dep_reg_i,
  input  wire [4-1:0]             dep_group_i,
  input  wire [4-1:0]             dep_set_i,
  input  wire [8-1:0]             read_valid_i,
  input  wire [8*8-1:0]           read_row_i,
  input  wire                     all_set_i,
  output wire [4-1:0]             eligible_o,
  output wire [4-1:0]             dst_busy_o,
  output wire [4*4-1:0]           src_busy_o,
  output wire [4-1:0]             range_err_o,
  output wire [4-1:0]             upd_range_err_o,
  output wire [NumRep*NumReg-1:0] empty_o,
  output wire [NumReg-1:0]        full_o           // FULL, one copy
);

  fiber_busy_bitmap #(
    .NumReg (NumReg),
    .NumRep (NumRep),
    .Storage(Storage)
  ) u_bitmap (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .dst_valid_i    (dst_valid_i),
    .dst_i          (dst_i),
    .src_valid_i    (src_valid_i),
    .src_i          (src_i),
    .issue_valid_i  (issue_valid_i),
    .issue_dst_i    (issue_dst_i),
    .wb_valid_i     (wb_valid_i),
    .wb_dst_i       (wb_dst_i),
    .cons_valid_i   (cons_valid_i),
    .cons_src_i     (cons_src_i),
    .dep_valid_i    (dep_valid_i),
    .dep_reg_i      (dep_reg_i),
    .dep_group_i    (dep_group_i),
    .dep_set_i      (dep_set_i),
    .read_valid_i   (read_valid_i),
    .read_row_i     (read_row_i),
    .all_set_i      (all_set_i),
    .eligible_o     (eligible_o),
    .dst_busy_o     (dst_busy_o),
    .src_busy_o     (src_busy_o),
    .range_err_o    (range_err_o),
    .upd_range_err_o(upd_range_err_o),
    .empty_o        (empty_o),
    .full_o         (full_o)
  );

endmodule

`default_nettype wire
