// fiber_operand_pass_check - the operand-delivery properties shared by the
// FIBER issue stage and its baseline, the private-register operand path.
//
// Both read an instruction's sources in passes through synchronous-read
// banks: a granted pass in cycle t reads ports (bank_re_i, bank_row_i) and
// its operands leave in cycle t+1 (opnd_valid_i, opnd_i) with that cycle's
// bank data (rd_data_i). The caller gives, per source 4s+k, the read port
// and row its field names by the block's addressing rule (computed by the
// caller from the specification, not taken from the block), and per SP the
// fields that make up the instruction it presents (insn_i; the checker
// compares them with the previous cycle's). Asserted for every input
// sequence:
//   D1 delivery  an operand delivered in cycle t is the register its field
//                named in cycle t-1: its SP was granted in t-1, its port was
//                read in t-1 with its row, and the word is that port's read
//                data in t; so two operands read together never share a
//                port with different rows, and a broadcast gives each reader
//                the same word
//   D2 quiet     an operand not delivered is all zero
//   D3 passes    under the scheduler contract (while busy_i, the SP presents
//                the same instruction again or drops valid; the checker
//                watches it since reset, and D3 holds while it has held):
//                every valid source of an instruction is delivered exactly
//                once over its passes, nothing else is delivered for it, a
//                first pass starts with nothing read, and when it issues
//                all its valid sources have been read
`default_nettype none

module fiber_operand_pass_check #(
  parameter integer LW       = 2,   // bits per operand word
  parameter integer RowWidth = 8,
  parameter integer InsnW    = 32   // bits per SP of insn_i
) (
  input wire                     clk_i,
  input wire                     rst_ni,
  input wire [3:0]               valid_i,
  input wire [15:0]              src_valid_i,
  input wire [47:0]              port_i,       // source 4s+k: [3*(4s+k) +: 3]
  input wire [16*RowWidth-1:0]   row_i,        // source 4s+k: [RowWidth*(4s+k) +: RowWidth]
  input wire [4*InsnW-1:0]       insn_i,       // SP s: [InsnW*s +: InsnW]
  input wire [3:0]               grant_i,
  input wire [3:0]               issue_i,
  input wire [3:0]               busy_i,
  input wire [7:0]               bank_re_i,
  input wire [8*RowWidth-1:0]    bank_row_i,
  input wire [15:0]              opnd_valid_i,
  input wire [16*LW-1:0]         opnd_i,       // operand 4s+k: [LW*(4s+k) +: LW]
  input wire [8*LW-1:0]          rd_data_i,    // port p: [LW*p +: LW]
  // for the caller's covers
  output wire [3:0]              ok_o,         // the contract has held since reset
  output wire [47:0]             past_port_o,  // port_i of the previous cycle
  output wire [16*RowWidth-1:0]  past_row_o    // row_i of the previous cycle
);

  // ---- the previous cycle
  reg                   past_valid;
  reg                   past_rst_n;
  reg [3:0]             past_grant, past_issue, past_valid_in, past_busy;
  reg [15:0]            past_src_valid;
  reg [7:0]             past_bank_re;
  reg [8*RowWidth-1:0]  past_bank_row;
  reg [47:0]            past_port;
  reg [16*RowWidth-1:0] past_row;
  initial past_valid = 1'b0;
  always @(posedge clk_i) begin
    past_valid     <= 1'b1;
    past_rst_n     <= rst_ni;
    past_grant     <= grant_i;
    past_issue     <= issue_i;
    past_valid_in  <= valid_i;
    past_busy      <= busy_i;
    past_src_valid <= src_valid_i;
    past_bank_re   <= bank_re_i;
    past_bank_row  <= bank_row_i;
    past_port      <= port_i;
    past_row       <= row_i;
  end

  // ---- the scheduler contract: ok_q[s], it has held in every cycle since
  // reset, up to the last (while busy, the same instruction again or valid low)
  reg [3:0]         ok_q;
  reg [4*InsnW-1:0] past_insn;
  integer s, k;
  initial ok_q = 4'b0000;
  always @(posedge clk_i) begin
    past_insn <= insn_i;
    for (s = 0; s < 4; s = s + 1)
      ok_q[s] <= !rst_ni || (ok_q[s] && (!busy_i[s] || !valid_i[s] ||
                                         insn_i[InsnW*s +: InsnW] == past_insn[InsnW*s +: InsnW]));
  end

  // acc_q[4s +: 4]: sources of SP s's instruction of the previous cycle that
  // its earlier passes delivered
  reg [15:0] acc_q;
  initial acc_q = 16'h0;
  always @(posedge clk_i)
    for (s = 0; s < 4; s = s + 1)
      if (!rst_ni || !past_rst_n || !past_valid_in[s] || past_issue[s])
        acc_q[4*s +: 4] <= 4'b0000;
      else if (past_grant[s])
        acc_q[4*s +: 4] <= acc_q[4*s +: 4] | opnd_valid_i[4*s +: 4];

  assign ok_o        = ok_q;
  assign past_port_o = past_port;
  assign past_row_o  = past_row;

  reg [2:0] p;
  always @* begin
    p = 3'd0;
    for (s = 0; s < 4; s = s + 1) begin
      for (k = 0; k < 4; k = k + 1) begin
        p = past_port[3*(4*s+k) +: 3];
        if (opnd_valid_i[4*s+k]) begin
          assert (past_valid && past_rst_n && rst_ni && past_grant[s]);              // D1
          assert (past_bank_re[p]);                                                  // D1
          assert (past_bank_row[RowWidth*p +: RowWidth] ==
                  past_row[RowWidth*(4*s+k) +: RowWidth]);                           // D1
          assert (opnd_i[LW*(4*s+k) +: LW] == rd_data_i[LW*p +: LW]);                // D1
        end else begin
          assert (opnd_i[LW*(4*s+k) +: LW] == {LW{1'b0}});                           // D2
        end
      end
      if (past_valid && past_rst_n && rst_ni && ok_q[s] && past_grant[s]) begin
        assert ((opnd_valid_i[4*s +: 4] & ~past_src_valid[4*s +: 4]) == 4'b0000);   // D3
        assert ((opnd_valid_i[4*s +: 4] & acc_q[4*s +: 4]) == 4'b0000);             // D3
        assert (past_busy[s] || acc_q[4*s +: 4] == 4'b0000);                        // D3
        assert (!past_issue[s] ||
                (acc_q[4*s +: 4] | opnd_valid_i[4*s +: 4]) == past_src_valid[4*s +: 4]); // D3
      end
    end
  end

endmodule

`default_nettype wire
