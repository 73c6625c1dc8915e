// fiber_decode_props - properties of fiber_decode.
//
// A checker beside the RTL (combinational; every bit of the 128-bit word and
// the mode are free). The reference is written from docs/fiber.md section 3
// (the field table, the SET_FIBER_NUM and extended-DEPBAR decisions and the
// error-code table), not from the RTL: each error condition is its own
// boolean, and the reported code is the lowest one whose condition holds.
//   D1 common    opc_o = word[11:0], pred_o = word[15:12] for every word
//   D2 kind      kind_o = 1 when the opcode is OpcSetFiberNum (also when
//                both opcode parameters are equal: props_eqopc), 2 when it
//                is OpcDepbarX, else 0
//   D3 fields    SET_FIBER_NUM: sfn_count_o = word[31:16], sfn_all_o =
//                word[87], sfn_wefts_o = count / 32; extended DEPBAR:
//                dep_reg_o = word[97:87], dep_group_o = word[98], dep_set_o
//                = word[99]; other: ext_o = word[99:87]; every field of
//                another kind is 0; fields are reported even with an error
//   D4 errors    err_o is the lowest code of the table whose condition holds
//                (1 CUDA_REMOTE .. 11 CUDA_DEPBAR), 0 when none does
//   D5 control   bits 127:100 never change an output: a second instance fed
//                the same word with bits 127:100 replaced by free bits gives
//                the same outputs
// Covers: a legal instruction of each kind (other, SET_FIBER_NUM, extended
// DEPBAR), and every error code 1..11.
// Sizes: the block's only parameters are the two opcodes; props uses the
// defaults (0x9F0, 0x9F1), props_eqopc sets both to 0x9F0.
`default_nettype none

module fiber_decode_props #(
  parameter [11:0] OpcSetFiberNum = 12'h9F0,
  parameter [11:0] OpcDepbarX     = 12'h9F1
) (
  input wire [127:0] word_i,
  input wire         mode_i,
  input wire [27:0]  ctrl_alt_i     // D5: other values of bits 127:100
);

  wire [1:0]  kind;
  wire [3:0]  err, pred;
  wire [11:0] opc;
  wire [12:0] ext;
  wire [15:0] sfn_count;
  wire        sfn_all, dep_group, dep_set;
  wire [10:0] sfn_wefts, dep_reg;

  fiber_decode #(.OpcSetFiberNum(OpcSetFiberNum), .OpcDepbarX(OpcDepbarX)) u_dut (
    .word_i(word_i), .mode_i(mode_i),
    .kind_o(kind), .err_o(err), .opc_o(opc), .pred_o(pred), .ext_o(ext),
    .sfn_count_o(sfn_count), .sfn_all_o(sfn_all), .sfn_wefts_o(sfn_wefts),
    .dep_reg_o(dep_reg), .dep_group_o(dep_group), .dep_set_o(dep_set)
  );

  // ---- D5: the same word with other control bits
  wire [127:0] word_alt = {ctrl_alt_i, word_i[99:0]};
  wire [1:0]  kind_a;
  wire [3:0]  err_a, pred_a;
  wire [11:0] opc_a;
  wire [12:0] ext_a;
  wire [15:0] sfn_count_a;
  wire        sfn_all_a, dep_group_a, dep_set_a;
  wire [10:0] sfn_wefts_a, dep_reg_a;

  fiber_decode #(.OpcSetFiberNum(OpcSetFiberNum), .OpcDepbarX(OpcDepbarX)) u_alt (
    .word_i(word_alt), .mode_i(mode_i),
    .kind_o(kind_a), .err_o(err_a), .opc_o(opc_a), .pred_o(pred_a), .ext_o(ext_a),
    .sfn_count_o(sfn_count_a), .sfn_all_o(sfn_all_a), .sfn_wefts_o(sfn_wefts_a),
    .dep_reg_o(dep_reg_a), .dep_group_o(dep_group_a), .dep_set_o(dep_set_a)
  );

  // ---- reference, from the tables of docs/fiber.md section 3
  wire [11:0] w_opc   = word_i[11:0];
  wire [3:0]  w_pred  = word_i[15:12];
  wire [15:0] w_count = word_i[31:16];
  wire [12:0] w_ext   = word_i[99:87];
  wire        fiber   = mode_i;            // 1 FIBER-native, 0 CUDA-native

  wire k_sfn   = (w_opc == OpcSetFiberNum);
  wire k_dep   = !k_sfn && (w_opc == OpcDepbarX);
  wire k_other = !k_sfn && !k_dep;

  // reserved regions, bit by bit
  reg sfn_rsv, dep_rsv;
  integer i;
  always @* begin
    sfn_rsv = 1'b0;
    dep_rsv = 1'b0;
    for (i = 16; i < 100; i = i + 1) begin
      if ((i >= 32 && i <= 86) || (i >= 88 && i <= 99)) sfn_rsv = sfn_rsv | word_i[i];
      if (i <= 86) dep_rsv = dep_rsv | word_i[i];
    end
  end

  // the count as a number of fibers: a nonzero multiple of 32, at most 8192
  wire [31:0] fibers = {16'd0, w_count};

  // one condition per code, index = code
  wire [11:0] cond;
  assign cond[0]  = 1'b0;
  assign cond[1]  = k_other && !fiber && w_ext[8];
  assign cond[2]  = k_other && !fiber && (w_ext & ~13'h100) != 13'd0;
  assign cond[3]  = k_other && fiber && !w_ext[8] &&
                    (w_ext[1:0] != 0 || w_ext[3:2] != 0 || w_ext[5:4] != 0 || w_ext[7:6] != 0);
  assign cond[4]  = k_sfn && w_pred != 4'h7;
  assign cond[5]  = k_sfn && sfn_rsv;
  assign cond[6]  = k_sfn && fibers == 0;
  assign cond[7]  = k_sfn && (fibers % 32) != 0;
  assign cond[8]  = k_sfn && fibers > 8192;
  assign cond[9]  = k_sfn && !fiber && word_i[87];
  assign cond[10] = k_dep && dep_rsv;
  assign cond[11] = k_dep && !fiber;

  reg [3:0] r_err;
  integer c;
  always @* begin
    r_err = 4'd0;
    for (c = 11; c >= 1; c = c - 1)
      if (cond[c]) r_err = c;
  end

  wire [1:0]  r_kind      = k_sfn ? 2'd1 : k_dep ? 2'd2 : 2'd0;
  wire [15:0] r_sfn_count = k_sfn ? w_count : 16'd0;
  wire        r_sfn_all   = k_sfn & word_i[87];
  wire [31:0] wefts32     = fibers / 32;
  wire [10:0] r_sfn_wefts = k_sfn ? wefts32[10:0] : 11'd0;
  wire [10:0] r_dep_reg   = k_dep ? word_i[97:87] : 11'd0;
  wire        r_dep_group = k_dep & word_i[98];
  wire        r_dep_set   = k_dep & word_i[99];
  wire [12:0] r_ext       = k_other ? w_ext : 13'd0;

  always @* begin
    assert (opc == word_i[11:0] && pred == word_i[15:12]);                    // D1
    assert (kind == r_kind);                                                  // D2
    assert (sfn_count == r_sfn_count && sfn_all == r_sfn_all &&
            sfn_wefts == r_sfn_wefts);                                        // D3
    assert (dep_reg == r_dep_reg && dep_group == r_dep_group &&
            dep_set == r_dep_set);                                            // D3
    assert (ext == r_ext);                                                    // D3
    assert (err == r_err);                                                    // D4
    assert ({kind_a, err_a, opc_a, pred_a, ext_a, sfn_count_a, sfn_all_a, sfn_wefts_a,
             dep_reg_a, dep_group_a, dep_set_a} ==
            {kind, err, opc, pred, ext, sfn_count, sfn_all, sfn_wefts,
             dep_reg, dep_group, dep_set});                                   // D5
  end

`ifdef COVER
  always @* begin
    cover (kind == 2'd0 && err == 4'd0 && mode_i && ext[8] && ext[7:0] != 8'd0);
    cover (kind == 2'd1 && err == 4'd0 && sfn_wefts == 11'd64 && sfn_all);
    cover (kind == 2'd2 && err == 4'd0 && dep_reg == 11'd1029 && dep_group && dep_set);
    cover (err == 4'd1);
    cover (err == 4'd2);
    cover (err == 4'd3);
    cover (err == 4'd4);
    cover (err == 4'd5);
    cover (err == 4'd6);
    cover (err == 4'd7);
    cover (err == 4'd8);
    cover (err == 4'd9);
    cover (err == 4'd10);
    cover (err == 4'd11);
  end
`endif

endmodule

`default_nettype wire
