// fiber_base_operand_path_props - properties of the baseline private-register
// operand path.
//
// A checker beside the RTL: it instantiates fiber_base_operand_path and
// states, for every input sequence (any instruction fields, read data and
// reset, every cycle), from its ports only, with the baseline's addressing
// recomputed here (source k of SP s: port 2s + orig8[0], row orig8[7:1]):
//   Q1 pass      there is no cross-SP arbitration: every presented pass is
//                granted; issue_o == valid_i and not conflict_o; stall_o ==
//                valid_i & ~issue_o
//   D1-D3        formal/fiber/fiber_operand_pass_check.v with grant =
//                valid_i: every delivered operand is the register its field
//                named, read on its SP's own port with its row the cycle
//                before (so an SP never receives another SP's register);
//                an operand not delivered is zero; under the scheduler
//                contract every source is delivered exactly once over the
//                passes and all are read when the instruction issues
// Covers (COVER): the header's worked example in three passes (SP 1, three
// sources on bank 0 with different rows); one register named twice, read
// once and delivered to both operands; all four SPs receive operands in one
// cycle.
// Sizes: formal/fiber/fiber_base_operand_path.ys.
`default_nettype none

module fiber_base_operand_path_props #(
  parameter integer Lanes = 1,
  parameter integer Width = 2
) (
  input wire                     clk_i,
  input wire                     rst_ni,
  input wire [3:0]               valid_i,
  input wire [15:0]              src_valid_i,
  input wire [127:0]             src_orig_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp0_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp1_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp2_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp3_i
);

  localparam integer LW = Lanes * Width;

  wire [3:0]      issue, stall, busy, conflict;
  wire [7:0]      bank_re;
  wire [55:0]     bank_row;
  wire [15:0]     opnd_valid;
  wire [4*LW-1:0] opnd0, opnd1, opnd2, opnd3;

  fiber_base_operand_path #(.Lanes(Lanes), .Width(Width)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(valid_i), .src_valid_i(src_valid_i),
    .src_orig_i(src_orig_i),
    .rd_data_sp0_i(rd_data_sp0_i), .rd_data_sp1_i(rd_data_sp1_i),
    .rd_data_sp2_i(rd_data_sp2_i), .rd_data_sp3_i(rd_data_sp3_i),
    .issue_o(issue), .stall_o(stall), .busy_o(busy), .conflict_o(conflict),
    .bank_re_o(bank_re), .bank_row_o(bank_row), .opnd_valid_o(opnd_valid),
    .opnd_sp0_o(opnd0), .opnd_sp1_o(opnd1), .opnd_sp2_o(opnd2), .opnd_sp3_o(opnd3)
  );

  // ---- the baseline's addressing: own SP, bank orig8[0], row orig8[7:1]
  reg [47:0]  port_all;
  reg [111:0] row_all;
  integer s, k;
  always @* begin
    for (s = 0; s < 4; s = s + 1)
      for (k = 0; k < 4; k = k + 1) begin
        port_all[3*(4*s+k) +: 3] = {s[1:0], src_orig_i[8*(4*s+k)]};
        row_all[7*(4*s+k) +: 7]  = src_orig_i[8*(4*s+k) + 1 +: 7];
      end
  end

  // ---- D1-D3; an SP's instruction is its source valid bits and fields
  wire [4*36-1:0] insn;
  genvar gs;
  generate
    for (gs = 0; gs < 4; gs = gs + 1) begin : gen_insn
      assign insn[36*gs +: 36] = {src_valid_i[4*gs +: 4], src_orig_i[32*gs +: 32]};
    end
  endgenerate

  wire [3:0]   ok;
  wire [47:0]  past_port_unused;
  wire [111:0] past_row;
  fiber_operand_pass_check #(.LW(LW), .RowWidth(7), .InsnW(36)) u_pass (
    .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(valid_i), .src_valid_i(src_valid_i),
    .port_i(port_all), .row_i(row_all), .insn_i(insn),
    .grant_i(valid_i), .issue_i(issue), .busy_i(busy),
    .bank_re_i(bank_re), .bank_row_i(bank_row),
    .opnd_valid_i(opnd_valid), .opnd_i({opnd3, opnd2, opnd1, opnd0}),
    .rd_data_i({rd_data_sp3_i, rd_data_sp2_i, rd_data_sp1_i, rd_data_sp0_i}),
    .ok_o(ok), .past_port_o(past_port_unused), .past_row_o(past_row)
  );

  always @* begin
    for (s = 0; s < 4; s = s + 1) begin
      assert (issue[s] == (valid_i[s] && !conflict[s]));                       // Q1
      assert (stall[s] == (valid_i[s] && !issue[s]));                          // Q1
    end
  end

`ifdef COVER
  reg [2:0] passes_q;   // consecutive passes of SP 1's instruction
  initial passes_q = 3'd0;
  always @(posedge clk_i)
    passes_q <= (!rst_ni || !valid_i[1] || issue[1]) ? 3'd0 : passes_q + 3'd1;
  always @* begin
    // the worked example: three sources on bank 0, rows 1, 2, 3, in three passes
    cover (rst_ni && ok[1] && issue[1] && passes_q == 3'd2 &&
           src_valid_i[7:4] == 4'b0111 && src_orig_i[32 +: 24] == 24'h060402);
    // one register named twice: one read, both operands delivered
    cover (rst_ni && opnd_valid[1:0] == 2'b11 && past_row[0 +: 7] == past_row[7 +: 7] &&
           opnd0[0 +: LW] != {LW{1'b0}});
    // all four SPs receive operands in one cycle
    cover (rst_ni && opnd_valid[0] && opnd_valid[4] && opnd_valid[8] && opnd_valid[12]);
  end
`endif

endmodule

`default_nettype wire
