// tilelens_box_check_props - cover checker of tilelens_box_check.
//
// The block's formal proof is RTL == mapped netlist (tilelens_box_check.ys).
// This checker instantiates the block and covers (COVER) each status, so
// that the equivalence is not shown on a corner of the input space only:
//   X1 TL_OK with every dimension of a rank-5 box above 1
//   X2 TL_ERR_BOX by the row rule (box[0]*s not a multiple of 16)
//   X3 TL_ERR_BOX by the range rule (a size 0)
//   X4 TL_ERR_ALIGN
//   X5 TL_ERR_OVERFLOW
// Size: set by the script (that of the equivalence proof).
`default_nettype none

module tilelens_box_check_props #(
  parameter integer Rank      = 5,
  parameter integer BoxWidth  = 9,
  parameter integer SmemWidth = 32
) (
  input wire [2:0]               rank_i,
  input wire [3:0]               elem_bytes_i,
  input wire [Rank*BoxWidth-1:0] box_i,
  input wire [SmemWidth-1:0]     smem_base_i
);

  localparam [3:0] TlOk          = 4'd0;
  localparam [3:0] TlErrBox      = 4'd5;
  localparam [3:0] TlErrAlign    = 4'd6;
  localparam [3:0] TlErrOverflow = 4'd10;

  wire [3:0] err;
  tilelens_box_check #(.Rank(Rank), .BoxWidth(BoxWidth), .SmemWidth(SmemWidth)) u_dut (
    .rank_i(rank_i), .elem_bytes_i(elem_bytes_i), .box_i(box_i), .smem_base_i(smem_base_i),
    .err_o(err)
  );

  reg all_big, any_zero;
  integer k;
  always @* begin
    all_big  = 1'b1;
    any_zero = 1'b0;
    for (k = 0; k < Rank; k = k + 1) begin
      if (box_i[k*BoxWidth +: BoxWidth] < 2) all_big = 1'b0;
      if (k < rank_i && box_i[k*BoxWidth +: BoxWidth] == {BoxWidth{1'b0}}) any_zero = 1'b1;
    end
  end

`ifdef COVER
  always @* begin
    cover (err == TlOk && rank_i == Rank && all_big);                       // X1
    cover (err == TlErrBox && !any_zero && elem_bytes_i == 4'd2);           // X2
    cover (err == TlErrBox && any_zero && box_i[3:0] == 4'd0);              // X3
    cover (err == TlErrAlign);                                              // X4
    cover (err == TlErrOverflow && elem_bytes_i == 4'd1);                   // X5
  end
`endif

endmodule

`default_nettype wire
