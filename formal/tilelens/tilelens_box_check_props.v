// tilelens_box_check_props - properties and covers of tilelens_box_check.
//
// A checker beside the RTL: it instantiates tilelens_box_check and states
//   X0 err      err_o equals a reference written from the rule table of
//               docs/tilelens.md (rules 13-15) as straight-line statements,
//               not from the RTL: rule 13 with the sizes compared one by
//               one against 1 and 256 and the row length formed as the
//               product box[0] * s (no shift), taken modulo 16; rule 14 as
//               smem_base % 16; rule 15 with the footprint formed as
//               s * box[0] * box[1] * ... in a wide register, multiplying
//               only the dimensions below the rank (the RTL instead forces
//               the unused sizes to 1 before a fixed multiplier tree), and
//               the end compared with 2^SmemWidth; then the first broken
//               rule in table order: TL_ERR_BOX, TL_ERR_ALIGN,
//               TL_ERR_OVERFLOW, else TL_OK.
// Input domain (as documented: the descriptor already passed its check):
// rank_i in 1..Rank, elem_bytes_i in {1, 2, 4, 8}.
// Covers (COVER), each status, so that the property is not shown on a
// corner of the input space only:
//   X1 TL_OK with every dimension of a rank-5 box above 1
//   X2 TL_ERR_BOX by the row rule (box[0]*s not a multiple of 16)
//   X3 TL_ERR_BOX by the range rule (a size 0)
//   X4 TL_ERR_ALIGN
//   X5 TL_ERR_OVERFLOW
// Size: set by the script.
`default_nettype none

module tilelens_box_check_props #(
  parameter integer Rank      = 5,
  parameter integer BoxWidth  = 9,
  parameter integer SmemWidth = 32,
  parameter integer RefMul    = 1
) (
  input wire [2:0]               rank_i,
  input wire [3:0]               elem_bytes_i,
  input wire [Rank*BoxWidth-1:0] box_i,
  input wire [SmemWidth-1:0]     smem_base_i
);

  localparam [3:0] TlOk          = 4'd0;
  localparam [3:0] TlErrBox      = 4'd5;
  localparam [3:0] TlErrAlign    = 4'd6;
  localparam [3:0] TlErrOverflow = 4'd10;

  wire [3:0] err;
  tilelens_box_check #(.Rank(Rank), .BoxWidth(BoxWidth), .SmemWidth(SmemWidth)) u_dut (
    .clk_i(1'b0), .rank_i(rank_i), .elem_bytes_i(elem_bytes_i), .box_i(box_i), .smem_base_i(smem_base_i),
    .err_o(err)
  );

  // ---- the reference (docs/tilelens.md, box rules 13-15)
  // wide enough for s * the product of Rank sizes and the base
  localparam integer W = Rank * BoxWidth + SmemWidth + 5;

  // RefMul = 0: the footprint in bytes formed as the RTL forms it (the
  // unused sizes as 1; the same Booth/Wallace trees and prefix adders on the
  // same operands, (box[0]*box[1]) * (box[2]*box[3]) * (box[4] << ls)), so
  // that opt_merge shares the multiplier tree and the proof covers
  // everything after it (props_mul checks the tree against the reference's
  // own product)
  wire [5*BoxWidth+2:0] bytes_shared;
  generate
    if (RefMul == 0 && Rank == 5) begin : gen_shared
      wire [BoxWidth-1:0] m0 = rank_i > 0 ? box_i[0*BoxWidth +: BoxWidth] : {{(BoxWidth-1){1'b0}}, 1'b1};
      wire [BoxWidth-1:0] m1 = rank_i > 1 ? box_i[1*BoxWidth +: BoxWidth] : {{(BoxWidth-1){1'b0}}, 1'b1};
      wire [BoxWidth-1:0] m2 = rank_i > 2 ? box_i[2*BoxWidth +: BoxWidth] : {{(BoxWidth-1){1'b0}}, 1'b1};
      wire [BoxWidth-1:0] m3 = rank_i > 3 ? box_i[3*BoxWidth +: BoxWidth] : {{(BoxWidth-1){1'b0}}, 1'b1};
      wire [BoxWidth-1:0] m4 = rank_i > 4 ? box_i[4*BoxWidth +: BoxWidth] : {{(BoxWidth-1){1'b0}}, 1'b1};
      // the RTL's tree: the same modules on the same operands
      localparam integer BW = BoxWidth;
      localparam integer PW = 5*BoxWidth + 3;
      wire [1:0]      ls  = elem_bytes_i[3] ? 2'd3 : elem_bytes_i[2] ? 2'd2 : elem_bytes_i[1] ? 2'd1 : 2'd0;
      wire [BW+2:0]   b4s = {3'b000, m4} << ls;
      wire [2*BW-1:0] s01, c01, s23, c23, p01, p23;
      wire [4*BW-1:0] s4, c4, p0123;
      wire [PW-1:0]   s5, c5, p5;
      wire            co01, co23, co0123, co5;
      tilelens_mul_tree #(.AWidth(BW+1), .BWidth(BW), .PWidth(2*BW)) u_m01 (.a_i({1'b0, m0}), .b_i(m1), .s_o(s01), .c_o(c01));
      tilelens_mul_tree #(.AWidth(BW+1), .BWidth(BW), .PWidth(2*BW)) u_m23 (.a_i({1'b0, m2}), .b_i(m3), .s_o(s23), .c_o(c23));
      tilelens_prefix_add #(.Width(2*BW)) u_a01 (.a_i(s01), .b_i(c01), .cin_i(1'b0), .sum_o(p01), .cout_o(co01));
      tilelens_prefix_add #(.Width(2*BW)) u_a23 (.a_i(s23), .b_i(c23), .cin_i(1'b0), .sum_o(p23), .cout_o(co23));
      tilelens_mul_tree #(.AWidth(2*BW+2), .BWidth(2*BW), .PWidth(4*BW)) u_m0123 (.a_i({2'b00, p01}), .b_i(p23), .s_o(s4), .c_o(c4));
      tilelens_prefix_add #(.Width(4*BW)) u_a0123 (.a_i(s4), .b_i(c4), .cin_i(1'b0), .sum_o(p0123), .cout_o(co0123));
      tilelens_mul_tree #(.AWidth(BW+5), .BWidth(4*BW), .PWidth(PW)) u_m5 (.a_i({2'b00, b4s}), .b_i(p0123), .s_o(s5), .c_o(c5));
      tilelens_prefix_add #(.Width(PW)) u_a5 (.a_i(s5), .b_i(c5), .cin_i(1'b0), .sum_o(p5), .cout_o(co5));
      assign bytes_shared = p5;
    end else begin : gen_own
      assign bytes_shared = {(5*BoxWidth+3){1'b0}};
    end
  endgenerate

  reg         rule13, rule14, rule15;
  reg [W-1:0] row_bytes, footprint, end_byte, limit;
  reg [3:0]   ref_err;
  integer d;
  always @* begin
    // rule 13: box[d] in 1..256 for every dimension of the view
    rule13 = 1'b0;
    for (d = 0; d < Rank; d = d + 1)
      if (d < rank_i)
        if (box_i[d*BoxWidth +: BoxWidth] < 1 || box_i[d*BoxWidth +: BoxWidth] > 256)
          rule13 = 1'b1;
    // rule 13: box[0] * s a multiple of 16 bytes
    row_bytes = box_i[0 +: BoxWidth] * elem_bytes_i;
    if (row_bytes % 16 != 0) rule13 = 1'b1;
    // rule 14: smem_base a multiple of 16
    rule14 = smem_base_i % 16 != 0;
    // rule 15: smem_base + box bytes <= 2^SmemWidth
    if (RefMul != 0) begin
      footprint = elem_bytes_i;
      for (d = 0; d < Rank; d = d + 1)
        if (d < rank_i) footprint = footprint * box_i[d*BoxWidth +: BoxWidth];
    end else begin
      footprint = bytes_shared;
    end
    end_byte = footprint + smem_base_i;
    limit    = 1;
    limit    = limit << SmemWidth;
    rule15   = end_byte > limit;
    // first broken rule
    if (rule13)      ref_err = TlErrBox;
    else if (rule14) ref_err = TlErrAlign;
    else if (rule15) ref_err = TlErrOverflow;
    else             ref_err = TlOk;
  end

  always @* begin
    assume (rank_i >= 1 && rank_i <= Rank);
    assume (elem_bytes_i == 4'd1 || elem_bytes_i == 4'd2 || elem_bytes_i == 4'd4 ||
            elem_bytes_i == 4'd8);
    assert (err == ref_err);                                                // X0
  end

  reg all_big, any_zero;
  integer k;
  always @* begin
    all_big  = 1'b1;
    any_zero = 1'b0;
    for (k = 0; k < Rank; k = k + 1) begin
      if (box_i[k*BoxWidth +: BoxWidth] < 2) all_big = 1'b0;
      if (k < rank_i && box_i[k*BoxWidth +: BoxWidth] == {BoxWidth{1'b0}}) any_zero = 1'b1;
    end
  end

`ifdef COVER
  always @* begin
    cover (err == TlOk && rank_i == Rank && all_big);                       // X1
    cover (err == TlErrBox && !any_zero && elem_bytes_i == 4'd2);           // X2
    cover (err == TlErrBox && any_zero && box_i[3:0] == 4'd0);              // X3
    cover (err == TlErrAlign);                                              // X4
    cover (err == TlErrOverflow && elem_bytes_i == 4'd1);                   // X5
  end
`endif

endmodule

`default_nettype wire
