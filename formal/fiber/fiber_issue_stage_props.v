// fiber_issue_stage_props - properties of the composed FIBER issue stage.
//
// A checker beside the RTL: it instantiates fiber_issue_stage and states,
// for every input sequence (any instruction fields, read data, bitmap
// updates and reset, every cycle), the guarantees its header gives, from
// its ports only. Source addresses are recomputed here from SPEC B.1
// (r = {hi2, ext1, orig8} with the enable bit in FIBER-native mode,
// {sp, ext1, orig8} without, {sp, 0, orig8} in CUDA-native mode); the port
// of r is 2*r[10:9] + r[0], its row r[8:1].
//   I1 illegal   illegal_o == CUDA-native and the enable bit; an illegal
//                instruction is never granted a read pass, so never issues
//   I2 stall     issue_o within grant_o within valid_i; issue_o == grant_o
//                and not conflict_o; stall_o == valid_i & ~issue_o
//   I3 eligible  a first pass (busy_o clear) is granted only when the
//                bitmap finds the instruction eligible
//   I4 no remote write  dst_reg_o of SP s is {s, 0, dst_orig}
//   G1 pending read  a write issued in cycle t (issue_o, dst_valid_i,
//                destination d) is never a source that another SP still
//                has to read in a pass granted after t: in cycle t+1, no busy
//                SP (busy_o, presenting, under the scheduler contract) has d
//                among its sources not yet delivered. This covers both a
//                busy reader's remaining sources and the deferrals of a
//                first pass granted in cycle t itself.
//   G2 value     (the value-level form) per SP p and source k, ws = a write
//                to the register of source k was issued by another SP in a
//                cycle from p's first-pass grant up to the cycle before the
//                grant of a later pass; an operand delivered by a later pass
//                never has ws set. With writes landing at least one cycle
//                after issue and a pass reading the bank in its grant cycle,
//                every operand is the register's value at the first grant
//                (writes issued before the first grant are the bitmap's
//                EMPTY check, I3 and the bitmap's own proofs).
//   G3 guard     pend_block_o only for a first pass (never while busy_o),
//                and a held first pass is not granted
//   (B)          the late issue sets and the eligibility bypass
//                (fiber_issue_pend) are proved equivalent to the bitmap
//                taking each issue set in its own cycle by their own proof,
//                formal/fiber/fiber_issue_pend.ys: with I3 here, a first
//                pass is granted only when no valid source is EMPTY or
//                set-pending (a reference EMPTY group stated here made
//                ABC's dprove undecided on the whole composition)
//   D1-D3        formal/fiber/fiber_operand_pass_check.v, with the SPEC
//                ports and rows above and grant_o, issue_o, busy_o: every
//                delivered operand is the register its field named, read on
//                its port with its row the cycle before (so two SPs granted
//                together never read one port with different rows, and a
//                broadcast gives each the same word); an operand not
//                delivered is zero; under the scheduler contract (the same
//                instruction again while busy_o) every source of an
//                instruction is delivered exactly once over its passes and
//                all are read when it issues
// Covers (COVER): an inter-SP port conflict stalls an eligible SP; a
// broadcast (two SPs receive one port's word in one cycle); a remote
// operand delivered; a two-pass instruction (intra-instruction conflict)
// issues; a read-after-write hazard blocks an in-range instruction; the
// pending-read guard holds a bitmap-eligible write while another SP is busy;
// the eligibility bypass holds SP 0 on a source it issued a write to in the
// previous cycle (the set still pending, not yet in the bitmap).
// Sizes: formal/fiber/fiber_issue_stage.ys.
`default_nettype none

module fiber_issue_stage_props #(
  parameter integer Lanes  = 1,
  parameter integer Width  = 2,
  parameter integer NumReg   = 64,
  parameter integer NumRep   = 4,
  parameter integer PartRegs = 512
) (
  input wire                     clk_i,
  input wire                     rst_ni,
  input wire [3:0]               valid_i,
  input wire [3:0]               mode_i,
  input wire [15:0]              src_valid_i,
  input wire [127:0]             src_orig_i,
  input wire [51:0]              ext_i,
  input wire [3:0]               dst_valid_i,
  input wire [31:0]              dst_orig_i,
  input wire [3:0]               wb_valid_i,
  input wire [43:0]              wb_dst_i,
  input wire [15:0]              cons_valid_i,
  input wire [175:0]             cons_src_i,
  input wire [3:0]               dep_valid_i,
  input wire [43:0]              dep_reg_i,
  input wire [3:0]               dep_group_i,
  input wire [3:0]               dep_set_i,
  input wire                     all_set_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp0_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp1_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp2_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp3_i
);

  localparam integer LW = Lanes * Width;

  wire [3:0]         issue, stall, grant, busy, eligible, illegal, conflict, pend_block;
  wire [3:0]         range_err, upd_range_err;
  wire [43:0]        dst_reg;
  wire [7:0]         bank_re;
  wire [63:0]        bank_row;
  wire [15:0]        opnd_valid;
  wire [4*LW-1:0]    opnd0, opnd1, opnd2, opnd3;

  fiber_issue_stage #(
    .Lanes(Lanes), .Width(Width), .NumReg(NumReg), .NumRep(NumRep), .PartRegs(PartRegs)
  ) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(valid_i), .mode_i(mode_i),
    .src_valid_i(src_valid_i), .src_orig_i(src_orig_i), .ext_i(ext_i),
    .dst_valid_i(dst_valid_i), .dst_orig_i(dst_orig_i),
    .wb_valid_i(wb_valid_i), .wb_dst_i(wb_dst_i),
    .cons_valid_i(cons_valid_i), .cons_src_i(cons_src_i),
    .dep_valid_i(dep_valid_i), .dep_reg_i(dep_reg_i), .dep_group_i(dep_group_i),
    .dep_set_i(dep_set_i), .all_set_i(all_set_i),
    .rd_data_sp0_i(rd_data_sp0_i), .rd_data_sp1_i(rd_data_sp1_i),
    .rd_data_sp2_i(rd_data_sp2_i), .rd_data_sp3_i(rd_data_sp3_i),
    .issue_o(issue), .stall_o(stall), .grant_o(grant), .busy_o(busy),
    .eligible_o(eligible), .pend_block_o(pend_block), .illegal_o(illegal), .conflict_o(conflict),
    .range_err_o(range_err), .upd_range_err_o(upd_range_err),
    .dst_reg_o(dst_reg), .bank_re_o(bank_re), .bank_row_o(bank_row),
    .opnd_valid_o(opnd_valid),
    .opnd_sp0_o(opnd0), .opnd_sp1_o(opnd1), .opnd_sp2_o(opnd2), .opnd_sp3_o(opnd3)
  );

  // ---- SPEC B.1 address of every source field, this cycle; its port and row
  reg [10:0]  addr [0:15];
  reg [47:0]  port_all;
  reg [127:0] row_all;
  integer s, k, q;
  always @* begin
    for (s = 0; s < 4; s = s + 1)
      for (k = 0; k < 4; k = k + 1) begin
        if (mode_i[s] && ext_i[13*s + 8])
          addr[4*s+k] = {ext_i[13*s + 2*k +: 2], ext_i[13*s + 9 + k], src_orig_i[8*(4*s+k) +: 8]};
        else if (mode_i[s])
          addr[4*s+k] = {s[1:0], ext_i[13*s + 9 + k], src_orig_i[8*(4*s+k) +: 8]};
        else
          addr[4*s+k] = {s[1:0], 1'b0, src_orig_i[8*(4*s+k) +: 8]};
        port_all[3*(4*s+k) +: 3] = {addr[4*s+k][10:9], addr[4*s+k][0]};
        row_all[8*(4*s+k) +: 8]  = addr[4*s+k][8:1];
      end
  end

  // ---- D1-D3: operand delivery over the read passes; an SP's instruction
  // is its mode, source valid bits, source fields, extension bits and
  // destination (the pending-read guard relies on a busy writer presenting
  // the same destination again)
  wire [4*59-1:0] insn;
  genvar gs;
  generate
    for (gs = 0; gs < 4; gs = gs + 1) begin : gen_insn
      assign insn[59*gs +: 59] = {mode_i[gs], src_valid_i[4*gs +: 4], src_orig_i[32*gs +: 32],
                                  ext_i[13*gs +: 13], dst_valid_i[gs], dst_orig_i[8*gs +: 8]};
    end
  endgenerate

  wire [3:0]   ok;
  wire [47:0]  past_port;
  wire [127:0] past_row;
  fiber_operand_pass_check #(.LW(LW), .RowWidth(8), .InsnW(59)) u_pass (
    .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(valid_i), .src_valid_i(src_valid_i),
    .port_i(port_all), .row_i(row_all), .insn_i(insn),
    .grant_i(grant), .issue_i(issue), .busy_i(busy),
    .bank_re_i(bank_re), .bank_row_i(bank_row),
    .opnd_valid_i(opnd_valid), .opnd_i({opnd3, opnd2, opnd1, opnd0}),
    .rd_data_i({rd_data_sp3_i, rd_data_sp2_i, rd_data_sp1_i, rd_data_sp0_i}),
    .ok_o(ok), .past_port_o(past_port), .past_row_o(past_row)
  );

  // ---- G1/G2: the pending-read guard, from the ports
  // dlv_q[4p +: 4]: sources of SP p's current instruction delivered before
  // this cycle (a pass granted in cycle t delivers in t+1); remaining
  // sources of a busy SP = valid sources not delivered up to this cycle.
  reg [15:0] dlv_q;
  reg        g_past_valid, g_past_rst_n;
  reg [3:0]  g_past_busy;
  reg [15:0] g_past_src_valid;
  reg [15:0] ws_q, ws_past, wr_now, wr_past;
  wire [15:0] done = dlv_q | opnd_valid;
  initial begin
    g_past_valid = 1'b0;
    dlv_q        = 16'h0;
    ws_q         = 16'h0;
  end
  always @* begin
    for (s = 0; s < 4; s = s + 1)
      for (k = 0; k < 4; k = k + 1) begin
        wr_now[4*s+k] = 1'b0;
        for (q = 0; q < 4; q = q + 1)
          if (q != s && issue[q] && dst_valid_i[q] && dst_reg[11*q +: 11] == addr[4*s+k])
            wr_now[4*s+k] = 1'b1;
      end
  end
  always @(posedge clk_i) begin
    g_past_valid     <= 1'b1;
    g_past_rst_n     <= rst_ni;
    g_past_busy      <= busy;
    g_past_src_valid <= src_valid_i;
    wr_past          <= wr_now;
    ws_past          <= ws_q;
    for (s = 0; s < 4; s = s + 1) begin
      // deliveries of the instruction in progress (cleared when it issues,
      // is dropped, or at reset)
      if (!rst_ni || !valid_i[s] || issue[s])
        dlv_q[4*s +: 4] <= 4'b0000;
      else if (!busy[s])
        dlv_q[4*s +: 4] <= 4'b0000;                 // a first pass: nothing read yet
      else
        dlv_q[4*s +: 4] <= done[4*s +: 4];
      // writes to its sources since its first grant (up to this cycle)
      if (!rst_ni || !valid_i[s])
        ws_q[4*s +: 4] <= 4'b0000;
      else if (grant[s] && !busy[s])
        ws_q[4*s +: 4] <= wr_now[4*s +: 4];
      else if (busy[s])
        ws_q[4*s +: 4] <= ws_q[4*s +: 4] | wr_now[4*s +: 4];
      else
        ws_q[4*s +: 4] <= 4'b0000;
    end
  end

  always @* begin
    for (s = 0; s < 4; s = s + 1) begin
      assert (!pend_block[s] || !busy[s]);                                     // G3
      assert (!pend_block[s] || !grant[s]);                                    // G3
      if (g_past_valid && g_past_rst_n && rst_ni && (&ok)) begin
        for (k = 0; k < 4; k = k + 1)
          if (busy[s] && valid_i[s] && g_past_src_valid[4*s+k] && !done[4*s+k])
            assert (!wr_past[4*s+k]);                                          // G1
        for (k = 0; k < 4; k = k + 1)
          if (opnd_valid[4*s+k] && g_past_busy[s])
            assert (!ws_past[4*s+k]);                                          // G2
      end
    end
  end

  // ---- for the bypass cover: SP 0's issue with a destination last cycle
  reg        rb_past_iss0;
  reg [10:0] rb_past_dst0;
  always @(posedge clk_i) begin
    rb_past_iss0 <= issue[0] && dst_valid_i[0];
    rb_past_dst0 <= dst_reg[10:0];
  end

  always @* begin
    for (s = 0; s < 4; s = s + 1) begin
      assert (illegal[s] == (!mode_i[s] && ext_i[13*s + 8]));                  // I1
      assert (!grant[s] || !illegal[s]);                                       // I1
      assert (issue[s] == (grant[s] && !conflict[s]));                         // I2
      assert (!grant[s] || valid_i[s]);                                        // I2
      assert (stall[s] == (valid_i[s] && !issue[s]));                          // I2
      assert (!grant[s] || busy[s] || eligible[s]);                            // I3
      assert (dst_reg[11*s +: 11] == {s[1:0], 1'b0, dst_orig_i[8*s +: 8]});    // I4
    end
  end

`ifdef COVER
  always @* begin
    // an inter-SP conflict: SP 1 eligible, legal, first pass, not granted
    cover (rst_ni && valid_i[1] && eligible[1] && !illegal[1] && !busy[1] && !grant[1] &&
           grant[0]);
    // a broadcast: SPs 0 and 2 receive the word of one register in one cycle
    cover (rst_ni && opnd_valid[0] && opnd_valid[8] && past_port[0 +: 3] == past_port[24 +: 3] &&
           past_row[0 +: 8] == past_row[64 +: 8]);
    // a remote operand: SP 3 receives a word of SP 0's banks
    cover (rst_ni && opnd_valid[12] && past_port[3*12 +: 3] < 3'd2);
    // a two-pass instruction issues
    cover (rst_ni && issue[2] && busy[2] && ok[2]);
    // a read-after-write hazard: in range, legal, blocked by the bitmap
    cover (rst_ni && valid_i[3] && !illegal[3] && range_err == 4'b0000 && !eligible[3] &&
           src_valid_i[15:12] == 4'b0001);
    // the guard holds SP 0's bitmap-eligible write while SP 1 is busy
    cover (rst_ni && valid_i[0] && eligible[0] && dst_valid_i[0] && pend_block[0] && busy[1]);
    // the bypass: SP 0 issued a write to its source 0 in the previous cycle
    cover (rst_ni && g_past_rst_n && rb_past_iss0 && valid_i[0] && !busy[0] && !illegal[0] &&
           src_valid_i[3:0] == 4'b0001 && addr[0] == rb_past_dst0 && range_err[0] == 1'b0 &&
           !eligible[0]);
  end
`endif

endmodule

`default_nettype wire
