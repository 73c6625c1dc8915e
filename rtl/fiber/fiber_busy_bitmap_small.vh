// fiber_busy_bitmap_small.vh - the port list and the fiber_busy_bitmap
// instance of the small bitmap wrappers, fiber_busy_bitmap_small (Storage 0
// by default) and fiber_busy_bitmap_latch_small (Storage 1): included right
// after a wrapper's parameter list (NumReg, NumRep, Storage, PartRegs and
// the derived NumStore), before its endmodule. Every port passes straight
// through.
(
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
  output wire [NumRep*NumStore-1:0] empty_o,     // packed: the registers that exist
  output wire [NumStore-1:0]      full_o           // FULL, one copy
);

  fiber_busy_bitmap #(
    .NumReg  (NumReg),
    .NumRep  (NumRep),
    .Storage (Storage),
    .PartRegs(PartRegs)
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
