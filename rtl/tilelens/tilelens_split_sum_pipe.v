// tilelens_split_sum_pipe - tilelens_split_sum as a fixed-latency pipeline
// (paper Fig. 11(b), Eq. 4; the paper budgets about 5-7 extra cycles per TMA
// load for the extension, tilelens.txt Section 6.2).
//
// Behaviour: the function of tilelens_split_sum (same inputs, same outputs,
// bit for bit), Stages clocks later. The request presented in cycle n (its
// inputs sampled at the rising edge that ends cycle n) appears on
// tile_base_o / row_o / err_o during cycle n + Stages; valid_o is valid_i
// delayed the same way. When valid_o is 0 the outputs are 0 (the output
// flops load zeros for a bubble), so after one clock with rst_ni low
// (active low, synchronous: it clears the valid bits) every output is
// defined. The inner data flops load on every clock (no enable, no reset).
// Stages = 0 is the combinational unit with the same zeroing (valid_o =
// valid_i, clk_i and rst_ni unused).
// Cuts, by Stages:
//   1   S1 output register (after the int64 range check, the error mux and
//       the zeroing of bubbles)
//   2   + C1 after the five products (products, row routing, the row
//       coordinate signs and the mode fields)
//   3   + C2 after the row and column sums (carry-save trees and their
//       parallel-prefix adders)
//   4   + C0 after the five Booth/Wallace trees (each product as its
//       carry-save pair, before its carry-propagate add)
//   5   + C3 after Eq. 4's add (the 76-bit tile base before its range check)
// Stage logic with Stages = 5 (the default; latency 5 clocks, within the
// paper's budget of about 5-7 extra cycles per TMA load):
//   stage 1  five signed CoordWidth x StrideWidth multipliers up to their
//            carry-save pairs: radix-4 Booth rows and a Wallace tree of 3:2
//            rows (tilelens_mul_tree; 17 rows, 6 levels at 32 x 40)
//   stage 2  the five ProdWidth-bit prefix adds (tilelens_prefix_add), row
//            routing, the row coordinate signs
//   stage 3  full-width sum of the five products (3 carry-save levels and one
//            SumWidth-bit prefix add), the StrideWidth+3-bit row sum, row-bad
//            ORs, the first two levels of the row << lb shifter
//   stage 4  row_sum >= L (the carry out of a prefix subtract), (row << lb) -
//            row folded into a 3:2 row with the total and one TbWidth-bit
//            prefix add
//   stage 5  int64 range, error mux, zeroing of bubbles
//   stage 6  (output flops only)
// With fewer stages the missing cuts are wires (Stages = 3 is the earlier
// three-cut pipeline with the structural multipliers).
// Csa = 0 writes the sums, the compare and the final add behaviourally (the
// form of tilelens_split_sum) to measure the carry-save trees and the
// structural prefix adders (tilelens_csa_sum, tilelens_prefix_add) against
// them.
// Twin: tl_split_sum_pipe_reset() / tl_split_sum_pipe_step()
// (cmodel/src/tilelens/tilelens_split_sum.c), which reuse
// tl_split_sum_masked(); combinational form: tilelens_split_sum; baseline:
// tilelens_base_sum_pipe with the same cuts.
//
// Parameters:
//   Rank, CoordWidth, StrideWidth, AddrWidth, MaxLog2Granule
//                   as tilelens_split_sum
//   Stages          pipeline registers, 0..5 (latency in clocks)
//   Csa             1: carry-save trees and prefix adders, 0: behavioural adds
//   Booth           1: the multipliers as tilelens_mul_tree (Booth rows, Wallace
//                   tree, the carry-save pair across C0); 0: `*` as in
//                   tilelens_split_sum (the product across C0 with a zero
//                   carry word): the products-as-inputs synthesis flow cuts
//                   `*` out to measure the stages after the multipliers
`default_nettype none

module tilelens_split_sum_pipe #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer AddrWidth      = 64,
  parameter integer MaxLog2Granule = 16,
  parameter integer Stages         = 5,
  parameter integer Csa            = 1,
  parameter integer Booth          = 1
) (
  input  wire                        clk_i,
  input  wire                        rst_ni,        // synchronous, clears the valid bits
  input  wire                        valid_i,       // a request this cycle
  input  wire [2:0]                  rank_i,        // as tilelens_split_sum
  input  wire [Rank*CoordWidth-1:0]  coord_i,
  input  wire [Rank*StrideWidth-1:0] stride_i,
  input  wire [Rank-1:0]             row_mask_i,
  input  wire [StrideWidth-1:0]      lead_stride_i,
  input  wire [4:0]                  log2_b_i,
  input  wire                        tile_major_i,
  output wire                        valid_o,       // valid_i, Stages clocks later
  output wire [AddrWidth-1:0]        tile_base_o,   // tilelens_split_sum's, Stages clocks later
  output wire [StrideWidth-1:0]      row_o,
  output wire [3:0]                  err_o
);

  `include "tilelens_status.vh"

  localparam integer ProdWidth  = CoordWidth + StrideWidth;
  localparam integer SumWidth   = (ProdWidth + 3 > AddrWidth) ? ProdWidth + 3 : AddrWidth;
  localparam integer RowWidth   = StrideWidth + 3;
  localparam integer ShiftWidth = StrideWidth + MaxLog2Granule;
  localparam integer TbWidth    = SumWidth + 1;
  localparam integer CutPp      = (Stages >= 4) ? 1 : 0;
  localparam integer CutMul     = (Stages >= 2) ? 1 : 0;
  localparam integer CutSum     = (Stages >= 3) ? 1 : 0;
  localparam integer CutAdd     = (Stages >= 5) ? 1 : 0;
  localparam integer CutOut     = (Stages >= 1) ? 1 : 0;
  localparam integer CtlWidth   = StrideWidth + 5 + 1;   // L, lb, mode

  wire out_en;   // the output stage loads a request (see the valid bits)

  // ---- stage 1: the multipliers up to their carry-save pairs ----------------
  wire [Rank*ProdWidth-1:0] pps_d, ppc_d;
  wire [Rank-1:0]           used_d;
  wire [Rank-1:0]           is_row_d, neg_row_d;
  genvar d;
  generate
    for (d = 0; d < Rank; d = d + 1) begin : gen_dim
      wire                   used   = rank_i > d;
      wire                   is_row = used && (d == 0 || row_mask_i[d]);
      // the product of an unused dimension is zeroed in stage 2 (used_q), not
      // its coordinate here: the rank compare stays off the multiplier path
      wire [CoordWidth-1:0]  coord  = coord_i[d*CoordWidth +: CoordWidth];
      wire [StrideWidth-1:0] strd   = stride_i[d*StrideWidth +: StrideWidth];
      if (Booth != 0) begin : gen_booth
        tilelens_mul_tree #(.AWidth(CoordWidth), .BWidth(StrideWidth), .PWidth(ProdWidth)) u_mul (
          .a_i (coord), .b_i (strd),
          .s_o (pps_d[d*ProdWidth +: ProdWidth]), .c_o (ppc_d[d*ProdWidth +: ProdWidth])
        );
      end else begin : gen_star
        wire signed [ProdWidth:0] prod = $signed(coord) * $signed({1'b0, strd});
        wire unused_top = prod[ProdWidth];
        assign pps_d[d*ProdWidth +: ProdWidth] = prod[ProdWidth-1:0];
        assign ppc_d[d*ProdWidth +: ProdWidth] = {ProdWidth{1'b0}};
      end
      assign used_d[d]    = used;
      assign is_row_d[d]  = is_row;
      assign neg_row_d[d] = is_row && coord[CoordWidth-1];
    end
  endgenerate

  wire [Rank*ProdWidth-1:0] pps, ppc;
  wire [Rank-1:0]           used_q, is_row1, neg_row1;
  wire [CtlWidth-1:0]       ctl0;
  tilelens_pipe_reg #(.Width(2*Rank*ProdWidth + 3*Rank + CtlWidth), .Enable(CutPp)) u_cut_pp (
    .clk_i (clk_i),
    .d_i   ({pps_d, ppc_d, used_d, is_row_d, neg_row_d, lead_stride_i, log2_b_i, tile_major_i}),
    .q_o   ({pps, ppc, used_q, is_row1, neg_row1, ctl0})
  );

  // ---- stage 2: the products' carry-propagate adds ---------------------------
  wire [Rank*ProdWidth-1:0] prod_d;
  tilelens_prod_add #(.Rank(Rank), .ProdWidth(ProdWidth), .Booth(Booth)) u_prod_add (
    .pps_i (pps), .ppc_i (ppc), .used_i (used_q), .prod_o (prod_d)
  );

  wire [Rank*ProdWidth-1:0] prod;
  wire [Rank-1:0]           is_row, neg_row;
  wire [CtlWidth-1:0]       ctl1;
  tilelens_pipe_reg #(.Width(Rank*ProdWidth + 2*Rank + CtlWidth), .Enable(CutMul)) u_cut_mul (
    .clk_i (clk_i),
    .d_i   ({prod_d, is_row1, neg_row1, ctl0}),
    .q_o   ({prod, is_row, neg_row, ctl1})
  );

  // ---- stage 3: the row and column sums ------------------------------------
  wire [Rank*SumWidth-1:0]    term;
  wire [Rank*RowWidth-1:0]    row_term;
  wire [Rank-1:0]             row_bad;
  generate
    for (d = 0; d < Rank; d = d + 1) begin : gen_term
      wire [ProdWidth-1:0] p = prod[d*ProdWidth +: ProdWidth];
      assign term[d*SumWidth +: SumWidth] = {{(SumWidth-ProdWidth){p[ProdWidth-1]}}, p};
      assign row_term[d*RowWidth +: RowWidth] =
        is_row[d] ? {3'b000, p[StrideWidth-1:0]} : {RowWidth{1'b0}};
      // a row product outside [0, 2^StrideWidth): negative, or high bits set
      assign row_bad[d] = neg_row[d] || (is_row[d] && (|p[ProdWidth-1:StrideWidth]));
    end
  endgenerate

  wire [SumWidth-1:0] total_d;
  wire [RowWidth-1:0] row_sum_d;
  tilelens_csa_sum #(.Terms(Rank), .Width(SumWidth), .Csa(Csa)) u_total (
    .terms_i (term), .sum_o (total_d)
  );
  tilelens_csa_sum #(.Terms(Rank), .Width(RowWidth), .Csa(Csa)) u_row_sum (
    .terms_i (row_term), .sum_o (row_sum_d)
  );

  // the row sum enters stage 4 twice: whole (the row output and the L
  // compare) and masked by the mode (the operand of Eq. 4's shift), so the
  // mode needs no fan-out into stage 4's adder
  // and the first two levels of that shift (by lb mod 4) happen here, where
  // the row sum (StrideWidth+3 bits) is ready before the full-width total
  wire [StrideWidth-1:0] row_tm_d  = ctl1[0] ? row_sum_d[StrideWidth-1:0] : {StrideWidth{1'b0}};
  wire [StrideWidth+2:0] row_tm4_d = {3'b000, row_tm_d} << ctl1[2:1];
  wire [SumWidth-1:0]    total;
  wire [RowWidth-1:0]    row_sum;
  wire [StrideWidth-1:0] row_tm;
  wire [StrideWidth+2:0] row_tm4;
  wire                   row_bad_any;
  wire [CtlWidth-1:0]    ctl2;
  tilelens_pipe_reg #(.Width(SumWidth + RowWidth + 2*StrideWidth + 3 + 1 + CtlWidth), .Enable(CutSum)) u_cut_sum (
    .clk_i (clk_i),
    .d_i   ({total_d, row_sum_d, row_tm_d, row_tm4_d, |row_bad, ctl1}),
    .q_o   ({total, row_sum, row_tm, row_tm4, row_bad_any, ctl2})
  );

  // ---- stage 4: Eq. 4's shift and add, the row compare -----------------------------
  wire [StrideWidth-1:0] lead_stride = ctl2[CtlWidth-1 -: StrideWidth];
  wire [4:0]             log2_b      = ctl2[5:1];
  wire                   tile_major  = ctl2[0];
  wire [StrideWidth-1:0] row     = row_sum[StrideWidth-1:0];
  // tb = total + ((row << lb) - row) in tile-major mode
  wire [TbWidth-1:0]     tb;
  wire                   row_ge_l;   // row_sum >= L
  generate
    if (Csa != 0) begin : gen_tb_csa
      // row_tm = tile-major ? row : 0, so total + (row_tm << lb) + ~row_tm + 1
      // is the tile-major base, and total itself in linear mode
      // the remaining levels: by 4 * (lb div 4); (row << lb) < 2^ShiftWidth
      wire [ShiftWidth+2:0] row_tm_shw = {{MaxLog2Granule{1'b0}}, row_tm4} << {log2_b[4:2], 2'b00};
      wire [ShiftWidth-1:0] row_tm_sh  = row_tm_shw[ShiftWidth-1:0];
      wire unused_shw = ^{row_tm_shw[ShiftWidth+2:ShiftWidth], log2_b[1:0]};
      wire [TbWidth-1:0] a = {total[SumWidth-1], total};
      wire [TbWidth-1:0] b = {{(TbWidth-ShiftWidth){1'b0}}, row_tm_sh};
      wire [TbWidth-1:0] c = ~{{(TbWidth-StrideWidth){1'b0}}, row_tm};
      wire [TbWidth-1:0] s, cy;
      tilelens_csa_row #(.Width(TbWidth)) u_csa (.a_i(a), .b_i(b), .c_i(c), .s_o(s), .c_o(cy));
      wire unused_tb_cout;
      tilelens_prefix_add #(.Width(TbWidth)) u_tb (
        .a_i(s), .b_i(cy), .cin_i(1'b1), .sum_o(tb), .cout_o(unused_tb_cout));
      // row_sum - L: the carry out is row_sum >= L
      wire [RowWidth-1:0] unused_diff;
      tilelens_prefix_add #(.Width(RowWidth)) u_cmp (
        .a_i(row_sum), .b_i(~{3'b000, lead_stride}), .cin_i(1'b1),
        .sum_o(unused_diff), .cout_o(row_ge_l));
    end else begin : gen_tb_add
      wire unused_tm = ^{row_tm, row_tm4};
      wire [ShiftWidth-1:0] row_sh = {{MaxLog2Granule{1'b0}}, row} << log2_b;
      wire [ShiftWidth-1:0] extra = row_sh - {{MaxLog2Granule{1'b0}}, row};
      assign tb = {total[SumWidth-1], total} +
                  (tile_major ? {{(TbWidth-ShiftWidth){1'b0}}, extra} : {TbWidth{1'b0}});
      assign row_ge_l = row_sum >= {3'b000, lead_stride};
    end
  endgenerate
  wire                   row_err_d = tile_major && (row_bad_any || row_ge_l);

  wire [TbWidth-1:0]     tb_q;
  wire [StrideWidth-1:0] row_q;
  wire                   row_err;
  tilelens_pipe_reg #(.Width(TbWidth + StrideWidth + 1), .Enable(CutAdd)) u_cut_add (
    .clk_i (clk_i),
    .d_i   ({tb, row, row_err_d}),
    .q_o   ({tb_q, row_q, row_err})
  );

  // ---- stage 5: the int64 range, the error mux -------------------------------
  wire                   ovf     = !(&tb_q[TbWidth-1:AddrWidth-1]) && (|tb_q[TbWidth-1:AddrWidth-1]);

  wire [3:0]           err_d  = row_err ? TlErrRowRange : (ovf ? TlErrOverflow : TlOk);
  wire [AddrWidth-1:0] base_d = (row_err || ovf) ? {AddrWidth{1'b0}} : tb_q[AddrWidth-1:0];

  tilelens_pipe_reg #(.Width(AddrWidth + StrideWidth + 4), .Enable(CutOut)) u_cut_out (
    .clk_i (clk_i),
    .d_i   (out_en ? {base_d, row_q, err_d} : {(AddrWidth + StrideWidth + 4){1'b0}}),
    .q_o   ({tile_base_o, row_o, err_o})
  );

  // ---- the valid bits ------------------------------------------------------
  // out_en: the valid bit that enters the output stage (valid_o's next value,
  // or valid_o itself when Stages = 0); the output flops load zeros without it.
  generate
    if (Stages > 0) begin : gen_valid
      reg [Stages-1:0] v;
      integer j;
      always @(posedge clk_i)
        for (j = 0; j < Stages; j = j + 1)
          v[j] <= rst_ni && (j == 0 ? valid_i : v[(j == 0) ? 0 : j - 1]);
      assign out_en  = rst_ni && ((Stages == 1) ? valid_i : v[(Stages >= 2) ? Stages - 2 : 0]);
      assign valid_o = v[Stages-1];
    end else begin : gen_comb
      wire unused_rst = rst_ni;
      assign out_en  = valid_i;
      assign valid_o = valid_i;
    end
  endgenerate

endmodule

`default_nettype wire
