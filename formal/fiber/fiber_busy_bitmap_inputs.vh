// fiber_busy_bitmap_inputs.vh - the input ports of fiber_busy_bitmap
// (every query, update and read port, clock and reset; the same names and
// widths), as the bitmap's property checkers take them
// (fiber_busy_bitmap_props.v, fiber_busy_bitmap_latch_eq.v): included
// inside a checker's port list, which has no other ports.
  input wire              clk_i,
  input wire              rst_ni,
  input wire [4-1:0]      dst_valid_i,
  input wire [4*11-1:0]   dst_i,
  input wire [4*4-1:0]    src_valid_i,
  input wire [4*4*11-1:0] src_i,
  input wire [4-1:0]      issue_valid_i,
  input wire [4*11-1:0]   issue_dst_i,
  input wire [4-1:0]      wb_valid_i,
  input wire [4*11-1:0]   wb_dst_i,
  input wire [4*4-1:0]    cons_valid_i,
  input wire [4*4*11-1:0] cons_src_i,
  input wire [4-1:0]      dep_valid_i,
  input wire [4*11-1:0]   dep_reg_i,
  input wire [4-1:0]      dep_group_i,
  input wire [4-1:0]      dep_set_i,
  input wire [8-1:0]      read_valid_i,
  input wire [8*8-1:0]    read_row_i,
  input wire              all_set_i
