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
// No state, no reset, no handshake: y_o follows the inputs.
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
`default_nettype none

module tilelens_bit_permute #(
  parameter integer AddrWidth      = 64,
  parameter integer MaxLog2Granule = 16,
  parameter integer FieldWidth     = 5
) (
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

  wire [Win-1:0] perm;
  genvar k;
  generate
    for (k = 0; k < Win; k = k + 1) begin : gen_bit
      wire [SumWidth-1:0] kk = k;
      wire in_row = kk < row_end;
      wire in_sub = !in_row && (kk < sub_end);
      wire in_col = !in_row && !in_sub && (kk < total);
      assign perm[k] = in_sub ? sh_dn[k] : (in_col ? sh_up[k] : win[k]);
    end
  endgenerate

  generate
    if (AddrWidth > Win) begin : gen_high
      assign y_o = {x_i[AddrWidth-1:Win], bypass ? win : perm};
    end else begin : gen_win_only
      assign y_o = bypass ? win : perm;
    end
  endgenerate

endmodule

`default_nettype wire
