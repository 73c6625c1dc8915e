// tilelens_prod_add - the carry-propagate adds of Rank products held as
// carry-save pairs (stage 2 of both tile-base pipelines), with the product
// of an unused dimension zeroed.
//
// Behaviour: combinational. prod_o[d] = used_i[d] ? pps_i[d] + ppc_i[d] : 0,
// modulo 2^ProdWidth. With Booth = 0 the multipliers gave whole products
// (`*`, the carry words are zero and ignored): prod_o[d] = used_i[d] ?
// pps_i[d] : 0. The mask is applied before the add, so the rank compare
// stays off the multiplier path.
// Twin: the products inside tl_split_sum_masked() / the plain sum.
//
// Parameters:
//   Rank       products
//   ProdWidth  bits per product
//   Booth      1: carry-save pairs from tilelens_mul_tree; 0: whole products
`default_nettype none
module tilelens_prod_add #(
  parameter integer Rank      = 5,
  parameter integer ProdWidth = 72,
  parameter integer Booth     = 1
) (
  input  wire [Rank*ProdWidth-1:0] pps_i,
  input  wire [Rank*ProdWidth-1:0] ppc_i,
  input  wire [Rank-1:0]           used_i,
  output wire [Rank*ProdWidth-1:0] prod_o
);
  genvar d;
  generate
    if (Booth != 0) begin : gen_cpas
      for (d = 0; d < Rank; d = d + 1) begin : gen_cpa
        wire unused_cout;
        wire [ProdWidth-1:0] m = {ProdWidth{used_i[d]}};
        tilelens_prefix_add #(.Width(ProdWidth)) u_cpa (
          .a_i (pps_i[d*ProdWidth +: ProdWidth] & m), .b_i (ppc_i[d*ProdWidth +: ProdWidth] & m), .cin_i (1'b0),
          .sum_o (prod_o[d*ProdWidth +: ProdWidth]), .cout_o (unused_cout)
        );
      end
    end else begin : gen_no_cpa
      wire unused_ppc = ^ppc_i;
      for (d = 0; d < Rank; d = d + 1) begin : gen_mask
        assign prod_o[d*ProdWidth +: ProdWidth] = pps_i[d*ProdWidth +: ProdWidth] & {ProdWidth{used_i[d]}};
      end
    end
  endgenerate
endmodule
`default_nettype wire
