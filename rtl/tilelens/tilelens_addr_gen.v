// tilelens_addr_gen - TileLens address generator: steps the counter nest of
// tilelens_counter_cfg, one step per cycle, and issues one request
// {src, dst, bytes} per step that has data in bounds.
//
// Behaviour:
//   Idle (busy_o = 0): start_ready_o = 1. A start handshake (start_valid_i)
//   loads the nest's first step: address base_i + tile_base_i, every level
//   index 0, destination smem_base_i. The nest, box and descriptor inputs are
//   read every cycle and must stay stable from the start handshake until
//   done_o (the TMA's command register and descriptor cache hold them).
//   Busy: each cycle evaluates the current step. Its view coordinates are
//   coord[d] + sum over the levels k advancing d of idx[k] << weight[k] (the
//   nest's shape is fixed: level d advances dimension d, or level d + 1 after
//   the split level split_level_i, whose outer counter follows it); a
//   step with a coordinate of dimension 1..rank-1 outside [0, dim) or a run
//   [c0, c0 + run_elems) entirely outside [0, dim[0]) is a bubble: no
//   request, the nest advances anyway. Otherwise req_valid_o = 1 with the
//   run clipped to [0, dim[0]): req_src_o = permute(address) + clip*s,
//   req_dst_o = destination + clip*s, req_bytes_o = clipped elements * s,
//   where permute is tilelens_bit_permute with the case-2 widths (identity
//   otherwise). The nest advances on req_ready_i; request and payload hold
//   while req_ready_i is low (valid never depends on ready).
//   Advancing (tilelens_nest_counter): the lowest level whose index is not
//   at count-1 increments, every level below it restarts at 0; its address
//   is the stored address of that level plus its stride (stride_i << shift_i
//   of the level): one adder and one shifter serve every level. The
//   destination grows by run_bytes_i every step, bubbles included (box
//   order). After the last step busy_o falls and done_o is high for exactly
//   one cycle.
//   Payload outputs are meaningful only while req_valid_o is high.
// Reset: rst_ni low (asynchronous) makes the block idle: busy_o, done_o and
// req_valid_o low.
// Twin: tl_gen_begin() / tl_gen_next() in cmodel/src/tilelens/tilelens_addr_gen.c:
// one tl_gen_next() per cycle in which the request interface is not stalled;
// baseline: tilelens_base_addr_gen.
//
// Worked example (paper Fig. 9, 2-D view, tile-major, 128 x 32 FP8 tiles):
//   tile base 32768, level 1 = the split column dim: 32 steps of stride 128,
//   then level 2: 2 steps of L << 5 = 12288; base 0x100000, smem 0x400:
//   cycle 1: src 0x108000 dst 0x400 bytes 128; cycle 2: src 0x108080 dst 0x480;
//   ... request 33: src 0x108000 + 12288 = 0x10b000, dst 0x1400.
//
// Parameters:
//   Rank            view dimensions (TL_MAX_RANK, 5); Rank + 1 levels
//   CoordWidth      coordinate width (TL_COORD_BITS, 32)
//   StrideWidth     stride width (TL_STRIDE_BITS, 40)
//   BoxWidth        count width (TL_BOX_BITS, 9)
//   AddrWidth       global address width (TL_ADDR_BITS, 64)
//   SmemWidth       shared-memory address width (TL_SMEM_BITS, 32)
//   DimWidth        dimension size width (33: sizes 1..2^32)
//   MaxLog2Granule  largest lg (TL_LOG2_GRANULE_MAX, 16)
//   WidePieces      1: level 0 is a counter (the pieces of a box wider than
//                   the memory tile, u > a); 0: the paper's scope
//                   (tilelens_counter_cfg with WidePieces = 0): level 0 is
//                   always one step, count_i of level 0 must be 1 and its
//                   stride, shift and weight are ignored; the nest has
//                   levels 1..Rank only and dimension 0's offset is 0 (equal
//                   to WidePieces = 1 on every such input: proved in
//                   formal/tilelens/tilelens_addr_gen.ys, `pieces`)
`default_nettype none

module tilelens_addr_gen #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer BoxWidth       = 9,
  parameter integer AddrWidth      = 64,
  parameter integer SmemWidth      = 32,
  parameter integer DimWidth       = 33,
  parameter integer MaxLog2Granule = 16,
  parameter integer WidePieces     = 1
) (
  input  wire                            clk_i,
  input  wire                            rst_ni,
  // box start
  input  wire                            start_valid_i,
  output wire                            start_ready_o,
  // counter nest (tilelens_counter_cfg)
  input  wire [(Rank+1)*BoxWidth-1:0]    count_i,       // steps per level
  input  wire [(Rank+1)*StrideWidth-1:0] stride_i,      // bytes per step, before the shift
  input  wire [(Rank+1)*5-1:0]           shift_i,       // level stride is stride << shift
  input  wire [(Rank+1)*5-1:0]           log2_weight_i, // a level advances its dimension by 2^weight
  input  wire [2:0]                      split_level_i, // level of the split inner counter, or 0
  input  wire [BoxWidth-1:0]             run_elems_i,   // elements per step
  input  wire [11:0]                     run_bytes_i,   // bytes per step
  input  wire [4:0]                      perm_row_i,    // case-2 permutation widths
  input  wire [4:0]                      perm_col_i,
  input  wire [4:0]                      perm_sub_i,
  // descriptor and box
  input  wire [AddrWidth-1:0]            base_i,        // tensor base
  input  wire [AddrWidth-1:0]            tile_base_i,   // tilelens_split_sum
  input  wire [3:0]                      elem_bytes_i,  // s: 1, 2, 4, 8
  input  wire [2:0]                      rank_i,        // 1..Rank
  input  wire [Rank*CoordWidth-1:0]      coord_i,       // signed start coordinates
  input  wire [Rank*DimWidth-1:0]        dim_i,         // elements per dimension
  input  wire [SmemWidth-1:0]            smem_base_i,   // shared-memory destination
  // requests
  output wire                            req_valid_o,
  input  wire                            req_ready_i,
  output wire [AddrWidth-1:0]            req_src_o,
  output wire [SmemWidth-1:0]            req_dst_o,
  output wire [11:0]                     req_bytes_o,
  output wire                            busy_o,
  output wire                            done_o
);

  localparam integer Levels  = Rank + 1;
  localparam integer IdxW    = BoxWidth - 1;         // index 0..255

  // ---- the counter nest (state: busy, done, indices, addresses, destination)
  wire [Levels*IdxW-1:0] idx_q;
  wire [Levels*IdxW-1:0] idx_nx;                    // the nest's next indices
  wire [AddrWidth-1:0]   addr_q;                    // address of the current step
  wire [SmemWidth-1:0]   dst_q;
  wire                   busy_q;

  // ---- element size
  wire [1:0] ls = elem_bytes_i[3] ? 2'd3 : elem_bytes_i[2] ? 2'd2 : elem_bytes_i[1] ? 2'd1 : 2'd0;

  // ---- the current step's view coordinates and bounds
  // The nest of tilelens_counter_cfg has a fixed shape: level 0 advances
  // dimension 0 by idx << weight[0] (pieces of u > a, weight la); dimension
  // d >= 1 is advanced by level d, or by level d + 1 when it comes after the
  // split dimension sp (split_level_i); the split dimension's outer counter,
  // level sp + 1, adds idx << weight above its inner counter (below b/m), so
  // the two never overlap in bits. The weight of every other level is 0.
  wire [2:0] sp        = split_level_i;
  wire       has_split = sp != 3'd0;
  reg  [4:0]      w_outer;   // the one non-zero weight above level 0
  reg  [IdxW-1:0] idx_outer;
  integer i;
  always @* begin
    w_outer   = 5'd0;
    idx_outer = {IdxW{1'b0}};
    for (i = 1; i < Levels; i = i + 1) begin
      w_outer = w_outer | log2_weight_i[i*5 +: 5];
      if (has_split && sp + 3'd1 == i[2:0]) idx_outer = idx_q[i*IdxW +: IdxW];
    end
  end
  wire [BoxWidth-1:0] outer_off = {1'b0, idx_outer} << w_outer;
  wire [Rank*BoxWidth-1:0] off;
  genvar d;
  generate
    for (d = 0; d < Rank; d = d + 1) begin : gen_off
      if (d == 0 && WidePieces != 0) begin : gen_off0
        // level 0's offset from a register loaded from the nest's next
        // index (x_q = idx[0] << weight[0] at every step), so that the
        // clip of the request's run does not wait for this shifter
        reg [BoxWidth-1:0] x_q;
        always @(posedge clk_i) x_q <= {1'b0, idx_nx[0 +: IdxW]} << log2_weight_i[0 +: 5];
        assign off[0 +: BoxWidth] = x_q;
      end else if (d == 0) begin : gen_off0_one
        // no pieces: level 0 never steps, dimension 0 is never advanced
        assign off[0 +: BoxWidth] = {BoxWidth{1'b0}};
        wire unused_w0 = ^{log2_weight_i[0 +: 5], idx_nx[0 +: IdxW]};
      end else begin : gen_offn
        localparam integer Up = (d + 1 < Levels) ? d + 1 : d;
        wire          moved = has_split && (sp < d);
        wire [IdxW-1:0] own = moved ? idx_q[Up*IdxW +: IdxW] : idx_q[d*IdxW +: IdxW];
        assign off[d*BoxWidth +: BoxWidth] = {1'b0, own} | ((has_split && sp == d) ? outer_off : {BoxWidth{1'b0}});
      end
    end
    if (Rank == 1) begin : gen_no_split
      // rank 1 has no dimension to split: the outer offset has no reader
      wire unused_outer = ^outer_off;
    end
  endgenerate

  // ---- start: the request register must be empty too (it drains the
  // previous box's last step while the nest is already idle)
  wire occupied;
  wire take;
  wire start     = start_valid_i && !occupied;
  wire nest_done;
  // the start address: a structural prefix adder (the flow's area-oriented
  // mapping makes a behavioural 64-bit add a ripple-like chain)
  wire [AddrWidth-1:0] start_addr;
  wire                 start_cout;
  tilelens_prefix_add #(.Width(AddrWidth)) u_start_add (
    .a_i(base_i), .b_i(tile_base_i), .cin_i(1'b0), .sum_o(start_addr), .cout_o(start_cout)
  );
  // without pieces (WidePieces = 0) the nest has levels 1..Rank: level 0
  // (count 1) would be at its last index at every step, with the address
  // of level 1
  localparam integer Lo         = (WidePieces != 0) ? 0 : 1;  // first level counted
  localparam integer NestLevels = Levels - Lo;
  wire [NestLevels*IdxW-1:0] nest_idx, nest_idx_nx;
  tilelens_nest_counter #(
    .Levels     (NestLevels),
    .CountWidth (BoxWidth),
    .StrideWidth(StrideWidth),
    .MaxShift   (MaxLog2Granule),
    .AddrWidth  (AddrWidth),
    .SmemWidth  (SmemWidth)
  ) u_nest (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .start_i     (start),
    .step_i      (take),
    .count_i     (count_i[Lo*BoxWidth +: NestLevels*BoxWidth]),
    .stride_i    (stride_i[Lo*StrideWidth +: NestLevels*StrideWidth]),
    .shift_i     (shift_i[Lo*5 +: NestLevels*5]),
    .start_addr_i(start_addr),
    .start_dst_i (smem_base_i),
    .dst_step_i  (run_bytes_i),
    .idx_o       (nest_idx),
    .idx_nx_o    (nest_idx_nx),
    .addr_o      (addr_q),
    .dst_o       (dst_q),
    .busy_o      (busy_q),
    .done_o      (nest_done)
  );
  generate
    if (WidePieces != 0) begin : gen_level0
      assign idx_q  = nest_idx;
      assign idx_nx = nest_idx_nx;
    end else begin : gen_level0_one
      assign idx_q  = {nest_idx, {IdxW{1'b0}}};
      assign idx_nx = {nest_idx_nx, {IdxW{1'b0}}};
      wire unused_level0 = ^{count_i[0 +: BoxWidth], stride_i[0 +: StrideWidth], shift_i[0 +: 5]};
    end
  endgenerate

  // ---- request
  wire [AddrWidth-1:0] src_perm;
  // the field decode registered (SelStage): the widths are held from the
  // start until done_o, so the decode of the start cycle serves every step
  tilelens_bit_permute #(
    .AddrWidth     (AddrWidth),
    .MaxLog2Granule(MaxLog2Granule),
    .SelStage      (1)
  ) u_permute (
    .clk_i     (clk_i),
    .x_i       (addr_q),
    .row_bits_i(perm_row_i),
    .col_bits_i(perm_col_i),
    .sub_bits_i(perm_sub_i),
    .y_o       (src_perm)
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
    .run_elems_i (run_elems_i),
    .log2_s_i    (ls),
    .src_i       (src_perm),
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

  wire unused_bits = ^{start_cout, nest_done, elem_bytes_i[0], idx_nx[IdxW +: (Levels-1)*IdxW]};

endmodule

`default_nettype wire
