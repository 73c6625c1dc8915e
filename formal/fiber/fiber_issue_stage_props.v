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
//   I5 delivery  an operand delivered in cycle t (opnd_valid_o) is the
//                register its source field named in cycle t-1: its SP was
//                granted in t-1, the operand's port was read in t-1
//                (bank_re_o) with the operand's row (bank_row_o), and the
//                operand word is that port's read data in cycle t. So two
//                SPs granted together never read one port with different
//                rows, and a broadcast delivers the same word to each
//   I6 quiet     an operand not delivered is all zero
//   I7 passes    under the scheduler contract (while busy_o, SP s presents
//                the same instruction again or drops valid_i; the checker
//                watches it and the property holds while it has held since
//                reset): every source of an instruction is delivered
//                exactly once over its read passes, no other operand is
//                delivered for it, and when it issues all its valid
//                sources have been read; a first pass starts with nothing
//                read
// Covers (COVER): an inter-SP port conflict stalls an eligible SP; a
// broadcast (two SPs receive one port's word in one cycle); a remote
// operand delivered; a two-pass instruction (intra-instruction conflict)
// issues; a read-after-write hazard blocks an in-range instruction.
// Sizes: formal/fiber/fiber_issue_stage.ys.
`default_nettype none

module fiber_issue_stage_props #(
  parameter integer Lanes  = 1,
  parameter integer Width  = 2,
  parameter integer NumReg = 64,
  parameter integer NumRep = 4
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

  wire [3:0]         issue, stall, grant, busy, eligible, illegal, conflict;
  wire [3:0]         range_err, upd_range_err;
  wire [43:0]        dst_reg;
  wire [7:0]         bank_re;
  wire [63:0]        bank_row;
  wire [15:0]        opnd_valid;
  wire [4*LW-1:0]    opnd0, opnd1, opnd2, opnd3;

  fiber_issue_stage #(
    .Lanes(Lanes), .Width(Width), .NumReg(NumReg), .NumRep(NumRep)
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
    .eligible_o(eligible), .illegal_o(illegal), .conflict_o(conflict),
    .range_err_o(range_err), .upd_range_err_o(upd_range_err),
    .dst_reg_o(dst_reg), .bank_re_o(bank_re), .bank_row_o(bank_row),
    .opnd_valid_o(opnd_valid),
    .opnd_sp0_o(opnd0), .opnd_sp1_o(opnd1), .opnd_sp2_o(opnd2), .opnd_sp3_o(opnd3)
  );

  // ---- SPEC B.1 addresses of every source field, this cycle
  reg [10:0] addr [0:15];
  reg [2:0]  port [0:15];
  integer s, k;
  always @* begin
    for (s = 0; s < 4; s = s + 1)
      for (k = 0; k < 4; k = k + 1) begin
        if (mode_i[s] && ext_i[13*s + 8])
          addr[4*s+k] = {ext_i[13*s + 2*k +: 2], ext_i[13*s + 9 + k], src_orig_i[8*(4*s+k) +: 8]};
        else if (mode_i[s])
          addr[4*s+k] = {s[1:0], ext_i[13*s + 9 + k], src_orig_i[8*(4*s+k) +: 8]};
        else
          addr[4*s+k] = {s[1:0], 1'b0, src_orig_i[8*(4*s+k) +: 8]};
        port[4*s+k] = {addr[4*s+k][10:9], addr[4*s+k][0]};
      end
  end

  // ---- the previous cycle, as the checker saw it
  reg        past_valid;
  reg        past_rst_n;
  reg [3:0]  past_grant, past_issue, past_valid_in;
  reg [15:0] past_src_valid;
  reg [7:0]  past_bank_re;
  reg [63:0] past_bank_row;
  reg [10:0] past_addr [0:15];
  initial past_valid = 1'b0;
  always @(posedge clk_i) begin
    past_valid     <= 1'b1;
    past_rst_n     <= rst_ni;
    past_grant     <= grant;
    past_issue     <= issue;
    past_valid_in  <= valid_i;
    past_src_valid <= src_valid_i;
    past_bank_re   <= bank_re;
    past_bank_row  <= bank_row;
    for (k = 0; k < 16; k = k + 1)
      past_addr[k] <= addr[k];
  end

  // read data of port p this cycle
  function [LW-1:0] port_data(input [2:0] p);
    case (p[2:1])
      2'd0: port_data = rd_data_sp0_i[p[0]*LW +: LW];
      2'd1: port_data = rd_data_sp1_i[p[0]*LW +: LW];
      2'd2: port_data = rd_data_sp2_i[p[0]*LW +: LW];
      default: port_data = rd_data_sp3_i[p[0]*LW +: LW];
    endcase
  endfunction

  function [LW-1:0] opnd_word(input integer sp, input integer src);
    case (sp)
      0: opnd_word = opnd0[src*LW +: LW];
      1: opnd_word = opnd1[src*LW +: LW];
      2: opnd_word = opnd2[src*LW +: LW];
      default: opnd_word = opnd3[src*LW +: LW];
    endcase
  endfunction

  // ---- the scheduler contract (I7): while busy, the same instruction again
  // or valid low; ok_q: it has held in every cycle since reset, up to the last
  reg [3:0]  ok_q;
  reg [3:0]  same;
  reg [3:0]  p_mode;
  reg [15:0] p_src_valid;
  reg [127:0] p_src_orig;
  reg [51:0] p_ext;
  initial ok_q = 4'b0000;
  always @* begin
    for (s = 0; s < 4; s = s + 1)
      same[s] = mode_i[s] == p_mode[s] && src_valid_i[4*s +: 4] == p_src_valid[4*s +: 4] &&
                src_orig_i[32*s +: 32] == p_src_orig[32*s +: 32] &&
                ext_i[13*s +: 13] == p_ext[13*s +: 13];
  end
  always @(posedge clk_i) begin
    p_mode      <= mode_i;
    p_src_valid <= src_valid_i;
    p_src_orig  <= src_orig_i;
    p_ext       <= ext_i;
    for (s = 0; s < 4; s = s + 1)
      ok_q[s] <= !rst_ni || (ok_q[s] && (!busy[s] || !valid_i[s] || same[s]));
  end

  // acc_q[4s +: 4]: sources of SP s's instruction of the previous cycle that
  // earlier passes of it delivered
  reg [15:0] acc_q;
  reg [3:0]  reads;
  initial acc_q = 16'h0;
  always @(posedge clk_i) begin
    for (s = 0; s < 4; s = s + 1) begin
      reads = opnd_valid[4*s +: 4];
      if (!rst_ni || !past_rst_n || !past_valid_in[s] || past_issue[s])
        acc_q[4*s +: 4] <= 4'b0000;
      else if (past_grant[s])
        acc_q[4*s +: 4] <= acc_q[4*s +: 4] | reads;
    end
  end
  // one cycle late, so that acc_q lines up with `reads` of the pass it follows
  reg [3:0] past_busy;
  always @(posedge clk_i) past_busy <= busy;

  always @* begin
    for (s = 0; s < 4; s = s + 1) begin
      assert (illegal[s] == (!mode_i[s] && ext_i[13*s + 8]));                  // I1
      assert (!grant[s] || !illegal[s]);                                       // I1
      assert (issue[s] == (grant[s] && !conflict[s]));                         // I2
      assert (!grant[s] || valid_i[s]);                                        // I2
      assert (stall[s] == (valid_i[s] && !issue[s]));                          // I2
      assert (!grant[s] || busy[s] || eligible[s]);                            // I3
      assert (dst_reg[11*s +: 11] == {s[1:0], 1'b0, dst_orig_i[8*s +: 8]});    // I4
      for (k = 0; k < 4; k = k + 1) begin
        if (opnd_valid[4*s+k]) begin
          assert (past_valid && past_rst_n && rst_ni && past_grant[s]);        // I5
          assert (past_bank_re[past_port(4*s+k)]);                             // I5
          assert (past_bank_row[8*past_port(4*s+k) +: 8] ==
                  past_addr[4*s+k][8:1]);                                      // I5
          assert (opnd_word(s, k) == port_data(past_port(4*s+k)));             // I5
        end else begin
          assert (opnd_word(s, k) == {LW{1'b0}});                              // I6
        end
      end
      if (past_valid && past_rst_n && rst_ni && ok_q[s] && past_grant[s]) begin
        assert ((opnd_valid[4*s +: 4] & ~past_src_valid[4*s +: 4]) == 4'b0000);   // I7
        assert ((opnd_valid[4*s +: 4] & acc_q[4*s +: 4]) == 4'b0000);             // I7
        assert (past_busy[s] || acc_q[4*s +: 4] == 4'b0000);                      // I7
        assert (!past_issue[s] ||
                (acc_q[4*s +: 4] | opnd_valid[4*s +: 4]) == past_src_valid[4*s +: 4]); // I7
      end
    end
  end

  function [2:0] past_port(input integer i);
    past_port = {past_addr[i][10:9], past_addr[i][0]};
  endfunction

`ifdef COVER
  always @* begin
    // an inter-SP conflict: SP 1 eligible, legal, first pass, not granted
    cover (rst_ni && valid_i[1] && eligible[1] && !illegal[1] && !busy[1] && !grant[1] &&
           grant[0]);
    // a broadcast: SPs 0 and 2 receive the word of one port in one cycle
    cover (rst_ni && opnd_valid[0] && opnd_valid[8] &&
           past_port(0) == past_port(8) && past_addr[0] == past_addr[8]);
    // a remote operand: SP 3 receives a word of SP 0's banks
    cover (rst_ni && opnd_valid[12] && past_port(12) < 3'd2);
    // a two-pass instruction issues
    cover (rst_ni && issue[2] && busy[2] && ok_q[2]);
    // a read-after-write hazard: in range, legal, blocked by the bitmap
    cover (rst_ni && valid_i[3] && !illegal[3] && range_err == 4'b0000 && !eligible[3] &&
           src_valid_i[15:12] == 4'b0001);
  end
`endif

endmodule

`default_nettype wire
