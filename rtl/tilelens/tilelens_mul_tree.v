// tilelens_mul_tree - signed x unsigned multiplier up to its carry-save
// pair: radix-4 Booth partial products and a Wallace tree of 3:2 compressor
// rows (tilelens_csa_row), without the final carry-propagate add.
//
// Behaviour: combinational, s_o + c_o = $signed(a_i) * b_i (b_i unsigned)
// modulo 2^PWidth. No state. The caller adds the pair with one
// parallel-prefix adder (tilelens_prefix_add), in the same cycle or, as
// tilelens_split_sum_pipe and tilelens_base_sum_pipe do, one cut later.
// Partial products: digit j of the Booth recoding of a_i (a_i sign-extended
// to 2 * Digits bits, bits 2j+1, 2j, 2j-1, bit -1 = 0) is
//   d_j = -2 a[2j+1] + a[2j] + a[2j-1]  in {-2..2}
// and row j is d_j * b_i * 4^j as x_j = ({0, mag_j} ^ {neg_j}) plus neg_j,
// mag_j in {0, b, 2b} (BWidth+1 bits). Without sign extension: a signed
// XWidth-bit x (sign bit neg_j) equals {~neg_j, x[XWidth-2:0]} minus
// 2^(XWidth-1), so each row is XWidth bits wide at bit 2j, and the constant
// -sum_j 2^(XWidth-1+2j) (mod 2^PWidth) goes into one extra row together
// with the neg_j bits (at bits 2j; they do not overlap the constant when
// 2 * Digits - 2 < XWidth - 1, else they get a row of their own).
// Wallace tree: every level groups its rows by three into 3:2 rows
// (remainder rows pass through) until two rows are left; rows are PWidth
// bits wide, the constant zeros of the shifted rows are removed by
// synthesis. At 32 x 40 bits: 16 Booth rows + 1 row, 6 compressor levels.
// Twin: the products inside tl_split_sum_masked() (int64/int128
// multiplication in cmodel/src/tilelens/tilelens_split_sum.c).
//
// Parameters:
//   AWidth  bits of the signed multiplier a_i (>= 2)
//   BWidth  bits of the unsigned multiplicand b_i (>= 1)
//   PWidth  bits of the product pair (<= AWidth + BWidth + 1; the product
//           of AWidth x BWidth bits fits AWidth + BWidth signed bits)
`default_nettype none

module tilelens_mul_tree #(
  parameter integer AWidth = 32,
  parameter integer BWidth = 40,
  parameter integer PWidth = 72
) (
  input  wire [AWidth-1:0] a_i,
  input  wire [BWidth-1:0] b_i,
  output wire [PWidth-1:0] s_o,
  output wire [PWidth-1:0] c_o
);

  // rows left after lv levels of 3:2 compression, starting from n
  function integer rows_after(input integer n, input integer lv);
    integer k, r;
    begin
      r = n;
      for (k = 0; k < lv; k = k + 1) r = (r / 3) * 2 + (r % 3);
      rows_after = r;
    end
  endfunction

  function integer tree_levels(input integer n);
    integer lv;
    begin
      lv = 0;
      while (rows_after(n, lv) > 2) lv = lv + 1;
      tree_levels = lv;
    end
  endfunction

  // -sum_j 2^(xwidth-1+2j) modulo 2^256 (then cut to ExtW bits; ExtW <= 256)
  function [255:0] const_row(input integer digits, input integer xwidth);
    integer j;
    reg [255:0] k;
    begin
      k = 256'd0;
      for (j = 0; j < digits; j = j + 1) k = k - (256'd1 << (xwidth - 1 + 2 * j));
      const_row = k;
    end
  endfunction

  localparam integer Digits  = (AWidth + 1) / 2;
  localparam integer XWidth  = BWidth + 2;            // a Booth row, signed
  localparam integer NegOwn  = (2 * Digits - 2 < XWidth - 1) ? 0 : 1;
  localparam integer Rows0   = Digits + 1 + NegOwn;
  localparam integer Levels  = tree_levels(Rows0);
  localparam integer ExtW    = 2 * Digits + XWidth + 2;  // every row and PWidth fit (<= 256)


  localparam [255:0]      KAll = const_row(Digits, XWidth);
  localparam [ExtW-1:0]   KRow = KAll[ExtW-1:0];

  // ---- Booth partial products ----------------------------------------------
  wire signed [2*Digits-1:0] a_ext = $signed(a_i);      // sign-extended to the digits
  wire [2*Digits:0]          ae    = {a_ext, 1'b0};      // bit 0 is a[-1]
  // Every row is a net of its own (gen_r0[j].r, gen_lvl[l].gen_row[i].r)
  // rather than a slice of one wide vector: the same wires, but an
  // event-driven simulator (Icarus) then wakes only the compressor rows
  // that read a changed row (4,000 vectors of tilelens_base_sum_pipe:
  // 30.5 s with one wide vector per level, see docs/verification.md).
  wire [ExtW-1:0]         neg_bits;
  genvar j;
  generate
    for (j = 0; j < Digits; j = j + 1) begin : gen_pp
      wire b2  = ae[2*j+2];
      wire b1  = ae[2*j+1];
      wire b0  = ae[2*j];
      wire one = b1 ^ b0;
      wire two = (b2 & ~b1 & ~b0) | (~b2 & b1 & b0);
      wire neg = b2;
      wire [BWidth:0]   mag = ({1'b0, b_i} & {(BWidth+1){one}}) | ({b_i, 1'b0} & {(BWidth+1){two}});
      wire [XWidth-1:0] x   = {1'b0, mag} ^ {XWidth{neg}};
      wire [ExtW-1:0]   row = {{(ExtW-XWidth){1'b0}}, ~neg, x[XWidth-2:0]} << (2 * j);
      wire unused_row = ^{row, x[XWidth-1]};
      assign neg_bits[2*j]          = neg;
      if (j < Digits - 1) begin : gen_gap
        assign neg_bits[2*j+1] = 1'b0;
      end
    end
  endgenerate
  assign neg_bits[ExtW-1:2*Digits-1] = {(ExtW-2*Digits+1){1'b0}};
  wire [ExtW-1:0] k_neg = KRow | neg_bits;   // the constant row with the neg_j bits
  wire unused_k_neg = ^k_neg;
  generate
    for (j = 0; j < Rows0; j = j + 1) begin : gen_r0
      wire [PWidth-1:0] r;                   // row j of the tree's input
      if (j < Digits) begin : gen_booth
        assign r = gen_pp[j].row[PWidth-1:0];
      end else if (NegOwn == 0) begin : gen_neg_shared
        assign r = k_neg[PWidth-1:0];
      end else if (j == Digits) begin : gen_const
        assign r = KRow[PWidth-1:0];
      end else begin : gen_neg
        assign r = neg_bits[PWidth-1:0];
      end
    end
  endgenerate

  // ---- Wallace tree ----------------------------------------------------------
  // Level l takes the NIn rows of level l - 1 (gen_in[k].r), compresses
  // rows 3g, 3g + 1, 3g + 2 into output rows 2g (sum) and 2g + 1 (carry),
  // and passes its last NIn % 3 rows through as its last output rows.
  genvar l, g, i;
  generate
    for (l = 1; l <= Levels; l = l + 1) begin : gen_lvl
      localparam integer NIn  = rows_after(Rows0, l - 1);
      localparam integer NOut = rows_after(Rows0, l);
      localparam integer NGrp = NIn / 3;
      for (i = 0; i < NIn; i = i + 1) begin : gen_in
        wire [PWidth-1:0] r;
        if (l == 1) begin : gen_first
          assign r = gen_r0[i].r;
        end else begin : gen_next
          assign r = gen_lvl[l-1].gen_row[i].r;
        end
      end
      for (g = 0; g < NGrp; g = g + 1) begin : gen_grp
        wire [PWidth-1:0] s, c;
        tilelens_csa_row #(.Width(PWidth)) u_csa (
          .a_i (gen_in[3*g].r), .b_i (gen_in[3*g+1].r), .c_i (gen_in[3*g+2].r),
          .s_o (s), .c_o (c)
        );
      end
      for (i = 0; i < NOut; i = i + 1) begin : gen_row
        wire [PWidth-1:0] r;                 // row i of this level's output
        if (i >= 2 * NGrp) begin : gen_pass
          assign r = gen_in[3*NGrp + i - 2*NGrp].r;
        end else if (i % 2 == 0) begin : gen_sum
          assign r = gen_grp[i/2].s;
        end else begin : gen_carry
          assign r = gen_grp[i/2].c;
        end
      end
    end
    if (Levels == 0) begin : gen_flat
      assign s_o = gen_r0[0].r;
      assign c_o = gen_r0[1].r;
    end else begin : gen_out
      assign s_o = gen_lvl[Levels].gen_row[0].r;
      assign c_o = gen_lvl[Levels].gen_row[1].r;
    end
  endgenerate

endmodule

`default_nettype wire
