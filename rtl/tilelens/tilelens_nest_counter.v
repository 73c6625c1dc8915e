// tilelens_nest_counter - the counter nest both TMA address generators step
// (tilelens_addr_gen: TileLens, Levels = Rank + 1, strides shifted per level;
// tilelens_base_addr_gen: the standard nest, Levels = Rank - 1, no shift).
//
// Behaviour: Levels nested counters, level 0 innermost. Level k counts
// 0 .. count_i[k] - 1 and has a stored address: the address at which its
// current pass started.
//   Idle (busy_o = 0): start_i loads the first step: every index 0, every
//   level's address start_addr_i, destination start_dst_i; busy_o rises.
//   Busy: step_i takes the current step. The lowest level whose index is
//   not at count - 1 (lvl) increments, every level below it restarts at 0,
//   and all of them (lvl and below) take the address
//   addr[lvl] + (stride_i[lvl] << shift_i[lvl]): one shifter and one adder
//   serve every level. The destination grows by dst_step_i. When every
//   level is at its last index the step ends the nest instead: busy_o falls
//   and done_o is high for exactly one cycle.
//   addr_o (level 0's address), dst_o and idx_o describe the current step;
//   idx_nx_o is what idx_o will be in the next cycle (the indices' register
//   input), for a parent that registers a function of an index ahead;
//   the parent decides from them whether the step is a request or a bubble
//   and drives step_i (a bubble, or a request that is accepted).
// Reset: rst_ni low (asynchronous): idle, done_o low. Indices, addresses and
// destination have no reset (loaded by start_i before they are used).
// Twin: the level loop of tl_gen_advance() in
// cmodel/src/tilelens/tilelens_addr_gen.c (one call per step taken).
//
// Worked example (paper Fig. 9, tile-major split column view): counts
// (1, 32, 2), strides (0, 1 << 7, 384 << 5), start 0x108000: steps 1-32 at
// 0x108000 + k*128 (level 1 increments), step 33 at 0x108000 + 12288
// (level 2 increments, level 1 restarts from level 2's address).
//
// Parameters:
//   Levels       nested counters (2..8)
//   CountWidth   count width (TL_BOX_BITS, 9: counts 1..256, indices 8 bits)
//   StrideWidth  stride width (TL_STRIDE_BITS, 40)
//   MaxShift     largest shift_i (TL_LOG2_GRANULE_MAX, 16); 0 with shift_i
//                tied to 0 gives a nest without shifts
//   AddrWidth    address width (TL_ADDR_BITS, 64)
//   SmemWidth    destination width (TL_SMEM_BITS, 32)
//   RegInc       1: the shifted stride and the one-hot stepping level
//                from registers loaded a step ahead (inc_q, sel_q; default
//                with a shifter), 0: chosen and shifted in the cycle of the
//                add (the standard nest, no shifter)
`default_nettype none

module tilelens_nest_counter #(
  parameter integer Levels      = 6,
  parameter integer CountWidth  = 9,
  parameter integer StrideWidth = 40,
  parameter integer MaxShift    = 16,
  parameter integer AddrWidth   = 64,
  parameter integer SmemWidth   = 32,
  parameter integer RegInc      = (MaxShift > 0) ? 1 : 0
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,
  input  wire                          start_i,      // load the first step (idle only)
  input  wire                          step_i,       // take the current step (busy only)
  input  wire [Levels*CountWidth-1:0]  count_i,      // steps per level, 1..2^(CountWidth-1)
  input  wire [Levels*StrideWidth-1:0] stride_i,     // bytes per step, before the shift
  input  wire [Levels*5-1:0]           shift_i,      // level stride is stride << shift
  input  wire [AddrWidth-1:0]          start_addr_i, // address of the first step
  input  wire [SmemWidth-1:0]          start_dst_i,  // destination of the first step
  input  wire [11:0]                   dst_step_i,   // destination bytes per step
  output wire [Levels*(CountWidth-1)-1:0] idx_o,     // index of every level
  output wire [Levels*(CountWidth-1)-1:0] idx_nx_o,  // the indices of the next cycle
  output wire [AddrWidth-1:0]          addr_o,       // address of the current step
  output wire [SmemWidth-1:0]          dst_o,        // destination of the current step
  output wire                          busy_o,
  output wire                          done_o
);

  localparam integer IdxW = CountWidth - 1;
  localparam integer IncW = StrideWidth + MaxShift;

  reg                        busy_q, busy_d, done_q, done_d;
  reg [Levels*IdxW-1:0]      idx_q, idx_d;
  reg [Levels*AddrWidth-1:0] addr_q, addr_d;        // address of each level's current pass
  reg [SmemWidth-1:0]        dst_q, dst_d;

  // ---- the level that advances: the lowest one not at its last index.
  // last_q[k] is registered (idx == count - 1 of level k), computed one
  // cycle ahead from the flags below, so that the choice of the stepping
  // level is a priority over flops, not over the index comparators:
  //   one[k]: count == 1 (a level that restarts at 0 is at its last index)
  //   pen[k]: idx + 2 == count (the stepping level's next index is its last)
  // Counts are stable while busy, so last_q always equals the comparison.
  reg  [Levels-1:0] last_q, last_d;
  wire [Levels-1:0] one, pen;
  reg  [Levels:0]   pre;                 // pre[k]: every level below k is at its last index
  wire [Levels-1:0] sel, below;          // one-hot stepping level; the levels below it
  integer j;
  always @* begin
    pre[0] = 1'b1;
    for (j = 0; j < Levels; j = j + 1) pre[j+1] = pre[j] & last_q[j];
  end
  genvar k;
  generate
    for (k = 0; k < Levels; k = k + 1) begin : gen_last
      wire [CountWidth-1:0] cnt = count_i[k*CountWidth +: CountWidth];
      assign one[k]   = cnt == {{(CountWidth-1){1'b0}}, 1'b1};
      // idx + 2 == count as an equality with count - 2 (from the held
      // counts, off the index path; count 1 gives all ones, never equal)
      wire [CountWidth-1:0] cnt_m2 = cnt - {{(CountWidth-2){1'b0}}, 2'd2};
      assign pen[k]   = {1'b0, idx_q[k*IdxW +: IdxW]} == cnt_m2;
      assign sel[k]   = pre[k] & !last_q[k];
      assign below[k] = pre[k] & last_q[k];
    end
  endgenerate
  wire all_last = pre[Levels];

  // the stepping level's stored address, chosen by AND-OR with sel_add
  // (sel, or with RegInc its copy sel_q registered a step ahead)
  wire [Levels-1:0]   sel_add;
  reg [AddrWidth-1:0] addr_sel;
  integer i;
  always @* begin
    addr_sel = {AddrWidth{1'b0}};
    for (i = 0; i < Levels; i = i + 1)
      addr_sel = addr_sel | ({AddrWidth{sel_add[i]}} & addr_q[i*AddrWidth +: AddrWidth]);
  end

  // ---- the stepping level's shifted stride, inc = stride << shift.
  // With RegInc it comes from a register (inc_q) loaded one step ahead: the
  // flags after the step taken this cycle (last_nx, the same update as
  // last_d below) and those of the start (one) give the next stepping level
  // a cycle early, so the address add reads a register instead of the
  // level priority, the stride select and the shifter. inc_q holds while no
  // step is taken; while busy it equals stride[lvl] << shift[lvl] of the
  // current stepping level lvl (0 when every level is at its last index).
  reg  [Levels-1:0] last_nx;             // the flags after a step that is not the last
  reg  [Levels:0]   pre_nx, pre_one;
  wire [Levels-1:0] sel_nx, sel_one;     // the stepping level after the step; at the start
  always @* begin
    for (i = 0; i < Levels; i = i + 1)
      last_nx[i] = below[i] ? one[i] : (sel[i] ? pen[i] : last_q[i]);
    pre_nx[0]  = 1'b1;
    pre_one[0] = 1'b1;
    for (i = 0; i < Levels; i = i + 1) begin
      pre_nx[i+1]  = pre_nx[i] & last_nx[i];
      pre_one[i+1] = pre_one[i] & one[i];
    end
  end
  assign sel_nx  = pre_nx[Levels-1:0] & ~last_nx;
  assign sel_one = pre_one[Levels-1:0] & ~one;
  wire wrap_nx  = pre_nx[Levels];
  wire wrap_one = pre_one[Levels];
  // the shifted stride of the level one-hot selected by s (zero if none);
  // strides and shifts are arguments, so that an event-driven simulator
  // re-evaluates a call when they change (Icarus does not follow a
  // function's reads of module signals)
  function [IncW-1:0] shifted;
    input [Levels-1:0]             s;
    input [Levels*StrideWidth-1:0] strides;
    input [Levels*5-1:0]           shifts;
    reg   [StrideWidth-1:0] st;
    reg   [4:0]             sh;
    integer n;
    begin
      st = {StrideWidth{1'b0}};
      sh = 5'd0;
      for (n = 0; n < Levels; n = n + 1) begin
        st = st | ({StrideWidth{s[n]}} & strides[n*StrideWidth +: StrideWidth]);
        sh = sh | ({5{s[n]}} & shifts[n*5 +: 5]);
      end
      shifted = {IncW{1'b0}};
      shifted[StrideWidth-1:0] = st;
      if (MaxShift > 0) shifted = shifted << sh;
    end
  endfunction
  wire [IncW-1:0] inc;
  generate
    if (RegInc != 0) begin : gen_inc_reg
      // one select and one shifter for both: the start's level while idle
      wire [Levels-1:0] sel_ld = busy_q ? sel_nx : sel_one;
      wire [IncW-1:0]   inc_ld = shifted(sel_ld, stride_i, shift_i);
      reg  [IncW-1:0]   inc_q;
      reg  [Levels-1:0] sel_q;          // equals sel while busy
      always @(posedge clk_i) begin
        if (!busy_q || step_i) begin
          inc_q <= inc_ld;
          sel_q <= sel_ld;
        end
      end
      assign inc     = inc_q;
      assign sel_add = sel_q;
      wire unused_wrap = ^{wrap_nx, wrap_one};
    end else begin : gen_inc_comb
      assign inc     = shifted(sel, stride_i, shift_i);
      assign sel_add = sel;
      wire unused_nx = ^{sel_nx, sel_one, wrap_nx, wrap_one};
    end
  endgenerate
  // the stride add as a structural prefix adder (a behavioural add is
  // mapped as a long ripple-like chain by the flow's area-oriented ABC)
  wire [AddrWidth-1:0] addr_next;
  wire                 addr_cout;
  tilelens_prefix_add #(.Width(AddrWidth)) u_add (
    .a_i   (addr_sel),
    .b_i   ({{(AddrWidth-IncW){1'b0}}, inc}),
    .cin_i (1'b0),
    .sum_o (addr_next),
    .cout_o(addr_cout)
  );
  wire unused_cout = addr_cout;

  // the destination's step: a structural prefix adder as well
  wire [SmemWidth-1:0] dst_next;
  wire                 dst_cout;
  tilelens_prefix_add #(.Width(SmemWidth)) u_dst_add (
    .a_i   (dst_q),
    .b_i   ({{(SmemWidth-12){1'b0}}, dst_step_i}),
    .cin_i (1'b0), .sum_o(dst_next),
    .cout_o(dst_cout)
  );
  wire unused_dst_cout = dst_cout;

  wire advance = busy_q && step_i;

  always @* begin
    busy_d = busy_q;
    done_d = 1'b0;
    idx_d  = idx_q;
    last_d = last_q;
    addr_d = addr_q;
    dst_d  = dst_q;
    if (!busy_q) begin
      if (start_i) begin
        busy_d = 1'b1;
        idx_d  = {Levels*IdxW{1'b0}};
        last_d = one;
        addr_d = {Levels{start_addr_i}};
        dst_d  = start_dst_i;
      end
    end else if (advance) begin
      dst_d = dst_next;
      if (all_last) begin
        busy_d = 1'b0;
        done_d = 1'b1;
      end else begin
        for (i = 0; i < Levels; i = i + 1) begin
          if (below[i]) begin
            idx_d[i*IdxW +: IdxW]            = {IdxW{1'b0}};
            last_d[i]                        = one[i];
            addr_d[i*AddrWidth +: AddrWidth] = addr_next;
          end else if (sel[i]) begin
            idx_d[i*IdxW +: IdxW]            = idx_q[i*IdxW +: IdxW] + 1'b1;
            last_d[i]                        = pen[i];
            addr_d[i*AddrWidth +: AddrWidth] = addr_next;
          end
        end
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
    end else begin
      busy_q <= busy_d;
      done_q <= done_d;
    end
  end

  always @(posedge clk_i) begin
    idx_q  <= idx_d;
    last_q <= last_d;
    addr_q <= addr_d;
    dst_q  <= dst_d;
  end

  assign idx_o    = idx_q;
  assign idx_nx_o = idx_d;
  assign addr_o = addr_q[0 +: AddrWidth];
  assign dst_o  = dst_q;
  assign busy_o = busy_q;
  assign done_o = done_q;

endmodule

`default_nettype wire
