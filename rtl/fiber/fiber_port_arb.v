// fiber_port_arb - FIBER read-port arbiter (paper Fig. 6(a) middle, SPEC B.2).
//
// Behaviour: every cycle the four subpartitions (SPs) may each present one
// instruction (valid_i) with the register-bank read ports it needs (ports_i)
// and the row it reads on each of them (row_i). The arbiter visits the SPs
// in the order start, start+1, ... (mod NumSp) against a port-occupied
// vector that starts empty each cycle. The first requesting SP is always
// granted; a later requesting SP is granted only if none of its requested
// ports is occupied by a *different* row. The same row on the same port is
// one bank read delivered to several SPs (identical-address detection, a
// broadcast), not a conflict. A granted SP occupies its ports; a port keeps
// the row and the SP index of its first granter. stall_o = valid_i &
// ~grant_o is OR-ed into each SP's baseline scheduler stall. The scan start
// (start_q, the only state) advances by one every cycle, requests or not, so
// an SP that requests every cycle is first in the scan once in four cycles
// and waits at most NumSp-1 cycles.
// Structure: the scan is computed without walking the occupancy vector
// port by port: the pairwise conflict matrix (two requests name a common
// port with different rows) is independent of the start; the scan from
// start_q is evaluated for every pattern of the other SPs' requests ahead
// of the requests (free: a fixed-priority chain in scan order on constant
// requests, a function of the conflicts and the start only), and each SP's
// grant is its request AND the entry the other SPs' requests select, so
// the requests, which arrive last in the issue stage, pass through one
// 8:1 multiplexer, not through the chain. This equals the occupancy scan
// because every occupied port is held only by granted SPs that all read
// its first granter's row.
// Outputs are combinational from the inputs and start_q (start_o is the
// start used this cycle); start_q advances at the clock edge.
// Reset: rst_ni low (asynchronous) sets start_q to 0.
// Guarantees: grant_o is a subset of valid_i; two granted SPs that request
// one port request the same row on it; if any SP is valid, the first one in
// scan order is granted; occ_o, row_o and owner_o are the bank read
// addresses of the cycle (0 on ports not read).
// Twin: fb_arb_step_detail() / fb_arb_eval() in
// cmodel/src/fiber/fiber_port_arb.c (one call per cycle).
//
// Worked example (paper Fig. 6(c), HMMA.FP16.1688, first cycle, start 0):
//   SP0 ports 0x11 ({0,4}), SP1 ports 0x41 ({0,6}), SP2 0x14 ({2,4}),
//   SP3 0x44 ({2,6}), every SP its own rows, all valid:
//   SP0 granted (first); SP1 conflicts on port 0, SP2 on port 4; SP3 is
//   free: grant_o = 4'b1001, stall_o = 4'b0110, occ_o = 8'b0101_0101.
//
// Parameters:
//   NumSp     subpartitions (FB_NSP, 4); a power of two, at least 2
//   NumPort   register-bank read ports (FB_NPORT, 8)
//   RowWidth  width of a bank row address (FB_ROW_W, 8)
`default_nettype none

module fiber_port_arb #(
  parameter integer NumSp    = 4,
  parameter integer NumPort  = 8,
  parameter integer RowWidth = 8
) (
  input  wire                              clk_i,
  input  wire                              rst_ni,    // asynchronous, active low
  input  wire [NumSp-1:0]                  valid_i,   // SP s presents an instruction
  input  wire [NumSp*NumPort-1:0]          ports_i,   // SP s: bits [s*NumPort +: NumPort]
  input  wire [NumSp*NumPort*RowWidth-1:0] row_i,     // SP s, port p: [(s*NumPort+p)*RowWidth +: RowWidth]
  output reg  [NumSp-1:0]                  grant_o,   // SP s may read its ports this cycle
  output wire [NumSp-1:0]                  stall_o,   // valid_i & ~grant_o
  output wire [$clog2(NumSp)-1:0]          start_o,   // scan start used this cycle
  output reg  [NumPort-1:0]                occ_o,      // ports read this cycle
  output reg  [NumPort-1:0]                shared_o,  // ports read by two or more granted SPs
  output reg  [NumPort*$clog2(NumSp)-1:0]  owner_o,   // port p: first granted SP in scan order (0 if free)
  output reg  [NumPort*RowWidth-1:0]       row_o      // port p: row read (0 if free)
);

  localparam integer SpWidth = $clog2(NumSp);

  generate
    if ((1 << SpWidth) != NumSp || NumSp < 2) begin : gen_bad_num_sp
      // NumSp must be a power of two (the start counter wraps by itself):
      // an elaboration-time error in Verilator and Yosys; Icarus 11 has no
      // elaboration-time tasks, so it stops at time 0 with the same text.
`ifdef __ICARUS__
      initial $fatal(1, "fiber_port_arb: parameter NumSp must be a power of two, at least 2");
`else
      $error("fiber_port_arb: parameter NumSp must be a power of two, at least 2");
`endif
    end
  endgenerate

  // ---- state: the rotating scan start
  reg [SpWidth-1:0] start_q, start_d;

  always @* begin
    start_d = start_q + 1'b1;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      start_q <= {SpWidth{1'b0}};
    end else begin
      start_q <= start_d;
    end
  end

  // ---- pairwise conflicts: SPs a and b request a common port with
  // different rows (symmetric, independent of the start);
  // conf[a*NumSp + b] = conf[b*NumSp + a], conf[a*NumSp + a] = 0
  wire [NumSp*NumSp-1:0] conf;
  genvar ga, gb, gp;
  generate
    for (ga = 0; ga < NumSp; ga = ga + 1) begin : gen_conf_a
      for (gb = 0; gb < NumSp; gb = gb + 1) begin : gen_conf_b
        if (ga < gb) begin : gen_pair
          wire [NumPort-1:0] diff;   // port p: both request it, rows differ
          for (gp = 0; gp < NumPort; gp = gp + 1) begin : gen_port
            assign diff[gp] = ports_i[ga*NumPort+gp] && ports_i[gb*NumPort+gp] &&
                (row_i[(ga*NumPort+gp)*RowWidth +: RowWidth] != row_i[(gb*NumPort+gp)*RowWidth +: RowWidth]);
          end
          wire any = |diff;
          assign conf[ga*NumSp+gb] = any;
        end else if (ga > gb) begin : gen_mirror
          assign conf[ga*NumSp+gb] = gen_conf_a[gb].gen_conf_b[ga].gen_pair.any;
        end else begin : gen_self
          assign conf[ga*NumSp+gb] = 1'b0;
        end
      end
    end
  endgenerate

  // ---- the scan, evaluated ahead of the requests. The requests arrive
  // last (in the issue stage they come after the selectors, the bitmap and
  // the pending-read guard), the conflicts and the start earlier, so the
  // scan is run for every pattern of the other SPs' requests before the
  // requests are known, and each SP's grant is its request AND the entry
  // its pattern selects (a 2^(NumSp-1):1 multiplexer on the requests).
  // free[x*NumPat + m]: SP x is granted when it requests and the other SPs'
  // requests are m (bit d-1 of m: SP x+d mod NumSp, d = 1..NumSp-1): the
  // paper's scan from start_q (position j holds SP start+j mod NumSp; the
  // first requester is granted, a later one unless an earlier granted
  // position conflicts with it), on those constant requests.
  localparam integer NumPat = 1 << (NumSp - 1);
  wire [NumSp*NumPat-1:0] free;
  genvar gx, gp2, gf, gj, gi;
  generate
    for (gx = 0; gx < NumSp; gx = gx + 1) begin : gen_scan_sp
      for (gp2 = 0; gp2 < NumPat; gp2 = gp2 + 1) begin : gen_scan_pat
        // fs_free[f]: SP gx granted in the scan from start f
        wire [NumSp-1:0] fs_free;
        for (gf = 0; gf < NumSp; gf = gf + 1) begin : gen_scan_start
          // gen_pos[j].gnt: scan position j (SP (gf + j) mod NumSp) is
          // granted: it requests in pattern gp2 and no earlier granted
          // position conflicts with it
          // (positions after SP gx's own are not needed)
          localparam integer Pos = (gx + NumSp - gf) % NumSp;
          for (gj = 0; gj <= Pos; gj = gj + 1) begin : gen_pos
            localparam integer Dist = ((gf + gj) % NumSp + NumSp - gx) % NumSp;
            localparam integer Req  = (Dist == 0) ? 1 : ((gp2 >> (Dist - 1)) & 1);
            wire [NumSp-1:0] blk;   // blk[i], i < j: position i granted and conflicting
            for (gi = 0; gi < NumSp; gi = gi + 1) begin : gen_prev
              if (gi < gj) begin : gen_earlier
                assign blk[gi] = gen_pos[gi].gnt &&
                                 conf[((gf + gj) % NumSp) * NumSp + (gf + gi) % NumSp];
              end else begin : gen_later
                assign blk[gi] = 1'b0;
              end
            end
            wire gnt = (Req == 1) && !(|blk);
          end
          assign fs_free[gf] = gen_pos[Pos].gnt;
        end
        // only the scan from start_q is taken
        assign free[gx*NumPat + gp2] = fs_free[start_q];
      end
    end
  endgenerate

  genvar gs, gd;
  generate
    for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_grant
      wire [NumSp-2:0] oth;                          // the other SPs' requests
      for (gd = 1; gd < NumSp; gd = gd + 1) begin : gen_oth
        assign oth[gd-1] = valid_i[(gs + gd) % NumSp];
      end
      wire [NumPat-1:0] fr = free[gs*NumPat +: NumPat];
      always @* grant_o[gs] = valid_i[gs] && fr[oth];
    end
  endgenerate

  // ---- bank read addresses, per port: the granted SPs that read it all
  // carry one row (so OR-ing their rows gives it); the owner is the first
  // of them in scan order
  genvar gq, gu, gm;
  generate
    for (gq = 0; gq < NumPort; gq = gq + 1) begin : gen_port
      wire [NumSp-1:0] users;                // granted SPs reading port gq
      wire [NumSp*RowWidth-1:0] rows;        // their rows, zero for the others
      for (gu = 0; gu < NumSp; gu = gu + 1) begin : gen_sp
        assign users[gu] = grant_o[gu] && ports_i[gu*NumPort+gq];
        assign rows[gu*RowWidth +: RowWidth] =
            {RowWidth{users[gu]}} & row_i[(gu*NumPort+gq)*RowWidth +: RowWidth];
      end
      // users by scan position, and the lowest such position
      wire [NumSp-1:0]   upos;
      reg  [SpWidth-1:0] first;
      reg  [RowWidth-1:0] row_or;
      for (gm = 0; gm < NumSp; gm = gm + 1) begin : gen_upos
        localparam [SpWidth-1:0] M = gm;
        wire [SpWidth-1:0] sm = start_q + M;
        assign upos[gm] = users[sm];
      end
      integer m;
      always @* begin
        first  = {SpWidth{1'b0}};
        row_or = {RowWidth{1'b0}};
        for (m = NumSp - 1; m >= 0; m = m - 1) begin
          if (upos[m]) first = m[SpWidth-1:0];
          row_or = row_or | rows[m*RowWidth +: RowWidth];
        end
      end
      always @* begin
        occ_o[gq]    = |users;
        shared_o[gq] = |(users & (users - 1'b1));
        owner_o[gq*SpWidth +: SpWidth] = (|users) ? start_q + first : {SpWidth{1'b0}};
        row_o[gq*RowWidth +: RowWidth] = row_or;
      end
    end
  endgenerate

  assign stall_o = valid_i & ~grant_o;
  assign start_o = start_q;

`ifdef FORMAL
  // Safety (SPEC C): no two granted SPs read one port with different rows;
  // only valid SPs are granted; some SP is granted whenever one is valid.
  integer fa, fb, fp;
  always @* begin
    assert ((grant_o & ~valid_i) == {NumSp{1'b0}});
    assert ((valid_i == {NumSp{1'b0}}) || (grant_o != {NumSp{1'b0}}));
    for (fa = 0; fa < NumSp; fa = fa + 1) begin
      for (fb = 0; fb < NumSp; fb = fb + 1) begin
        for (fp = 0; fp < NumPort; fp = fp + 1) begin
          if (fa != fb && grant_o[fa] && grant_o[fb] && ports_i[fa*NumPort+fp] && ports_i[fb*NumPort+fp]) begin
            assert (row_i[(fa*NumPort+fp)*RowWidth +: RowWidth] == row_i[(fb*NumPort+fp)*RowWidth +: RowWidth]);
          end
        end
      end
    end
  end
`endif

endmodule

`default_nettype wire
