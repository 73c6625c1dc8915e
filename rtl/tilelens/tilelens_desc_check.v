// tilelens_desc_check - validation of a TileLens TMA descriptor (rules 1-12
// of docs/tilelens.md) and its per-dimension classes, computed once when
// the descriptor is written (what a driver does before a TMA may use it).
//
// Behaviour: a multi-cycle unit. Idle: start_ready_o = 1. A start handshake
// begins the check of the descriptor on the inputs, which must stay stable
// while busy_o is high. For each dimension d = 0..Rank-1 in turn it spends
// StepsPerDim = StrideWidth + 1 cycles: StrideWidth cycles of one
// shift-and-add step of (dim[d] - 1) * stride[d] (the tensor's extent) and
// one restoring-division step of stride[d] / L (the class of the dimension),
// then one cycle that adds the extent to the tensor's last byte and, for row
// dimensions, to the row extent, and classifies the dimension:
//   row    stride < L                     (quotient 0; always for d = 0)
//   column stride = m*L, b divides m      (remainder 0, low lb quotient bits 0)
//   split  stride = m*L, m = 2^k below b  (remainder 0, one quotient bit, k < lb)
//   else   unsupported (tile-major only).
// Dimensions at or above rank_i take part in nothing. After Rank*StepsPerDim
// busy cycles busy_o falls and done_o is high for one cycle; err_o and the
// classes (row_mask_o, split_mask_o, split_log2_m_o: zero unless err_o is
// TL_OK) hold from then until the next start. Error priority (first broken):
//   TL_ERR_RANK, TL_ERR_ELEM_SIZE, TL_ERR_DIM, TL_ERR_STRIDE,
//   TL_ERR_UNSUPPORTED_FEATURE (element strides, interleave, swizzle),
//   TL_ERR_ALIGN (base), TL_ERR_OVERFLOW (last byte of the tensor past 2^64),
//   TL_ERR_TILE_SHAPE, TL_ERR_ALIGN (base not granule aligned),
//   TL_ERR_LEAD_STRIDE, TL_ERR_UNSUPPORTED_VIEW (a dimension of no class, or
//   row dimensions leaving one column: row extent >= L); the last four in
//   tile-major mode only.
// Reset: rst_ni low (asynchronous): idle, outputs zero.
// Twin: tl_desc_info_get() (tl_desc_check() and the classes).
//
// Worked example (paper Fig. 9, 3-D view (128, 128, 3), strides (1, 384, 128),
// L = 384, FP8, 128 x 32 tiles): dimension 1: 384 / 384 = 1 rem 0, one bit,
// 1 < b = 32: split, k = 0; dimension 2: 128 / 384 = 0: row; row extent
// 127 + 2*128 = 383 < 384; tensor extent 127 + 127*384 + 2*128 = 49151:
// err_o = 0, row_mask_o = 00101, split_mask_o = 00010.
//
// Parameters:
//   Rank            view dimensions (TL_MAX_RANK, 5)
//   StrideWidth     stride and L width (TL_STRIDE_BITS, 40)
//   AddrWidth       base address width (TL_ADDR_BITS, 64)
//   DimWidth        dimension size width (33: sizes up to 2^32 and beyond, to reject)
//   MaxLog2Granule  largest lg (TL_LOG2_GRANULE_MAX, 16)
`default_nettype none

module tilelens_desc_check #(
  parameter integer Rank           = 5,
  parameter integer StrideWidth    = 40,
  parameter integer AddrWidth      = 64,
  parameter integer DimWidth       = 33,
  parameter integer MaxLog2Granule = 16
) (
  input  wire                        clk_i,
  input  wire                        rst_ni,
  input  wire                        start_valid_i,
  output wire                        start_ready_o,
  // descriptor
  input  wire [AddrWidth-1:0]        base_i,         // global byte address
  input  wire [2:0]                  rank_i,         // must be 1..Rank
  input  wire [3:0]                  elem_bytes_i,   // must be 1, 2, 4, 8
  input  wire [Rank*DimWidth-1:0]    dim_i,          // must be 1..2^32
  input  wire [Rank*StrideWidth-1:0] stride_i,       // d >= 1: multiples of 16, non-zero
  input  wire [Rank*3-1:0]           elem_stride_i,  // must be 0 or 1 (not modelled)
  input  wire [1:0]                  interleave_i,   // must be 0 (not modelled)
  input  wire [1:0]                  swizzle_i,      // must be 0 (not modelled)
  input  wire [1:0]                  tile_major_i,   // 0 or 1
  input  wire [4:0]                  log2_a_i,
  input  wire [4:0]                  log2_b_i,
  input  wire [4:0]                  log2_granule_i,
  input  wire [StrideWidth-1:0]      lead_stride_i,  // L
  // result
  output wire                        busy_o,
  output wire                        done_o,
  output wire [3:0]                  err_o,
  output wire [Rank-1:0]             row_mask_o,
  output wire [Rank-1:0]             split_mask_o,
  output wire [Rank*4-1:0]           split_log2_m_o
);

  `include "tilelens_status.vh"

  localparam integer ProdW = DimWidth + StrideWidth;   // one extent
  localparam integer ExtW  = ProdW + 4;                 // sum of Rank extents and the base
  localparam integer Steps = StrideWidth;               // iteration cycles per dimension
  localparam integer StepW = 6;
  localparam integer LastDim = Rank - 1;

  // ---- state
  reg                    busy_q, busy_d, done_q, done_d;
  reg [2:0]              dim_q, dim_d;
  reg [StepW-1:0]        step_q, step_d;
  reg [ProdW-1:0]        mcand_q, mcand_d, prod_q, prod_d;
  reg [DimWidth-1:0]     mplier_q, mplier_d;
  reg [StrideWidth-1:0]  dvd_q, dvd_d, quo_q, quo_d;
  reg [StrideWidth:0]    rem_q, rem_d;
  reg [ExtW-1:0]         ext_q, ext_d, rowx_q, rowx_d;
  reg                    bad_q, bad_d;
  reg [Rank-1:0]         rmask_q, rmask_d, smask_q, smask_d;
  reg [Rank*4-1:0]       lm_q, lm_d;
  reg [3:0]              err_q, err_d;
  reg [Rank-1:0]         row_out_q, row_out_d, split_out_q, split_out_d;
  reg [Rank*4-1:0]       lm_out_q, lm_out_d;

  wire [1:0] ls = elem_bytes_i[3] ? 2'd3 : elem_bytes_i[2] ? 2'd2 : elem_bytes_i[1] ? 2'd1 : 2'd0;
  wire tm = tile_major_i == 2'd1;

  // operands of dimension k: stride (s for k = 0) and dim - 1. The inputs
  // they select from are arguments, not free names, so that every simulator
  // re-evaluates a caller when they change (a name read only inside a
  // function is not in the caller's @* sensitivity: IEEE 1364-2005 9.7.5).
  function [StrideWidth-1:0] strd_of(input [2:0] k, input [3:0] eb,
                                     input [Rank*StrideWidth-1:0] st);
    integer j;
    begin
      strd_of = {{(StrideWidth-4){1'b0}}, eb};
      for (j = 1; j < Rank; j = j + 1) if (k == j[2:0]) strd_of = st[j*StrideWidth +: StrideWidth];
    end
  endfunction
  function [DimWidth-1:0] dm1_of(input [2:0] k, input [Rank*DimWidth-1:0] dm);
    integer j;
    begin
      dm1_of = {DimWidth{1'b0}};
      for (j = 0; j < Rank; j = j + 1) if (k == j[2:0]) dm1_of = dm[j*DimWidth +: DimWidth] - 1'b1;
    end
  endfunction

  // ---- one iteration: multiply step and restoring-division step
  wire [StrideWidth:0] rem_sh  = {rem_q[StrideWidth-1:0], dvd_q[StrideWidth-1]};
  wire                 rem_ge  = rem_sh >= {1'b0, lead_stride_i};
  wire [StrideWidth:0] rem_new = rem_ge ? rem_sh - {1'b0, lead_stride_i} : rem_sh;

  // ---- classification of the finished dimension
  wire                  used     = rank_i > dim_q;
  wire                  is_row   = (dim_q == 3'd0) || (quo_q == {StrideWidth{1'b0}});
  wire [MaxLog2Granule-1:0] b_m1 = ~({MaxLog2Granule{1'b1}} << log2_b_i);
  wire                  exact    = rem_q == {(StrideWidth+1){1'b0}};
  wire                  is_col   = exact && ~|(quo_q[MaxLog2Granule-1:0] & b_m1);
  wire                  one_bit  = ~|(quo_q & (quo_q - 1'b1));
  reg  [5:0]            k_log;
  integer i;
  always @* begin
    k_log = 6'd0;
    for (i = 0; i < StrideWidth; i = i + 1) if (quo_q[i]) k_log = i[5:0];
  end
  wire                  is_split = exact && one_bit && ({1'b0, k_log} < {2'b00, log2_b_i});
  wire                  dim_bad  = used && tm && (dim_q != 3'd0) && !is_row && !is_col && !is_split;

  // ---- rules checked on the inputs
  reg r_dim, r_stride, r_feat;
  always @* begin
    r_dim = 1'b0;
    r_stride = 1'b0;
    r_feat = (interleave_i != 2'd0) || (swizzle_i != 2'd0);
    for (i = 0; i < Rank; i = i + 1) begin
      if (rank_i > i[2:0]) begin
        if (dim_i[i*DimWidth +: DimWidth] == {DimWidth{1'b0}} ||
            dim_i[i*DimWidth +: DimWidth] > {1'b1, {(DimWidth-1){1'b0}}}) r_dim = 1'b1;
        if (i > 0 && (stride_i[i*StrideWidth +: StrideWidth] == {StrideWidth{1'b0}} ||
                      stride_i[i*StrideWidth +: 4] != 4'd0)) r_stride = 1'b1;
      end
      if (elem_stride_i[i*3 +: 3] > 3'd1) r_feat = 1'b1;
    end
  end
  wire r_rank  = rank_i == 3'd0 || rank_i > Rank[2:0];
  wire r_elem  = elem_bytes_i != 4'd1 && elem_bytes_i != 4'd2 && elem_bytes_i != 4'd4 && elem_bytes_i != 4'd8;
  wire r_base  = base_i[3:0] != 4'd0;
  wire [6:0] shape_sum = {2'b00, log2_a_i} + {2'b00, log2_b_i} + {5'b00000, ls};
  wire r_shape = (tile_major_i > 2'd1) ||
                 (tm && (log2_granule_i < 5'd4 || log2_granule_i > MaxLog2Granule[4:0] ||
                         log2_a_i > log2_granule_i || log2_b_i > log2_granule_i ||
                         shape_sum != {2'b00, log2_granule_i}));
  wire [MaxLog2Granule-1:0] g_m1  = ~({MaxLog2Granule{1'b1}} << log2_granule_i);
  wire r_gbase = tm && |(base_i[MaxLog2Granule-1:0] & g_m1);
  wire [5:0] las = {1'b0, log2_a_i} + {4'b0000, ls};
  wire [MaxLog2Granule-1:0] as_m1 = ~({MaxLog2Granule{1'b1}} << las);
  wire r_lead  = tm && (lead_stride_i == {StrideWidth{1'b0}} || |(lead_stride_i[MaxLog2Granule-1:0] & as_m1));

  // ---- next state
  wire last_step = step_q == Steps[StepW-1:0];
  wire last_dim  = dim_q == LastDim[2:0];
  wire [ExtW-1:0] ext_fin  = ext_q + ((used) ? {{(ExtW-ProdW){1'b0}}, prod_q} : {ExtW{1'b0}});
  wire [ExtW-1:0] rowx_fin = rowx_q + ((used && is_row) ? {{(ExtW-ProdW){1'b0}}, prod_q} : {ExtW{1'b0}});
  wire [ExtW-1:0] last_byte = ext_fin + {{(ExtW-AddrWidth){1'b0}}, base_i} + {{(ExtW-4){1'b0}}, elem_bytes_i} -
                              {{(ExtW-1){1'b0}}, 1'b1};
  wire r_ovf  = |last_byte[ExtW-1:AddrWidth];
  wire r_view = tm && (bad_q || dim_bad || (rowx_fin >= {{(ExtW-StrideWidth){1'b0}}, lead_stride_i}));
  wire [3:0] err_fin = r_rank   ? TlErrRank :
                       r_elem   ? TlErrElemSize :
                       r_dim    ? TlErrDim :
                       r_stride ? TlErrStride :
                       r_feat   ? TlErrUnsupportedFeat :
                       r_base   ? TlErrAlign :
                       r_ovf    ? TlErrOverflow :
                       r_shape  ? TlErrTileShape :
                       r_gbase  ? TlErrAlign :
                       r_lead   ? TlErrLeadStride :
                       r_view   ? TlErrUnsupportedView : TlOk;

  always @* begin
    busy_d = busy_q;
    done_d = 1'b0;
    dim_d = dim_q;
    step_d = step_q;
    mcand_d = mcand_q;
    mplier_d = mplier_q;
    prod_d = prod_q;
    dvd_d = dvd_q;
    quo_d = quo_q;
    rem_d = rem_q;
    ext_d = ext_q;
    rowx_d = rowx_q;
    bad_d = bad_q;
    rmask_d = rmask_q;
    smask_d = smask_q;
    lm_d = lm_q;
    err_d = err_q;
    row_out_d = row_out_q;
    split_out_d = split_out_q;
    lm_out_d = lm_out_q;
    if (!busy_q) begin
      if (start_valid_i) begin
        busy_d = 1'b1;
        dim_d = 3'd0;
        step_d = {StepW{1'b0}};
        mcand_d = {{DimWidth{1'b0}}, strd_of(3'd0, elem_bytes_i, stride_i)};
        mplier_d = dm1_of(3'd0, dim_i);
        prod_d = {ProdW{1'b0}};
        dvd_d = strd_of(3'd0, elem_bytes_i, stride_i);
        quo_d = {StrideWidth{1'b0}};
        rem_d = {(StrideWidth+1){1'b0}};
        ext_d = {ExtW{1'b0}};
        rowx_d = {ExtW{1'b0}};
        bad_d = 1'b0;
        rmask_d = {Rank{1'b0}};
        smask_d = {Rank{1'b0}};
        lm_d = {Rank*4{1'b0}};
      end
    end else if (!last_step) begin
      step_d = step_q + 1'b1;
      prod_d = prod_q + (mplier_q[0] ? mcand_q : {ProdW{1'b0}});
      mcand_d = {mcand_q[ProdW-2:0], 1'b0};
      mplier_d = {1'b0, mplier_q[DimWidth-1:1]};
      dvd_d = {dvd_q[StrideWidth-2:0], 1'b0};
      rem_d = rem_new;
      quo_d = {quo_q[StrideWidth-2:0], rem_ge};
    end else begin
      // finish dimension dim_q
      ext_d = ext_fin;
      rowx_d = rowx_fin;
      bad_d = bad_q || dim_bad;
      for (i = 0; i < Rank; i = i + 1)
        if (dim_q == i[2:0]) begin
          rmask_d[i] = used && is_row;
          smask_d[i] = used && tm && (i > 0) && !is_row && is_split;
          lm_d[i*4 +: 4] = (used && tm && (i > 0) && !is_row && is_split) ? k_log[3:0] : 4'd0;
        end
      if (last_dim) begin
        busy_d = 1'b0;
        done_d = 1'b1;
        err_d = err_fin;
        row_out_d = (err_fin == TlOk) ? rmask_d : {Rank{1'b0}};
        split_out_d = (err_fin == TlOk) ? smask_d : {Rank{1'b0}};
        lm_out_d = (err_fin == TlOk) ? lm_d : {Rank*4{1'b0}};
      end else begin
        dim_d = dim_q + 1'b1;
        step_d = {StepW{1'b0}};
        mcand_d = {{DimWidth{1'b0}}, strd_of(dim_q + 1'b1, elem_bytes_i, stride_i)};
        mplier_d = dm1_of(dim_q + 1'b1, dim_i);
        prod_d = {ProdW{1'b0}};
        dvd_d = strd_of(dim_q + 1'b1, elem_bytes_i, stride_i);
        quo_d = {StrideWidth{1'b0}};
        rem_d = {(StrideWidth+1){1'b0}};
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      err_q <= 4'd0;
      row_out_q <= {Rank{1'b0}};
      split_out_q <= {Rank{1'b0}};
      lm_out_q <= {Rank*4{1'b0}};
    end else begin
      busy_q <= busy_d;
      done_q <= done_d;
      err_q <= err_d;
      row_out_q <= row_out_d;
      split_out_q <= split_out_d;
      lm_out_q <= lm_out_d;
    end
  end

  always @(posedge clk_i) begin
    dim_q <= dim_d;
    step_q <= step_d;
    mcand_q <= mcand_d;
    mplier_q <= mplier_d;
    prod_q <= prod_d;
    dvd_q <= dvd_d;
    quo_q <= quo_d;
    rem_q <= rem_d;
    ext_q <= ext_d;
    rowx_q <= rowx_d;
    bad_q <= bad_d;
    rmask_q <= rmask_d;
    smask_q <= smask_d;
    lm_q <= lm_d;
  end

  assign start_ready_o  = !busy_q;
  assign busy_o         = busy_q;
  assign done_o         = done_q;
  assign err_o          = err_q;
  assign row_mask_o     = row_out_q;
  assign split_mask_o   = split_out_q;
  assign split_log2_m_o = lm_out_q;

  wire unused_bits = ^{elem_bytes_i[0], stride_i[StrideWidth-1:0], k_log[5:4], last_byte[AddrWidth-1:0]};

endmodule

`default_nettype wire
