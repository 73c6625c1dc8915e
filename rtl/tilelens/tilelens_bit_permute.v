// tilelens_bit_permute - case-2 offset permutation of TileLens (paper Fig. 12(c)).
//
// Behaviour: combinational. On the low MaxLog2Granule bits of x_i the three
// fields (sub | col | row), row least significant, become (col | sub | row);
// every bit above the fields passes unchanged. The field widths are inputs
// (case 2 of the counter reconfigurator: row = log2(u*s), col = lb,
// sub = log2(a/u)). A pure permutation network: two 16-bit shifters and a
// per-bit 3:1 select; no arithmetic on the address.
// Widths whose sum exceeds MaxLog2Granule describe no case-2 tile: the
// address then passes unchanged (the C model tl_bit_permute does the same).
// SelStage = 0: no state, no reset, no handshake: y_o follows the inputs.
// SelStage = 1: the field decode (which window bits take the sub field and
// which the col field, the bypass folded in: 2 x MaxLog2Granule flops) is
// registered every clock from the widths, so y_o follows x_i at once and
// the widths one clock later; for a unit whose widths are held while it
// permutes (tilelens_addr_gen: the nest of a box), where it takes the
// widths' adds and compares off the address's path. No reset (the flops
// follow the widths).
// Twin: tl_bit_permute() in cmodel/src/tilelens/tilelens_bit_permute.c.
//
// Worked example (paper, FP8, 32 x 32 box, 128 x 32 memory tile):
//   row_bits_i = 5, col_bits_i = 5, sub_bits_i = 2
//   x_i[11:0] = 10_11001_00111  (sub = 10, col = 11001, row = 00111)
//   y_o[11:0] = 11001_10_00111  (col, sub, row)
//
// Parameters:
//   AddrWidth        width of the address (TL_ADDR_BITS, 64)
//   MaxLog2Granule   bits the permutation can reach (TL_LOG2_GRANULE_MAX, 16)
//   FieldWidth       width of each field-width input (5: values 0..31)
//   SelStage         1: the field decode registered (above); 0: combinational
`default_nettype none

module tilelens_bit_permute #(
  parameter integer AddrWidth      = 64,
  parameter integer MaxLog2Granule = 16,
  parameter integer FieldWidth     = 5,
  parameter integer SelStage       = 0
) (
  input  wire                  clk_i,       // SelStage = 1 only
  input  wire [AddrWidth-1:0]  x_i,         // address before the permutation
  input  wire [FieldWidth-1:0] row_bits_i,  // width of the row field (lsbs)
  input  wire [FieldWidth-1:0] col_bits_i,  // width of the col field (middle)
  input  wire [FieldWidth-1:0] sub_bits_i,  // width of the sub field (top)
  output wire [AddrWidth-1:0]  y_o          // address after the permutation
);

  localparam integer Win = MaxLog2Granule;
  localparam integer SumWidth = FieldWidth + 2;

  wire [SumWidth-1:0] row_end = {2'b00, row_bits_i};
  wire [SumWidth-1:0] sub_end = row_end + {2'b00, sub_bits_i};
  wire [SumWidth-1:0] total   = sub_end + {2'b00, col_bits_i};
  wire                bypass  = total > Win[SumWidth-1:0];

  wire [Win-1:0] win   = x_i[Win-1:0];
  wire [Win-1:0] sh_dn = win >> col_bits_i;  // sub field down to row_end
  wire [Win-1:0] sh_up = win << sub_bits_i;  // col field up to sub_end

  // ---- the field decode: per window bit, sub or col field (neither: the
  // bit stays; bypass: every bit stays)
  wire [Win-1:0] sel_sub_d, sel_col_d;
  genvar k;
  generate
    for (k = 0; k < Win; k = k + 1) begin : gen_bit
      wire [SumWidth-1:0] kk = k;
      wire in_row = kk < row_end;
      wire in_sub = !in_row && (kk < sub_end);
      wire in_col = !in_row && !in_sub && (kk < total);
      assign sel_sub_d[k] = !bypass && in_sub;
      assign sel_col_d[k] = !bypass && in_col;
    end
  endgenerate
  wire [Win-1:0] sel_sub, sel_col;
  generate
    if (SelStage != 0) begin : gen_sel_reg
      reg [Win-1:0] sel_sub_q, sel_col_q;
      always @(posedge clk_i) begin
        sel_sub_q <= sel_sub_d;
        sel_col_q <= sel_col_d;
      end
      assign sel_sub = sel_sub_q;
      assign sel_col = sel_col_q;
    end else begin : gen_sel_comb
      assign sel_sub = sel_sub_d;
      assign sel_col = sel_col_d;
      wire unused_clk = clk_i;
    end
  endgenerate

  // ---- the datapath: a per-bit 3:1 select
  wire [Win-1:0] perm = (sel_sub & sh_dn) | (sel_col & sh_up) | (~(sel_sub | sel_col) & win);
  generate
    if (AddrWidth > Win) begin : gen_high
      assign y_o = {x_i[AddrWidth-1:Win], perm};
    end else begin : gen_win_only
      assign y_o = perm;
    end
  endgenerate

endmodule

`default_nettype wire
