// tilelens_bit_permute_props - properties of tilelens_bit_permute.
//
// A checker beside the RTL: it instantiates the block (twice: forward and
// inverse) and states, for every input,
//   P1 ref      y equals the C model's formula tl_bit_permute(), written
//               with masks and shifts of whole fields (the RTL selects per bit)
//   P2 inverse  for a split whose fields fit the window (row+col+sub <= 16),
//               permuting y back with the col and sub widths exchanged gives x:
//               the map is injective, so a bijection of the 2^lg values
//   P3 window   bits at and above lg = row+col+sub leave unchanged: the
//               bijection acts on the low lg bits only
//   P4 identity sub = 0 (no case-2 split) gives y = x, whatever row and col
//   P5 bypass   widths summing above 16 describe no tile: y = x
// Covers: a genuine case-2 permutation (y != x), the paper's FP8 example
// (sub2|col5|row5, x[11:0] = 10_11001_00111 -> 11001_10_00111), and bypass.
// Sizes: the block's full size (AddrWidth 64, MaxLog2Granule 16, 5-bit
// width inputs: every width 0..31 is in the input space).
`default_nettype none

module tilelens_bit_permute_props #(
  parameter integer AddrWidth      = 64,
  parameter integer MaxLog2Granule = 16,
  parameter integer FieldWidth     = 5
) (
  input wire [AddrWidth-1:0]  x_i,
  input wire [FieldWidth-1:0] row_bits_i,
  input wire [FieldWidth-1:0] col_bits_i,
  input wire [FieldWidth-1:0] sub_bits_i
);

  wire [AddrWidth-1:0] y, x_back;

  tilelens_bit_permute #(
    .AddrWidth(AddrWidth), .MaxLog2Granule(MaxLog2Granule), .FieldWidth(FieldWidth)
  ) u_fwd (
    .clk_i(1'b0), .x_i(x_i), .row_bits_i(row_bits_i), .col_bits_i(col_bits_i), .sub_bits_i(sub_bits_i),
    .y_o(y)
  );

  // the inverse: (col | sub | row) with the col and sub widths exchanged
  tilelens_bit_permute #(
    .AddrWidth(AddrWidth), .MaxLog2Granule(MaxLog2Granule), .FieldWidth(FieldWidth)
  ) u_inv (
    .clk_i(1'b0), .x_i(y), .row_bits_i(row_bits_i), .col_bits_i(sub_bits_i), .sub_bits_i(col_bits_i),
    .y_o(x_back)
  );

  // ---- reference: tl_bit_permute() of cmodel/src/tilelens/tilelens_bit_permute.c
  localparam integer TW = FieldWidth + 2;
  wire [TW-1:0] total = {2'b00, row_bits_i} + {2'b00, col_bits_i} + {2'b00, sub_bits_i};
  wire          fits  = total <= MaxLog2Granule;

  wire [AddrWidth-1:0] ones     = {AddrWidth{1'b1}};
  wire [AddrWidth-1:0] row_fld  = x_i & ~(ones << row_bits_i);
  wire [AddrWidth-1:0] col_fld  = (x_i >> row_bits_i) & ~(ones << col_bits_i);
  wire [AddrWidth-1:0] sub_fld  = (x_i >> (row_bits_i + col_bits_i)) & ~(ones << sub_bits_i);
  wire [AddrWidth-1:0] high     = (x_i >> total) << total;
  wire [AddrWidth-1:0] ref_perm = high | (col_fld << (row_bits_i + sub_bits_i)) |
                                  (sub_fld << row_bits_i) | row_fld;
  wire [AddrWidth-1:0] ref_y    = (fits && total != 0) ? ref_perm : x_i;

  // bits at and above lg = total, for a split that fits
  wire [AddrWidth-1:0] above    = ones << total;

  always @* begin
    assert (y == ref_y);                                          // P1
    if (fits) begin
      assert (x_back == x_i);                                     // P2
      assert ((y & above) == (x_i & above));                      // P3
    end
    if (sub_bits_i == {FieldWidth{1'b0}}) begin
      assert (y == x_i);                                          // P4
    end
    if (!fits) begin
      assert (y == x_i);                                          // P5
    end
  end

`ifdef COVER
  always @* begin
    cover (fits && sub_bits_i != 0 && col_bits_i != 0 && y != x_i);
    cover (row_bits_i == 5 && col_bits_i == 5 && sub_bits_i == 2 &&
           x_i[11:0] == 12'b10_11001_00111 && y[11:0] == 12'b11001_10_00111);
    cover (!fits && x_i != 0);
  end
`endif

endmodule

`default_nettype wire
