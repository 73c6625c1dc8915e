// fiber_base_operand_path_small - fiber_base_operand_path at a small
// verification size: 8 lanes x 8 bits by default.
//
// Behaviour: exactly fiber_base_operand_path with other parameter defaults;
// every port passes straight through. The lockstep engine builds, replays
// (Icarus RTL) and maps to gates (gate-level replay) each block at its
// default parameters, so the long co-simulation at the small size and the
// replays use this module's defaults; the full 32 x 32 size runs in
// lockstep on fiber_base_operand_path itself
// (tb/fiber/full_fiber_base_operand_path.cpp). Not part of the design:
// nothing instantiates it and it is not synthesized for area.
// Twin: as fiber_base_operand_path, with fb_xbar_reset(lanes, width).
//
// Parameters:
//   Lanes  lanes per word (1..32)
//   Width  bits per lane (1..64)
`default_nettype none

module fiber_base_operand_path_small #(
  parameter integer Lanes = 8,
  parameter integer Width = 8
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,         // see fiber_base_operand_path
  input  wire [3:0]               valid_i,
  input  wire [15:0]              src_valid_i,
  input  wire [127:0]             src_orig_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp0_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp1_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp2_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp3_i,
  output wire [3:0]               issue_o,
  output wire [3:0]               stall_o,
  output wire [3:0]               busy_o,
  output wire [3:0]               conflict_o,
  output wire [7:0]               bank_re_o,
  output wire [55:0]              bank_row_o,
  output wire [15:0]              opnd_valid_o,
  output wire [4*Lanes*Width-1:0] opnd_sp0_o,
  output wire [4*Lanes*Width-1:0] opnd_sp1_o,
  output wire [4*Lanes*Width-1:0] opnd_sp2_o,
  output wire [4*Lanes*Width-1:0] opnd_sp3_o
);

  fiber_base_operand_path #(
    .Lanes (Lanes),
    .Width (Width)
  ) u_base (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .valid_i       (valid_i),
    .src_valid_i   (src_valid_i),
    .src_orig_i    (src_orig_i),
    .rd_data_sp0_i (rd_data_sp0_i),
    .rd_data_sp1_i (rd_data_sp1_i),
    .rd_data_sp2_i (rd_data_sp2_i),
    .rd_data_sp3_i (rd_data_sp3_i),
    .issue_o       (issue_o),
    .stall_o       (stall_o),
    .busy_o        (busy_o),
    .conflict_o    (conflict_o),
    .bank_re_o     (bank_re_o),
    .bank_row_o    (bank_row_o),
    .opnd_valid_o  (opnd_valid_o),
    .opnd_sp0_o    (opnd_sp0_o),
    .opnd_sp1_o    (opnd_sp1_o),
    .opnd_sp2_o    (opnd_sp2_o),
    .opnd_sp3_o    (opnd_sp3_o)
  );

endmodule

`default_nettype wire
