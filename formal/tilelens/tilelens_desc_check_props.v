// tilelens_desc_check_props - properties and covers of tilelens_desc_check.
//
// A checker beside the RTL: it instantiates the block and computes, every
// cycle, a reference of the descriptor on the inputs written from the rule
// table of docs/tilelens.md (rules 2-12, rule 1 has no hardware
// counterpart) as straight-line statements, not from the RTL: the tensor's
// extent as sum of (dim[d] - 1) * stride[d] by the product operator (the
// RTL: shift-and-add over StrideWidth cycles), the classes by division and
// `%` (the RTL: a restoring divider, one bit per cycle):
//   row     stride[d] < L (dimension 0 always, its stride is s)
//   column  stride[d] % L == 0 and b divides m = stride[d] / L
//   split   stride[d] % L == 0, m a power of two below b (tile-major)
// and the status: the first broken rule in table order, TL_ERR_RANK,
// TL_ERR_ELEM_SIZE, TL_ERR_DIM (dim[d] outside 1..2^(DimWidth-1)),
// TL_ERR_STRIDE (d >= 1: zero or not a multiple of 16),
// TL_ERR_UNSUPPORTED_FEATURE (an element stride above 1, interleave or
// swizzle), TL_ERR_ALIGN (base % 16), TL_ERR_OVERFLOW (base + extent + s - 1
// >= 2^AddrWidth), then tile-major only: TL_ERR_TILE_SHAPE (tile_major above
// 1, lg outside 4..MaxLog2Granule, la + lb + log2(s) != lg), TL_ERR_ALIGN
// (base % G), TL_ERR_LEAD_STRIDE (L zero or not a multiple of a * s),
// TL_ERR_UNSUPPORTED_VIEW (a dimension >= 1 of no class, or the row dims'
// sum of (dim - 1) * stride not below L); else TL_OK.
//   Y0 result   when done_o is high, err_o equals the reference status of the
//               descriptor checked (the inputs of the busy cycles), and
//               row_mask_o, split_mask_o, split_log2_m_o (k = log2 m) its
//               classes when TL_OK, zero otherwise
//   Y5 hold     the results change only in a cycle where done_o rises (and
//               are zero after reset)
//   Y6 timing   done_o comes exactly Rank * (StrideWidth + 1) busy cycles
//               after the start handshake, for one cycle; start_ready_o is
//               !busy_o
//   Y7 inv      inductive strengthening: the number of busy cycles since
//               the start equals dim * (StrideWidth + 1) + step of the RTL's
//               sequencer (dut_dim_q, dut_step_q: connected by the proof
//               script), each below its bound
// Inputs stay stable while busy_o (the block's documented use).
// Covers (COVER), complete checks from start to done_o:
//   Y1 a tile-major descriptor accepted (TL_OK) with a split dimension
//   Y2 a linear descriptor accepted with a row dimension above dimension 0
//   Y3 TL_ERR_OVERFLOW (the tensor's last byte past the address space)
//   Y4 TL_ERR_UNSUPPORTED_VIEW (tile-major)
// Size: set by the script (small widths, so that a whole check is a few
// cycles deep).
`default_nettype none

module tilelens_desc_check_props #(
  parameter integer Rank           = 5,
  parameter integer StrideWidth    = 40,
  parameter integer AddrWidth      = 64,
  parameter integer DimWidth       = 33,
  parameter integer MaxLog2Granule = 16
) (
  input wire                        clk_i,
  input wire                        rst_ni,
  input wire                        start_valid_i,
  input wire [AddrWidth-1:0]        base_i,
  input wire [2:0]                  rank_i,
  input wire [3:0]                  elem_bytes_i,
  input wire [Rank*DimWidth-1:0]    dim_i,
  input wire [Rank*StrideWidth-1:0] stride_i,
  input wire [Rank*3-1:0]           elem_stride_i,
  input wire [1:0]                  interleave_i,
  input wire [1:0]                  swizzle_i,
  input wire [1:0]                  tile_major_i,
  input wire [4:0]                  log2_a_i,
  input wire [4:0]                  log2_b_i,
  input wire [4:0]                  log2_granule_i,
  input wire [StrideWidth-1:0]      lead_stride_i
);

  localparam [3:0] TlOk                 = 4'd0;
  localparam [3:0] TlErrRank            = 4'd1;
  localparam [3:0] TlErrElemSize        = 4'd2;
  localparam [3:0] TlErrDim             = 4'd3;
  localparam [3:0] TlErrStride          = 4'd4;
  localparam [3:0] TlErrAlign           = 4'd6;
  localparam [3:0] TlErrTileShape       = 4'd7;
  localparam [3:0] TlErrLeadStride      = 4'd8;
  localparam [3:0] TlErrUnsupportedView = 4'd9;
  localparam [3:0] TlErrOverflow        = 4'd10;
  localparam [3:0] TlErrUnsupportedFeat = 4'd13;
  localparam integer InW = AddrWidth + 3 + 4 + Rank*DimWidth + Rank*StrideWidth + Rank*3 +
                           2 + 2 + 2 + 15 + StrideWidth;
  localparam integer PerDim = StrideWidth + 1;      // cycles per dimension
  localparam integer Busy   = Rank * PerDim;        // busy cycles per check
  localparam integer CW     = 10;                   // cycle counter
  localparam integer XW     = AddrWidth + DimWidth + StrideWidth + 4;  // exact sums
  localparam integer VW     = StrideWidth + 2;

  // the RTL's sequencer registers, connected by the proof script
  wire [2:0] dut_dim_q;
  wire [5:0] dut_step_q;

  wire             start_ready, busy, done;
  wire [3:0]       err;
  wire [Rank-1:0]  row_mask, split_mask;
  wire [Rank*4-1:0] split_log2_m;

  tilelens_desc_check #(
    .Rank(Rank), .StrideWidth(StrideWidth), .AddrWidth(AddrWidth), .DimWidth(DimWidth),
    .MaxLog2Granule(MaxLog2Granule)
  ) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_valid_i(start_valid_i), .start_ready_o(start_ready),
    .base_i(base_i), .rank_i(rank_i), .elem_bytes_i(elem_bytes_i), .dim_i(dim_i),
    .stride_i(stride_i), .elem_stride_i(elem_stride_i), .interleave_i(interleave_i),
    .swizzle_i(swizzle_i), .tile_major_i(tile_major_i), .log2_a_i(log2_a_i),
    .log2_b_i(log2_b_i), .log2_granule_i(log2_granule_i), .lead_stride_i(lead_stride_i),
    .busy_o(busy), .done_o(done), .err_o(err), .row_mask_o(row_mask),
    .split_mask_o(split_mask), .split_log2_m_o(split_log2_m)
  );

  wire [InW-1:0] in_now = {base_i, rank_i, elem_bytes_i, dim_i, stride_i, elem_stride_i,
                           interleave_i, swizzle_i, tile_major_i, log2_a_i, log2_b_i,
                           log2_granule_i, lead_stride_i};
  reg  [InW-1:0] in_past;
  always @(posedge clk_i) in_past <= in_now;
  always @* begin
    if (busy) begin
      assume (in_now == in_past);
    end
  end

  // ---- the reference (docs/tilelens.md, descriptor rules 2-12)
  reg              r_rank, r_elem, r_dim, r_stride, r_feat, r_base, r_ovf, r_shape, r_gbase,
                   r_lead, r_view, tm, is_row, is_col, is_split, pow2;
  reg [3:0]        ref_err;
  reg [Rank-1:0]   ref_row, ref_split;
  reg [Rank*4-1:0] ref_lm;
  reg [XW-1:0]     extent, row_ext, last;
  reg [VW-1:0]     sd, m, bb, ls;
  reg [3:0]        kk;
  integer d, q;
  always @* begin
    tm     = tile_major_i == 2'd1;
    r_rank = !(rank_i >= 1 && rank_i <= Rank);
    r_elem = !(elem_bytes_i == 1 || elem_bytes_i == 2 || elem_bytes_i == 4 || elem_bytes_i == 8);
    ls     = (elem_bytes_i == 8) ? 3 : (elem_bytes_i == 4) ? 2 : (elem_bytes_i == 2) ? 1 : 0;
    bb     = {{(VW-1){1'b0}}, 1'b1} << log2_b_i;
    r_dim    = 1'b0;
    r_stride = 1'b0;
    r_feat   = interleave_i != 0 || swizzle_i != 0;
    r_view   = 1'b0;
    extent   = {XW{1'b0}};
    row_ext  = {XW{1'b0}};
    ref_row  = {Rank{1'b0}};
    ref_split = {Rank{1'b0}};
    ref_lm   = {Rank*4{1'b0}};
    for (d = 0; d < Rank; d = d + 1) begin
      if (elem_stride_i[d*3 +: 3] > 1) r_feat = 1'b1;
      sd = (d == 0) ? elem_bytes_i : stride_i[d*StrideWidth +: StrideWidth];
      if (d < rank_i) begin
        if (dim_i[d*DimWidth +: DimWidth] < 1 ||
            dim_i[d*DimWidth +: DimWidth] > (1 << (DimWidth - 1))) r_dim = 1'b1;
        if (d > 0 && (sd == 0 || sd % 16 != 0)) r_stride = 1'b1;
        extent = extent + (dim_i[d*DimWidth +: DimWidth] - 1) * sd;
        // the class of dimension d
        is_row   = d == 0 || sd < lead_stride_i;
        m        = sd / lead_stride_i;
        pow2     = 1'b0;
        kk       = 4'd0;
        for (q = 0; q < VW - 1; q = q + 1)
          if (m == (1 << q)) begin
            pow2 = 1'b1;
            kk   = q;
          end
        is_col   = !is_row && sd % lead_stride_i == 0 && m % bb == 0;
        is_split = !is_row && sd % lead_stride_i == 0 && pow2 && m < bb;
        if (is_row) row_ext = row_ext + (dim_i[d*DimWidth +: DimWidth] - 1) * sd;
        if (tm && !is_row && !is_col && !is_split) r_view = 1'b1;
        ref_row[d]   = is_row;
        ref_split[d] = tm && is_split;
        if (tm && is_split) ref_lm[d*4 +: 4] = kk;
      end
    end
    if (tm && row_ext >= lead_stride_i) r_view = 1'b1;
    r_base  = base_i % 16 != 0;
    last    = base_i + extent + elem_bytes_i - 1;
    r_ovf   = last >= ({{(XW-1){1'b0}}, 1'b1} << AddrWidth);
    r_shape = tile_major_i > 1 ||
              (tm && (log2_granule_i < 4 || log2_granule_i > MaxLog2Granule ||
                      log2_a_i + log2_b_i + ls != log2_granule_i));
    r_gbase = tm && base_i % ({{(XW-1){1'b0}}, 1'b1} << log2_granule_i) != 0;
    r_lead  = tm && (lead_stride_i == 0 ||
                     lead_stride_i % (({{(VW-1){1'b0}}, 1'b1} << log2_a_i) * elem_bytes_i) != 0);
    if      (r_rank)   ref_err = TlErrRank;
    else if (r_elem)   ref_err = TlErrElemSize;
    else if (r_dim)    ref_err = TlErrDim;
    else if (r_stride) ref_err = TlErrStride;
    else if (r_feat)   ref_err = TlErrUnsupportedFeat;
    else if (r_base)   ref_err = TlErrAlign;
    else if (r_ovf)    ref_err = TlErrOverflow;
    else if (r_shape)  ref_err = TlErrTileShape;
    else if (r_gbase)  ref_err = TlErrAlign;
    else if (r_lead)   ref_err = TlErrLeadStride;
    else if (tm && r_view) ref_err = TlErrUnsupportedView;
    else               ref_err = TlOk;
    if (ref_err != TlOk) begin
      ref_row   = {Rank{1'b0}};
      ref_split = {Rank{1'b0}};
      ref_lm    = {Rank*4{1'b0}};
    end
  end

  // the reference of the previous cycle: at done_o, that of the last busy
  // cycle (the inputs of the whole check)
  reg [3:0]        ref_err_q;
  reg [Rank-1:0]   ref_row_q, ref_split_q;
  reg [Rank*4-1:0] ref_lm_q;
  always @(posedge clk_i) begin
    ref_err_q   <= ref_err;
    ref_row_q   <= ref_row;
    ref_split_q <= ref_split;
    ref_lm_q    <= ref_lm;
  end

  // busy cycles since the start handshake; the previous cycle's outputs
  reg [CW-1:0]     since;
  reg              past_rst, past_busy;
  reg [3:0]        past_err;
  reg [Rank-1:0]   past_row, past_split;
  reg [Rank*4-1:0] past_lm;
  initial begin
    since    = {CW{1'b0}};
    past_rst = 1'b0;
  end
  always @(posedge clk_i) begin
    since      <= (!rst_ni || !busy) ? {CW{1'b0}} : since + 1'b1;
    past_rst   <= rst_ni;
    past_busy  <= busy;
    past_err   <= err;
    past_row   <= row_mask;
    past_split <= split_mask;
    past_lm    <= split_log2_m;
  end

`ifndef COVER
  always @* begin
    if (rst_ni) begin
      if (done) begin
        assert (err == ref_err_q);                                            // Y0
        assert (row_mask == ref_row_q && split_mask == ref_split_q &&
                split_log2_m == ref_lm_q);                                    // Y0
      end
      if (past_rst && !done) begin
        assert (err == past_err && row_mask == past_row && split_mask == past_split &&
                split_log2_m == past_lm);                                     // Y5
      end
      assert (start_ready == !busy);                                          // Y6
      assert (done == (past_rst && past_busy && !busy));                      // Y6
      assert (!done || since == Busy);                                        // Y6
      assert (!busy || (dut_dim_q < Rank && dut_step_q <= StrideWidth &&
                        since == dut_dim_q * PerDim + dut_step_q));           // Y7
    end else begin
      assert (err == 4'd0 && row_mask == {Rank{1'b0}} && split_mask == {Rank{1'b0}} &&
              split_log2_m == {Rank*4{1'b0}} && !busy && !done);              // Y5
    end
  end
`endif

`ifdef COVER
  always @* begin
    cover (done && err == TlOk && tile_major_i == 2'd1 && split_mask != {Rank{1'b0}});  // Y1
    cover (done && err == TlOk && tile_major_i == 2'd0 && row_mask[1]);                 // Y2
    cover (done && err == TlErrOverflow);                                               // Y3
    cover (done && err == TlErrUnsupportedView);                                        // Y4
  end
`endif

  wire unused_bits = ^{start_ready, split_log2_m, dut_dim_q, dut_step_q};

endmodule

`default_nettype wire
