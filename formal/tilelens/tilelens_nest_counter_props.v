// tilelens_nest_counter_props - properties and covers of
// tilelens_nest_counter, the counter nest shared by tilelens_addr_gen and
// tilelens_base_addr_gen.
//
// A checker beside the RTL: it instantiates the nest and states, from the
// spec and not from the RTL's datapath, what the nest must hold, with the
// inputs latched at the start (the checker's own copy, so the properties do
// not rest on the stability assumption alone):
//   N1 handshake busy_o rises the cycle after start_i while idle and falls
//               after the step taken at the last index of every level;
//               done_o is high exactly the cycle after that step, never
//               while busy; after a reset both are low
//   N2 range    while busy every index is below its level's count
//   N3 step     a step taken (busy, step_i) that is not the last moves the
//               indices to the next value of the mixed-radix counter, level
//               0 least significant (the lowest level not at its last index
//               increments, the ones below restart at 0, the ones above
//               hold); no step taken: indices, address and destination hold
//   N4 address  addr_o = start address + sum over the levels k of idx[k] *
//               (stride[k] << shift[k]) (mod 2^AddrWidth): the closed sum,
//               where the RTL adds one stride per step
//   N5 dest     dst_o = start destination + n * dst_step (mod 2^SmemWidth),
//               n the number of steps taken since the start
//   N6 count    n equals the mixed-radix value of the indices; the number of
//               steps from the start to done_o is the product of the counts
//   N7 inv      inductive strengthening: every level's stored address equals
//               the start address + the same sum over the levels at or
//               above it
// Input domain (assumed): every count 1..2^(CountWidth-1); shift_i <=
// MaxShift; counts, strides, shifts and dst_step_i stable while busy (the
// parents hold their nest inputs from the start until done).
// The RTL's per-level address registers are read through dut_addr_q, and its
// registered last-index flags through dut_last_q, which the proof script
// connects to them.
//   N8 inv      every level's registered last-index flag equals
//               idx == count - 1 while busy (the flags are computed a cycle
//               ahead; this is what the stepping level is chosen from)
//   N9 inv      with a shifter (MaxShift > 0, the RTL's RegInc default):
//               the registered shifted stride (u_dut.gen_inc_reg.inc_q,
//               connected as dut_inc_q) equals stride[lvl] << shift[lvl]
//               while busy, lvl the lowest level whose index is not
//               count - 1 (zero when every level is at its last index);
//               its registered one-hot copy of lvl (gen_inc_reg.sel_q, as
//               dut_sel_q) has bit lvl set alone (none when every level is
//               at its last index)
// Covers (COVER):
//   V1 level 2 increments (a carry through two levels)
//   V2 a step withheld (busy, step_i low) in the middle of a nest
//   V3 done_o after a nest of more than three steps
// Size: set by the script.
`default_nettype none

module tilelens_nest_counter_props #(
  parameter integer Levels      = 3,
  parameter integer CountWidth  = 3,
  parameter integer StrideWidth = 3,
  parameter integer MaxShift    = 2,
  parameter integer AddrWidth   = 8,
  parameter integer SmemWidth   = 8
) (
  input wire                          clk_i,
  input wire                          rst_ni,
  input wire                          start_i,
  input wire                          step_i,
  input wire [Levels*CountWidth-1:0]  count_i,
  input wire [Levels*StrideWidth-1:0] stride_i,
  input wire [Levels*5-1:0]           shift_i,
  input wire [AddrWidth-1:0]          start_addr_i,
  input wire [SmemWidth-1:0]          start_dst_i,
  input wire [11:0]                   dst_step_i
);

  localparam integer IdxW = CountWidth - 1;
  localparam integer NW   = Levels * IdxW + 1;                 // step counts, exact
  localparam integer InW  = Levels * (CountWidth + StrideWidth + 5) + 12;

  // the RTL's per-level addresses: connected by the proof script
  wire [Levels*AddrWidth-1:0] dut_addr_q;
  wire [Levels-1:0]           dut_last_q;
  wire [StrideWidth+MaxShift-1:0] dut_inc_q;               // N9, MaxShift > 0 only
  wire [Levels-1:0]           dut_sel_q;                   // N9, MaxShift > 0 only

  wire [Levels*IdxW-1:0] idx;
  wire [AddrWidth-1:0]   addr;
  wire [SmemWidth-1:0]   dst;
  wire                   busy, done;

  tilelens_nest_counter #(
    .Levels(Levels), .CountWidth(CountWidth), .StrideWidth(StrideWidth),
    .MaxShift(MaxShift), .AddrWidth(AddrWidth), .SmemWidth(SmemWidth)
  ) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i), .step_i(step_i),
    .count_i(count_i), .stride_i(stride_i), .shift_i(shift_i),
    .start_addr_i(start_addr_i), .start_dst_i(start_dst_i), .dst_step_i(dst_step_i),
    .idx_o(idx), .addr_o(addr), .dst_o(dst), .busy_o(busy), .done_o(done)
  );

  // ---- input domain
  wire [InW-1:0] in_now = {count_i, stride_i, shift_i, dst_step_i};
  reg  [InW-1:0] in_past;
  always @(posedge clk_i) in_past <= in_now;

  reg dom_ok;
  integer k, j;
  always @* begin
    dom_ok = 1'b1;
    for (k = 0; k < Levels; k = k + 1) begin
      if (count_i[k*CountWidth +: CountWidth] == {CountWidth{1'b0}} ||
          count_i[k*CountWidth +: CountWidth] > (1 << IdxW)) dom_ok = 1'b0;
      if (shift_i[k*5 +: 5] > MaxShift) dom_ok = 1'b0;
    end
  end
  always @* begin
    assume (dom_ok);
    if (busy) begin
      assume (in_now == in_past);
    end
  end

  // ---- the checker's state: a shadow of busy/done, the start's address
  // and destination, the number of steps taken
  reg                 sh_busy, sh_done;
  reg [AddrWidth-1:0] a0;
  reg [SmemWidth-1:0] d0;
  reg [NW-1:0]        nsteps;
  initial begin
    sh_busy = 1'b0;
    sh_done = 1'b0;
  end

  // mixed-radix value of the indices, product of the counts, the next index
  // tuple, and each level's pass address a0 + sum_{j >= k} idx[j] * inc[j]
  reg [NW-1:0]                total, lin, weight;
  reg [Levels*IdxW-1:0]       nxt_idx;
  reg                         carry, at_end;
  reg [Levels*AddrWidth-1:0]  lvl_addr;
  reg [AddrWidth-1:0]         acc, inc;
  reg [StrideWidth+MaxShift-1:0] step_inc;                 // the stepping level's stride << shift
  reg                         found;
  reg [Levels-1:0]            step_sel;                    // one-hot: the stepping level
  always @* begin
    total  = {{(NW-1){1'b0}}, 1'b1};
    lin    = {NW{1'b0}};
    weight = {{(NW-1){1'b0}}, 1'b1};
    for (k = 0; k < Levels; k = k + 1) begin
      lin    = lin + weight * idx[k*IdxW +: IdxW];
      weight = weight * count_i[k*CountWidth +: CountWidth];
      total  = total * count_i[k*CountWidth +: CountWidth];
    end
    nxt_idx = idx;
    carry   = 1'b1;
    for (k = 0; k < Levels; k = k + 1)
      if (carry) begin
        if ({1'b0, idx[k*IdxW +: IdxW]} + 1'b1 == count_i[k*CountWidth +: CountWidth]) begin
          nxt_idx[k*IdxW +: IdxW] = {IdxW{1'b0}};
        end else begin
          nxt_idx[k*IdxW +: IdxW] = idx[k*IdxW +: IdxW] + 1'b1;
          carry = 1'b0;
        end
      end
    at_end = carry;
    step_inc = {(StrideWidth+MaxShift){1'b0}};
    found    = 1'b0;
    step_sel = {Levels{1'b0}};
    for (k = 0; k < Levels; k = k + 1)
      if (!found && ({1'b0, idx[k*IdxW +: IdxW]} + 1'b1 != count_i[k*CountWidth +: CountWidth])) begin
        found    = 1'b1;
        step_sel[k] = 1'b1;
        step_inc = {(StrideWidth+MaxShift){1'b0}};
        step_inc[StrideWidth-1:0] = stride_i[k*StrideWidth +: StrideWidth];
        step_inc = step_inc << shift_i[k*5 +: 5];
      end
    acc = a0;
    for (k = Levels - 1; k >= 0; k = k - 1) begin
      inc = stride_i[k*StrideWidth +: StrideWidth];
      inc = inc << shift_i[k*5 +: 5];
      acc = acc + idx[k*IdxW +: IdxW] * inc;
      lvl_addr[k*AddrWidth +: AddrWidth] = acc;
    end
  end

  wire take = busy && step_i;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sh_busy <= 1'b0;
      sh_done <= 1'b0;
    end else begin
      sh_done <= take && at_end;
      if (!sh_busy && start_i) sh_busy <= 1'b1;
      else if (take && at_end) sh_busy <= 1'b0;
    end
  end
  always @(posedge clk_i) begin
    if (!busy && start_i) begin
      a0     <= start_addr_i;
      d0     <= start_dst_i;
      nsteps <= {NW{1'b0}};
    end else if (take) begin
      nsteps <= nsteps + 1'b1;
    end
  end

  reg past_valid, past_take, past_hold, past_start;
  reg [Levels*IdxW-1:0] past_nxt, past_idx;
  reg [AddrWidth-1:0]   past_addr;
  reg [SmemWidth-1:0]   past_dst;
  reg [NW-1:0]          past_total;                     // the counts of the last busy cycle
  initial past_valid = 1'b0;
  always @(posedge clk_i) begin
    past_valid <= 1'b1;
    past_take  <= rst_ni && take && !at_end;
    past_hold  <= rst_ni && busy && !step_i;
    past_start <= rst_ni && !busy && start_i;
    past_nxt   <= nxt_idx;
    past_idx   <= idx;
    past_addr  <= addr;
    past_dst   <= dst;
    past_total <= total;
  end

  wire [SmemWidth-1:0] dst_ref = d0 + nsteps * dst_step_i;

  always @* begin
    // N1 handshake
    assert (busy == sh_busy);
    assert (done == sh_done);
    assert (!(done && busy));
    if (busy) begin
      // N2 range
      for (j = 0; j < Levels; j = j + 1)
        assert ({1'b0, idx[j*IdxW +: IdxW]} < count_i[j*CountWidth +: CountWidth]);
      // N4 address, N7 every level's stored address
      assert (addr == lvl_addr[0 +: AddrWidth]);
      assert (dut_addr_q == lvl_addr);
      // N8 the registered last-index flags
      for (j = 0; j < Levels; j = j + 1)
        assert (dut_last_q[j] == (({1'b0, idx[j*IdxW +: IdxW]} + 1'b1) == count_i[j*CountWidth +: CountWidth]));
      // N5 destination, N6 count
      assert (dst == dst_ref);
      assert (nsteps == lin);
    end
    // N6 count: done_o after exactly the product of the counts
    if (done) begin
      assert (nsteps == past_total);
    end
    if (past_valid && rst_ni) begin
      // N3 step and hold; N1 start
      if (past_take) begin
        assert (idx == past_nxt);
      end
      if (past_hold) begin
        assert (idx == past_idx && addr == past_addr && dst == past_dst);
      end
      if (past_start) begin
        assert (idx == {Levels*IdxW{1'b0}} && addr == a0 && dst == d0);
      end
    end
  end

  // N9 the registered shifted stride (only the nest with a shifter has it)
  generate
    if (MaxShift > 0) begin : gen_n9
      always @* begin
        if (busy) begin
          assert (dut_inc_q == step_inc);
          assert (dut_sel_q == step_sel);
        end
      end
    end else begin : gen_no_n9
      wire unused_n9 = ^{dut_inc_q, step_inc, dut_sel_q, step_sel};
    end
  endgenerate

`ifdef COVER
  always @* begin
    // V1 a carry through two levels: level 2 stepped
    cover (busy && idx[2*IdxW +: IdxW] != {IdxW{1'b0}});
    // V2 a step withheld after the first step
    cover (busy && !step_i && nsteps != {NW{1'b0}});
    // V3 done after more than three steps
    cover (done && nsteps > 3);
  end
`endif

endmodule

`default_nettype wire
