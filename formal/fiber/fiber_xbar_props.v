// fiber_xbar_props - properties of fiber_xbar.
//
// A checker beside the RTL: it instantiates the crossbar and states, for
// every input sequence (any selects, one-hot or not, any bank data every
// cycle, any reset):
//   X1 valid     valid_o bit o is set exactly when operand o's select of the
//                previous cycle was not zero, and valid_o is 0 in reset and
//                in the cycle after it
//   X2 and-or    every operand 4s+k equals the OR, over the bits p set in its
//                select of the previous cycle, of the word that bank (p & 1)
//                of SP (p >> 1) delivers in this cycle (0 for a zero
//                select); the reference walks the ports with an if per port
//                and picks the SP input by name and the bank half by the
//                low bit (the RTL ANDs each port word with its select bit
//                and ORs the eight terms)
//   X3 broadcast for each of the 8 ports, every operand (of any SP) whose
//                select of the previous cycle was exactly that port carries
//                that port's word of this cycle, so all consumers of one
//                port receive the same data (stated per port: a pairwise
//                form over the 120 operand pairs is the same statement and
//                was out of reach of the SAT solver's induction step)
//   X4 one-hot   an operand whose select was one-hot equals, lane by lane,
//                the word of the port whose binary index the checker encodes
//                from the select (no lane is shifted or taken from another
//                lane, and no other port leaks into it)
// Covers: a broadcast of one port to two SPs with a nonzero word, a remote
// read (SP 0 takes a word of SP 3's bank 1), all 16 operands valid at once.
// Sizes: Lanes and Width are parameters of the checker; the proof script
// states the sizes it runs. Why a reduced size covers the logic: the
// crossbar has no per-lane or per-bit logic of its own; every output bit is
// the same 8-input AND-OR of the operand's registered select and the same
// bit column of the eight port words. More lanes or bits only repeat that
// column; the select register (16 x 8 bits) does not depend on Lanes or
// Width.
`default_nettype none

module fiber_xbar_props #(
  parameter integer Lanes     = 2,
  parameter integer Width     = 4,
  parameter integer SelCopies = 1   // the crossbar's select copies (props2: 2)
) (
  input wire                     clk_i,
  input wire                     rst_ni,
  input wire [127:0]             sel_oh_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp0_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp1_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp2_i,
  input wire [2*Lanes*Width-1:0] rd_data_sp3_i
);

  localparam integer WordW = Lanes * Width;

  wire [15:0]          valid;
  wire [4*WordW-1:0]   o0, o1, o2, o3;

  fiber_xbar #(.Lanes(Lanes), .Width(Width), .SelCopies(SelCopies)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .sel_oh_i(sel_oh_i),
    .rd_data_sp0_i(rd_data_sp0_i), .rd_data_sp1_i(rd_data_sp1_i),
    .rd_data_sp2_i(rd_data_sp2_i), .rd_data_sp3_i(rd_data_sp3_i),
    .valid_o(valid), .opnd_sp0_o(o0), .opnd_sp1_o(o1), .opnd_sp2_o(o2), .opnd_sp3_o(o3)
  );

  // ---- the checker's own copy of the previous cycle's selects
  reg         past_valid, past_rst_n;
  reg [127:0] p_oh;
  initial past_valid = 1'b0;
  always @(posedge clk_i) begin
    past_valid <= 1'b1;
    past_rst_n <= rst_ni;
    p_oh       <= sel_oh_i;
  end
  // the selects in force: none in reset or right after it
  wire         live = past_valid && past_rst_n && rst_ni;
  wire [127:0] e_oh = live ? p_oh : 128'd0;

  // ---- the eight port words, by name
  wire [8*WordW-1:0] pw_all = {rd_data_sp3_i[WordW +: WordW], rd_data_sp3_i[0 +: WordW],
                               rd_data_sp2_i[WordW +: WordW], rd_data_sp2_i[0 +: WordW],
                               rd_data_sp1_i[WordW +: WordW], rd_data_sp1_i[0 +: WordW],
                               rd_data_sp0_i[WordW +: WordW], rd_data_sp0_i[0 +: WordW]};

  wire [16*WordW-1:0] dut = {o3, o2, o1, o0};
  wire [15:0]         valid_ok_v, opnd_ok_v, lane_ok_v;
  genvar ga, gl;
  generate
    for (ga = 0; ga < 16; ga = ga + 1) begin : gen_ref
      wire [7:0]       oh = e_oh[8*ga +: 8];
      wire [WordW-1:0] wa = dut[ga*WordW +: WordW];
      // X2 reference: an if per port, the SP input by name, the bank by bit 0
      reg  [WordW-1:0] rw;
      reg  [2:0]       idx;                 // X4: binary index of a one-hot select
      integer p;
      always @* begin
        rw  = {WordW{1'b0}};
        idx = 3'd0;
        for (p = 0; p < 8; p = p + 1) begin
          if (oh[p]) begin
            idx = p[2:0];
            case (p / 2)
              0: rw = rw | (p % 2 == 1 ? rd_data_sp0_i[WordW +: WordW] : rd_data_sp0_i[0 +: WordW]);
              1: rw = rw | (p % 2 == 1 ? rd_data_sp1_i[WordW +: WordW] : rd_data_sp1_i[0 +: WordW]);
              2: rw = rw | (p % 2 == 1 ? rd_data_sp2_i[WordW +: WordW] : rd_data_sp2_i[0 +: WordW]);
              default: rw = rw | (p % 2 == 1 ? rd_data_sp3_i[WordW +: WordW] : rd_data_sp3_i[0 +: WordW]);
            endcase
          end
        end
      end
      wire onehot = (oh != 8'd0) && ((oh & (oh - 8'd1)) == 8'd0);
      wire [WordW-1:0] named = pw_all[idx*WordW +: WordW];
      assign valid_ok_v[ga] = (valid[ga] == (oh != 8'd0));   // X1
      assign opnd_ok_v[ga]  = (wa == rw);                    // X2
      // X4: lane by lane, against the lane of the same index in the named word
      wire [Lanes-1:0] lane_eq;
      for (gl = 0; gl < Lanes; gl = gl + 1) begin : gen_lane
        assign lane_eq[gl] = (wa[gl*Width +: Width] == named[gl*Width +: Width]);
      end
      assign lane_ok_v[ga] = !onehot || (&lane_eq);
    end
  endgenerate

  // X3: per port, every operand whose select was exactly that port carries
  // the port's word, so all consumers of one port receive the same data
  reg bcast_ok;
  integer q, a;
  always @* begin
    bcast_ok = 1'b1;
    for (q = 0; q < 8; q = q + 1)
      for (a = 0; a < 16; a = a + 1)
        if (e_oh[8*a +: 8] == (8'd1 << q) && dut[a*WordW +: WordW] != pw_all[q*WordW +: WordW])
          bcast_ok = 1'b0;
  end
  wire valid_ok = &valid_ok_v && (live || valid == 16'd0);
  wire opnd_ok  = &opnd_ok_v;
  wire lane_ok  = &lane_ok_v;

  always @* begin
    assert (valid_ok);                                            // X1
    assert (opnd_ok);                                             // X2
    assert (bcast_ok);                                            // X3
    assert (lane_ok);                                             // X4
  end

`ifdef COVER
  always @* begin
    // broadcast: operand 1 of SP 0 and operand 2 of SP 2 both read port 4
    cover (e_oh[8*1 +: 8] == 8'h10 && e_oh[8*10 +: 8] == 8'h10 &&
           o0[1*WordW +: WordW] != {WordW{1'b0}} && o0[1*WordW +: WordW] == o2[2*WordW +: WordW]);
    // remote read: operand 0 of SP 0 takes port 7 (SP 3, bank 1)
    cover (e_oh[0 +: 8] == 8'h80 &&
           o0[0 +: WordW] == rd_data_sp3_i[WordW +: WordW] && o0[0 +: WordW] != {WordW{1'b0}});
    // every operand routed in one cycle
    cover (valid == 16'hFFFF);
  end
`endif

endmodule

`default_nettype wire
