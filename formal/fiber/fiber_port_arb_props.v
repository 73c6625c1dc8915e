// fiber_port_arb_props - properties of fiber_port_arb.
//
// A checker beside the RTL: it instantiates the arbiter and states, for
// every input sequence (any valid, ports and rows every cycle, any reset):
//   S1 rows     two granted SPs that request one port request the same row
//               on it (no two granted SPs on a port with different rows)
//   S2 valid    grant_o is a subset of valid_i
//   S3 first    if any SP is valid, the first valid SP in scan order
//               (start_o, start_o+1, ...) is granted
//   S4 stall    stall_o == valid_i & ~grant_o
//   S5 start    start_o advances by one (mod NumSp) every cycle out of
//               reset, and is 0 in and right after reset
//   S6 scan     grant_o, occ_o, shared_o, owner_o and row_o equal the SPEC
//               B.2 occupancy scan written literally (a per-port occupied
//               register cleared each cycle, SPs visited from start_o);
//               the RTL computes the grant with a pairwise conflict matrix
//               and a rotated priority chain instead
//   F1 wait     an SP that requests in consecutive cycles is stalled at
//               most NumSp-1 = 3 of them in a row (granted within 3 cycles
//               of waiting): the checker counts consecutive stalls per SP
//               (restarting at a grant, an idle cycle or reset) and the
//               count never reaches NumSp; out of reset only, as a reset
//               restarts the rotation at 0
//   F2 inv      the inductive strengthening of F1: an SP that has been
//               stalled k cycles in a row was not first in the scan in any
//               of them (start_o - i != s for i = 1..k)
// Covers: a conflict stall, a broadcast (shared port), all four SPs granted
// at once, the paper's Fig. 6(c) first cycle (grant 0x9), and the tight
// bound: an SP stalled exactly 3 cycles in a row and then granted.
// Sizes: the block's defaults (NumSp 4, NumPort 8, RowWidth 8).
`default_nettype none

module fiber_port_arb_props #(
  parameter integer NumSp    = 4,
  parameter integer NumPort  = 8,
  parameter integer RowWidth = 8
) (
  input wire                              clk_i,
  input wire                              rst_ni,
  input wire [NumSp-1:0]                  valid_i,
  input wire [NumSp*NumPort-1:0]          ports_i,
  input wire [NumSp*NumPort*RowWidth-1:0] row_i
);

  localparam integer SpWidth = $clog2(NumSp);

  wire [NumSp-1:0]            grant, stall;
  wire [SpWidth-1:0]          start;
  wire [NumPort-1:0]          occ, shared;
  wire [NumPort*SpWidth-1:0]  owner;
  wire [NumPort*RowWidth-1:0] prow;

  fiber_port_arb #(
    .NumSp(NumSp), .NumPort(NumPort), .RowWidth(RowWidth)
  ) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(valid_i), .ports_i(ports_i), .row_i(row_i),
    .grant_o(grant), .stall_o(stall), .start_o(start), .occ_o(occ), .shared_o(shared),
    .owner_o(owner), .row_o(prow)
  );

  // ---- reference: the occupancy scan of SPEC B.2, literally
  reg [NumSp-1:0]            r_grant;
  reg [NumPort-1:0]          r_occ, r_shared;
  reg [NumPort*SpWidth-1:0]  r_owner;
  reg [NumPort*RowWidth-1:0] r_row;
  reg [SpWidth-1:0]          s;
  reg                        blocked, have_first;
  reg [SpWidth-1:0]          first;
  integer j, p;
  always @* begin
    r_grant    = {NumSp{1'b0}};
    r_occ      = {NumPort{1'b0}};
    r_shared   = {NumPort{1'b0}};
    r_owner    = {NumPort*SpWidth{1'b0}};
    r_row      = {NumPort*RowWidth{1'b0}};
    have_first = 1'b0;
    first      = {SpWidth{1'b0}};
    for (j = 0; j < NumSp; j = j + 1) begin
      s = start + j;
      if (valid_i[s] && !have_first) begin
        have_first = 1'b1;
        first      = s;
      end
      blocked = 1'b0;
      for (p = 0; p < NumPort; p = p + 1)
        if (ports_i[s*NumPort+p] && r_occ[p] &&
            r_row[p*RowWidth +: RowWidth] != row_i[(s*NumPort+p)*RowWidth +: RowWidth])
          blocked = 1'b1;
      if (valid_i[s] && !blocked) begin
        r_grant[s] = 1'b1;
        for (p = 0; p < NumPort; p = p + 1)
          if (ports_i[s*NumPort+p]) begin
            if (r_occ[p]) begin
              r_shared[p] = 1'b1;
            end else begin
              r_occ[p] = 1'b1;
              r_owner[p*SpWidth +: SpWidth]  = s;
              r_row[p*RowWidth +: RowWidth] = row_i[(s*NumPort+p)*RowWidth +: RowWidth];
            end
          end
      end
    end
  end

  // ---- S1: pairwise, over every pair of SPs and every port
  reg rows_ok;
  integer a, b, q;
  always @* begin
    rows_ok = 1'b1;
    for (a = 0; a < NumSp; a = a + 1)
      for (b = 0; b < NumSp; b = b + 1)
        for (q = 0; q < NumPort; q = q + 1)
          if (a != b && grant[a] && grant[b] && ports_i[a*NumPort+q] && ports_i[b*NumPort+q] &&
              row_i[(a*NumPort+q)*RowWidth +: RowWidth] != row_i[(b*NumPort+q)*RowWidth +: RowWidth])
            rows_ok = 1'b0;
  end

  always @* begin
    assert (rows_ok);                                              // S1
    assert ((grant & ~valid_i) == {NumSp{1'b0}});                  // S2
    assert (!have_first || grant[first]);                          // S3
    assert (stall == (valid_i & ~grant));                          // S4
    assert (grant == r_grant);                                     // S6
    assert (occ == r_occ);                                         // S6
    assert (shared == r_shared);                                   // S6
    assert (owner == r_owner);                                     // S6
    assert (prow == r_row);                                        // S6
  end

  // ---- S5: the start counter
  reg               past_valid;   // a previous cycle exists
  reg               past_rst_n;
  reg [SpWidth-1:0] past_start;
  initial past_valid = 1'b0;
  always @(posedge clk_i) begin
    past_valid <= 1'b1;
    past_rst_n <= rst_ni;
    past_start <= start;
  end
  always @* begin
    assert (rst_ni || start == {SpWidth{1'b0}});                   // S5, in reset
    assert (!past_valid || !(past_rst_n && rst_ni) ||
            start == past_start + 1'b1);                           // S5, running
    assert (!past_valid || past_rst_n || start == {SpWidth{1'b0}}); // S5, out of reset
  end

  // ---- F1, F2: consecutive stall cycles per SP
  reg [NumSp*3-1:0] wait_q;
  initial wait_q = {NumSp*3{1'b0}};
  genvar gs;
  generate
    for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_wait
      localparam [SpWidth-1:0] S = gs;
      wire [2:0] w = wait_q[gs*3 +: 3];
      always @(posedge clk_i)
        wait_q[gs*3 +: 3] <= (rst_ni && stall[gs]) ? ((w == 3'd7) ? w : w + 3'd1) : 3'd0;
      // S was not first in the scan in the last w cycles
      reg recent_first;
      integer i;
      always @* begin
        recent_first = 1'b0;
        for (i = 1; i <= NumSp; i = i + 1)
          if (i <= w && start - i[SpWidth-1:0] == S) recent_first = 1'b1;
      end
      always @* begin
        assert (!rst_ni || !(w == NumSp - 1 && stall[gs]));        // F1
        assert (w < NumSp);                                        // F1
        assert (!rst_ni || w == 3'd0 || !recent_first);            // F2
      end
`ifdef COVER
      // the bound is tight: three stalls in a row, then the grant
      if (gs == NumSp - 1) begin : gen_tight
        always @* cover (w == NumSp - 1 && grant[gs]);
      end
`endif
    end
  endgenerate

`ifdef COVER
  wire [NumSp-1:0] all_valid = {NumSp{1'b1}};
  always @* begin
    cover (valid_i == all_valid && stall != 0 && |(valid_i & ~grant));   // a conflict stall
    cover (shared != 0 && grant == all_valid);                          // broadcast, all granted
    cover (grant == all_valid && occ == {NumPort{1'b1}});               // all four, every port
    // paper Fig. 6(c), first cycle: SP0 {0,4}, SP1 {0,6}, SP2 {2,4}, SP3 {2,6}
    cover (start == 0 && valid_i == all_valid &&
           ports_i == {8'h44, 8'h14, 8'h41, 8'h11} && grant == 4'b1001 &&
           row_i[0*RowWidth +: RowWidth] != row_i[8*RowWidth +: RowWidth]);
  end
`endif

endmodule

`default_nettype wire
