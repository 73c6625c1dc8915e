// power_flops.v - behavioural models of the OSU 0.18 um sequential cells for
// the power step's gate-level replay (synth/power.py): the same pins and
// behaviour as the library's models, but every cell starts at 0, so that
// state no reset reaches is 0 and 1 from the first cycle on rather than x
// (the workload's toggle rates count transitions between 0 and 1). The
// library's Verilog supplies every combinational cell (read as a library,
// these modules take precedence). Only for the activity of the replay.
`timescale 1ns/10ps

module DFFPOSX1 (CLK, D, Q);
  input CLK, D;
  output reg Q;
  initial Q = 1'b0;
  always @(posedge CLK) Q <= D;
endmodule

module DFFNEGX1 (CLK, D, Q);
  input CLK, D;
  output reg Q;
  initial Q = 1'b0;
  always @(negedge CLK) Q <= D;
endmodule

// R and S active low; R wins.
module DFFSR (CLK, D, R, S, Q);
  input CLK, D, R, S;
  output reg Q;
  initial Q = 1'b0;
  always @(posedge CLK or negedge R or negedge S)
    if (!R) Q <= 1'b0;
    else if (!S) Q <= 1'b1;
    else Q <= D;
endmodule

// Transparent while CLK is high.
module LATCH (CLK, D, Q);
  input CLK, D;
  output reg Q;
  initial Q = 1'b0;
  always @(CLK or D)
    if (CLK) Q = D;
endmodule
