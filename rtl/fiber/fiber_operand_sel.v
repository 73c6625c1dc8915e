// fiber_operand_sel - FIBER selector of one subpartition (paper Fig. 6(a)
// bottom, SPEC B.1 and B.2.1).
//
// Behaviour: combinational. From the extension field ext_i = word[99:87] of
// the instruction being issued and its original 8-bit register fields, forms
// for each of the four source operands k its 11-bit register address
// r = {sp, row, bank}:
//   FIBER-native (mode_i = 1), enable ext[8] set:  r = {hi2[k], ext1[k], orig8[k]}
//   FIBER-native, enable clear:                    r = {sp_i,   ext1[k], orig8[k]}
//   CUDA-native  (mode_i = 0), any enable:         r = {sp_i,   1'b0,    orig8[k]}
// with hi2[k] = ext[2k+1:2k] and ext1[k] = ext[9+k]; its read port
// 2*sp(r) + bank(r). Addresses and ports are formed for all four fields;
// src_valid_i gates everything derived from them:
//   port_en_o   ports read by valid sources (the 8-bit bank read-port enable);
//   port_row_o  row read on each enabled port: the row of the lowest-numbered
//               valid source on it (0 on ports not enabled), so
//               {port_en_o, port_row_o} is this instruction's arbiter request;
//   remote_o    valid sources that lie in another SP (from the address, not
//               from the enable bit);
//   defer_o     valid sources whose port is claimed by a lower-numbered valid
//               source with a different row (they cannot be read in this
//               bank access; the same register twice is one read);
//   conflict_o  defer_o != 0 (intra-instruction conflict);
//   illegal_o   CUDA-native mode with the enable bit set. It never changes an
//               address: no CUDA-native input names another SP's register.
// The destination has no extension bits and is always local:
// dst_reg_o = {sp_i, 1'b0, dst_orig_i}.
// Widths are fixed by the instruction encoding (FB_* in cmodel/include/fiber.h),
// so the module has no parameters.
// Twin: fb_sel_eval() in cmodel/src/fiber/fiber_operand_sel.c.
//
// Worked example (FIBER-native, SP 1, enable set): ext_i = 13'h1B0E:
//   hi2 = {src0 2, src1 3, src2 0, src3 0}, enable 1, ext1 = {1, 0, 1, 1};
//   src_orig[0] = 8'h05, src_valid_i = 4'b0001:
//   src_reg[0] = {2'd2, 1'b1, 8'h05} = 11'h505 (SP 2, row 8'h82, bank 1),
//   src_port[0] = 5, port_en_o = 8'b0010_0000, port_row[5] = 8'h82,
//   remote_o = 4'b0001, defer_o = 0, illegal_o = 0.
`default_nettype none

module fiber_operand_sel (
  input  wire        mode_i,       // 0: CUDA-native, 1: FIBER-native (FB_MODE_*)
  input  wire [1:0]  sp_i,         // the issuing SP
  input  wire [3:0]  src_valid_i,  // bit k: the instruction reads source k
  input  wire [31:0] src_orig_i,   // source k: original 8-bit field [8k +: 8]
  input  wire [12:0] ext_i,        // word[99:87]: hi2 x4, enable, ext1 x4
  input  wire [7:0]  dst_orig_i,   // original 8-bit destination field
  output wire [43:0] src_reg_o,    // source k: 11-bit address [11k +: 11]
  output wire [11:0] src_port_o,   // source k: read port [3k +: 3]
  output reg  [7:0]  port_en_o,    // read ports of valid sources
  output reg  [63:0] port_row_o,   // port p: row read [8p +: 8] (0 if not enabled)
  output wire [3:0]  remote_o,     // bit k: valid source k lies in another SP
  output reg  [3:0]  defer_o,      // bit k: valid source k waits for another pass
  output wire        conflict_o,   // defer_o != 0
  output wire        illegal_o,    // CUDA-native with the enable bit set
  output wire [10:0] dst_reg_o     // {sp_i, 1'b0, dst_orig_i}
);

  localparam integer NumSrc    = 4;   // FB_NSRC
  localparam integer NumPort   = 8;   // FB_NPORT
  localparam integer RegWidth  = 11;  // FB_REG_W
  localparam integer RowWidth  = 8;   // FB_ROW_W
  localparam integer PortWidth = 3;   // FB_PORT_W
  localparam integer ExtEnOff  = 8;   // FB_EXT_EN_OFF
  localparam integer ExtLoOff  = 9;   // FB_EXT_LO_OFF

  wire en = ext_i[ExtEnOff];

  // ---- per source: address, port, row, remote
  wire [NumSrc*RowWidth-1:0] row;
  genvar gk;
  generate
    for (gk = 0; gk < NumSrc; gk = gk + 1) begin : gen_src
      wire [1:0] hi   = (mode_i && en) ? ext_i[2*gk +: 2] : sp_i;
      wire       lo   = mode_i && ext_i[ExtLoOff + gk];
      wire [7:0] orig = src_orig_i[8*gk +: 8];
      assign src_reg_o[RegWidth*gk +: RegWidth]    = {hi, lo, orig};
      assign src_port_o[PortWidth*gk +: PortWidth] = {hi, orig[0]};
      assign row[RowWidth*gk +: RowWidth]          = {lo, orig[7:1]};
      assign remote_o[gk] = src_valid_i[gk] && (hi != sp_i);
    end
  endgenerate

  // ---- port claims: the lowest-numbered valid source claims its port;
  // a later valid source on a claimed port with another row is deferred.
  // Computed in parallel rather than as a scan over the sources: the
  // pairwise comparisons of the fields (same port, other row) do not depend
  // on src_valid_i, which enters only in the last two levels (the issue
  // stage's pass sources arrive late: docs/fiber_rtl.md, the issue stage).
  //   same[j][k]  (j < k): sources j and k name the same port
  //   rdiff[j][k] (j < k): and their rows differ
  //   claim[k]    valid, and no lower valid source on its port
  //   defer[k]    valid, and its port's claimant (a lower source) has
  //               another row
  //   port_en[p]  a valid source names port p
  //   port_row[p] the row of port p's claimant (0 if none)
  reg [NumSrc*NumSrc-1:0] same, rdiff;   // [j*NumSrc + k], j < k
  reg [NumSrc-1:0]        claim;
  integer j, k, p;
  always @* begin
    same  = {NumSrc*NumSrc{1'b0}};
    rdiff = {NumSrc*NumSrc{1'b0}};
    for (k = 0; k < NumSrc; k = k + 1) begin
      for (j = 0; j < k; j = j + 1) begin
        same[j*NumSrc + k]  = src_port_o[PortWidth*j +: PortWidth] == src_port_o[PortWidth*k +: PortWidth];
        rdiff[j*NumSrc + k] = row[RowWidth*j +: RowWidth] != row[RowWidth*k +: RowWidth];
      end
    end
    for (k = 0; k < NumSrc; k = k + 1) begin
      claim[k]   = src_valid_i[k];
      defer_o[k] = 1'b0;
      for (j = 0; j < k; j = j + 1) begin
        if (src_valid_i[j] && same[j*NumSrc + k]) claim[k] = 1'b0;
      end
    end
    for (k = 0; k < NumSrc; k = k + 1) begin
      for (j = 0; j < k; j = j + 1) begin
        if (src_valid_i[k] && claim[j] && same[j*NumSrc + k] && rdiff[j*NumSrc + k]) defer_o[k] = 1'b1;
      end
    end
    port_en_o  = {NumPort{1'b0}};
    port_row_o = {NumPort*RowWidth{1'b0}};
    for (p = 0; p < NumPort; p = p + 1) begin
      for (k = 0; k < NumSrc; k = k + 1) begin
        if (src_port_o[PortWidth*k +: PortWidth] == p[PortWidth-1:0]) begin
          port_en_o[p] = port_en_o[p] | src_valid_i[k];
          port_row_o[RowWidth*p +: RowWidth] = port_row_o[RowWidth*p +: RowWidth] |
                                               ({RowWidth{claim[k]}} & row[RowWidth*k +: RowWidth]);
        end
      end
    end
  end

  assign conflict_o = |defer_o;
  assign illegal_o  = !mode_i && en;
  assign dst_reg_o  = {sp_i, 1'b0, dst_orig_i};

endmodule

`default_nettype wire
