// tilelens_base_addr_gen - baseline TMA address generator: the standard
// counter nest without TileLens remapping, for the overhead measurement.
//
// Behaviour: one counter level per view dimension 1..Rank-1 (count box[d],
// stride stride[d]; dimensions at or above rank_i count once), each step one
// run of box[0] elements along dimension 0.
//   Idle (busy_o = 0): start_ready_o = 1. A start handshake (start_valid_i)
//   loads the first step: address base_i + tile_base_i (tilelens_base_sum),
//   every index 0, destination smem_base_i. Descriptor and box inputs are read
//   every cycle and must stay stable from the start handshake until done_o.
//   Busy: per cycle one step. A step with a coordinate coord[d] + idx of a
//   dimension 1..rank-1 outside [0, dim), or whose run lies entirely outside
//   [0, dim[0]), is a bubble (no request, the nest advances). Otherwise
//   req_valid_o = 1 with the run clipped to [0, dim[0]): req_src_o =
//   address + clip*s, req_dst_o = destination + clip*s, req_bytes_o =
//   clipped elements * s; the nest advances on req_ready_i, request and
//   payload hold while it is low (valid never depends on ready). Advancing
//   (tilelens_nest_counter): the lowest level not at its last index steps
//   from its stored address by its stride, the levels below restart; the
//   destination grows by box[0]*s per step. After the last step busy_o falls and done_o is high
//   for one cycle. Payload outputs are meaningful only while req_valid_o is high.
// Reset: rst_ni low (asynchronous): idle, no request.
// Twin: tl_gen_begin() / tl_gen_next() on a linear descriptor; the TileLens
// version is tilelens_addr_gen.
//
// Worked example (paper Fig. 9, 2-D linear view, base 0x100000, box
// (128, 64) at (256, 64), smem 0x400): tile base 256 + 64*384 = 0x6100;
// request k: src 0x106100 + k*384, dst 0x400 + k*128, 128 bytes, k = 0..63.
//
// Parameters:
//   Rank         view dimensions (TL_MAX_RANK, 5); Rank - 1 levels
//   CoordWidth   coordinate width (TL_COORD_BITS, 32)
//   StrideWidth  stride width (TL_STRIDE_BITS, 40)
//   BoxWidth     box size width (TL_BOX_BITS, 9)
//   AddrWidth    global address width (TL_ADDR_BITS, 64)
//   SmemWidth    shared-memory address width (TL_SMEM_BITS, 32)
//   DimWidth     dimension size width (33: sizes 1..2^32)
`default_nettype none

module tilelens_base_addr_gen #(
  parameter integer Rank        = 5,
  parameter integer CoordWidth  = 32,
  parameter integer StrideWidth = 40,
  parameter integer BoxWidth    = 9,
  parameter integer AddrWidth   = 64,
  parameter integer SmemWidth   = 32,
  parameter integer DimWidth    = 33
) (
  input  wire                        clk_i,
  input  wire                        rst_ni,
  input  wire                        start_valid_i,
  output wire                        start_ready_o,
  input  wire [AddrWidth-1:0]        base_i,        // tensor base
  input  wire [AddrWidth-1:0]        tile_base_i,   // tilelens_base_sum
  input  wire [3:0]                  elem_bytes_i,  // s: 1, 2, 4, 8
  input  wire [2:0]                  rank_i,        // 1..Rank
  input  wire [Rank*CoordWidth-1:0]  coord_i,       // signed start coordinates
  input  wire [Rank*DimWidth-1:0]    dim_i,         // elements per dimension
  input  wire [Rank*BoxWidth-1:0]    box_i,         // box sizes 1..256
  input  wire [Rank*StrideWidth-1:0] stride_i,      // byte strides (slot 0 unused)
  input  wire [SmemWidth-1:0]        smem_base_i,   // shared-memory destination
  output wire                        req_valid_o,
  input  wire                        req_ready_i,
  output wire [AddrWidth-1:0]        req_src_o,
  output wire [SmemWidth-1:0]        req_dst_o,
  output wire [11:0]                 req_bytes_o,
  output wire                        busy_o,
  output wire                        done_o
);

  localparam integer Levels = Rank - 1;
  localparam integer IdxW   = BoxWidth - 1;

  // the counter nest (state: busy, done, indices, addresses, destination)
  wire [Levels*IdxW-1:0] idx_q;
  wire [Levels*IdxW-1:0] idx_nx;                    // unused: no index is registered ahead
  wire [AddrWidth-1:0]   addr_q;                    // address of the current step
  wire [SmemWidth-1:0]   dst_q;
  wire                   busy_q;

  wire [1:0] ls = elem_bytes_i[3] ? 2'd3 : elem_bytes_i[2] ? 2'd2 : elem_bytes_i[1] ? 2'd1 : 2'd0;
  wire [BoxWidth-1:0] u = box_i[BoxWidth-1:0];

  // ---- the counts, and the current step's offsets (level d - 1 steps
  // dimension d; dimension 0's run starts at coord[0] every step)
  wire [Levels*BoxWidth-1:0] count;
  wire [Rank*BoxWidth-1:0]   off;
  assign off[0 +: BoxWidth] = {BoxWidth{1'b0}};
  genvar d;
  generate
    for (d = 1; d < Rank; d = d + 1) begin : gen_dim
      wire used = rank_i > d;
      assign off[d*BoxWidth +: BoxWidth] = {1'b0, idx_q[(d-1)*IdxW +: IdxW]};
      assign count[(d-1)*BoxWidth +: BoxWidth] = used ? box_i[d*BoxWidth +: BoxWidth]
                                                      : {{(BoxWidth-1){1'b0}}, 1'b1};
    end
  endgenerate

  // ---- start: the request register must be empty too (it drains the
  // previous box's last step while the nest is already idle)
  wire occupied;
  wire take;
  wire start = start_valid_i && !occupied;
  wire nest_done;
  // the start address: a structural prefix adder (the flow's area-oriented
  // mapping makes a behavioural 64-bit add a ripple-like chain)
  wire [AddrWidth-1:0] start_addr;
  wire                 start_cout;
  tilelens_prefix_add #(.Width(AddrWidth)) u_start_add (
    .a_i(base_i), .b_i(tile_base_i), .cin_i(1'b0), .sum_o(start_addr), .cout_o(start_cout)
  );

  // ---- nest advance: a bubble, or a request the consumer accepts; level
  // d - 1 steps dimension d by stride[d] (no shift: MaxShift 0)
  wire [11:0] run_bytes = {3'b000, u} << ls;
  tilelens_nest_counter #(
    .Levels     (Levels),
    .CountWidth (BoxWidth),
    .StrideWidth(StrideWidth),
    .MaxShift   (0),
    .AddrWidth  (AddrWidth),
    .SmemWidth  (SmemWidth)
  ) u_nest (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .start_i     (start),
    .step_i      (take),
    .count_i     (count),
    .stride_i    (stride_i[Rank*StrideWidth-1:StrideWidth]),
    .shift_i     ({Levels*5{1'b0}}),
    .start_addr_i(start_addr),
    .start_dst_i (smem_base_i),
    .dst_step_i  (run_bytes),
    .idx_o       (idx_q),
    .idx_nx_o    (idx_nx),
    .addr_o      (addr_q),
    .dst_o       (dst_q),
    .busy_o      (busy_q),
    .done_o      (nest_done)
  );

  // ---- the request register (tilelens_req_stage): the step is registered
  // as a request or a bubble; the nest advances when the register takes it
  tilelens_req_stage #(
    .Rank      (Rank),
    .CoordWidth(CoordWidth),
    .BoxWidth  (BoxWidth),
    .AddrWidth (AddrWidth),
    .SmemWidth (SmemWidth),
    .DimWidth  (DimWidth)
  ) u_req (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .load_i      (start && !busy_q),
    .rank_i      (rank_i),
    .coord_i     (coord_i),
    .dim_i       (dim_i),
    .step_valid_i(busy_q),
    .off_i       (off),
    .run_elems_i (u),
    .log2_s_i    (ls),
    .src_i       (addr_q),
    .dst_i       (dst_q),
    .take_o      (take),
    .req_valid_o (req_valid_o),
    .req_ready_i (req_ready_i),
    .req_src_o   (req_src_o),
    .req_dst_o   (req_dst_o),
    .req_bytes_o (req_bytes_o),
    .occupied_o  (occupied),
    .done_o      (done_o)
  );
  assign start_ready_o = !busy_q && !occupied;
  assign busy_o        = busy_q || occupied;

  wire unused_bits = ^{start_cout, nest_done, idx_nx, elem_bytes_i[0], stride_i[StrideWidth-1:0], box_i[0 +: BoxWidth]};

endmodule

`default_nettype wire
