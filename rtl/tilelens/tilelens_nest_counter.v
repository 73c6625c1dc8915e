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
`default_nettype none

module tilelens_nest_counter #(
  parameter integer Levels      = 6,
  parameter integer CountWidth  = 9,
  parameter integer StrideWidth = 40,
  parameter integer MaxShift    = 16,
  parameter integer AddrWidth   = 64,
  parameter integer SmemWidth   = 32
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
      assign pen[k]   = ({1'b0, idx_q[k*IdxW +: IdxW]} + {{(CountWidth-2){1'b0}}, 2'd2}) == cnt;
      assign sel[k]   = pre[k] & !last_q[k];
      assign below[k] = pre[k] & last_q[k];
    end
  endgenerate
  wire all_last = pre[Levels];

  // one-hot selects of the stepping level's stride, shift and stored address
  reg [StrideWidth-1:0] stride_sel;
  reg [4:0]             shift_sel;
  reg [AddrWidth-1:0]   addr_sel;
  integer i;
  always @* begin
    stride_sel = {StrideWidth{1'b0}};
    shift_sel  = 5'd0;
    addr_sel   = {AddrWidth{1'b0}};
    for (i = 0; i < Levels; i = i + 1) begin
      stride_sel = stride_sel | ({StrideWidth{sel[i]}} & stride_i[i*StrideWidth +: StrideWidth]);
      shift_sel  = shift_sel  | ({5{sel[i]}} & shift_i[i*5 +: 5]);
      addr_sel   = addr_sel   | ({AddrWidth{sel[i]}} & addr_q[i*AddrWidth +: AddrWidth]);
    end
  end
  wire [IncW-1:0] inc;
  generate
    if (MaxShift > 0) begin : gen_shift
      assign inc = {{MaxShift{1'b0}}, stride_sel} << shift_sel;
    end else begin : gen_no_shift
      assign inc = stride_sel;
      wire unused_shift = ^shift_sel;
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

  assign idx_o  = idx_q;
  assign addr_o = addr_q[0 +: AddrWidth];
  assign dst_o  = dst_q;
  assign busy_o = busy_q;
  assign done_o = done_q;

endmodule

`default_nettype wire
