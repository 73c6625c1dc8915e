// tilelens_counter_cfg_props - properties and covers of tilelens_counter_cfg.
//
// A checker beside the RTL: it instantiates tilelens_counter_cfg and builds
// a reference from SPEC A.2 item 2 (Eq. 5) and the counter nest of
// docs/tilelens.md, written differently from the RTL: plain integers (a =
// 2^la, b = 2^lb, G = 2^lg, a' = min(u, a), m = 2^k, b/m) formed by
// multiplication and division, power-of-two and multiple tests by `%`, and
// the nest built by appending levels innermost first in one loop over the
// dimensions (the RTL instead computes each level's source dimension by a
// placement rule):
//   level 0: u/a pieces of stride G (weight la) when tile-major and u > a,
//   else one step; then per dimension d = 1..rank-1: linear: (box[d],
//   stride[d]); row dim: (box[d], stride[d] * b); split dim with box[d] > 1:
//   an inner level (min(box, b/m), m * a' * s) and directly after it an
//   outer level (box / (b/m) when box > b/m, else 1; b * L; weight
//   log2(b/m)); a column dim, or a split dim whose box is 1: (box[d],
//   stride[d]). Every level after the last counts 1.
//   K0 err      err_o: linear TL_OK; tile-major TL_ERR_UNSUPPORTED_VIEW when
//               u is not a power of two, a stepped row dim's stride is not a
//               multiple of a' * s, two split dims step, or a stepped split
//               dim's box is above b/m and not a multiple of it; else
//               TL_ERR_ALIGN when the row start is not a multiple of a' * s
//               or a split dim's start coordinate not a multiple of b/m;
//               else TL_OK (rules 16 and 19, in that order)
// and, whenever the view is supported (the documented validity of the
// nest outputs):
//   K1 count    every level's count equals the reference's
//   K2 stride   every stepping level (count > 1): stride_o << shift_o equals
//               the reference's stride in bytes, vdim_o the dimension it
//               advances, log2_weight_o the log2 of how far
//   K3 run      mode_o (0 linear, 1 u = a, 2 u < a, 3 u > a), run_elems_o
//               (a' tile-major, u linear) and run_bytes_o = run_elems * s
//   K4 perm     case 2: perm_row = log2(u * s), perm_col = lb, perm_sub =
//               log2(a / u); zero otherwise
//   K5 split    split_level_o is the level of the stepped split dim's inner
//               counter, 0 when none
// Input domain (as documented: a descriptor that passed
// tilelens_desc_check, with its classes, and a box that passed
// tilelens_box_check): rank 1..Rank; s in {1, 2, 4, 8}; used box sizes
// 1..min(256, 2^BoxWidth - 1); tile-major: lg in 4..MaxLog2Granule, la + lb
// + log2(s) = lg; the classes only on used dimensions >= 1, a dimension
// not both row and split, split dims (tile-major only) with k < lb, k = 0
// elsewhere.
// Covers (COVER), K1c..K6c: a split nest, case 2, a wide box, both errors,
// a linear rank-5 nest with every level stepping.
// Size: set by the script.
`default_nettype none

module tilelens_counter_cfg_props #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer BoxWidth       = 9,
  parameter integer MaxLog2Granule = 16
) (
  input wire                        tile_major_i,
  input wire [2:0]                  rank_i,
  input wire [3:0]                  elem_bytes_i,
  input wire [4:0]                  log2_a_i,
  input wire [4:0]                  log2_b_i,
  input wire [4:0]                  log2_granule_i,
  input wire [StrideWidth-1:0]      lead_stride_i,
  input wire [Rank*StrideWidth-1:0] stride_i,
  input wire [Rank-1:0]             row_mask_i,
  input wire [Rank-1:0]             split_mask_i,
  input wire [Rank*4-1:0]           split_log2_m_i,
  input wire [Rank*CoordWidth-1:0]  coord_i,
  input wire [Rank*BoxWidth-1:0]    box_i,
  input wire [MaxLog2Granule-1:0]   row_i
);

  localparam [3:0] TlOk                 = 4'd0;
  localparam [3:0] TlErrAlign           = 4'd6;
  localparam [3:0] TlErrUnsupportedView = 4'd9;
  localparam integer Levels = Rank + 1;
  localparam integer W      = StrideWidth + 32;   // a level's stride in bytes
  localparam integer BoxMax = (BoxWidth > 8) ? 256 : (1 << BoxWidth) - 1;

  wire [3:0]                        err;
  wire [1:0]                        mode;
  wire [(Rank+1)*BoxWidth-1:0]      count;
  wire [(Rank+1)*StrideWidth-1:0]   stride;
  wire [(Rank+1)*5-1:0]             shift, weight;
  wire [(Rank+1)*3-1:0]             vdim;
  wire [BoxWidth-1:0]               run_elems;
  wire [11:0]                       run_bytes;
  wire [4:0]                        prow, pcol, psub;
  wire [2:0]                        split_level;

  tilelens_counter_cfg #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .BoxWidth(BoxWidth),
    .MaxLog2Granule(MaxLog2Granule)
  ) u_dut (
    .tile_major_i(tile_major_i), .rank_i(rank_i), .elem_bytes_i(elem_bytes_i),
    .log2_a_i(log2_a_i), .log2_b_i(log2_b_i), .log2_granule_i(log2_granule_i),
    .lead_stride_i(lead_stride_i), .stride_i(stride_i[Rank*StrideWidth-1:StrideWidth]), .row_mask_i(row_mask_i),
    .split_mask_i(split_mask_i), .split_log2_m_i(split_log2_m_i), .coord_i(coord_i),
    .box_i(box_i), .row_i(row_i),
    .err_o(err), .mode_o(mode), .count_o(count), .stride_o(stride), .shift_o(shift),
    .vdim_o(vdim), .log2_weight_o(weight), .run_elems_o(run_elems), .run_bytes_o(run_bytes),
    .perm_row_o(prow), .perm_col_o(pcol), .perm_sub_o(psub), .split_level_o(split_level)
  );

  // ---- input domain
  reg dom;
  integer d;
  always @* begin
    dom = rank_i >= 1 && rank_i <= Rank &&
          (elem_bytes_i == 4'd1 || elem_bytes_i == 4'd2 || elem_bytes_i == 4'd4 ||
           elem_bytes_i == 4'd8);
    for (d = 0; d < Rank; d = d + 1) begin
      if (d < rank_i && (box_i[d*BoxWidth +: BoxWidth] < 1 || box_i[d*BoxWidth +: BoxWidth] > BoxMax))
        dom = 1'b0;
      if ((d == 0 || d >= rank_i) && (row_mask_i[d] || split_mask_i[d])) dom = 1'b0;
      if (row_mask_i[d] && split_mask_i[d]) dom = 1'b0;
      if (split_mask_i[d] && (!tile_major_i || split_log2_m_i[d*4 +: 4] >= log2_b_i)) dom = 1'b0;
      if (!split_mask_i[d] && split_log2_m_i[d*4 +: 4] != 4'd0) dom = 1'b0;
    end
    if (tile_major_i && (log2_granule_i < 4 || log2_granule_i > MaxLog2Granule ||
                         log2_a_i + log2_b_i + (elem_bytes_i == 4'd8 ? 3 : elem_bytes_i == 4'd4 ? 2 :
                                                elem_bytes_i == 4'd2 ? 1 : 0) != log2_granule_i))
      dom = 1'b0;
  end

  // ---- the reference
  localparam integer Mg = MaxLog2Granule;
  // wide enough for every power of two of the nest below G (a, b, a'*s*m)
  // and for a box size
  localparam integer VW = ((Mg > BoxWidth) ? Mg : BoxWidth) + 2;
  reg [VW-1:0]          s, a, b, g, u, ap, aps, mm, bm, bx, ins;
  reg                   u_pow2, view_bad, misalign, stepped;
  reg [2:0]             nsplit, lv;
  reg [3:0]             ref_err;
  reg [1:0]             ref_mode;
  reg [BoxWidth-1:0]    ref_run;
  reg [4:0]             ref_prow, ref_pcol, ref_psub;
  reg [2:0]             ref_split_level;
  reg [Levels*W-1:0]        ref_stride;
  reg [Levels*BoxWidth-1:0] ref_count;
  reg [Levels*3-1:0]        ref_vdim;
  reg [Levels*5-1:0]        ref_weight;
  reg [StrideWidth-1:0]     sd;
  reg [StrideWidth+VW-1:0]  sdb, lb_l;
  integer t, j;

  function [4:0] log2i;              // exact log2 of a power of two
    input [VW-1:0] x;
    integer q;
    begin
      log2i = 5'd0;
      for (q = 0; q < VW; q = q + 1) if (x == ({{(VW-1){1'b0}}, 1'b1} << q)) log2i = q;
    end
  endfunction

  always @* begin
    s  = elem_bytes_i;
    a  = {{(VW-1){1'b0}}, 1'b1} << log2_a_i;
    b  = {{(VW-1){1'b0}}, 1'b1} << log2_b_i;
    g  = {{(VW-1){1'b0}}, 1'b1} << log2_granule_i;
    u  = box_i[0 +: BoxWidth];
    u_pow2 = 1'b0;
    for (t = 0; t < BoxWidth; t = t + 1) if (u == ({{(VW-1){1'b0}}, 1'b1} << t)) u_pow2 = 1'b1;
    ap  = !tile_major_i ? u : (u < a) ? u : a;
    aps = ap * s;

    // rules 16 and 19 (tile-major)
    view_bad = !u_pow2;
    misalign = (row_i % aps) != 0;
    nsplit   = 3'd0;
    for (d = 1; d < Rank; d = d + 1) begin
      if (d < rank_i) begin
        bx = box_i[d*BoxWidth +: BoxWidth];
        mm = {{(VW-1){1'b0}}, 1'b1} << split_log2_m_i[d*4 +: 4];
        bm = b / mm;
        if (row_mask_i[d] && bx > 1 && (stride_i[d*StrideWidth +: StrideWidth] % aps) != 0)
          view_bad = 1'b1;
        if (split_mask_i[d] && bx > 1) begin
          nsplit = nsplit + 3'd1;
          if (bx > bm && (bx % bm) != 0) view_bad = 1'b1;
        end
        if (split_mask_i[d] && (coord_i[d*CoordWidth +: CoordWidth] % bm) != 0) misalign = 1'b1;
      end
    end
    if (nsplit > 1) view_bad = 1'b1;
    ref_err = !tile_major_i ? TlOk : view_bad ? TlErrUnsupportedView :
              misalign ? TlErrAlign : TlOk;

    // run and case-2 permutation
    ref_mode = !tile_major_i ? 2'd0 : (u == a) ? 2'd1 : (u < a) ? 2'd2 : 2'd3;
    ref_run  = ap[BoxWidth-1:0];
    ref_prow = 5'd0;
    ref_pcol = 5'd0;
    ref_psub = 5'd0;
    if (tile_major_i && u < a) begin
      ref_prow = log2i(u * s);
      ref_pcol = log2_b_i;
      ref_psub = log2i(a / u);
    end

    // the nest, innermost first: every level counts 1 until a dimension
    // is appended to it; pos is the number of levels appended so far
    ref_count  = {Levels{{(BoxWidth-1){1'b0}}, 1'b1}};
    ref_stride = {Levels*W{1'b0}};
    ref_vdim   = {Levels*3{1'b0}};
    ref_weight = {Levels*5{1'b0}};
    ref_split_level = 3'd0;
    if (tile_major_i && u > a) begin
      ref_count[0 +: BoxWidth] = u / a;
      ref_stride[0 +: W]       = g;
      ref_weight[0 +: 5]       = log2_a_i;
    end
    lv = 3'd1;
    for (d = 1; d < Rank; d = d + 1) begin
      if (d < rank_i) begin
        bx = box_i[d*BoxWidth +: BoxWidth];
        sd = stride_i[d*StrideWidth +: StrideWidth];
        mm = {{(VW-1){1'b0}}, 1'b1} << split_log2_m_i[d*4 +: 4];
        bm = b / mm;
        ins = mm * aps;
        lb_l = lead_stride_i * b;
        sdb = sd * b;
        stepped = tile_major_i && split_mask_i[d] && bx > 1;
        // append at level lv (and lv + 1 for a split's outer counter);
        // written per level with a constant index
        for (j = 1; j < Levels; j = j + 1) begin
          if (lv == j) begin
            ref_count[j*BoxWidth +: BoxWidth] = !stepped ? bx : (bx < bm) ? bx : bm;
            ref_stride[j*W +: W] = stepped ? ins : (tile_major_i && row_mask_i[d]) ? sdb : sd;
            ref_vdim[j*3 +: 3]   = d;
          end
          if (stepped && lv + 3'd1 == j) begin
            ref_count[j*BoxWidth +: BoxWidth] = (bx > bm) ? bx / bm : 1;
            ref_stride[j*W +: W] = lb_l;
            ref_vdim[j*3 +: 3]   = d;
            ref_weight[j*5 +: 5] = log2i(bm);
          end
        end
        if (stepped) ref_split_level = lv;
        lv = lv + (stepped ? 3'd2 : 3'd1);
      end
    end
  end

  // ---- properties
  wire supported = ref_err != TlErrUnsupportedView;
  reg     nest_ok;
  reg [W-1:0] eff;
  always @* begin
    nest_ok = 1'b1;
    for (j = 0; j < Levels; j = j + 1) begin
      eff = {{(W-StrideWidth){1'b0}}, stride[j*StrideWidth +: StrideWidth]} << shift[j*5 +: 5];
      if (count[j*BoxWidth +: BoxWidth] != ref_count[j*BoxWidth +: BoxWidth]) nest_ok = 1'b0;
      if (ref_count[j*BoxWidth +: BoxWidth] > 1 &&
          (eff != ref_stride[j*W +: W] || vdim[j*3 +: 3] != ref_vdim[j*3 +: 3] ||
           weight[j*5 +: 5] != ref_weight[j*5 +: 5]))
        nest_ok = 1'b0;
    end
  end

  always @* begin
    assume (dom);
    assert (err == ref_err);                                                  // K0
    if (supported) begin
      assert (nest_ok);                                                       // K1, K2
      assert (mode == ref_mode && run_elems == ref_run &&
              run_bytes == ref_run * elem_bytes_i);                           // K3
      assert (prow == ref_prow && pcol == ref_pcol && psub == ref_psub);      // K4
      assert (split_level == ref_split_level);                                // K5
    end
  end

  reg all_step;
  integer k;
  always @* begin
    all_step = 1'b1;
    for (k = 1; k < Rank; k = k + 1)
      if (count[k*BoxWidth +: BoxWidth] < 2) all_step = 1'b0;
  end

`ifdef COVER
  always @* begin
    cover (tile_major_i && err == TlOk && split_level != 3'd0 &&
           count[(split_level+1)*BoxWidth +: BoxWidth] > 1 &&
           weight[(split_level+1)*5 +: 5] != 5'd0);                        // K1c
    cover (tile_major_i && err == TlOk && mode == 2'd2 && psub != 5'd0 &&
           prow != 5'd0 && pcol != 5'd0);                                   // K2c
    cover (tile_major_i && err == TlOk && mode == 2'd3 &&
           count[0 +: BoxWidth] > 1);                                       // K3c
    cover (err == TlErrUnsupportedView);                                    // K4c
    cover (err == TlErrAlign);                                              // K5c
    cover (!tile_major_i && err == TlOk && rank_i == Rank && all_step &&
           mode == 2'd0);                                                   // K6c
  end
`endif

endmodule

`default_nettype wire

// tilelens_counter_cfg_pieces_props - the paper-scope variant
// (WidePieces = 0) against the default (WidePieces = 1), on the same inputs:
//   Q1 wide     tile-major and u = box[0] > a (a box wider than the memory
//               tile): the variant's err_o is TL_ERR_UNSUPPORTED_VIEW
//   Q2 same     every other input (linear mode, or u <= a): every output of
//               the variant equals the default's
// for every input, no assumption (the variant changes only level 0 and the
// status). With Q1 and Q2 the variant is the verified default restricted
// to u <= a, everything the default's proofs and co-simulation show holds
// for it there.
`default_nettype none

module tilelens_counter_cfg_pieces_props #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer BoxWidth       = 9,
  parameter integer MaxLog2Granule = 16,
  parameter integer StrideInW      = (Rank > 1 ? Rank - 1 : 1) * StrideWidth
) (
  input wire                        tile_major_i,
  input wire [2:0]                  rank_i,
  input wire [3:0]                  elem_bytes_i,
  input wire [4:0]                  log2_a_i,
  input wire [4:0]                  log2_b_i,
  input wire [4:0]                  log2_granule_i,
  input wire [StrideWidth-1:0]      lead_stride_i,
  input wire [StrideInW-1:0]        stride_i,
  input wire [Rank-1:0]             row_mask_i,
  input wire [Rank-1:0]             split_mask_i,
  input wire [Rank*4-1:0]           split_log2_m_i,
  input wire [Rank*CoordWidth-1:0]  coord_i,
  input wire [Rank*BoxWidth-1:0]    box_i,
  input wire [MaxLog2Granule-1:0]   row_i
);

  localparam [3:0] TlErrUnsupportedView = 4'd9;   // the C contract's code
  localparam integer NestW = 2 + (Rank+1) * (BoxWidth + StrideWidth + 5 + 3 + 5)
                             + BoxWidth + 12 + 15 + 3;

  wire [3:0]       err_w, err_p;
  wire [NestW-1:0] out_w, out_p;

  tilelens_counter_cfg #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth),
    .BoxWidth(BoxWidth), .MaxLog2Granule(MaxLog2Granule), .WidePieces(1)
  ) u_wide (
    .tile_major_i(tile_major_i), .rank_i(rank_i), .elem_bytes_i(elem_bytes_i),
    .log2_a_i(log2_a_i), .log2_b_i(log2_b_i), .log2_granule_i(log2_granule_i),
    .lead_stride_i(lead_stride_i), .stride_i(stride_i), .row_mask_i(row_mask_i),
    .split_mask_i(split_mask_i), .split_log2_m_i(split_log2_m_i), .coord_i(coord_i),
    .box_i(box_i), .row_i(row_i),
    .err_o(err_w),
    .mode_o(out_w[1:0]),
    .count_o(out_w[2 +: (Rank+1)*BoxWidth]),
    .stride_o(out_w[2 + (Rank+1)*BoxWidth +: (Rank+1)*StrideWidth]),
    .shift_o(out_w[2 + (Rank+1)*(BoxWidth+StrideWidth) +: (Rank+1)*5]),
    .vdim_o(out_w[2 + (Rank+1)*(BoxWidth+StrideWidth+5) +: (Rank+1)*3]),
    .log2_weight_o(out_w[2 + (Rank+1)*(BoxWidth+StrideWidth+8) +: (Rank+1)*5]),
    .run_elems_o(out_w[2 + (Rank+1)*(BoxWidth+StrideWidth+13) +: BoxWidth]),
    .run_bytes_o(out_w[2 + (Rank+1)*(BoxWidth+StrideWidth+13) + BoxWidth +: 12]),
    .perm_row_o(out_w[NestW-18 +: 5]),
    .perm_col_o(out_w[NestW-13 +: 5]),
    .perm_sub_o(out_w[NestW-8 +: 5]),
    .split_level_o(out_w[NestW-3 +: 3])
  );

  tilelens_counter_cfg #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth),
    .BoxWidth(BoxWidth), .MaxLog2Granule(MaxLog2Granule), .WidePieces(0)
  ) u_paper (
    .tile_major_i(tile_major_i), .rank_i(rank_i), .elem_bytes_i(elem_bytes_i),
    .log2_a_i(log2_a_i), .log2_b_i(log2_b_i), .log2_granule_i(log2_granule_i),
    .lead_stride_i(lead_stride_i), .stride_i(stride_i), .row_mask_i(row_mask_i),
    .split_mask_i(split_mask_i), .split_log2_m_i(split_log2_m_i), .coord_i(coord_i),
    .box_i(box_i), .row_i(row_i),
    .err_o(err_p),
    .mode_o(out_p[1:0]),
    .count_o(out_p[2 +: (Rank+1)*BoxWidth]),
    .stride_o(out_p[2 + (Rank+1)*BoxWidth +: (Rank+1)*StrideWidth]),
    .shift_o(out_p[2 + (Rank+1)*(BoxWidth+StrideWidth) +: (Rank+1)*5]),
    .vdim_o(out_p[2 + (Rank+1)*(BoxWidth+StrideWidth+5) +: (Rank+1)*3]),
    .log2_weight_o(out_p[2 + (Rank+1)*(BoxWidth+StrideWidth+8) +: (Rank+1)*5]),
    .run_elems_o(out_p[2 + (Rank+1)*(BoxWidth+StrideWidth+13) +: BoxWidth]),
    .run_bytes_o(out_p[2 + (Rank+1)*(BoxWidth+StrideWidth+13) + BoxWidth +: 12]),
    .perm_row_o(out_p[NestW-18 +: 5]),
    .perm_col_o(out_p[NestW-13 +: 5]),
    .perm_sub_o(out_p[NestW-8 +: 5]),
    .split_level_o(out_p[NestW-3 +: 3])
  );

  // u > a as integers (a = 2^la, la up to 31), not from the RTL's log2
  wire [63:0] u_int  = {{(64-BoxWidth){1'b0}}, box_i[BoxWidth-1:0]};
  wire [63:0] a_int  = 64'd1 << log2_a_i;
  wire        wide   = tile_major_i && (u_int > a_int);

  always @* begin
    if (wide) begin
      assert (err_p == TlErrUnsupportedView);                 // Q1
    end else begin
      assert ({err_p, out_p} == {err_w, out_w});              // Q2
    end
  end

endmodule

`default_nettype wire
