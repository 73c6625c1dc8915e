// fiber_xbar_small - fiber_xbar at a small verification size: 8 lanes x 8
// bits by default.
//
// Behaviour: exactly fiber_xbar with other parameter defaults; every port
// passes straight through. The lockstep engine builds, replays (Icarus RTL)
// and maps to gates (gate-level replay) each block at its default
// parameters; the full 32 x 32 crossbar maps to about 180,000 cells, which
// Icarus cannot load in minutes, so the long co-simulation at the small size
// and the replays use this module's defaults. The full size runs in lockstep
// on fiber_xbar itself (tb/fiber/full_fiber_xbar.cpp). Not part of the
// design: nothing instantiates it and it is not synthesized for area.
// Twin: fb_xbar_reset(lanes = Lanes, width = Width) / fb_xbar_step.
//
// Parameters:
//   Lanes  lanes per word (1..32)
//   Width  bits per lane (1..64)
`default_nettype none

module fiber_xbar_small #(
  parameter integer Lanes = 8,
  parameter integer Width = 8
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,         // see fiber_xbar
  input  wire [127:0]             sel_oh_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp0_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp1_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp2_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp3_i,
  output wire [15:0]              valid_o,
  output wire [4*Lanes*Width-1:0] opnd_sp0_o,
  output wire [4*Lanes*Width-1:0] opnd_sp1_o,
  output wire [4*Lanes*Width-1:0] opnd_sp2_o,
  output wire [4*Lanes*Width-1:0] opnd_sp3_o
);

  fiber_xbar #(
    .Lanes (Lanes),
    .Width (Width)
  ) u_xbar (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .sel_oh_i      (sel_oh_i),
    .rd_data_sp0_i (rd_data_sp0_i),
    .rd_data_sp1_i (rd_data_sp1_i),
    .rd_data_sp2_i (rd_data_sp2_i),
    .rd_data_sp3_i (rd_data_sp3_i),
    .valid_o       (valid_o),
    .opnd_sp0_o    (opnd_sp0_o),
    .opnd_sp1_o    (opnd_sp1_o),
    .opnd_sp2_o    (opnd_sp2_o),
    .opnd_sp3_o    (opnd_sp3_o)
  );

endmodule

`default_nettype wire
