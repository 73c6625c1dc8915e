// fiber_xbar_props - properties of fiber_xbar.
//
// A checker beside the RTL: it instantiates the crossbar and states, for
// every input sequence (any selects, any bank data every cycle, any reset):
//   X1 valid     valid_o equals sel_valid_i of the previous cycle, and 0 in
//                reset and in the cycle after it
//   X2 operand   every operand 4s+k equals, if its select of the previous
//                cycle was valid, the word that bank (port & 1) of SP
//                (port >> 1) delivers in this cycle, else 0; the reference
//                picks the SP input by name and the bank half by the low
//                bit (the RTL concatenates the eight ports and runs a case)
//   X3 broadcast for each of the 8 ports, every valid operand (of any SP)
//                that selected it in the previous cycle carries that port's
//                word of this cycle, so all consumers of one port receive
//                the same data (stated per port: a pairwise form over the
//                120 operand pairs is the same statement and was out of
//                reach of the SAT solver's induction step)
//   X4 lanes     lane l of every operand is lane l of its port's word, for
//                every lane (no lane is shifted or taken from another lane)
// Covers: a broadcast of one port to two SPs with a nonzero word, a remote
// read (SP 0 takes a word of SP 3's bank 1), all 16 operands valid at once.
// Sizes: Lanes and Width are parameters of the checker; the proof script
// states the sizes it runs. Why a reduced size covers the logic: the
// crossbar has no per-lane or per-bit logic of its own; every operand is
// one 8:1 multiplexer over Lanes x Width-bit words followed by one valid
// gate, so each output bit is the same function of the same column of the
// eight port words and of the operand's registered select. More lanes or
// bits only repeat that column; the select register (16 x (1 + 3) bits)
// does not depend on Lanes or Width.
`default_nettype none

module fiber_xbar_props #(
  parameter integer Lanes = 2,
  parameter integer Width = 4
) (
  input wire                     clk_i,
  input wire                     rst_ni,
  input wire [15:0]              sel_valid_i,
  input wire [47:0]              sel_port_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp0_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp1_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp2_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp3_i
);

  localparam integer WordW = Lanes * Width;

  wire [15:0]          valid;
  wire [4*WordW-1:0]   o0, o1, o2, o3;

  fiber_xbar #(.Lanes(Lanes), .Width(Width)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .sel_valid_i(sel_valid_i), .sel_port_i(sel_port_i),
    .rd_data_sp0_i(rd_data_sp0_i), .rd_data_sp1_i(rd_data_sp1_i),
    .rd_data_sp2_i(rd_data_sp2_i), .rd_data_sp3_i(rd_data_sp3_i),
    .valid_o(valid), .opnd_sp0_o(o0), .opnd_sp1_o(o1), .opnd_sp2_o(o2), .opnd_sp3_o(o3)
  );

  // ---- the checker's own copy of the previous cycle's selects
  reg        past_valid, past_rst_n;
  reg [15:0] p_valid;
  reg [47:0] p_port;
  initial past_valid = 1'b0;
  always @(posedge clk_i) begin
    past_valid <= 1'b1;
    past_rst_n <= rst_ni;
    p_valid    <= sel_valid_i;
    p_port     <= sel_port_i;
  end
  // the selects in force: none in reset or right after it
  wire        live    = past_valid && past_rst_n && rst_ni;
  wire [15:0] e_valid = live ? p_valid : 16'd0;

  // ---- per operand: the DUT's word, its port of the previous cycle, and the
  // reference word of that port (SP input chosen by name, bank half by bit 0)
  wire [16*WordW-1:0] dut = {o3, o2, o1, o0};
  wire [16*WordW-1:0] ref_word;
  wire [15:0]         opnd_ok_v, lane_ok_v;
  genvar ga, gl;
  generate
    for (ga = 0; ga < 16; ga = ga + 1) begin : gen_ref
      wire [2:0]         p  = p_port[3*ga +: 3];
      wire [2*WordW-1:0] sp_data = (p[2:1] == 2'd0) ? rd_data_sp0_i :
                                   (p[2:1] == 2'd1) ? rd_data_sp1_i :
                                   (p[2:1] == 2'd2) ? rd_data_sp2_i : rd_data_sp3_i;
      wire [WordW-1:0]   pw = p[0] ? sp_data[WordW +: WordW] : sp_data[0 +: WordW];
      wire [WordW-1:0]   wa = dut[ga*WordW +: WordW];
      assign ref_word[ga*WordW +: WordW] = pw;
      // X2
      assign opnd_ok_v[ga] = (wa == (e_valid[ga] ? pw : {WordW{1'b0}}));
      // X4: lane by lane, against the lane of the same index in the port word
      wire [Lanes-1:0] lane_eq;
      for (gl = 0; gl < Lanes; gl = gl + 1) begin : gen_lane
        assign lane_eq[gl] = (wa[gl*Width +: Width] == pw[gl*Width +: Width]);
      end
      assign lane_ok_v[ga] = !e_valid[ga] || (&lane_eq);
    end
  endgenerate

  // X3: per port, every valid operand that selected it carries the port's
  // word, so all consumers of one port receive the same data
  reg bcast_ok;
  reg [WordW-1:0] pword;
  integer q, a;
  always @* begin
    bcast_ok = 1'b1;
    for (q = 0; q < 8; q = q + 1) begin
      pword = (q == 0) ? rd_data_sp0_i[0 +: WordW] : (q == 1) ? rd_data_sp0_i[WordW +: WordW] :
              (q == 2) ? rd_data_sp1_i[0 +: WordW] : (q == 3) ? rd_data_sp1_i[WordW +: WordW] :
              (q == 4) ? rd_data_sp2_i[0 +: WordW] : (q == 5) ? rd_data_sp2_i[WordW +: WordW] :
              (q == 6) ? rd_data_sp3_i[0 +: WordW] : rd_data_sp3_i[WordW +: WordW];
      for (a = 0; a < 16; a = a + 1)
        if (e_valid[a] && p_port[3*a +: 3] == q && dut[a*WordW +: WordW] != pword)
          bcast_ok = 1'b0;
    end
  end
  wire opnd_ok = &opnd_ok_v;
  wire lane_ok = &lane_ok_v;

  always @* begin
    assert (valid == e_valid);                                    // X1
    assert (opnd_ok);                                             // X2
    assert (bcast_ok);                                            // X3
    assert (lane_ok);                                             // X4
  end

`ifdef COVER
  always @* begin
    // broadcast: operand 1 of SP 0 and operand 2 of SP 2 both read port 4
    cover (e_valid[1] && e_valid[10] && p_port[3*1 +: 3] == 3'd4 && p_port[3*10 +: 3] == 3'd4 &&
           o0[1*WordW +: WordW] != {WordW{1'b0}} && o0[1*WordW +: WordW] == o2[2*WordW +: WordW]);
    // remote read: operand 0 of SP 0 takes port 7 (SP 3, bank 1)
    cover (e_valid[0] && p_port[0 +: 3] == 3'd7 &&
           o0[0 +: WordW] == rd_data_sp3_i[WordW +: WordW] && o0[0 +: WordW] != {WordW{1'b0}});
    // every operand routed in one cycle
    cover (valid == 16'hFFFF);
  end
`endif

endmodule

`default_nettype wire
