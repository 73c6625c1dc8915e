// fiber_base_operand_path - baseline (private-register) operand path of the
// four subpartitions: the subpartition-local path that FIBER's selector,
// arbiter and crossbar replace. Synthesized like fiber_issue_stage, so that
// FIBER's overhead is a measured difference.
//
// Behaviour: each SP s reads only its own two register banks (read ports 2s
// and 2s+1), with the original 8-bit register fields: source k of SP s is
// bank orig8[0], row orig8[7:1] (7 bits). Per SP and cycle:
//   - the baseline scheduler presents at most one instruction (valid_i, the
//     valid sources src_valid_i and their fields src_orig_i);
//   - local bank conflicts: the lowest-numbered valid source claims its bank
//     with its row; a later valid source on a claimed bank with another row
//     is deferred to a later pass (the same register twice is one read).
//     The instruction reads its operands in passes, exactly as in
//     fiber_issue_stage: pass 1 reads the valid sources that are not
//     deferred; while sources remain (busy_o) the same instruction must be
//     presented again and the next pass reads the remaining ones; valid_i low
//     abandons them. There is no cross-SP arbitration: every pass is granted.
//     issue_o = valid_i & !conflict (the last pass), stall_o = valid_i &
//     ~issue_o;
//   - bank read addresses of the cycle: bank_re_o[2s+b], bank_row_o (a
//     synchronous-read bank returns the data in the next cycle);
//   - operand routing: per operand a 2:1 bank multiplexer whose select
//     (bank bit, valid) is registered at issue, like fiber_xbar: the operands
//     of the pass granted in cycle t appear in cycle t+1 with that cycle's
//     bank data; an operand not read in that pass reads 0.
// Reset: rst_ni low (asynchronous) clears the pass state and the selects.
// Twin: the FIBER models in CUDA-native mode with a zero extension field
// (fb_sel_eval with ext = 0 gives exactly these local addresses, ports and
// deferrals; every request is granted; fb_xbar_step routes only local
// ports); the lockstep harness composes them (tb/fiber/fiber_tb_issue_ref.h).
//
// Worked example (SP 1, FFMA R3, R2, R4, R6: sources 8'h02, 8'h04, 8'h06 all
// on bank 0, rows 1, 2, 3): cycle t: src_valid_i = 4'b0111, bank_re_o[2] = 1,
// bank_row_o[2] = 1, conflict_o[1] = 1, busy -> cycle t+1: pass 2 reads
// source 1 (row 2), source 2 deferred again; cycle t+2: source 2 (row 3),
// issue_o[1] = 1. Operands arrive in cycles t+1, t+2, t+3.
//
// Parameters:
//   Lanes  lanes per word (FB_XBAR_LANES, 32)
//   Width  bits per lane (FB_XBAR_WIDTH, 32)
`default_nettype none

module fiber_base_operand_path #(
  parameter integer Lanes = 32,
  parameter integer Width = 32
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,         // asynchronous, active low
  input  wire [3:0]               valid_i,        // SP s presents an instruction
  input  wire [15:0]              src_valid_i,    // bit 4s+k: it reads source k
  input  wire [127:0]             src_orig_i,     // [8*(4s+k) +: 8]: original field
  input  wire [2*Lanes*Width-1:0] rd_data_sp0_i,  // SP 0 bank b at [b*Lanes*Width +: Lanes*Width]
  input  wire [2*Lanes*Width-1:0] rd_data_sp1_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp2_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp3_i,
  output wire [3:0]               issue_o,        // the instruction issues (its last pass)
  output wire [3:0]               stall_o,        // valid_i & ~issue_o
  output wire [3:0]               busy_o,         // passes remain: present it again
  output wire [3:0]               conflict_o,     // this pass defers a source
  output wire [7:0]               bank_re_o,      // port 2s+b read this cycle
  output wire [55:0]              bank_row_o,     // its row [7p +: 7] (0 if not read)
  output wire [15:0]              opnd_valid_o,   // operand 4s+k delivered this cycle
  output wire [4*Lanes*Width-1:0] opnd_sp0_o,     // SP 0 operand k at [k*Lanes*Width +: Lanes*Width]
  output wire [4*Lanes*Width-1:0] opnd_sp1_o,
  output wire [4*Lanes*Width-1:0] opnd_sp2_o,
  output wire [4*Lanes*Width-1:0] opnd_sp3_o
);

  localparam integer NumSp    = 4;             // FB_NSP
  localparam integer NumSrc   = 4;             // FB_NSRC
  localparam integer RowWidth = 7;             // FB_ORIG_W - 1: local row
  localparam integer WordW    = Lanes * Width;

  wire [NumSp*2*WordW-1:0]      rd_data = {rd_data_sp3_i, rd_data_sp2_i, rd_data_sp1_i, rd_data_sp0_i};
  wire [NumSp*NumSrc*WordW-1:0] opnd;

  genvar gs, gk;
  generate
    for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_sp
      // ---- state: sources still to read, the registered selects
      reg  [NumSrc-1:0] rem_q, rem_d;
      reg  [NumSrc-1:0] sel_valid_q, sel_valid_d;
      reg  [NumSrc-1:0] sel_bank_q, sel_bank_d;

      wire              valid = valid_i[gs];
      wire [NumSrc-1:0] eff   = (|rem_q) ? rem_q : src_valid_i[gs*NumSrc +: NumSrc];

      // ---- local selector: bank claims, deferrals
      reg [1:0]            claim;
      reg [2*RowWidth-1:0] crow;
      reg [NumSrc-1:0]     defer;
      reg [NumSrc-1:0]     bank;
      integer k;
      always @* begin
        claim = 2'b00;
        crow  = {2*RowWidth{1'b0}};
        defer = {NumSrc{1'b0}};
        bank  = {NumSrc{1'b0}};
        for (k = 0; k < NumSrc; k = k + 1) begin
          bank[k] = src_orig_i[8*(gs*NumSrc+k)];
          if (eff[k]) begin
            if (claim[bank[k]]) begin
              if (crow[bank[k]*RowWidth +: RowWidth] != src_orig_i[8*(gs*NumSrc+k)+1 +: RowWidth])
                defer[k] = 1'b1;
            end else begin
              claim[bank[k]] = 1'b1;
              crow[bank[k]*RowWidth +: RowWidth] = src_orig_i[8*(gs*NumSrc+k)+1 +: RowWidth];
            end
          end
        end
      end

      wire conflict = |defer;
      assign issue_o[gs]    = valid && !conflict;
      assign stall_o[gs]    = valid && conflict;
      assign busy_o[gs]     = |rem_q;
      assign conflict_o[gs] = conflict;
      assign bank_re_o[2*gs +: 2] = claim;
      assign bank_row_o[2*gs*RowWidth +: 2*RowWidth] = crow;

      always @* begin
        rem_d       = valid ? defer : {NumSrc{1'b0}};
        sel_valid_d = valid ? (eff & ~defer) : {NumSrc{1'b0}};
        sel_bank_d  = bank;
      end

      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          rem_q       <= {NumSrc{1'b0}};
          sel_valid_q <= {NumSrc{1'b0}};
          sel_bank_q  <= {NumSrc{1'b0}};
        end else begin
          rem_q       <= rem_d;
          sel_valid_q <= sel_valid_d;
          sel_bank_q  <= sel_bank_d;
        end
      end

      // ---- operand multiplexers (register-read stage): own banks only
      wire [WordW-1:0] bank0 = rd_data[(2*gs+0)*WordW +: WordW];
      wire [WordW-1:0] bank1 = rd_data[(2*gs+1)*WordW +: WordW];
      for (gk = 0; gk < NumSrc; gk = gk + 1) begin : gen_opnd
        assign opnd[(gs*NumSrc+gk)*WordW +: WordW] =
            !sel_valid_q[gk] ? {WordW{1'b0}} : (sel_bank_q[gk] ? bank1 : bank0);
      end
      assign opnd_valid_o[gs*NumSrc +: NumSrc] = sel_valid_q;
    end
  endgenerate

  assign opnd_sp0_o = opnd[0*NumSrc*WordW +: NumSrc*WordW];
  assign opnd_sp1_o = opnd[1*NumSrc*WordW +: NumSrc*WordW];
  assign opnd_sp2_o = opnd[2*NumSrc*WordW +: NumSrc*WordW];
  assign opnd_sp3_o = opnd[3*NumSrc*WordW +: NumSrc*WordW];

endmodule

`default_nettype wire
