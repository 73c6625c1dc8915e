// tilelens_base_addr_gen_props - properties and covers of
// tilelens_base_addr_gen.
//
// A checker beside the RTL: it instantiates the generator and keeps its own
// model of the standard TMA nest as nested loops, dimension 1 innermost
// (shadow indices stepped as a mixed-radix counter: the innermost index
// counts to box[1] - 1, then wraps and carries into the next), and computes
// each request from the spec, not from the RTL's datapath:
//   c[d] = coord[d] + idx[d] (d >= 1), c[0] = coord[0]
//   the step's run [c[0], c[0] + box[0]) clipped to [0, dim[0]) = [lo, hi);
//   a bubble when a c[d] (1 <= d < rank) lies outside [0, dim[d]) or the
//   clipped run is empty
//   src   = base + tile_base + sum over 1 <= d < rank of idx[d] * stride[d]
//           + (lo - c[0]) * s: the byte address of the run's first element
//           (tile_base_i is the start's offset, the sum of coord[d] *
//           stride[d] that tilelens_base_sum forms; the closed sum of index
//           times stride, where the RTL adds one stride per step)
//   dst   = smem_base + n * box[0] * s + (lo - c[0]) * s, n the number of
//           steps before this one (the box order)
//   bytes = (hi - lo) * s
// The shadow nest presents one step per cycle to a shadow request register
// (ex_*), which takes it whenever it does not hold a request waiting for
// req_ready_i: a step's request is offered one cycle after its step.
// For every input sequence within the domain below, from the reset state:
//   A1 handshake busy_o and done_o equal the shadow's (busy from the cycle
//               after a start handshake until the register has drained the
//               last step, done_o the one cycle after it, never while
//               busy); start_ready_o = !busy_o
//   A2 valid    req_valid_o is high exactly in the cycles after the steps
//               that are not bubbles (taken by the register)
//   A3 payload  req_src_o, req_dst_o and req_bytes_o equal the reference of
//               the step the register took
//   A4 advance  the nest moves on only by a handshake (req_valid_o and
//               req_ready_i) or a bubble: a stalled request is still valid
//               in the next cycle with the same payload, so no request is
//               lost or repeated; each index tuple is stepped exactly once
//   A5 count    the number of steps from the start handshake to done_o is
//               the product of the used box sizes box[1] * ... *
//               box[rank-1], and without stalls done_o comes exactly that
//               many cycles (+2) after the handshake
//   A6 inv      inductive strengthening: the RTL's index registers equal
//               the shadow indices, each level's stored address equals base
//               + tile_base + the sum of idx[j] * stride[j] over the levels
//               j at or above it, the destination register equals smem_base
//               + n * box[0] * s, the step counter equals the mixed-radix
//               value of the indices
//   A7 inv      the nest's registered last-index flags (u_nest.last_q,
//               connected as dut_last_q) equal idx == count - 1 of every
//               level while busy
//   A8 inv     the nest's busy flag equals the shadow's, the request
//               register's occupancy the shadow register's, and while busy
//               the box's registered bounds (u_req) equal their values from
//               the held inputs
// Input domain (assumed): inputs stable while busy (the documented use);
// s in {1, 2, 4, 8}; rank 1..Rank; used dim 1..2^CoordWidth; used box
// sizes 1..2^(BoxWidth-1).
// The RTL's index, address and destination registers are read through the
// wires dut_* of this module, which the proof script connects to them.
// Covers (COVER):
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

  localparam integer Levels = Rank - 1;
  localparam integer IdxW   = BoxWidth - 1;
  localparam integer W      = CoordWidth + BoxWidth + 4;   // signed coordinates, exact
  localparam integer NW     = Levels * IdxW + 2;           // step counts, exact
  localparam integer InW = 2*AddrWidth + 4 + 3 + Rank*CoordWidth + Rank*DimWidth +
                           Rank*BoxWidth + Rank*StrideWidth + SmemWidth;

  // the RTL's state registers: left undriven here, connected by the proof
  // script (connect -set) after flattening
  wire [Levels*IdxW-1:0]      dut_idx_q;
  wire [Levels*AddrWidth-1:0] dut_addr_q;
  wire [SmemWidth-1:0]        dut_dst_q;
  wire [Levels-1:0]           dut_last_q;   // the nest's registered last-index flags
  wire [Levels*BoxWidth-1:0]  dut_count;    // the nest's counts
  integer li;
  // the request stage's state (tilelens_req_stage): nest busy, register
  // occupied, and its bounds registers beside their values from the inputs
  wire                                  dut_nest_busy;
  wire                                  dut_occ;
  wire [Rank*(BoxWidth+1)-1:0]          dut_lo_q, dut_lo_d, dut_hi_q, dut_hi_d;
  wire [BoxWidth+1:0]                   dut_q_q, dut_q_d, dut_r_q, dut_r_d;

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

  // ---- input domain
  wire [InW-1:0] in_now = {base_i, tile_base_i, elem_bytes_i, rank_i, coord_i, dim_i, box_i,
                           stride_i, smem_base_i};
  reg  [InW-1:0] in_past;
  always @(posedge clk_i) in_past <= in_now;

  reg dom_ok;
  integer k, d;
  always @* begin
    dom_ok = (elem_bytes_i == 4'd1 || elem_bytes_i == 4'd2 || elem_bytes_i == 4'd4 ||
              elem_bytes_i == 4'd8) && rank_i >= 3'd1 && rank_i <= Rank;
    for (d = 0; d < Rank; d = d + 1)
      if (rank_i > d) begin
        if (dim_i[d*DimWidth +: DimWidth] == {DimWidth{1'b0}} ||
            dim_i[d*DimWidth +: DimWidth] > (1 << CoordWidth)) dom_ok = 1'b0;
        if (box_i[d*BoxWidth +: BoxWidth] == {BoxWidth{1'b0}} ||
            box_i[d*BoxWidth +: BoxWidth] > (1 << IdxW)) dom_ok = 1'b0;
      end
    if (box_i[0 +: BoxWidth] == {BoxWidth{1'b0}}) dom_ok = 1'b0;
  end

  always @* begin
    assume (dom_ok);
    if (busy) begin
      assume (in_now == in_past);
    end
  end

  // ---- the shadow nest: sh_idx[k] is the index of dimension k + 1
  reg                   sh_busy, sh_done, nostall;
  reg [Levels*IdxW-1:0] sh_idx;
  reg [NW-1:0]          nsteps, ncyc, fin_total;
  initial begin
    sh_busy = 1'b0;
    sh_done = 1'b0;
  end

  // box sizes of the levels (unused dimensions step once)
  reg [Levels*BoxWidth-1:0] cnt;
  always @*
    for (k = 0; k < Levels; k = k + 1)
      cnt[k*BoxWidth +: BoxWidth] = (rank_i > k + 1) ? box_i[(k+1)*BoxWidth +: BoxWidth]
                                                      : {{(BoxWidth-1){1'b0}}, 1'b1};

  // the step's coordinates, bounds and run
  reg signed [W-1:0]  cd, dm, lo, hi, c0, run_end;
  reg                 inside;
  always @* begin
    inside = 1'b1;
    for (d = 1; d < Rank; d = d + 1)
      if (rank_i > d) begin
        cd = {{(W-CoordWidth){coord_i[d*CoordWidth + CoordWidth - 1]}}, coord_i[d*CoordWidth +: CoordWidth]} +
             {{(W-IdxW){1'b0}}, sh_idx[(d-1)*IdxW +: IdxW]};
        dm = {{(W-DimWidth){1'b0}}, dim_i[d*DimWidth +: DimWidth]};
        if (cd < 0 || cd >= dm) inside = 1'b0;
      end
    c0      = {{(W-CoordWidth){coord_i[CoordWidth-1]}}, coord_i[0 +: CoordWidth]};
    dm      = {{(W-DimWidth){1'b0}}, dim_i[0 +: DimWidth]};
    run_end = c0 + {{(W-BoxWidth){1'b0}}, box_i[0 +: BoxWidth]};
    lo      = (c0 < 0) ? {W{1'b0}} : c0;
    hi      = (run_end > dm) ? dm : run_end;
    if (lo >= hi) inside = 1'b0;
  end
  wire [W-1:0]         n_el      = hi - lo;
  wire [W-1:0]         clip_el   = lo - c0;
  wire [SmemWidth-1:0] run_b     = box_i[0 +: BoxWidth] * elem_bytes_i;
  wire [SmemWidth-1:0] sh_dst    = smem_base_i + nsteps * run_b;
  wire [SmemWidth-1:0] dst_ref   = sh_dst + clip_el * elem_bytes_i;
  wire [W-1:0]         bytes_w   = n_el * elem_bytes_i;
  wire [11:0]          bytes_ref = bytes_w[11:0];

  // product of the counts, the mixed-radix value of the indices, and each
  // level's pass address base + tile_base + sum_{j >= k} idx[j] * stride[j+1]
  reg [NW-1:0]               total, lin;
  reg [Levels*AddrWidth-1:0] lvl_ref;
  reg [AddrWidth-1:0]        acc;
  always @* begin
    total = {{(NW-1){1'b0}}, 1'b1};
    lin   = {NW{1'b0}};
    for (k = 0; k < Levels; k = k + 1) begin
      lin   = lin + {{(NW-IdxW){1'b0}}, sh_idx[k*IdxW +: IdxW]} * total;
      total = total * {{(NW-BoxWidth){1'b0}}, cnt[k*BoxWidth +: BoxWidth]};
    end
    acc = base_i + tile_base_i;
    for (k = Levels - 1; k >= 0; k = k - 1) begin
      acc = acc + {{(AddrWidth-IdxW){1'b0}}, sh_idx[k*IdxW +: IdxW]} *
                  {{(AddrWidth-StrideWidth){1'b0}}, stride_i[(k+1)*StrideWidth +: StrideWidth]};
      lvl_ref[k*AddrWidth +: AddrWidth] = acc;
    end
  end

  wire [AddrWidth-1:0] src_ref  = lvl_ref[0 +: AddrWidth] +
                                   clip_el[BoxWidth:0] * elem_bytes_i;

  `include "tilelens_gen_shadow.vh"

`ifndef COVER
  always @* begin
    if (rst_ni) begin
      assert (busy == (sh_busy || ex_occ));                                  // A1
      assert (done == ex_done);                                              // A1
      assert (start_ready == !busy);                                         // A1
      assert (!(done && past_done));                                         // A1
      assert (!(busy && done));                                              // A1
      assert (req_valid == ex_valid);                                        // A2
      if (req_valid) begin
        assert (req_src == ex_src);                                          // A3
        assert (req_dst == ex_dst);                                          // A3
        assert (req_bytes == ex_bytes);                                      // A3
      end
      if (past_stall) begin
        assert (req_valid);                                                  // A4
        assert (req_src == past_src && req_dst == past_dst &&
                req_bytes == past_bytes);                                    // A4
      end
      assert (!sh_busy || idx_ok);                                           // A4
      assert (!done || nsteps == fin_total);                                 // A5
      assert (!(done && nostall) || ncyc == fin_total);                      // A5
      assert (!sh_busy || dut_idx_q == sh_idx);                              // A6
      assert (!sh_busy || dut_addr_q == lvl_ref);                            // A6
      assert (dut_nest_busy == sh_busy && dut_occ == ex_occ);               // A8
      assert (!ex_valid || ex_occ);                                          // A8
      assert (!busy || (dut_lo_q == dut_lo_d && dut_hi_q == dut_hi_d &&
                        dut_q_q == dut_q_d && dut_r_q == dut_r_d));         // A8
      for (li = 0; li < Levels; li = li + 1)
        assert (!sh_busy || dut_last_q[li] ==
                (({1'b0, sh_idx[li*(BoxWidth-1) +: BoxWidth-1]} + 1'b1) ==
                 dut_count[li*BoxWidth +: BoxWidth]));                      // A7
      assert (!sh_busy || dut_dst_q == sh_dst);                              // A6
      assert (!sh_busy || nsteps == lin);                                    // A6
      assert (!(sh_busy && nostall) || ncyc == nsteps);                      // A6
    end
  end
`endif

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
      cover (busy && !req_valid && nbusy > 4'd1);                            // Z1
      cover (req_valid && req_bytes != 12'd0 && req_bytes < run_bytes);      // Z2
      cover (req_valid && !req_ready_i && nbusy != 4'd0);                    // Z3
      cover (done && nbusy > 4'd2);                                          // Z4
    end
  end
`endif

  wire unused_bits = ^{start_ready, dut_last_q, dut_count, dut_idx_q, dut_addr_q, dut_dst_q};

endmodule

`default_nettype wire
