// tilelens_split_sum_props - properties of tilelens_split_sum.
//
// A checker beside the RTL: it instantiates tilelens_split_sum and the
// baseline tilelens_base_sum on the same inputs and states
//   L1 base     linear mode (tile_major_i = 0): tile_base_o and err_o equal
//               tilelens_base_sum's, the plain sum of the products
//   R1 tb       tile_base_o equals a reference written differently from the
//               RTL: products by shift-and-add of the sign-extended
//               coordinate, row and column sums kept apart in wide signed
//               arithmetic, tile-major base col + (row << lb) (linear: col +
//               row), range checks by signed comparison against the int
//               limits (the C model tl_split_sum_masked step by step)
//   R2 err      err_o equals the reference status: TL_ERR_ROW_RANGE (tile-
//               major, a negative row coordinate or row >= L), else
//               TL_ERR_OVERFLOW (base outside signed AddrWidth), else TL_OK
//   R3 row      row_o is the row sum mod 2^StrideWidth, in every mode
//   L2 refbase  tilelens_base_sum equals the reference's linear value too
// Input domain (as documented in the RTL): log2_b_i <= MaxLog2Granule.
// With CheckRef = 0 only L1 is stated: the full-size proof, where the two
// blocks' identical product terms are merged by opt_merge before SAT.
`default_nettype none

module tilelens_split_sum_props #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer AddrWidth      = 64,
  parameter integer MaxLog2Granule = 16,
  parameter integer CheckRef       = 1,
  parameter integer RefMul         = 1
) (
  input wire [2:0]                  rank_i,
  input wire [Rank*CoordWidth-1:0]  coord_i,
  input wire [Rank*StrideWidth-1:0] stride_i,
  input wire [Rank-1:0]             row_mask_i,
  input wire [StrideWidth-1:0]      lead_stride_i,
  input wire [4:0]                  log2_b_i,
  input wire                        tile_major_i
);

  localparam [3:0] TlOk          = 4'd0;
  localparam [3:0] TlErrOverflow = 4'd10;
  localparam [3:0] TlErrRowRange = 4'd12;

  wire [AddrWidth-1:0]   tb, base_tb;
  wire [StrideWidth-1:0] row;
  wire [3:0]             err, base_err;

  tilelens_split_sum #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth),
    .AddrWidth(AddrWidth), .MaxLog2Granule(MaxLog2Granule)
  ) u_dut (
    .rank_i(rank_i), .coord_i(coord_i), .stride_i(stride_i), .row_mask_i(row_mask_i),
    .lead_stride_i(lead_stride_i), .log2_b_i(log2_b_i), .tile_major_i(tile_major_i),
    .tile_base_o(tb), .row_o(row), .err_o(err)
  );

  tilelens_base_sum #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .AddrWidth(AddrWidth)
  ) u_base (
    .rank_i(rank_i), .coord_i(coord_i), .stride_i(stride_i),
    .tile_base_o(base_tb), .err_o(base_err)
  );

  always @* begin
    assume (log2_b_i <= MaxLog2Granule);
    assert (tile_major_i || tb == base_tb);                        // L1
    assert (tile_major_i || err == base_err);                      // L1
  end

  generate
    if (CheckRef != 0) begin : gen_ref
      // wide enough for every exact intermediate: a product, the shift by
      // lb, the sum of Rank terms and a sign
      localparam integer W = CoordWidth + StrideWidth + MaxLog2Granule + 6;

      // product by shift-and-add: no multiplier operator
      function [W-1:0] mul_ref;
        input [CoordWidth-1:0]  c;
        input [StrideWidth-1:0] s;
        integer b;
        reg [W-1:0] ce;
        begin
          ce = {{(W-CoordWidth){c[CoordWidth-1]}}, c};
          mul_ref = {W{1'b0}};
          for (b = 0; b < StrideWidth; b = b + 1)
            if (s[b]) mul_ref = mul_ref + (ce << b);
        end
      endfunction

      // every product, unconditionally (no function call inside a branch):
      // RefMul = 1 by shift-and-add; RefMul = 0 with the product operator
      // on the same operands as the RTL, so that opt_merge shares the
      // multipliers and the proof covers everything after them
      wire [Rank*W-1:0] prod;
      genvar g;
      for (g = 0; g < Rank; g = g + 1) begin : gen_prod
        if (RefMul != 0) begin : gen_shift_add
          assign prod[g*W +: W] = mul_ref(coord_i[g*CoordWidth +: CoordWidth],
                                          stride_i[g*StrideWidth +: StrideWidth]);
        end else begin : gen_operator
          wire                   used = rank_i > g;
          wire [CoordWidth-1:0]  c    = used ? coord_i[g*CoordWidth +: CoordWidth] : {CoordWidth{1'b0}};
          wire [StrideWidth-1:0] s    = stride_i[g*StrideWidth +: StrideWidth];
          wire signed [CoordWidth+StrideWidth:0] p = $signed(c) * $signed({1'b0, s});
          assign prod[g*W +: W] = {{(W-CoordWidth-StrideWidth-1){p[CoordWidth+StrideWidth]}}, p};
        end
      end

      reg signed [W-1:0]  row_s, col_s, tbv;
      reg                 neg_row, row_range;
      integer d;
      localparam signed [W-1:0] IntMax = (({{(W-1){1'b0}}, 1'b1}) << (AddrWidth - 1)) - 1;
      localparam signed [W-1:0] IntMin = -(({{(W-1){1'b0}}, 1'b1}) << (AddrWidth - 1));
      always @* begin
        row_s   = {W{1'b0}};
        col_s   = {W{1'b0}};
        neg_row = 1'b0;
        for (d = 0; d < Rank; d = d + 1) begin
          row_s   = row_s + ((rank_i > d && (d == 0 || row_mask_i[d])) ? prod[d*W +: W] : {W{1'b0}});
          col_s   = col_s + ((rank_i > d && !(d == 0 || row_mask_i[d])) ? prod[d*W +: W] : {W{1'b0}});
          neg_row = neg_row | (rank_i > d && (d == 0 || row_mask_i[d]) &&
                               coord_i[d*CoordWidth + CoordWidth - 1]);
        end
        tbv       = tile_major_i ? col_s + (row_s <<< log2_b_i) : col_s + row_s;
        row_range = tile_major_i &&
                    (neg_row || row_s >= $signed({{(W-StrideWidth){1'b0}}, lead_stride_i}));
      end
      wire                 tb_ovf  = tbv > IntMax || tbv < IntMin;
      wire [3:0]           ref_err = row_range ? TlErrRowRange : tb_ovf ? TlErrOverflow : TlOk;
      wire [AddrWidth-1:0] ref_tb  = (row_range || tb_ovf) ? {AddrWidth{1'b0}} : tbv[AddrWidth-1:0];

      // the plain sum, for the baseline
      wire signed [W-1:0] lin = row_s + col_s;
      wire lin_ovf = lin > IntMax || lin < IntMin;

      always @* begin
        assert (tb == ref_tb);                                     // R1
        assert (err == ref_err);                                   // R2
        assert (row == row_s[StrideWidth-1:0]);                    // R3
        assert (base_err == (lin_ovf ? TlErrOverflow : TlOk));     // L2
        assert (base_tb == (lin_ovf ? {AddrWidth{1'b0}} : lin[AddrWidth-1:0]));  // L2
      end

`ifdef COVER
      always @* begin
        // tile-major with every part of Eq. 4 at work
        cover (tile_major_i && err == TlOk && log2_b_i != 0 && row_s > 0 && col_s != 0 && rank_i >= 3);
        // linear with a negative start
        cover (!tile_major_i && err == TlOk && col_s < 0 && row_s != 0);
        cover (tile_major_i && err == TlErrRowRange && !neg_row);  // row >= L
        cover (tile_major_i && err == TlErrRowRange && neg_row);   // negative row start
        cover (tile_major_i && err == TlErrOverflow);
        cover (!tile_major_i && err == TlErrOverflow && tbv < 0);
      end
`endif
    end
  endgenerate

endmodule

`default_nettype wire
