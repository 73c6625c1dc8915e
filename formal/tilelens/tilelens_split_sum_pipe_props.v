// tilelens_split_sum_pipe_props - the datapath of the pipelined tile-base
// units against the combinational ones.
//
// A checker beside the RTL: it instantiates tilelens_split_sum_pipe and
// tilelens_base_sum_pipe with Stages = 0 (every cut a wire: the same stage
// logic, carry-save trees, prefix adders, the folded Eq. 4 add and the
// prefix compare, without the flops) and valid_i = 1, beside
// tilelens_split_sum and tilelens_base_sum on the same inputs, and states
//   P1 split   tile_base_o, row_o and err_o equal tilelens_split_sum's
//   P2 base    tile_base_o and err_o equal tilelens_base_sum's
//   P3 valid   valid_o = valid_i = 1
// for every input (log2_b_i <= MaxLog2Granule, the RTL's input domain), with
// the multipliers of the pipelined units as Booth/Wallace trees (Booth = 1)
// or as `*` (Booth = 0, the form the products-as-inputs synthesis cuts). The
// flops of Stages > 0 are pure delays of these signals (no enable, the
// valid-gated output stage aside), checked cycle by cycle in lockstep
// (cosim-tilelens_split_sum_pipe, cosim-tilelens_base_sum_pipe).
`default_nettype none

module tilelens_split_sum_pipe_props #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer AddrWidth      = 64,
  parameter integer MaxLog2Granule = 16,
  parameter integer Booth          = 1
) (
  input wire                        clk_i,
  input wire [2:0]                  rank_i,
  input wire [Rank*CoordWidth-1:0]  coord_i,
  input wire [Rank*StrideWidth-1:0] stride_i,
  input wire [Rank-1:0]             row_mask_i,
  input wire [StrideWidth-1:0]      lead_stride_i,
  input wire [4:0]                  log2_b_i,
  input wire                        tile_major_i
);

  wire [AddrWidth-1:0]   tb, ptb, btb, pbtb;
  wire [StrideWidth-1:0] row, prow;
  wire [3:0]             err, perr, berr, pberr;
  wire                   pvalid, pbvalid;

  tilelens_split_sum #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth),
    .AddrWidth(AddrWidth), .MaxLog2Granule(MaxLog2Granule)
  ) u_comb (
    .rank_i(rank_i), .coord_i(coord_i), .stride_i(stride_i), .row_mask_i(row_mask_i),
    .lead_stride_i(lead_stride_i), .log2_b_i(log2_b_i), .tile_major_i(tile_major_i),
    .tile_base_o(tb), .row_o(row), .err_o(err)
  );

  tilelens_split_sum_pipe #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth),
    .AddrWidth(AddrWidth), .MaxLog2Granule(MaxLog2Granule), .Stages(0),
    .Booth(Booth)
  ) u_pipe (
    .clk_i(clk_i), .rst_ni(1'b1), .valid_i(1'b1),
    .rank_i(rank_i), .coord_i(coord_i), .stride_i(stride_i), .row_mask_i(row_mask_i),
    .lead_stride_i(lead_stride_i), .log2_b_i(log2_b_i), .tile_major_i(tile_major_i),
    .valid_o(pvalid), .tile_base_o(ptb), .row_o(prow), .err_o(perr)
  );

  tilelens_base_sum #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .AddrWidth(AddrWidth)
  ) u_base (
    .rank_i(rank_i), .coord_i(coord_i), .stride_i(stride_i),
    .tile_base_o(btb), .err_o(berr)
  );

  tilelens_base_sum_pipe #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .AddrWidth(AddrWidth),
    .Stages(0), .Booth(Booth)
  ) u_base_pipe (
    .clk_i(clk_i), .rst_ni(1'b1), .valid_i(1'b1),
    .rank_i(rank_i), .coord_i(coord_i), .stride_i(stride_i),
    .valid_o(pbvalid), .tile_base_o(pbtb), .err_o(pberr)
  );

  always @* begin
    assume (log2_b_i <= MaxLog2Granule);
    assert ({ptb, prow, perr} == {tb, row, err});   // P1
    assert ({pbtb, pberr} == {btb, berr});          // P2
    assert (pvalid && pbvalid);                     // P3
  end

endmodule

`default_nettype wire

// tilelens_split_sum_pipe_mul_props - stage 1's multiplier on its own:
//   P4 mul     s_o + c_o = $signed(a_i) * b_i (b_i unsigned) mod 2^PWidth
// for every input (the Booth rows, the constant and negate row, the
// Wallace levels).
`default_nettype none

module tilelens_split_sum_pipe_mul_props #(
  parameter integer AWidth = 8,
  parameter integer BWidth = 8
) (
  input wire              clk_i,
  input wire [AWidth-1:0] a_i,
  input wire [BWidth-1:0] b_i
);

  localparam integer PWidth = AWidth + BWidth;
  wire [PWidth-1:0] s, c;
  tilelens_mul_tree #(.AWidth(AWidth), .BWidth(BWidth), .PWidth(PWidth)) u_mul (
    .a_i(a_i), .b_i(b_i), .s_o(s), .c_o(c)
  );
  wire signed [PWidth:0] prod_ref = $signed(a_i) * $signed({1'b0, b_i});
  wire unused = ^{clk_i, prod_ref[PWidth]};

  always @* begin
    assert (s + c == prod_ref[PWidth-1:0]);   // P4
  end

endmodule

`default_nettype wire
