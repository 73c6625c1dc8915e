// fiber_decode - FIBER extended-field decoder: classifies one 128-bit SASS
// word as SET_FIBER_NUM, extended DEPBAR or any other instruction, extracts
// the FIBER fields and flags every illegal encoding.
//
// Behaviour (combinational; docs/fiber.md section 3):
//   opc_o = word[11:0], pred_o = word[15:12] for every word.
//   opc == OpcSetFiberNum (checked first, so it wins if both opcodes are
//   equal): kind_o = 1 (SET_FIBER_NUM), sfn_count_o = word[31:16],
//     sfn_all_o = word[87] (ALL-scope set of EMPTY), sfn_wefts_o =
//     count >> 5; reserved: word[86:32] and word[99:88].
//   opc == OpcDepbarX: kind_o = 2 (extended DEPBAR), dep_reg_o =
//     word[97:87], dep_group_o = word[98] (0 EMPTY, 1 FULL), dep_set_o =
//     word[99]; reserved: word[86:16].
//   otherwise: kind_o = 0, ext_o = word[99:87] (hi2 of source k at
//     ext[2k+1:2k], enable at ext[8], extra low bit of source k at ext[9+k]).
//   Fields of the other kinds are 0. Bits 127:100 (the baseline's scheduling
//   control) are never read. err_o is the lowest applicable code:
//     1 CUDA_REMOTE   other, CUDA-native (mode_i = 0), enable set
//     2 CUDA_EXT      other, CUDA-native, any other bit of ext set
//     3 HI_NO_EN      other, FIBER-native, hi2 bits set, enable clear
//     4 SFN_PRED      SET_FIBER_NUM, predicate != 0x7 (PT)
//     5 SFN_RESERVED  SET_FIBER_NUM, a reserved bit set
//     6 SFN_ZERO      fiber count 0
//     7 SFN_PARTIAL   fiber count not a multiple of 32
//     8 SFN_RANGE     fiber count above 8192
//     9 CUDA_ALL      SET_FIBER_NUM ALL-scope bit in CUDA-native mode
//    10 DEP_RESERVED  extended DEPBAR, a reserved bit set
//    11 CUDA_DEPBAR   extended DEPBAR in CUDA-native mode
//   Fields are reported raw even when err_o != 0.
// Guarantees: every output is a function of word_i[99:0] and mode_i only;
//   within one kind the error checks are a priority chain in code order.
// Twin: fb_dec_eval() in cmodel/src/fiber/fiber_decode.c (fb_dec_out
//   member = port of the same name); fb_enc() is its inverse on legal words.
//
// Worked example (defaults, FIBER-native): SET_FIBER_NUM of 2048 fibers
// with the ALL-scope bit:
//   word[11:0] = 12'h9F0, word[15:12] = 4'h7, word[31:16] = 16'h0800,
//   word[87] = 1, every other bit of [99:16] 0
//   -> kind_o = 1, sfn_count_o = 16'h0800, sfn_wefts_o = 11'd64,
//      sfn_all_o = 1, err_o = 0. The same word in CUDA-native mode gives
//      err_o = 9 (CUDA_ALL).
//
// Parameters:
//   OpcSetFiberNum  opcode of SET_FIBER_NUM (FB_OPC_SET_FIBER_NUM_DEFAULT)
//   OpcDepbarX      opcode of the extended DEPBAR (FB_OPC_DEPBAR_X_DEFAULT)
`default_nettype none

module fiber_decode #(
  parameter [11:0] OpcSetFiberNum = 12'h9F0,
  parameter [11:0] OpcDepbarX     = 12'h9F1
) (
  input  wire [127:0] word_i,       // the instruction word
  input  wire         mode_i,       // 0 CUDA-native, 1 FIBER-native
  output reg  [1:0]   kind_o,       // 0 other, 1 SET_FIBER_NUM, 2 extended DEPBAR
  output reg  [3:0]   err_o,        // fb_dec_err, 0 = legal
  output wire [11:0]  opc_o,        // word[11:0]
  output wire [3:0]   pred_o,       // word[15:12]
  output reg  [12:0]  ext_o,        // other: word[99:87]
  output reg  [15:0]  sfn_count_o,  // SET_FIBER_NUM: requested fibers
  output reg          sfn_all_o,    // SET_FIBER_NUM: ALL-scope set of EMPTY
  output reg  [10:0]  sfn_wefts_o,  // SET_FIBER_NUM: sfn_count_o >> 5
  output reg  [10:0]  dep_reg_o,    // extended DEPBAR: register id
  output reg          dep_group_o,  // extended DEPBAR: 0 EMPTY, 1 FULL
  output reg          dep_set_o     // extended DEPBAR: 1 set, 0 clear
);

  localparam [1:0] KindOther   = 2'd0;
  localparam [1:0] KindSfn     = 2'd1;
  localparam [1:0] KindDepbarX = 2'd2;
  localparam [3:0] ErrOk          = 4'd0;
  localparam [3:0] ErrCudaRemote  = 4'd1;
  localparam [3:0] ErrCudaExt     = 4'd2;
  localparam [3:0] ErrHiNoEn      = 4'd3;
  localparam [3:0] ErrSfnPred     = 4'd4;
  localparam [3:0] ErrSfnReserved = 4'd5;
  localparam [3:0] ErrSfnZero     = 4'd6;
  localparam [3:0] ErrSfnPartial  = 4'd7;
  localparam [3:0] ErrSfnRange    = 4'd8;
  localparam [3:0] ErrCudaAll     = 4'd9;
  localparam [3:0] ErrDepReserved = 4'd10;
  localparam [3:0] ErrCudaDepbar  = 4'd11;
  localparam [3:0]  PredPt     = 4'h7;
  localparam [15:0] MaxFibers  = 16'd8192;   // 4 SPs x 64 wefts x 32 lanes

  // word[127:100]: the baseline's control bits, never read
  wire unused_ctrl = ^word_i[127:100];

  wire [11:0] opc   = word_i[11:0];
  wire [3:0]  pred  = word_i[15:12];
  wire [15:0] count = word_i[31:16];
  wire [12:0] ext   = word_i[99:87];
  wire        en    = ext[8];
  wire        is_sfn = (opc == OpcSetFiberNum);
  wire        is_dep = !is_sfn && (opc == OpcDepbarX);
  wire        sfn_rsvd = (|word_i[86:32]) | (|word_i[99:88]);
  wire        dep_rsvd = |word_i[86:16];

  assign opc_o  = opc;
  assign pred_o = pred;

  always @* begin
    kind_o      = KindOther;
    err_o       = ErrOk;
    ext_o       = 13'd0;
    sfn_count_o = 16'd0;
    sfn_all_o   = 1'b0;
    sfn_wefts_o = 11'd0;
    dep_reg_o   = 11'd0;
    dep_group_o = 1'b0;
    dep_set_o   = 1'b0;
    if (is_sfn) begin
      kind_o      = KindSfn;
      sfn_count_o = count;
      sfn_all_o   = word_i[87];
      sfn_wefts_o = count[15:5];
      if (pred != PredPt)               err_o = ErrSfnPred;
      else if (sfn_rsvd)                err_o = ErrSfnReserved;
      else if (count == 16'd0)          err_o = ErrSfnZero;
      else if (count[4:0] != 5'd0)      err_o = ErrSfnPartial;
      else if (count > MaxFibers)       err_o = ErrSfnRange;
      else if (!mode_i && word_i[87])   err_o = ErrCudaAll;
    end else if (is_dep) begin
      kind_o      = KindDepbarX;
      dep_reg_o   = word_i[97:87];
      dep_group_o = word_i[98];
      dep_set_o   = word_i[99];
      if (dep_rsvd)                     err_o = ErrDepReserved;
      else if (!mode_i)                 err_o = ErrCudaDepbar;
    end else begin
      ext_o = ext;
      if (!mode_i) begin
        if (en)                         err_o = ErrCudaRemote;
        else if (ext != 13'd0)          err_o = ErrCudaExt;
      end else if (!en && (ext[7:0] != 8'd0)) begin
        err_o = ErrHiNoEn;
      end
    end
  end

endmodule

`default_nettype wire
