// tilelens_addr_gen_props - properties of tilelens_addr_gen.
//
// A checker beside the RTL: it instantiates the generator and keeps its own
// model of the counter nest (shadow level indices stepped as a mixed-radix
// counter, a shadow destination, step and cycle counters), from which it
// computes every request independently of the RTL's datapath:
//   t    = base + tile_base + sum over levels k of idx[k] * (stride[k] << shift[k])
//   c[d] = coord[d] + sum over the levels k of dimension d of idx[k] << weight[k]
//          (level 0 -> dimension 0; level k >= 1 -> dimension k, or k - 1
//          above the split level sp; the split's outer level sp + 1 carries
//          the one non-zero weight above level 0)
//   run  [c[0], c[0] + run_elems) clipped to [0, dim[0]) = [lo, hi)
//   src  = permute(t) + (lo - c[0]) * s, permute written with whole-field
//          masks and shifts (tl_bit_permute of the C model)
// The shadow nest presents one step per cycle to a shadow request register
// (ex_*), which takes it whenever it does not hold a request waiting for
// req_ready_i: a step's request is offered one cycle after its step.
// For every input sequence within the domain below, from the reset state:
//   G1 handshake busy_o and done_o equal the shadow's: busy from the cycle
//               after a start handshake until the register has drained the
//               last step, done_o high exactly the one cycle after it;
//               start_ready_o = !busy_o
//   G2 index    (b) no level index overflows: every shadow index is below its
//               count, and the RTL's index registers equal the shadow's
//   G3 valid    req_valid_o is high exactly in the cycles after the steps that have
//               every coordinate of dimensions 1..rank-1 inside [0, dim) and
//               a non-empty clipped run (the others are bubbles)
//   G4 payload  (a) req_src_o, req_dst_o and req_bytes_o equal the reference
//               above of the step the register took (dst = smem_base +
//               step * run_bytes + clip * s)
//   G5 box      (a) the footprint read back from the reference payload (equal
//               to the outputs by G4): the request's first element
//               c[0] + (src - permute(t)) / s and its bytes / s elements (at least one) lie inside the box's
//               run [c[0], c[0] + run_elems) and inside [0, dim[0]), the
//               source and destination offsets are equal multiples of s
//   G6 count    (c) the number of steps from the start handshake to done_o is
//               the product of the level counts; when no request was stalled
//               (req_valid_o && !req_ready_i, in particular with req_ready_i
//               held 1) the number of busy cycles is that product too:
//               done_o comes exactly product + 2 cycles after the handshake
//   G7 hold     (d) a stalled request (req_valid_o && !req_ready_i) is still
//               valid in the next cycle with the same src, dst and bytes
//   G8 inv      inductive strengthening: each level's stored pass address
//               equals base + tile_base + sum over levels j >= k of
//               idx[j] * stride[j]; the RTL's destination register equals the
//               shadow destination; the step counter equals the mixed-radix
//               value of the shadow indices, and the busy-cycle counter
//               equals it while nothing stalled; while the register drains
//               the last step both equal the product of the counts
//   G9 inv      the nest's registered last-index flags (u_nest.last_q,
//               connected as dut_last_q) equal idx == count - 1 of every
//               level while busy
//   G10 inv     the nest's busy flag equals the shadow's, the request
//               register's occupancy the shadow register's, and while busy
//               the box's registered bounds (u_req) equal their values from
//               the held inputs
//   G11 inv     the nest's registered shifted stride (u_nest.gen_inc_reg.inc_q,
//               connected as dut_inc_q) equals stride[lvl] << shift[lvl]
//               while the nest is busy, lvl the lowest level whose index is
//               not count - 1 (zero when every level is at its last index),
//               and its one-hot copy of lvl (gen_inc_reg.sel_q, as dut_sel_q)
//   G12 inv     level 0's registered offset (gen_off[0].gen_off0.x_q, connected
//               as dut_x_q) equals idx[0] << weight[0] while the nest is busy
//   G13 inv     the permuter's registered field decode (u_permute's
//               gen_sel_reg.sel_sub_q and sel_col_q, connected as
//               dut_psub_q and dut_pcol_q) equals its decode of the held
//               widths (sel_sub_d and sel_col_d, as dut_psub_d and
//               dut_pcol_d) while the nest is busy
// Input domain (assumed; what tilelens_counter_cfg produces for a checked
// box, and the block's documented stability): nest, box and descriptor
// inputs stable while busy; counts 1..2^(BoxWidth-1); shift <= MaxLog2Granule;
// s in {1, 2, 4, 8}; rank 1..Rank; dim 1..2^CoordWidth below rank; run_elems >= 1; split level 0..Rank-1;
// the weight of level 0 with count[0] << weight[0] <= 2^(BoxWidth-1);
// above level 0 only the split's outer level sp + 1 has a non-zero weight,
// the inner count is at most 2^weight and count << weight <= 2^(BoxWidth-1).
// The RTL's index, address and destination registers are read through the
// wires dut_* of this module, which the proof script connects to them.
// Covers: a bubble step, a run clipped at each end, a case-2 permutation
// (perm_sub_i != 0 and a changed address) in a request, a split nest
// request (each on the step the request register takes), done_o.
// Sizes: set by the script (reduced widths, see tilelens_addr_gen.ys).
`default_nettype none

module tilelens_addr_gen_props #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer BoxWidth       = 9,
  parameter integer AddrWidth      = 64,
  parameter integer SmemWidth      = 32,
  parameter integer DimWidth       = 33,
  parameter integer MaxLog2Granule = 16
) (
  input wire                            clk_i,
  input wire                            rst_ni,
  input wire                            start_valid_i,
  input wire [(Rank+1)*BoxWidth-1:0]    count_i,
  input wire [(Rank+1)*StrideWidth-1:0] stride_i,
  input wire [(Rank+1)*5-1:0]           shift_i,
  input wire [(Rank+1)*5-1:0]           log2_weight_i,
  input wire [2:0]                      split_level_i,
  input wire [BoxWidth-1:0]             run_elems_i,
  input wire [11:0]                     run_bytes_i,
  input wire [4:0]                      perm_row_i,
  input wire [4:0]                      perm_col_i,
  input wire [4:0]                      perm_sub_i,
  input wire [AddrWidth-1:0]            base_i,
  input wire [AddrWidth-1:0]            tile_base_i,
  input wire [3:0]                      elem_bytes_i,
  input wire [2:0]                      rank_i,
  input wire [Rank*CoordWidth-1:0]      coord_i,
  input wire [Rank*DimWidth-1:0]        dim_i,
  input wire [SmemWidth-1:0]            smem_base_i,
  input wire                            req_ready_i
);

  localparam integer Levels = Rank + 1;
  localparam integer IdxW   = BoxWidth - 1;
  localparam integer IncW   = StrideWidth + MaxLog2Granule;
  localparam integer W      = CoordWidth + BoxWidth + 4;   // signed coordinates, exact
  localparam integer NW     = Levels * IdxW + 2;           // step counts, exact
  localparam integer InW    = (Rank+1)*BoxWidth + (Rank+1)*StrideWidth + 2*(Rank+1)*5 + 3 +
                              BoxWidth + 12 + 15 + 2*AddrWidth + 4 + 3 +
                              Rank*CoordWidth + Rank*DimWidth + SmemWidth;

  // the RTL's state registers: left undriven here, connected by the proof
  // script (connect -set) after flattening
  wire [(Rank+1)*(BoxWidth-1)-1:0] dut_idx_q;
  wire [(Rank+1)*AddrWidth-1:0]    dut_addr_q;
  wire [SmemWidth-1:0]             dut_dst_q;
  wire [(Rank+1)-1:0]               dut_last_q;   // the nest's registered last-index flags
  wire [(Rank+1)*BoxWidth-1:0]       dut_count;    // the nest's counts
  wire [StrideWidth+MaxLog2Granule-1:0] dut_inc_q;  // the nest's registered shifted stride
  wire [BoxWidth-1:0]                   dut_x_q;    // level 0's registered offset
  wire [Rank:0]                         dut_sel_q;  // the nest's registered stepping level
  wire [MaxLog2Granule-1:0]             dut_psub_q, dut_psub_d; // the permuter's field decode, registered and from the widths
  wire [MaxLog2Granule-1:0]             dut_pcol_q, dut_pcol_d;
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

  tilelens_addr_gen #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .BoxWidth(BoxWidth),
    .AddrWidth(AddrWidth), .SmemWidth(SmemWidth), .DimWidth(DimWidth),
    .MaxLog2Granule(MaxLog2Granule)
  ) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .start_valid_i(start_valid_i), .start_ready_o(start_ready),
    .count_i(count_i), .stride_i(stride_i), .shift_i(shift_i), .log2_weight_i(log2_weight_i),
    .split_level_i(split_level_i), .run_elems_i(run_elems_i), .run_bytes_i(run_bytes_i),
    .perm_row_i(perm_row_i), .perm_col_i(perm_col_i), .perm_sub_i(perm_sub_i),
    .base_i(base_i), .tile_base_i(tile_base_i), .elem_bytes_i(elem_bytes_i), .rank_i(rank_i),
    .coord_i(coord_i), .dim_i(dim_i), .smem_base_i(smem_base_i),
    .req_valid_o(req_valid), .req_ready_i(req_ready_i), .req_src_o(req_src),
    .req_dst_o(req_dst), .req_bytes_o(req_bytes), .busy_o(busy), .done_o(done)
  );

  // ---- input domain
  wire [InW-1:0] in_now = {count_i, stride_i, shift_i, log2_weight_i, split_level_i, run_elems_i,
                           run_bytes_i, perm_row_i, perm_col_i, perm_sub_i, base_i, tile_base_i,
                           elem_bytes_i, rank_i, coord_i, dim_i, smem_base_i};
  reg  [InW-1:0] in_past;
  always @(posedge clk_i) in_past <= in_now;

  wire [2:0] sp = split_level_i;
  reg        dom_ok;
  integer k, d, j;
  reg [4:0]  wk;
  reg [BoxWidth-1:0] ck;
  always @* begin
    dom_ok = (elem_bytes_i == 4'd1 || elem_bytes_i == 4'd2 || elem_bytes_i == 4'd4 ||
              elem_bytes_i == 4'd8) &&
             rank_i >= 3'd1 && rank_i <= Rank && run_elems_i != {BoxWidth{1'b0}} &&
             sp <= Rank - 1;
    for (d = 0; d < Rank; d = d + 1)
      if (rank_i > d && (dim_i[d*DimWidth +: DimWidth] == {DimWidth{1'b0}} ||
                         dim_i[d*DimWidth +: DimWidth] > (1 << CoordWidth))) dom_ok = 1'b0;
    for (k = 0; k < Levels; k = k + 1) begin
      ck = count_i[k*BoxWidth +: BoxWidth];
      wk = log2_weight_i[k*5 +: 5];
      if (ck == {BoxWidth{1'b0}} || ck > (1 << IdxW)) dom_ok = 1'b0;
      if (shift_i[k*5 +: 5] > MaxLog2Granule) dom_ok = 1'b0;
      if (k == 0 || (sp != 3'd0 && k == sp + 1)) begin
        if (wk > IdxW || ((ck << wk) > (1 << IdxW))) dom_ok = 1'b0;
      end else if (wk != 5'd0) begin
        dom_ok = 1'b0;
      end
      if (sp != 3'd0 && k == sp + 1) begin
        if (count_i[sp*BoxWidth +: BoxWidth] > (1 << wk)) dom_ok = 1'b0;
      end
    end
  end

  always @* begin
    assume (dom_ok);
    if (busy) begin
      assume (in_now == in_past);
    end
  end

  // ---- the shadow nest
  reg                   sh_busy, sh_done, nostall;
  reg [Levels*IdxW-1:0] sh_idx;
  reg [SmemWidth-1:0]   sh_dst;
  reg [NW-1:0]          nsteps, ncyc, fin_total;
  initial begin
    sh_busy = 1'b0;
    sh_done = 1'b0;
  end

  wire [1:0] ls = elem_bytes_i[3] ? 2'd3 : elem_bytes_i[2] ? 2'd2 : elem_bytes_i[1] ? 2'd1 : 2'd0;

  // reference address, per level: base + tile_base + sum_{j >= k} idx[j] * inc[j]
  reg [Levels*AddrWidth-1:0] lvl_ref;
  reg [AddrWidth-1:0]        acc;
  reg [IncW-1:0]             inc;
  always @* begin
    acc = base_i + tile_base_i;
    for (k = Levels - 1; k >= 0; k = k - 1) begin
      inc = {{MaxLog2Granule{1'b0}}, stride_i[k*StrideWidth +: StrideWidth]} << shift_i[k*5 +: 5];
      acc = acc + {{(AddrWidth-IdxW){1'b0}}, sh_idx[k*IdxW +: IdxW]} *
                  {{(AddrWidth-IncW){1'b0}}, inc};
      lvl_ref[k*AddrWidth +: AddrWidth] = acc;
    end
  end
  wire [AddrWidth-1:0] t_ref = lvl_ref[0 +: AddrWidth];

  // the stepping level's shifted stride (G11)
  reg [IncW-1:0] step_inc;
  reg            step_found;
  reg [Levels-1:0] step_sel;
  always @* begin
    step_inc   = {IncW{1'b0}};
    step_found = 1'b0;
    step_sel   = {Levels{1'b0}};
    for (k = 0; k < Levels; k = k + 1)
      if (!step_found && ({1'b0, sh_idx[k*IdxW +: IdxW]} + 1'b1 != count_i[k*BoxWidth +: BoxWidth])) begin
        step_found = 1'b1;
        step_sel[k] = 1'b1;
        step_inc   = {{MaxLog2Granule{1'b0}}, stride_i[k*StrideWidth +: StrideWidth]} << shift_i[k*5 +: 5];
      end
  end

  // reference permutation (case 2): (sub | col | row) -> (col | sub | row)
  wire [6:0] p_row   = {2'b00, perm_row_i};
  wire [6:0] p_rs    = {2'b00, perm_row_i} + {2'b00, perm_sub_i};
  wire [6:0] p_rc    = {2'b00, perm_row_i} + {2'b00, perm_col_i};
  wire [6:0] p_total = p_rc + {2'b00, perm_sub_i};
  wire       p_fits  = p_total <= MaxLog2Granule;
  wire [AddrWidth-1:0] ones    = {AddrWidth{1'b1}};
  wire [AddrWidth-1:0] row_fld = t_ref & ~(ones << p_row);
  wire [AddrWidth-1:0] col_fld = (t_ref >> p_row) & ~(ones << perm_col_i);
  wire [AddrWidth-1:0] sub_fld = (t_ref >> p_rc) & ~(ones << perm_sub_i);
  wire [AddrWidth-1:0] high    = (t_ref >> p_total) << p_total;
  wire [AddrWidth-1:0] perm    = high | (col_fld << p_rs) | (sub_fld << p_row) | row_fld;
  wire [AddrWidth-1:0] p_ref   = (p_fits && p_total != 7'd0) ? perm : t_ref;

  // reference view coordinates and bounds
  reg signed [Rank*W-1:0] cv;
  reg signed [W-1:0]      cd, dm, lo, hi, c0;
  reg                     inside;
  integer vd;
  always @* begin
    for (d = 0; d < Rank; d = d + 1)
      cv[d*W +: W] = {{(W-CoordWidth){coord_i[d*CoordWidth + CoordWidth - 1]}},
                      coord_i[d*CoordWidth +: CoordWidth]};
    for (k = 0; k < Levels; k = k + 1) begin
      vd = (k == 0) ? 0 : (sp != 3'd0 && k > sp) ? k - 1 : k;
      for (d = 0; d < Rank; d = d + 1)
        if (vd == d)
          cv[d*W +: W] = cv[d*W +: W] +
                         ({{(W-IdxW){1'b0}}, sh_idx[k*IdxW +: IdxW]} << log2_weight_i[k*5 +: 5]);
    end
    inside = 1'b1;
    for (d = 1; d < Rank; d = d + 1) begin
      cd = cv[d*W +: W];
      dm = {{(W-DimWidth){1'b0}}, dim_i[d*DimWidth +: DimWidth]};
      if (rank_i > d && (cd < 0 || cd >= dm)) inside = 1'b0;
    end
    c0 = cv[0 +: W];
    dm = {{(W-DimWidth){1'b0}}, dim_i[0 +: DimWidth]};
    lo = (c0 < 0) ? {W{1'b0}} : c0;
    hi = c0 + {{(W-BoxWidth){1'b0}}, run_elems_i};
    if (hi > dm) hi = dm;
    if (lo >= hi) inside = 1'b0;
  end
  wire signed [W-1:0] dim0      = {{(W-DimWidth){1'b0}}, dim_i[0 +: DimWidth]};
  wire signed [W-1:0] run_end   = c0 + {{(W-BoxWidth){1'b0}}, run_elems_i};
  wire [W-1:0]        clip_el   = lo - c0;
  wire [W-1:0]        n_el      = hi - lo;
  wire [AddrWidth-1:0] clip_e   = clip_el[BoxWidth:0];
  wire [AddrWidth-1:0] clip_b   = clip_e << ls;
  wire [AddrWidth-1:0] src_ref  = p_ref + clip_b;
  wire [SmemWidth-1:0] dst_ref  = sh_dst + clip_b[SmemWidth-1:0];
  wire [W-1:0]         bytes_w  = n_el << ls;
  wire [11:0]          bytes_ref = bytes_w[11:0];

  // the footprint read back from the outputs
  wire [AddrWidth-1:0] off_b   = src_ref - p_ref;
  wire [SmemWidth-1:0] doff_b  = dst_ref - sh_dst;
  wire [AddrWidth-1:0] off_el  = off_b >> ls;
  wire [AddrWidth-1:0] s_m1    = {{(AddrWidth-4){1'b0}}, elem_bytes_i - 4'd1};
  wire [11:0]          n_out   = bytes_ref >> ls;
  wire signed [W-1:0]  first   = c0 + $signed({1'b0, off_el[BoxWidth:0]});
  wire signed [W-1:0]  after   = first + $signed({{(W-12){1'b0}}, n_out});
  wire                 box_ok  = (off_b & s_m1) == {AddrWidth{1'b0}} &&
                                 off_el < (1 << BoxWidth) && doff_b == off_b[SmemWidth-1:0] &&
                                 (bytes_ref & s_m1[11:0]) == 12'd0 && n_out != 12'd0 &&
                                 first >= 0 && first >= c0 && after <= dim0 && after <= run_end;

  // product of the counts, and the mixed-radix value of the shadow indices
  reg [NW-1:0] total, lin, wgt;
  always @* begin
    total = {{(NW-1){1'b0}}, 1'b1};
    lin   = {NW{1'b0}};
    for (k = 0; k < Levels; k = k + 1) begin
      lin   = lin + {{(NW-IdxW){1'b0}}, sh_idx[k*IdxW +: IdxW]} * total;
      total = total * {{(NW-BoxWidth){1'b0}}, count_i[k*BoxWidth +: BoxWidth]};
    end
  end

  // the level counts as the shared shadow nest reads them
  wire [Levels*BoxWidth-1:0] cnt = count_i;
  `include "tilelens_gen_shadow.vh"

  // the box check of the step in the shadow request register
  reg ex_box_ok;
  always @(posedge clk_i)
    if (rst_ni && take) ex_box_ok <= box_ok;

  // the shadow destination: smem_base_i at the start, run_bytes_i more
  // per step
  always @(posedge clk_i)
    if (rst_ni) begin
      if (start_hs) sh_dst <= smem_base_i;
      else if (adv) sh_dst <= sh_dst + {{(SmemWidth-12){1'b0}}, run_bytes_i};
    end

  always @* begin
    if (rst_ni) begin
      assert (busy == (sh_busy || ex_occ));                                  // G1
      assert (done == ex_done);                                              // G1
      assert (start_ready == !busy);                                         // G1
      assert (!(done && past_done));                                         // G1
      assert (!(done && busy));                                              // G1
      assert (!sh_busy || idx_ok);                                           // G2
      assert (!sh_busy || dut_idx_q == sh_idx);                              // G2
      assert (req_valid == ex_valid);                                        // G3
      if (req_valid) begin
        assert (req_src == ex_src);                                          // G4
        assert (req_dst == ex_dst);                                          // G4
        assert (req_bytes == ex_bytes);                                      // G4
        assert (ex_box_ok);                                                  // G5
      end
      assert (!done || nsteps == fin_total);                                 // G6
      assert (!(done && nostall) || ncyc == fin_total);                      // G6
      if (past_stall) begin
        assert (req_valid);                                                  // G7
        assert (req_src == past_src && req_dst == past_dst &&
                req_bytes == past_bytes);                                    // G7
      end
      assert (!sh_busy || dut_addr_q == lvl_ref);                            // G8
      assert (dut_nest_busy == sh_busy && dut_occ == ex_occ);               // G10
      assert (!ex_valid || ex_occ);                                          // G10
      assert (!busy || (dut_lo_q == dut_lo_d && dut_hi_q == dut_hi_d &&
                        dut_q_q == dut_q_d && dut_r_q == dut_r_d));         // G10
      for (li = 0; li < (Rank+1); li = li + 1)
        assert (!sh_busy || dut_last_q[li] ==
                (({1'b0, sh_idx[li*(BoxWidth-1) +: BoxWidth-1]} + 1'b1) ==
                 dut_count[li*BoxWidth +: BoxWidth]));                      // G9
      assert (!sh_busy || dut_dst_q == sh_dst);                              // G8
      assert (!sh_busy || dut_inc_q == step_inc);                            // G11
      assert (!sh_busy || dut_sel_q == step_sel);                            // G11
      assert (!sh_busy || dut_x_q == ({1'b0, sh_idx[0 +: IdxW]} << log2_weight_i[0 +: 5])); // G12
      assert (!sh_busy || (dut_psub_q == dut_psub_d && dut_pcol_q == dut_pcol_d)); // G13
      assert (!sh_busy || nsteps == lin);                                    // G8
      assert (!(sh_busy && nostall) || ncyc == nsteps);                      // G8
      assert (!(ex_occ && !sh_busy) || nsteps == fin_total);                 // G8
      assert (!(ex_occ && !sh_busy && nostall) || ncyc == fin_total);        // G8
    end
  end

`ifdef COVER
  always @* begin
    if (rst_ni) begin
      cover (sh_busy && !inside && nsteps != 0);                             // a bubble
      cover (sh_busy && take && inside && c0 < 0);                                           // clipped below
      cover (sh_busy && take && inside && run_end > dim0 && c0 > 0);                         // clipped above
      cover (sh_busy && take && inside && perm_sub_i != 5'd0 && p_ref != t_ref);             // case 2
      cover (sh_busy && take && inside && sp != 3'd0 && nsteps != 0 && log2_weight_i[(sp+1)*5 +: 5] != 5'd0 &&
             sh_idx[(sp+1)*IdxW +: IdxW] != {IdxW{1'b0}});                   // split outer level
      cover (done && fin_total > 2);                                         // done
    end
  end
`endif

endmodule

`default_nettype wire

// tilelens_addr_gen_pieces_props - the paper-scope variant (WidePieces = 0)
// against the default (WidePieces = 1), driven alike with level 0 counting
// one step (what tilelens_counter_cfg with WidePieces = 0 always gives; the
// level's stride, shift and weight stay free inputs):
//   H1 control  start_ready_o, req_valid_o, busy_o and done_o equal in every
//               cycle
//   H2 payload  req_src_o, req_dst_o and req_bytes_o equal whenever
//               req_valid_o is high (the payload's documented validity)
// for every input sequence and reset pattern from equal zero initial
// states (no other assumption: nothing is required stable). With H1 and H2
// the variant is the verified default restricted to boxes with u <= a.
`default_nettype none

module tilelens_addr_gen_pieces_props #(
  parameter integer Rank           = 5,
  parameter integer CoordWidth     = 32,
  parameter integer StrideWidth    = 40,
  parameter integer BoxWidth       = 9,
  parameter integer AddrWidth      = 64,
  parameter integer SmemWidth      = 32,
  parameter integer DimWidth       = 33,
  parameter integer MaxLog2Granule = 16
) (
  input wire                            clk_i,
  input wire                            rst_ni,
  input wire                            start_valid_i,
  input wire [Rank*BoxWidth-1:0]        count_hi_i,    // levels 1..Rank
  input wire [(Rank+1)*StrideWidth-1:0] stride_i,
  input wire [(Rank+1)*5-1:0]           shift_i,
  input wire [(Rank+1)*5-1:0]           log2_weight_i,
  input wire [2:0]                      split_level_i,
  input wire [BoxWidth-1:0]             run_elems_i,
  input wire [11:0]                     run_bytes_i,
  input wire [4:0]                      perm_row_i,
  input wire [4:0]                      perm_col_i,
  input wire [4:0]                      perm_sub_i,
  input wire [AddrWidth-1:0]            base_i,
  input wire [AddrWidth-1:0]            tile_base_i,
  input wire [3:0]                      elem_bytes_i,
  input wire [2:0]                      rank_i,
  input wire [Rank*CoordWidth-1:0]      coord_i,
  input wire [Rank*DimWidth-1:0]        dim_i,
  input wire [SmemWidth-1:0]            smem_base_i,
  input wire                            req_ready_i
);

  wire [(Rank+1)*BoxWidth-1:0] count = {count_hi_i, {{(BoxWidth-1){1'b0}}, 1'b1}};

  wire                 ready_w, valid_w, busy_w, done_w;
  wire                 ready_p, valid_p, busy_p, done_p;
  wire [AddrWidth-1:0] src_w, src_p;
  wire [SmemWidth-1:0] dst_w, dst_p;
  wire [11:0]          bytes_w, bytes_p;

  tilelens_addr_gen #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .BoxWidth(BoxWidth),
    .AddrWidth(AddrWidth), .SmemWidth(SmemWidth), .DimWidth(DimWidth),
    .MaxLog2Granule(MaxLog2Granule), .WidePieces(1)
  ) u_wide (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_valid_i(start_valid_i), .start_ready_o(ready_w),
    .count_i(count), .stride_i(stride_i), .shift_i(shift_i), .log2_weight_i(log2_weight_i),
    .split_level_i(split_level_i), .run_elems_i(run_elems_i), .run_bytes_i(run_bytes_i),
    .perm_row_i(perm_row_i), .perm_col_i(perm_col_i), .perm_sub_i(perm_sub_i),
    .base_i(base_i), .tile_base_i(tile_base_i), .elem_bytes_i(elem_bytes_i), .rank_i(rank_i),
    .coord_i(coord_i), .dim_i(dim_i), .smem_base_i(smem_base_i),
    .req_valid_o(valid_w), .req_ready_i(req_ready_i), .req_src_o(src_w), .req_dst_o(dst_w),
    .req_bytes_o(bytes_w), .busy_o(busy_w), .done_o(done_w)
  );

  tilelens_addr_gen #(
    .Rank(Rank), .CoordWidth(CoordWidth), .StrideWidth(StrideWidth), .BoxWidth(BoxWidth),
    .AddrWidth(AddrWidth), .SmemWidth(SmemWidth), .DimWidth(DimWidth),
    .MaxLog2Granule(MaxLog2Granule), .WidePieces(0)
  ) u_paper (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_valid_i(start_valid_i), .start_ready_o(ready_p),
    .count_i(count), .stride_i(stride_i), .shift_i(shift_i), .log2_weight_i(log2_weight_i),
    .split_level_i(split_level_i), .run_elems_i(run_elems_i), .run_bytes_i(run_bytes_i),
    .perm_row_i(perm_row_i), .perm_col_i(perm_col_i), .perm_sub_i(perm_sub_i),
    .base_i(base_i), .tile_base_i(tile_base_i), .elem_bytes_i(elem_bytes_i), .rank_i(rank_i),
    .coord_i(coord_i), .dim_i(dim_i), .smem_base_i(smem_base_i),
    .req_valid_o(valid_p), .req_ready_i(req_ready_i), .req_src_o(src_p), .req_dst_o(dst_p),
    .req_bytes_o(bytes_p), .busy_o(busy_p), .done_o(done_p)
  );

  always @* begin
    assert ({ready_p, valid_p, busy_p, done_p} == {ready_w, valid_w, busy_w, done_w});  // H1
    if (valid_w) begin
      assert ({src_p, dst_p, bytes_p} == {src_w, dst_w, bytes_w});                    // H2
    end
  end

endmodule

`default_nettype wire
