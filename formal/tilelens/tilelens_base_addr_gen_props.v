// tilelens_base_addr_gen_props - cover checker of tilelens_base_addr_gen.
//
// The block's formal proof is RTL == mapped netlist
// (tilelens_base_addr_gen.ys). This checker instantiates the block and
// covers (COVER) its behaviour, so that the equivalence is not shown on a
// corner of the reachable behaviour only:
//   Z1 a bubble step (busy, no request) after the first step
//   Z2 a request whose run is clipped (fewer bytes than box[0] * s)
//   Z3 a request stalled by req_ready_i low
//   Z4 done_o after a box of more than two steps
// Size: set by the script (small widths, boxes of a few steps).
`default_nettype none

module tilelens_base_addr_gen_props #(
  parameter integer Rank        = 5,
  parameter integer CoordWidth  = 32,
  parameter integer StrideWidth = 40,
  parameter integer BoxWidth    = 9,
  parameter integer AddrWidth   = 64,
  parameter integer SmemWidth   = 32,
  parameter integer DimWidth    = 33
) (
  input wire                        clk_i,
  input wire                        rst_ni,
  input wire                        start_valid_i,
  input wire [AddrWidth-1:0]        base_i,
  input wire [AddrWidth-1:0]        tile_base_i,
  input wire [3:0]                  elem_bytes_i,
  input wire [2:0]                  rank_i,
  input wire [Rank*CoordWidth-1:0]  coord_i,
  input wire [Rank*DimWidth-1:0]    dim_i,
  input wire [Rank*BoxWidth-1:0]    box_i,
  input wire [Rank*StrideWidth-1:0] stride_i,
  input wire [SmemWidth-1:0]        smem_base_i,
  input wire                        req_ready_i
);

  localparam integer InW = 2*AddrWidth + 4 + 3 + Rank*CoordWidth + Rank*DimWidth +
                           Rank*BoxWidth + Rank*StrideWidth + SmemWidth;

  wire                 start_ready, req_valid, busy, done;
  wire [AddrWidth-1:0] req_src;
  wire [SmemWidth-1:0] req_dst;
  wire [11:0]          req_bytes;

  tilelens_base_addr_gen #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .BoxWidth(BoxWidth),
    .AddrWidth(AddrWidth), .SmemWidth(SmemWidth), .DimWidth(DimWidth)
  ) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_valid_i(start_valid_i), .start_ready_o(start_ready),
    .base_i(base_i), .tile_base_i(tile_base_i), .elem_bytes_i(elem_bytes_i), .rank_i(rank_i),
    .coord_i(coord_i), .dim_i(dim_i), .box_i(box_i), .stride_i(stride_i),
    .smem_base_i(smem_base_i), .req_valid_o(req_valid), .req_ready_i(req_ready_i),
    .req_src_o(req_src), .req_dst_o(req_dst), .req_bytes_o(req_bytes), .busy_o(busy),
    .done_o(done)
  );

  // documented use: inputs stable while busy, element size 1, 2, 4 or 8
  wire [InW-1:0] in_now = {base_i, tile_base_i, elem_bytes_i, rank_i, coord_i, dim_i, box_i,
                           stride_i, smem_base_i};
  reg  [InW-1:0] in_past;
  always @(posedge clk_i) in_past <= in_now;
  always @* begin
    assume (elem_bytes_i == 4'd1 || elem_bytes_i == 4'd2 || elem_bytes_i == 4'd4 ||
            elem_bytes_i == 4'd8);
    if (busy) begin
      assume (in_now == in_past);
    end
  end

  // busy cycles of the current (or last) box
  reg [3:0] nbusy;
  initial nbusy = 4'd0;
  always @(posedge clk_i)
    nbusy <= (!rst_ni || (!busy && start_valid_i)) ? 4'd0 :
             (!busy || nbusy == 4'd15) ? nbusy : nbusy + 4'd1;
  wire [11:0] run_bytes = {3'b000, box_i[BoxWidth-1:0]} << (elem_bytes_i[3] ? 2'd3 :
                          elem_bytes_i[2] ? 2'd2 : elem_bytes_i[1] ? 2'd1 : 2'd0);

`ifdef COVER
  always @* begin
    if (rst_ni) begin
      cover (busy && !req_valid && nbusy != 4'd0);                          // Z1
      cover (req_valid && req_bytes != 12'd0 && req_bytes < run_bytes);      // Z2
      cover (req_valid && !req_ready_i && nbusy != 4'd0);                    // Z3
      cover (done && nbusy > 4'd2);                                          // Z4
    end
  end
`endif

  wire unused_bits = ^{start_ready, req_src, req_dst};

endmodule

`default_nettype wire
