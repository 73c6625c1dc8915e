// tilelens_req_stage - the request stage both TMA address generators share
// (tilelens_addr_gen, tilelens_base_addr_gen): the bounds of a box, loaded
// once at its start, and the request register the generators' requests
// leave from.
//
// Behaviour:
//   load_i (the start handshake) registers the box's bounds, clamped to
//   the range a step's offsets can reach (BoxWidth-bit offsets, runs of at
//   most 2^(BoxWidth-1) elements):
//     dimension d >= 1: a step's offset off[d] is in bounds iff
//       lo[d] <= off[d] < hi[d], lo = clamp(-coord[d], 0, 2^BoxWidth),
//       hi = clamp(dim[d] - coord[d], 0, 2^BoxWidth); a dimension at or
//       above rank_i has lo = 0, hi = 2^BoxWidth (always in bounds);
//     dimension 0: q = clamp(-coord[0], 0, 2^(BoxWidth+1)),
//       r = clamp(dim[0] - coord[0], 0, 2^(BoxWidth+1)); with x = off[0]
//       and the run [x, x + run) relative to coord[0], the run is empty iff
//       x + run <= q or x >= r; otherwise the request covers
//       [max(x, q), min(x + run, r)): clip = max(q - x, 0) elements,
//       n = min(x + run, r) - max(x, q) elements.
//   The clamps keep every comparison exact for offsets below 2^BoxWidth and
//   runs up to 2^(BoxWidth-1) (the module's domain); they equal the
//   unclamped tests of docs/tilelens.md ("Bounds").
//   Each cycle in which the request register can take a step (take_o: it
//   is empty, holds a bubble, or its request is accepted by req_ready_i)
//   and step_valid_i is high, the step presented (off_i, src_i, dst_i) is
//   registered: req_valid_o = in bounds, req_src_o = src + clip*s,
//   req_dst_o = dst + clip*s, req_bytes_o = n*s. A step out of bounds
//   occupies the register for one cycle without a request (a bubble).
//   take_o is high whenever the register is not holding a request that
//   waits for req_ready_i; the step source advances on step_valid_i &&
//   take_o. occupied_o: the register holds a step (request or bubble).
//   done_o is high for one cycle after the register drains (it held a
//   step, takes none and the source has none: step_valid_i low).
//   Payload outputs are meaningful only while req_valid_o is high.
// Reset: rst_ni low (asynchronous): empty, no request, done_o low. The
// bounds and the payload have no reset (loaded before they are used).
// Twin: the request slot of tl_tma_eval() / tl_tma_commit()
// (cmodel/src/tilelens/tilelens_tma_addr.c); the bounds are those of
// tl_gen_current() (cmodel/src/tilelens/tilelens_addr_gen.c).
//
// Worked example (BoxWidth 9, 4-byte elements): coord[0] = -3, dim[0] =
// 100, run 8, a step at x = 0: q = 3, r = 103: clip = 3, n = 8 - 3 = 5:
// src + 12, dst + 12, 20 bytes. At x = 96: n = min(104, 103) - 96 = 7.
//
// Parameters:
//   Rank        view dimensions (TL_MAX_RANK, 5)
//   CoordWidth  coordinate width (TL_COORD_BITS, 32)
//   BoxWidth    offset and box size width (TL_BOX_BITS, 9)
//   AddrWidth   global address width (TL_ADDR_BITS, 64)
//   SmemWidth   shared-memory address width (TL_SMEM_BITS, 32)
//   DimWidth    dimension size width (33: sizes 1..2^32)
`default_nettype none

module tilelens_req_stage #(
  parameter integer Rank       = 5,
  parameter integer CoordWidth = 32,
  parameter integer BoxWidth   = 9,
  parameter integer AddrWidth  = 64,
  parameter integer SmemWidth  = 32,
  parameter integer DimWidth   = 33
) (
  input  wire                       clk_i,
  input  wire                       rst_ni,
  // box bounds, registered on load_i
  input  wire                       load_i,
  input  wire [2:0]                 rank_i,       // 1..Rank
  input  wire [Rank*CoordWidth-1:0] coord_i,      // signed start coordinates
  input  wire [Rank*DimWidth-1:0]   dim_i,        // elements per dimension
  // the step presented
  input  wire                       step_valid_i, // a step is presented
  input  wire [Rank*BoxWidth-1:0]   off_i,        // its offset per dimension
  input  wire [BoxWidth-1:0]        run_elems_i,  // elements per step
  input  wire [1:0]                 log2_s_i,     // element size
  input  wire [AddrWidth-1:0]       src_i,        // source of the run's first element
  input  wire [SmemWidth-1:0]       dst_i,        // destination of the run's first element
  output wire                       take_o,       // the register takes a step this cycle
  // the request register
  output wire                       req_valid_o,
  input  wire                       req_ready_i,
  output wire [AddrWidth-1:0]       req_src_o,
  output wire [SmemWidth-1:0]       req_dst_o,
  output wire [11:0]                req_bytes_o,
  output wire                       occupied_o,
  output wire                       done_o
);

  localparam integer CW = CoordWidth + 2;   // coordinate differences, signed
  localparam integer BW = BoxWidth;
  localparam integer QW = BoxWidth + 2;     // dimension 0's clamped bounds

  // ---- bounds, clamped (computed from the held inputs, registered on load_i)
  wire [Rank*(BW+1)-1:0] lo_d, hi_d;
  wire [QW-1:0]          q_d, r_d;
  genvar d;
  generate
    for (d = 0; d < Rank; d = d + 1) begin : gen_bnd
      wire [CoordWidth-1:0] crd = coord_i[d*CoordWidth +: CoordWidth];
      wire [CW-1:0] c  = {{2{crd[CoordWidth-1]}}, crd};
      // clamp(-coord, 0, 2^L) needs no subtract of the full width: 0 for
      // coord >= 0; 2^L for coord < -2^L (the bits from L up not all ones);
      // else -coord in [1, 2^L]: the negated low L + 1 bits
      wire neg = c[CW-1];
      // clamp(dim - coord, 0, 2^L) without a full-width subtract (whose
      // ripple-like mapping was the longest path from the box's inputs):
      // t = dim + ~c + 1 split at bit L: the low L bits exactly (a short
      // subtract, its carry cl), and of the high part th only its sign (a
      // carry tree into its top bit) and whether it is zero (carry-free:
      // a sum is zero iff each bit's propagate equals the OR of the bits
      // below it, the carry a zero sum below would give); then t <= 0 iff
      // th < 0 or th = 0 with a zero low part, t >= 2^L iff th > 0
      localparam integer L = (d == 0) ? BW + 1 : BW;
      localparam integer H = CW - L;          // high part's bits
      wire [CW-1:0] dx = {{(CW-DimWidth){1'b0}}, dim_i[d*DimWidth +: DimWidth]};
      wire [L:0]    tl = {1'b0, dx[L-1:0]} + {1'b0, ~c[L-1:0]} + 1'b1;
      wire          cl = tl[L];
      wire [H-1:0]  ha = dx[CW-1:L];
      wire [H-1:0]  hb = ~c[CW-1:L];
      wire [H-1:0]  hp = ha ^ hb;
      wire          hc;                       // carry into the high part's top bit
      tilelens_carry_tree #(.Width(H-1)) u_sign (
        .a_i(ha[H-2:0]), .b_i(hb[H-2:0]), .cin_i(cl), .cout_o(hc)
      );
      wire          th_neg  = hp[H-1] ^ hc;
      wire          th_zero = (hp[0] == cl) && (hp[H-1:1] == (ha[H-2:0] | hb[H-2:0]));
      wire          t_le0   = th_neg || (th_zero && tl[L-1:0] == {L{1'b0}});
      if (d == 0) begin : gen_q
        // clamp(., 0, 2^(BW+1))
        wire [QW-1:0] nlow = ~c[QW-1:0] + 1'b1;
        wire          big  = !(&c[CW-1:BW+1]);
        assign q_d = !neg ? {QW{1'b0}} : big ? {1'b1, {(QW-1){1'b0}}} : nlow;
        assign r_d = t_le0 ? {QW{1'b0}} : !th_zero ? {1'b1, {(QW-1){1'b0}}} : {1'b0, tl[L-1:0]};
        assign lo_d[0 +: BW+1] = {(BW+1){1'b0}};
        assign hi_d[0 +: BW+1] = {(BW+1){1'b0}};
      end else begin : gen_lh
        // clamp(., 0, 2^BW); a dimension at or above the rank always fits
        wire          used = rank_i > d;
        wire          big  = !(&c[CW-1:BW]);
        wire [BW:0]   nlow = ~c[BW:0] + 1'b1;
        assign lo_d[d*(BW+1) +: BW+1] =
            (!used || !neg) ? {(BW+1){1'b0}} : big ? {1'b1, {BW{1'b0}}} : nlow;
        assign hi_d[d*(BW+1) +: BW+1] =
            !used ? {1'b1, {BW{1'b0}}} :
            t_le0 ? {(BW+1){1'b0}} : !th_zero ? {1'b1, {BW{1'b0}}} : {1'b0, tl[L-1:0]};
      end
    end
    if (Rank == 1) begin : gen_rank1
      // one dimension: every bound is dimension 0's, the rank has no reader
      wire unused_rank = ^rank_i;
    end
  endgenerate

  reg [Rank*(BW+1)-1:0] lo_q, hi_q;
  reg [QW-1:0]          q_q, r_q;
  always @(posedge clk_i) begin
    if (load_i) begin
      lo_q <= lo_d;
      hi_q <= hi_d;
      q_q  <= q_d;
      r_q  <= r_d;
    end
  end

  // ---- the step presented: in bounds, clip and length
  wire [Rank-1:0] dim_ok;
  generate
    for (d = 0; d < Rank; d = d + 1) begin : gen_ok
      if (d == 0) begin : gen_ok0
        assign dim_ok[0] = 1'b1;
        wire unused_lh = ^{lo_q[0 +: BW+1], hi_q[0 +: BW+1]};
      end else begin : gen_okn
        wire [BW:0] o = {1'b0, off_i[d*BW +: BW]};
        assign dim_ok[d] = (o >= lo_q[d*(BW+1) +: BW+1]) && (o < hi_q[d*(BW+1) +: BW+1]);
      end
    end
  endgenerate
  wire [QW-1:0] x      = {2'b00, off_i[0 +: BW]};
  wire [QW-1:0] run    = {2'b00, run_elems_i};
  // q - x as a structural prefix subtract (q + ~x + 1): its carry out is
  // q >= x, so the clip needs no separate comparator; the clip feeds the
  // 64-bit source add, the longest path of the stage
  wire [QW-1:0] qx_diff;
  wire          q_ge_x;
  tilelens_prefix_add #(.Width(QW)) u_clip_sub (
    .a_i(q_q), .b_i(~x), .cin_i(1'b1), .sum_o(qx_diff), .cout_o(q_ge_x)
  );
  // The run's end x + run is compared and subtracted through terms that do
  // not depend on the step (q - run, r - run, run - q, r - q: from the
  // registered bounds and the held run length), so that each test and each
  // candidate length is one compare or add of the step's offset x:
  //   x + run <= q  iff  q - run >= 0 and x <= q - run
  //   x + run <  r  iff  r - run >  0 and x <  r - run
  //   n = min(x + run, r) - max(x, q), one of run, x + (run - q), r - x, r - q
  wire [QW:0]   q_run  = {1'b0, q_q} - {1'b0, run};
  wire [QW:0]   r_run  = {1'b0, r_q} - {1'b0, run};
  wire [QW-1:0] run_q  = run - q_q;
  wire [QW-1:0] r_q_n  = r_q - q_q;
  wire          end_le_q = !q_run[QW] && (x <= q_run[QW-1:0]);
  wire          end_lt_r = !r_run[QW] && (x < r_run[QW-1:0]);
  wire          empty0 = end_le_q || (x >= r_q);
  wire [QW-1:0] n      = end_lt_r ? (q_ge_x ? x + run_q : run)
                                  : (q_ge_x ? r_q_n : r_q - x);
  wire [QW-1:0] clip   = {QW{q_ge_x}} & qx_diff;          // max(q - x, 0)
  wire          in_bounds = !empty0 && (&dim_ok);

  // element counts to bytes: 9 bits (at most 2^(BoxWidth-1) = 256 elements)
  wire [QW+8:0] clip_x = {9'd0, clip};
  wire [QW+8:0] n_x    = {9'd0, n};
  // times s as an AND-OR of the four shifted copies with s decoded (the
  // decode is per box, off the clip's path)
  wire [3:0]  s_oh = 4'b0001 << log2_s_i;
  wire [11:0] clip_bytes = ({12{s_oh[0]}} & {3'b000, clip_x[8:0]}) | ({12{s_oh[1]}} & {2'b00, clip_x[8:0], 1'b0}) |
                           ({12{s_oh[2]}} & {1'b0, clip_x[8:0], 2'b00}) | ({12{s_oh[3]}} & {clip_x[8:0], 3'b000});
  wire [11:0] n_bytes    = ({12{s_oh[0]}} & {3'b000, n_x[8:0]}) | ({12{s_oh[1]}} & {2'b00, n_x[8:0], 1'b0}) |
                           ({12{s_oh[2]}} & {1'b0, n_x[8:0], 2'b00}) | ({12{s_oh[3]}} & {n_x[8:0], 3'b000});
  // + clip * s (at most 12 bits) as carry-select adds: a 12-bit prefix add
  // of the late clip bytes, whose carry chooses between the upper bits and
  // the upper bits + 1 (an increment of the step's address, computed while
  // the clip is), so the clip does not wait for a full-width carry
  wire [AddrWidth-1:0] src_sum;
  wire [SmemWidth-1:0] dst_sum;
  wire [11:0]          src_lo, dst_lo;
  wire                 src_c, dst_c;
  wire [AddrWidth-13:0] src_hi1;
  wire [SmemWidth-13:0] dst_hi1;
  wire                  src_hi_cout, dst_hi_cout;
  tilelens_prefix_add #(.Width(12)) u_src_add (
    .a_i(src_i[11:0]), .b_i(clip_bytes), .cin_i(1'b0), .sum_o(src_lo), .cout_o(src_c)
  );
  generate
    if (AddrWidth - 12 >= 2) begin : gen_src_inc
      tilelens_prefix_add #(.Width(AddrWidth-12)) u_src_inc (
        .a_i(src_i[AddrWidth-1:12]), .b_i({(AddrWidth-12){1'b0}}), .cin_i(1'b1),
        .sum_o(src_hi1), .cout_o(src_hi_cout)
      );
    end else begin : gen_src_inc1   // one upper bit (the proofs' reduced widths)
      assign src_hi1     = ~src_i[AddrWidth-1:12];
      assign src_hi_cout = src_i[AddrWidth-1];
    end
  endgenerate
  assign src_sum = {src_c ? src_hi1 : src_i[AddrWidth-1:12], src_lo};
  tilelens_prefix_add #(.Width(12)) u_dst_add (
    .a_i(dst_i[11:0]), .b_i(clip_bytes), .cin_i(1'b0), .sum_o(dst_lo), .cout_o(dst_c)
  );
  generate
    if (SmemWidth - 12 >= 2) begin : gen_dst_inc
      tilelens_prefix_add #(.Width(SmemWidth-12)) u_dst_inc (
        .a_i(dst_i[SmemWidth-1:12]), .b_i({(SmemWidth-12){1'b0}}), .cin_i(1'b1),
        .sum_o(dst_hi1), .cout_o(dst_hi_cout)
      );
    end else begin : gen_dst_inc1
      assign dst_hi1     = ~dst_i[SmemWidth-1:12];
      assign dst_hi_cout = dst_i[SmemWidth-1];
    end
  endgenerate
  assign dst_sum = {dst_c ? dst_hi1 : dst_i[SmemWidth-1:12], dst_lo};

  // ---- the request register
  reg                 occ_q, valid_q, done_q;
  reg [AddrWidth-1:0] src_q;
  reg [SmemWidth-1:0] dst_q;
  reg [11:0]          bytes_q;
  wire take = !(valid_q && !req_ready_i);
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      occ_q   <= 1'b0;
      valid_q <= 1'b0;
      done_q  <= 1'b0;
    end else begin
      if (take) begin
        occ_q   <= step_valid_i;
        valid_q <= step_valid_i && in_bounds;
      end
      done_q <= occ_q && take && !step_valid_i;
    end
  end
  always @(posedge clk_i) begin
    if (take) begin
      src_q   <= src_sum;
      dst_q   <= dst_sum;
      bytes_q <= n_bytes;
    end
  end

  assign take_o      = take;
  assign req_valid_o = valid_q;
  assign req_src_o   = src_q;
  assign req_dst_o   = dst_q;
  assign req_bytes_o = bytes_q;
  assign occupied_o  = occ_q;
  assign done_o      = done_q;

  wire unused_bits = ^{src_hi_cout, dst_hi_cout, clip_x[QW+8:9], n_x[QW+8:9]};

endmodule

`default_nettype wire
