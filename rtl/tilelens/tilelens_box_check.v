// tilelens_box_check - the standard TMA rules of one box load (rules 13-15
// of docs/tilelens.md), the same for a plain TMA and for TileLens.
//
// Behaviour: combinational with Stages = 0. For a descriptor with a valid
// rank and element size s, in priority order:
//   TL_ERR_BOX       a box size of a dimension below rank_i outside 1..256,
//                    or box[0]*s not a multiple of 16 bytes;
//   TL_ERR_ALIGN     smem_base_i not a multiple of 16;
//   TL_ERR_OVERFLOW  smem_base_i + (product of the box sizes) * s > 2^32;
//   TL_OK            otherwise.
// No reset, no handshake: err_o follows the inputs, Stages clocks later
// (Stages = 0: at once, clk_i unused). The pipelined form is for a unit that
// holds the box for at least Stages clocks before it reads err_o
// (tilelens_tma_addr: the box's check); its cuts (plain flops loaded every
// clock, tilelens_pipe_reg), by Stages:
//   1  A after the two pair products box[0]*box[1] and box[2]*box[3]
//   2  + B after their product (carry-save)
//   3  + C after its add and the product with box[4] << ls (the footprint
//        in bytes, carry-save)
//   4  + D after the end address (a 3:2 row and an add), its comparison
//        and the error mux
// The box sizes are multiplied as a balanced tree at every Stages (the
// dimensions at or above rank_i count as 1).
// Twin: tl_box_shape_check() in cmodel/src/tilelens/tilelens_counter_cfg.c.
//
// Worked example: BF16 (s = 2), box (64, 2, 64), smem_base 0x100:
//   64*2 = 128 bytes per row, a multiple of 16; footprint 64*2*64*2 = 16 KB;
//   0x100 + 0x4000 <= 2^32: err_o = TL_OK. box[0] = 4 gives 8 bytes: TL_ERR_BOX.
//
// Parameters:
//   Rank       view dimensions (TL_MAX_RANK, 5)
//   BoxWidth   box size width (TL_BOX_BITS, 9)
//   SmemWidth  shared-memory address width (TL_SMEM_BITS, 32)
//   Stages     pipeline cuts, 0..4 (latency in clocks)
`default_nettype none

module tilelens_box_check #(
  parameter integer Rank      = 5,
  parameter integer BoxWidth  = 9,
  parameter integer SmemWidth = 32,
  parameter integer Stages    = 0
) (
  input  wire                     clk_i,        // Stages > 0 only
  input  wire [2:0]               rank_i,       // 1..Rank
  input  wire [3:0]               elem_bytes_i, // s: 1, 2, 4, 8
  input  wire [Rank*BoxWidth-1:0] box_i,        // box sizes, dim 0 lowest
  input  wire [SmemWidth-1:0]     smem_base_i,  // shared-memory destination
  output wire [3:0]               err_o         // TL_OK, TL_ERR_BOX, TL_ERR_ALIGN, TL_ERR_OVERFLOW
);

  `include "tilelens_status.vh"

  localparam integer ProdWidth = Rank * BoxWidth + 3;
  localparam integer W         = BoxWidth;
  localparam integer CtlWidth  = SmemWidth + 2;       // smem_base, box bad, smem misaligned

  wire [1:0] ls = elem_bytes_i[3] ? 2'd3 : elem_bytes_i[2] ? 2'd2 : elem_bytes_i[1] ? 2'd1 : 2'd0;

  // box sizes of the five dimensions: those below rank_i as given, the
  // others (and those above Rank) count as 1
  wire [5*W-1:0]  used_box;
  wire [Rank-1:0] range_bad;
  genvar d;
  generate
    for (d = 0; d < 5; d = d + 1) begin : gen_dim
      if (d < Rank) begin : gen_used
        wire    used = rank_i > d;
        wire [W-1:0] v = box_i[d*W +: W];
        assign used_box[d*W +: W] = used ? v : {{(W-1){1'b0}}, 1'b1};
        assign range_bad[d] = used && (v == {W{1'b0}} || v > 256);
      end else begin : gen_one
        assign used_box[d*W +: W] = {{(W-1){1'b0}}, 1'b1};
      end
    end
  endgenerate

  wire [3:0] row_lo   = box_i[3:0] << ls;   // box[0]*s mod 16
  wire [CtlWidth-1:0] ctl_d = {smem_base_i, (|range_bad) || (|row_lo), |smem_base_i[3:0]};

  // The products as carry-save trees (tilelens_mul_tree: radix-4 Booth rows,
  // 3:2 rows; an even Booth operand width) whose carry-propagate adds (tilelens_prefix_add) come one cut
  // later: a behavioural `*` ends in a carry chain that the flow's
  // area-oriented mapping leaves ripple-like (62-64 FO4 for 18 x 18 and
  // 36 x 9 bits). The sizes are unsigned: each tree's Booth operand gets a
  // 0 sign bit. s goes into the last product (box[4] << ls), so the last
  // pair sums to the footprint in bytes, exact modulo 2^ProdWidth.
  localparam integer PW = (ProdWidth < 5*W + 3) ? ProdWidth : 5*W + 3;   // 5W + 3 (Rank 5)
  wire [W+2:0] b4s = {3'b000, used_box[4*W +: W]} << ls;
  // ---- A: the two pair products (trees and their adds)
  wire [2*W-1:0] s01, c01, s23, c23, p01_d, p23_d;
  wire           co01, co23;
  tilelens_mul_tree #(.AWidth(W+1), .BWidth(W), .PWidth(2*W)) u_mul01 (
    .a_i({1'b0, used_box[0 +: W]}), .b_i(used_box[W +: W]), .s_o(s01), .c_o(c01)
  );
  tilelens_mul_tree #(.AWidth(W+1), .BWidth(W), .PWidth(2*W)) u_mul23 (
    .a_i({1'b0, used_box[2*W +: W]}), .b_i(used_box[3*W +: W]), .s_o(s23), .c_o(c23)
  );
  tilelens_prefix_add #(.Width(2*W)) u_add01 (.a_i(s01), .b_i(c01), .cin_i(1'b0), .sum_o(p01_d), .cout_o(co01));
  tilelens_prefix_add #(.Width(2*W)) u_add23 (.a_i(s23), .b_i(c23), .cin_i(1'b0), .sum_o(p23_d), .cout_o(co23));
  wire [2*W-1:0] p01, p23;
  wire [W+2:0]   b4a;
  wire [CtlWidth-1:0] ctl_a;
  tilelens_pipe_reg #(.Width(4*W + W+3 + CtlWidth), .Enable(Stages >= 1 ? 1 : 0)) u_cut_a (
    .clk_i(clk_i), .d_i({p01_d, p23_d, b4s, ctl_d}), .q_o({p01, p23, b4a, ctl_a})
  );
  // ---- B: their product (carry-save)
  wire [4*W-1:0] s4_d, c4_d;
  tilelens_mul_tree #(.AWidth(2*W+2), .BWidth(2*W), .PWidth(4*W)) u_mul0123 (
    .a_i({2'b00, p01}), .b_i(p23), .s_o(s4_d), .c_o(c4_d)
  );
  wire [4*W-1:0] s4, c4;
  wire [W+2:0]   b4b;
  wire [CtlWidth-1:0] ctl_b;
  tilelens_pipe_reg #(.Width(8*W + W+3 + CtlWidth), .Enable(Stages >= 2 ? 1 : 0)) u_cut_b (
    .clk_i(clk_i), .d_i({s4_d, c4_d, b4a, ctl_a}), .q_o({s4, c4, b4b, ctl_b})
  );
  // ---- C: the four-size product's add, the footprint in bytes (carry-save)
  wire [4*W-1:0] p0123;
  wire           co0123;
  tilelens_prefix_add #(.Width(4*W)) u_add0123 (.a_i(s4), .b_i(c4), .cin_i(1'b0), .sum_o(p0123), .cout_o(co0123));
  wire [PW-1:0] s5_d, c5_d;
  tilelens_mul_tree #(.AWidth(W+5), .BWidth(4*W), .PWidth(PW)) u_mul5 (
    .a_i({2'b00, b4b}), .b_i(p0123), .s_o(s5_d), .c_o(c5_d)
  );
  wire [PW-1:0] s5, c5;
  wire [CtlWidth-1:0] ctl_c;
  tilelens_pipe_reg #(.Width(2*PW + CtlWidth), .Enable(Stages >= 3 ? 1 : 0)) u_cut_c (
    .clk_i(clk_i), .d_i({s5_d, c5_d, ctl_b}), .q_o({s5, c5, ctl_c})
  );
  // ---- D: end address (the footprint's pair + smem_base, one 3:2 row and
  // one add), its comparison with 2^SmemWidth, the error
  wire [SmemWidth-1:0] smem_c = ctl_c[CtlWidth-1 -: SmemWidth];
  wire [PW-1:0]        e_s, e_c, e_sum;
  wire                 e_co;
  tilelens_csa_row #(.Width(PW)) u_end_row (
    .a_i(s5), .b_i(c5), .c_i({{(PW-SmemWidth){1'b0}}, smem_c}), .s_o(e_s), .c_o(e_c)
  );
  tilelens_prefix_add #(.Width(PW)) u_end_add (.a_i(e_s), .b_i(e_c), .cin_i(1'b0), .sum_o(e_sum), .cout_o(e_co));
  wire [ProdWidth:0]   end_addr = {{(ProdWidth+1-PW){1'b0}}, e_sum};
  wire [ProdWidth:0]   limit    = {{(ProdWidth-SmemWidth){1'b0}}, 1'b1, {SmemWidth{1'b0}}};

  wire [3:0] err_d = ctl_c[1]           ? TlErrBox :
                     ctl_c[0]           ? TlErrAlign :
                     (end_addr > limit) ? TlErrOverflow : TlOk;
  tilelens_pipe_reg #(.Width(4), .Enable(Stages >= 4 ? 1 : 0)) u_cut_d (
    .clk_i(clk_i), .d_i(err_d), .q_o(err_o)
  );

  // carries out of exact products (the sizes are below 2^W each)
  wire unused_co = ^{co01, co23, co0123, e_co};
  generate
    if (Stages == 0) begin : gen_comb
      wire unused_clk = clk_i;
    end
  endgenerate
  wire unused_bits = elem_bytes_i[0];

endmodule

`default_nettype wire
