// tb_replay - replays a lockstep vector file on any block, RTL or netlist.
//
// The lockstep engine writes, per cycle, one hex line {inputs, expected
// outputs, care mask} and the flat wrapper `replay_flat` (in_i / out_o buses
// in the same order, plus the `REPLAY_* widths). This bench applies each
// line's inputs, lets them settle, compares every output bit whose care bit
// is set (an x or z on such a bit is a mismatch), then, for a clocked block,
// gives one rising clock edge. The same file drives the RTL under Icarus and
// the Yosys-mapped netlist with the OSU 0.18 um cell models.
//
// Plusargs: +vectors=FILE (required), +mode=rtl|gl (label), +max_errors=N.
// Last line: "SUMMARY replay <block> (<mode>): N vectors checked, M mismatches".
`timescale 1ns/10ps
`default_nettype none

module tb_replay;
  localparam integer InW  = `REPLAY_IN_W;
  localparam integer OutW = `REPLAY_OUT_W;

  reg                       clk;
  reg  [InW-1:0]            in_r;
  reg  [OutW-1:0]           exp_r;
  reg  [OutW-1:0]           care_r;
  reg  [InW+2*OutW-1:0]     line;
  wire [OutW-1:0]           out_w;

  replay_flat u_flat (.clk_i(clk), .in_i(in_r), .out_o(out_w));

  reg [8*1024-1:0] file;
  reg [8*16-1:0]   mode;
  integer fd, n, cyc, bad, max_errors, t0;

  initial begin
    clk = 1'b0;
    in_r = {InW{1'b0}};
    if (!$value$plusargs("vectors=%s", file)) begin
      $display("tb_replay: +vectors=FILE missing");
      $finish;
    end
    if (!$value$plusargs("mode=%s", mode)) mode = "rtl";
    if (!$value$plusargs("max_errors=%d", max_errors)) max_errors = 5;
    fd = $fopen(file, "r");
    if (fd == 0) begin
      $display("tb_replay: cannot open %0s", file);
      $finish;
    end
    cyc = 0;
    bad = 0;
    n = $fscanf(fd, "%h\n", line);
    while (n == 1) begin
      {in_r, exp_r, care_r} = line;
      #5;
      if (((out_w ^ exp_r) & care_r) !== {OutW{1'b0}}) begin
        bad = bad + 1;
        if (bad <= max_errors)
          $display("cyc=%0d in=%h => dut: %h expected: %h care: %h", cyc, in_r, out_w, exp_r, care_r);
      end
      if (`REPLAY_CLOCKED) begin
        clk = 1'b1;
        #5;
        clk = 1'b0;
      end
      #5;
      cyc = cyc + 1;
      n = $fscanf(fd, "%h\n", line);
    end
    $fclose(fd);
    $display("SUMMARY replay %0s (%0s): %0d vectors checked, %0d mismatches", `REPLAY_NAME, mode, cyc, bad);
    if (bad != 0 || cyc == 0) $display("REPLAY FAILED");
    $finish;
  end
endmodule

`default_nettype wire
