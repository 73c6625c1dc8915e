// fiber_xbar - FIBER operand crossbar between subpartitions (paper Fig. 6(a)
// bottom, SPEC B.2.2): a 4x4 crossbar per lane, bit-sliced over Lanes lanes
// of Width bits.
//
// Behaviour: the eight register-bank read ports (port p = bank p%2 of SP
// p/2) deliver one word each per cycle (Lanes x Width bits, lane l at
// [l*Width +: Width]). Each requesting SP s receives up to four operands:
// operand k is the word of read port sel_port[s][k] (top two bits = source
// SP, low bit = bank). The select is registered at issue: the selects
// presented in cycle t (by the instructions issued in t) steer the port
// data of cycle t+1, the register-read stage, where the multiplexer is
// combinational. So an operand appears in the same cycle as the bank data,
// one cycle after its select:
//   opnd[s][k](t+1) = sel_valid[s][k](t) ? port_data[sel_port[s][k](t)](t+1) : 0
//   valid_o(t+1)    = sel_valid_i(t)
// An operand whose registered select is invalid reads 0, so every output bit
// is defined. Several operands may take the same port (a broadcast).
// Structure: per operand an 8:1 multiplexer (a parallel case on the
// registered port) followed by the valid gate.
// Ports are grouped per SP so that no port is wider than 4 x Lanes x Width.
// Reset: rst_ni low (asynchronous) clears the select register.
// Twin: fb_xbar_reset() / fb_xbar_step() in cmodel/src/fiber/fiber_xbar.c
// (one step per cycle).
//
// Worked example (Lanes = 1, Width = 8): cycle t: sel_valid_i = 16'h0002
// (SP 0, operand 1), sel_port_i[5:3] = 3'd5 (SP 2, bank 1);
// cycle t+1: rd_data_sp2_i = {8'hA7, 8'h3C} (bank 1, bank 0):
// opnd_sp0_o = {8'h00, 8'h00, 8'hA7, 8'h00}, valid_o = 16'h0002.
//
// Parameters:
//   Lanes  lanes per word (FB_XBAR_LANES, 32)
//   Width  bits per lane (FB_XBAR_WIDTH, 32)
`default_nettype none

module fiber_xbar #(
  parameter integer Lanes = 32,
  parameter integer Width = 32
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,         // asynchronous, active low
  input  wire [15:0]              sel_valid_i,    // bit 4s+k: SP s routes operand k (issue)
  input  wire [47:0]              sel_port_i,     // [3*(4s+k) +: 3]: its read port
  input  wire [2*Lanes*Width-1:0] rd_data_sp0_i,  // ports 0, 1: SP 0 bank b at [b*Lanes*Width +: Lanes*Width]
  input  wire [2*Lanes*Width-1:0] rd_data_sp1_i,  // ports 2, 3
  input  wire [2*Lanes*Width-1:0] rd_data_sp2_i,  // ports 4, 5
  input  wire [2*Lanes*Width-1:0] rd_data_sp3_i,  // ports 6, 7
  output wire [15:0]              valid_o,        // registered select valid (bit 4s+k)
  output wire [4*Lanes*Width-1:0] opnd_sp0_o,     // SP 0 operand k at [k*Lanes*Width +: Lanes*Width]
  output wire [4*Lanes*Width-1:0] opnd_sp1_o,
  output wire [4*Lanes*Width-1:0] opnd_sp2_o,
  output wire [4*Lanes*Width-1:0] opnd_sp3_o
);

  localparam integer NumSp     = 4;              // FB_NSP
  localparam integer NumSrc    = 4;              // FB_NSRC
  localparam integer NumPort   = 8;              // FB_NPORT
  localparam integer PortWidth = 3;              // FB_PORT_W
  localparam integer NumOpnd   = NumSp * NumSrc;
  localparam integer WordW     = Lanes * Width;

  // ---- select register (loaded at issue)
  reg [NumOpnd-1:0]           sel_valid_q, sel_valid_d;
  reg [NumOpnd*PortWidth-1:0] sel_port_q, sel_port_d;

  always @* begin
    sel_valid_d = sel_valid_i;
    sel_port_d  = sel_port_i;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sel_valid_q <= {NumOpnd{1'b0}};
      sel_port_q  <= {NumOpnd*PortWidth{1'b0}};
    end else begin
      sel_valid_q <= sel_valid_d;
      sel_port_q  <= sel_port_d;
    end
  end

  // ---- the multiplexers (register-read stage)
  wire [NumPort*WordW-1:0] port_data = {rd_data_sp3_i, rd_data_sp2_i, rd_data_sp1_i, rd_data_sp0_i};
  wire [NumOpnd*WordW-1:0] opnd;

  genvar go;
  generate
    for (go = 0; go < NumOpnd; go = go + 1) begin : gen_opnd
      wire [PortWidth-1:0] ps = sel_port_q[go*PortWidth +: PortWidth];
      reg  [WordW-1:0]     word;
      always @* begin
        case (ps)
          3'd0:    word = port_data[0*WordW +: WordW];
          3'd1:    word = port_data[1*WordW +: WordW];
          3'd2:    word = port_data[2*WordW +: WordW];
          3'd3:    word = port_data[3*WordW +: WordW];
          3'd4:    word = port_data[4*WordW +: WordW];
          3'd5:    word = port_data[5*WordW +: WordW];
          3'd6:    word = port_data[6*WordW +: WordW];
          default: word = port_data[7*WordW +: WordW];
        endcase
        if (!sel_valid_q[go]) word = {WordW{1'b0}};
      end
      assign opnd[go*WordW +: WordW] = word;
    end
  endgenerate

  assign valid_o    = sel_valid_q;
  assign opnd_sp0_o = opnd[0*NumSrc*WordW +: NumSrc*WordW];
  assign opnd_sp1_o = opnd[1*NumSrc*WordW +: NumSrc*WordW];
  assign opnd_sp2_o = opnd[2*NumSrc*WordW +: NumSrc*WordW];
  assign opnd_sp3_o = opnd[3*NumSrc*WordW +: NumSrc*WordW];

endmodule

`default_nettype wire
