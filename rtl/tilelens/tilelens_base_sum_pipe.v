// tilelens_base_sum_pipe - the baseline tile base (tilelens_base_sum, paper
// Fig. 11(a)) as a fixed-latency pipeline with the cuts of
// tilelens_split_sum_pipe, so the area delta of the pipelined units compares
// like with like.
//
// Behaviour: the function of tilelens_base_sum, Stages clocks later; valid_o
// is valid_i delayed the same way; the outputs are 0 when valid_o is 0. The
// inner data flops load on every clock (no enable, no reset); rst_ni (active
// low, synchronous) clears the valid bits. Stages = 0 is the combinational
// unit with the same zeroing. Cuts, by Stages: 1 output register;
// 2 + after the five products; 3 + after the sum; 4 + after the five
// Booth/Wallace trees (the products as carry-save pairs); 5 + a register
// of the sum where tilelens_split_sum_pipe has Eq. 4's add (stage 4 is
// empty here, stage 5 the int64 range check and the zeroing mux). Stage 1
// is tilelens_mul_tree, stage 2 the products' prefix adds.
// Twin: tl_split_sum_pipe_step() on linear-mode inputs (row mask 1);
// combinational form: tilelens_base_sum.
//
// Parameters:
//   Rank, CoordWidth, StrideWidth, AddrWidth  as tilelens_base_sum
//   Stages  pipeline registers, 0..5 (latency in clocks)
//   Csa     1: carry-save tree and prefix adder, 0: chain of behavioural adds
//   Booth   1: multipliers as tilelens_mul_tree, 0: `*` (as tilelens_split_sum_pipe)
`default_nettype none

module tilelens_base_sum_pipe #(
  parameter integer Rank        = 5,
  parameter integer CoordWidth  = 32,
  parameter integer StrideWidth = 40,
  parameter integer AddrWidth   = 64,
  parameter integer Stages      = 5,
  parameter integer Csa         = 1,
  parameter integer Booth       = 1
) (
  input  wire                        clk_i,
  input  wire                        rst_ni,      // synchronous, clears the valid bits
  input  wire                        valid_i,     // a request this cycle
  input  wire [2:0]                  rank_i,      // as tilelens_base_sum
  input  wire [Rank*CoordWidth-1:0]  coord_i,
  input  wire [Rank*StrideWidth-1:0] stride_i,
  output wire                        valid_o,     // valid_i, Stages clocks later
  output wire [AddrWidth-1:0]        tile_base_o, // tilelens_base_sum's, Stages clocks later
  output wire [3:0]                  err_o
);

  `include "tilelens_status.vh"

  localparam integer ProdWidth = CoordWidth + StrideWidth;
  localparam integer SumWidth  = (ProdWidth + 3 > AddrWidth) ? ProdWidth + 3 : AddrWidth;
  localparam integer CutPp     = (Stages >= 4) ? 1 : 0;
  localparam integer CutMul    = (Stages >= 2) ? 1 : 0;
  localparam integer CutSum    = (Stages >= 3) ? 1 : 0;
  localparam integer CutAdd    = (Stages >= 5) ? 1 : 0;
  localparam integer CutOut    = (Stages >= 1) ? 1 : 0;

  wire out_en;   // the output stage loads a request (see the valid bits)

  // ---- stage 1: the multipliers up to their carry-save pairs ----------------
  wire [Rank*ProdWidth-1:0] pps_d, ppc_d;
  wire [Rank-1:0]           used_d;
  genvar d;
  generate
    for (d = 0; d < Rank; d = d + 1) begin : gen_dim
      wire                   used  = rank_i > d;
      // the product of an unused dimension is zeroed in stage 2 (used_q), not
      // its coordinate here: the rank compare stays off the multiplier path
      wire [CoordWidth-1:0]  coord = coord_i[d*CoordWidth +: CoordWidth];
      wire [StrideWidth-1:0] strd  = stride_i[d*StrideWidth +: StrideWidth];
      assign used_d[d] = used;
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
    end
  endgenerate

  wire [Rank*ProdWidth-1:0] pps, ppc;
  wire [Rank-1:0]           used_q;
  tilelens_pipe_reg #(.Width(2*Rank*ProdWidth + Rank), .Enable(CutPp)) u_cut_pp (
    .clk_i (clk_i), .d_i ({pps_d, ppc_d, used_d}), .q_o ({pps, ppc, used_q})
  );

  // ---- stage 2: the products' carry-propagate adds ---------------------------
  wire [Rank*ProdWidth-1:0] prod_d;
  tilelens_prod_add #(.Rank(Rank), .ProdWidth(ProdWidth), .Booth(Booth)) u_prod_add (
    .pps_i (pps), .ppc_i (ppc), .used_i (used_q), .prod_o (prod_d)
  );

  wire [Rank*ProdWidth-1:0] prod;
  tilelens_pipe_reg #(.Width(Rank*ProdWidth), .Enable(CutMul)) u_cut_mul (
    .clk_i (clk_i), .d_i (prod_d), .q_o (prod)
  );

  // ---- stage 3: the sum ------------------------------------------------------
  wire [Rank*SumWidth-1:0] term;
  generate
    for (d = 0; d < Rank; d = d + 1) begin : gen_term
      wire [ProdWidth-1:0] p = prod[d*ProdWidth +: ProdWidth];
      assign term[d*SumWidth +: SumWidth] = {{(SumWidth-ProdWidth){p[ProdWidth-1]}}, p};
    end
  endgenerate

  wire [SumWidth-1:0] total_d, total_s, total;
  tilelens_csa_sum #(.Terms(Rank), .Width(SumWidth), .Csa(Csa)) u_total (
    .terms_i (term), .sum_o (total_d)
  );
  tilelens_pipe_reg #(.Width(SumWidth), .Enable(CutSum)) u_cut_sum (
    .clk_i (clk_i), .d_i (total_d), .q_o (total_s)
  );

  // ---- stage 4: empty (Eq. 4's add in tilelens_split_sum_pipe) ---------------
  tilelens_pipe_reg #(.Width(SumWidth), .Enable(CutAdd)) u_cut_add (
    .clk_i (clk_i), .d_i (total_s), .q_o (total)
  );

  // ---- stage 5: the int64 range ----------------------------------------------
  wire ovf = !(&total[SumWidth-1:AddrWidth-1]) && (|total[SumWidth-1:AddrWidth-1]);
  wire [3:0]           err_d  = ovf ? TlErrOverflow : TlOk;
  wire [AddrWidth-1:0] base_d = ovf ? {AddrWidth{1'b0}} : total[AddrWidth-1:0];
  tilelens_pipe_reg #(.Width(AddrWidth + 4), .Enable(CutOut)) u_cut_out (
    .clk_i (clk_i), .d_i (out_en ? {base_d, err_d} : {(AddrWidth + 4){1'b0}}), .q_o ({tile_base_o, err_o})
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
