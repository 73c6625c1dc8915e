// fiber_xbar - FIBER operand crossbar between subpartitions (paper Fig. 6(a)
// bottom, SPEC B.2.2): a 4x4 crossbar per lane, bit-sliced over Lanes lanes
// of Width bits.
//
// Behaviour: the eight register-bank read ports (port p = bank p%2 of SP
// p/2) deliver one word each per cycle (Lanes x Width bits, lane l at
// [l*Width +: Width]). Each requesting SP s receives up to four operands:
// operand k is the word of the read port its one-hot select names (bit p of
// sel_oh[s][k]: port p, whose top two bits are the source SP and low bit the
// bank; all zero: no operand). The select is decoded at issue (by the issue
// stage, from the selector's port and the granted pass) and registered: the
// selects presented in cycle t (by the instructions issued in t) steer the
// port data of cycle t+1, the register-read stage, where the routing is
// combinational. So an operand appears in the same cycle as the bank data,
// one cycle after its select:
//   opnd[s][k](t+1) = OR over p of (sel_oh[s][k][p](t) ? port_data[p](t+1) : 0)
//   valid_o[4s+k](t+1) = (sel_oh[s][k](t) != 0)
// With a one-hot select the operand is the named port's word; with an all-
// zero select it is 0, so every output bit is defined. A select with more
// than one bit set is not produced by the issue stage; its operand is the
// OR of the selected words (the same AND-OR, stated so the C model and the
// proofs agree on every input). Several operands may take the same port (a
// broadcast).
// Structure: per operand and output bit, an 8-input AND-OR of the
// registered one-hot select and the same bit of the eight port words (no
// select decoder after the register: the issue stage decodes once, before
// it). The bank choice is one of the eight terms (ports 2j and 2j+1 of
// source SP j), so this one AND-OR is both the paper's 4:1 by source SP and
// the private path's 2:1 bank choice (docs/fiber_rtl.md, "Crossbar").
// Ports are grouped per SP so that no port is wider than 4 x Lanes x Width.
// Reset: rst_ni low (asynchronous) clears the select register.
// Twin: fb_xbar_reset() / fb_xbar_step() in cmodel/src/fiber/fiber_xbar.c
// (one step per cycle); the decode at issue is fb_xbar_onehot().
//
// Worked example (Lanes = 1, Width = 8): cycle t: sel_oh_i[15:8] = 8'h20
// (SP 0, operand 1, port 5 = SP 2 bank 1), every other select 0;
// cycle t+1: rd_data_sp2_i = {8'hA7, 8'h3C} (bank 1, bank 0):
// opnd_sp0_o = {8'h00, 8'h00, 8'hA7, 8'h00}, valid_o = 16'h0002.
//
// Parameters:
//   Lanes      lanes per word (FB_XBAR_LANES, 32)
//   Width      bits per lane (FB_XBAR_WIDTH, 32)
//   SelCopies  copies of the select register (1, the default; a power of two
//              dividing Lanes): copy c steers lanes [c*Lanes/SelCopies,
//              (c+1)*Lanes/SelCopies) (valid_o's register merges into one). Each
//              copy's flops drive Width*Lanes/SelCopies AND gates instead of
//              all Lanes*Width (the fanout trees the flow adds in front of
//              them shrink); the copies hold the same bits (kept apart by
//              `keep`), so the ports and the cycle behaviour do not change
//              (proved: formal/fiber/fiber_xbar.ys, props2). An
//              implementation choice measured in synth/configs.tsv
//              (fiber_xbar.sel4, .sel32); no C model parameter.
`default_nettype none

module fiber_xbar #(
  parameter integer Lanes     = 32,
  parameter integer Width     = 32,
  parameter integer SelCopies = 1
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,         // asynchronous, active low
  input  wire [127:0]             sel_oh_i,       // [8*(4s+k) +: 8]: one-hot read port of SP s operand k (issue)
  input  wire [2*Lanes*Width-1:0] rd_data_sp0_i,  // ports 0, 1: SP 0 bank b at [b*Lanes*Width +: Lanes*Width]
  input  wire [2*Lanes*Width-1:0] rd_data_sp1_i,  // ports 2, 3
  input  wire [2*Lanes*Width-1:0] rd_data_sp2_i,  // ports 4, 5
  input  wire [2*Lanes*Width-1:0] rd_data_sp3_i,  // ports 6, 7
  output wire [15:0]              valid_o,        // registered select not zero (bit 4s+k)
  output wire [4*Lanes*Width-1:0] opnd_sp0_o,     // SP 0 operand k at [k*Lanes*Width +: Lanes*Width]
  output wire [4*Lanes*Width-1:0] opnd_sp1_o,
  output wire [4*Lanes*Width-1:0] opnd_sp2_o,
  output wire [4*Lanes*Width-1:0] opnd_sp3_o
);

  localparam integer NumSp     = 4;              // FB_NSP
  localparam integer NumSrc    = 4;              // FB_NSRC
  localparam integer NumPort   = 8;              // FB_NPORT
  localparam integer NumOpnd   = NumSp * NumSrc;
  localparam integer WordW     = Lanes * Width;
  localparam integer CopyW     = WordW / SelCopies;  // bits of a word one select copy steers

  generate
    if (SelCopies < 1 || (SelCopies & (SelCopies - 1)) != 0 || Lanes % SelCopies != 0) begin : gen_bad_sel_copies
      initial $error("fiber_xbar: SelCopies must be a power of two dividing Lanes");
    end
  endgenerate

  // ---- one-hot select register (loaded at issue)
  reg [NumOpnd*NumPort-1:0] sel_oh_q, sel_oh_d;

  always @* begin
    sel_oh_d = sel_oh_i;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sel_oh_q <= {NumOpnd*NumPort{1'b0}};
    end else begin
      sel_oh_q <= sel_oh_d;
    end
  end

  // ---- SelCopies > 1: the select register's copies, one per lane group
  // (sel_oh_q then drives valid_o only; synthesis merges it into a copy)
  genvar gc;
  generate
    for (gc = 0; gc < ((SelCopies > 1) ? SelCopies : 0); gc = gc + 1) begin : gen_sel
      reg [NumOpnd*NumPort-1:0] q;
      // keep on the process: its flops are not merged with sel_oh_q's
      (* keep *)
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          q <= {NumOpnd*NumPort{1'b0}};
        end else begin
          q <= sel_oh_d;
        end
      end
    end
  endgenerate

  // ---- the AND-OR (register-read stage)
  wire [NumPort*WordW-1:0] port_data = {rd_data_sp3_i, rd_data_sp2_i, rd_data_sp1_i, rd_data_sp0_i};
  wire [NumOpnd*WordW-1:0] opnd;

  genvar go, gp;
  generate
    for (go = 0; go < NumOpnd; go = go + 1) begin : gen_opnd
      wire [NumPort-1:0]       oh = sel_oh_q[go*NumPort +: NumPort];
      wire [NumPort*WordW-1:0] term;
      for (gp = 0; gp < NumPort; gp = gp + 1) begin : gen_term
        if (SelCopies == 1) begin : gen_one
          assign term[gp*WordW +: WordW] = {WordW{oh[gp]}} & port_data[gp*WordW +: WordW];
        end else begin : gen_copies
          genvar gk;
          for (gk = 0; gk < SelCopies; gk = gk + 1) begin : gen_copy
            wire bit_sel = gen_sel[gk].q[go*NumPort + gp];
            assign term[gp*WordW + gk*CopyW +: CopyW] = {CopyW{bit_sel}} & port_data[gp*WordW + gk*CopyW +: CopyW];
          end
        end
      end
      assign opnd[go*WordW +: WordW] = term[0*WordW +: WordW] | term[1*WordW +: WordW] |
                                       term[2*WordW +: WordW] | term[3*WordW +: WordW] |
                                       term[4*WordW +: WordW] | term[5*WordW +: WordW] |
                                       term[6*WordW +: WordW] | term[7*WordW +: WordW];
      assign valid_o[go] = |oh;
    end
  endgenerate

  assign opnd_sp0_o = opnd[0*NumSrc*WordW +: NumSrc*WordW];
  assign opnd_sp1_o = opnd[1*NumSrc*WordW +: NumSrc*WordW];
  assign opnd_sp2_o = opnd[2*NumSrc*WordW +: NumSrc*WordW];
  assign opnd_sp3_o = opnd[3*NumSrc*WordW +: NumSrc*WordW];

endmodule

`default_nettype wire
