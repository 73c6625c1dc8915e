// fiber_issue_pend - the issue stage's pending EMPTY sets: an issue's set of
// EMPTY[dst] is registered and applied to the busy bitmap one cycle late,
// and the eligibility of that cycle is bypassed with the registered
// destinations, so that the bitmap plus this block behave, at the bitmap's
// ports, exactly as the bitmap with the issue set applied in its own cycle
// (docs/fiber.md section 7, docs/fiber_rtl.md, the issue stage).
//
// Behaviour, per cycle, for each SP s:
//   Register (pnd_v_o / pnd_dst_o): iss_set_i[s] (an issue with a
//     destination) registers dst_i[s] when the set would change the bitmap
//     at all (pnd_ok): the register exists (< NumReg, and its offset
//     dst_i[11s +: 9] below PartRegs) and is in SP s's
//     partition (dst_i[11s+9 +: 2] == s), no extended DEPBAR on
//     (EMPTY, dst) and no ALL-scope set in the same cycle (both come after
//     the issue set in the bitmap's order, so they decide EMPTY[dst] alone).
//   Apply (bm_issue_valid_o / bm_issue_dst_o, to the bitmap's issue port in
//     the next cycle): the registered set, dropped when SP s's writeback of
//     the same cycle names the same register (the set is state at the start
//     of the cycle, below every update of the cycle; in the bitmap's order
//     the issue port is above writeback, below DEPBAR and ALL, so only the
//     writeback must be made to win). A destination of SP s is in SP s's
//     partition, so no other SP's writeback can name it.
//   Bypass (byp_hit_o[s]): a valid source of SP s (src_valid_i, src_i)
//     equals a registered destination of any SP: that register is EMPTY
//     although the bitmap has not set it yet; the issue stage ANDs
//     ~byp_hit_o into the bitmap's eligibility.
//   Range (iss_err_o[s]): an issue with a destination that does not exist
//     (>= NumReg, or offset >= PartRegs) or is outside SP s's partition: the bitmap's issue-port range error of the same cycle,
//     which the issue stage ORs into upd_range_err_o (the registered set
//     never carries one).
// Reset: rst_ni low (asynchronous) clears the registered sets.
// Guarantee (formal/fiber/fiber_issue_pend.ys): with fiber_busy_bitmap
//   behind it, eligibility (ANDed with ~byp_hit_o), range errors (ORed with
//   iss_err_o) and the state (EMPTY OR the pending sets; FULL) equal those
//   of a fiber_busy_bitmap that takes the issue sets in their own cycle.
// Twin: fb_bm_step's issue set (cmodel/src/fiber/fiber_busy_bitmap.c); the
//   C model has no pending state, the block is equivalent at its ports.
//
// Parameters:
//   NumReg   busy-bitmap registers per group (FB_NVREG, 2048; 1..2048)
//   PartRegs busy-bitmap registers present in each SP's partition (a power
//            of two 1..512, default 512; see fiber_busy_bitmap)
`default_nettype none

module fiber_issue_pend #(
  parameter integer NumReg   = 2048,
  parameter integer PartRegs = 512
) (
  input  wire          clk_i,
  input  wire          rst_ni,            // asynchronous, active low
  input  wire [3:0]    iss_set_i,         // SP s issues with a destination
  input  wire [43:0]   dst_i,             // its destination [11s +: 11] (own partition)
  input  wire [3:0]    dep_valid_i,       // extended DEPBAR of the cycle
  input  wire [43:0]   dep_reg_i,
  input  wire [3:0]    dep_group_i,       //   0 EMPTY, 1 FULL
  input  wire          all_set_i,         // ALL-scope set of EMPTY
  input  wire [3:0]    wb_valid_i,        // writeback of the cycle
  input  wire [43:0]   wb_dst_i,
  input  wire [15:0]   src_valid_i,       // eligibility query: source 4s+k valid
  input  wire [175:0]  src_i,             //   its register [11*(4s+k) +: 11]
  output wire [3:0]    bm_issue_valid_o,  // to the bitmap's issue port
  output wire [43:0]   bm_issue_dst_o,
  output wire [3:0]    byp_hit_o,         // a valid source is a pending set
  output wire [3:0]    iss_err_o,         // issue destination missing or not local
  output wire [3:0]    pnd_v_o,           // the registered sets
  output wire [43:0]   pnd_dst_o
);

  localparam integer NumSp    = 4;    // FB_NSP
  localparam integer NumSrc   = 4;    // FB_NSRC
  localparam integer RegWidth = 11;   // FB_REG_W

  // The offset bits of a missing register (0 at PartRegs 512).
  localparam integer PartMaskI = 511 & ~(PartRegs - 1);
  localparam [8:0]   PartMask  = PartMaskI[8:0];

  function automatic reg_ok;  // the register exists in the bitmap
    input [RegWidth-1:0] id;
    begin
      reg_ok = ({1'b0, id} < NumReg[RegWidth:0]) && (id[8:0] & PartMask) == 9'd0;
    end
  endfunction

  reg  [NumSp-1:0]          pnd_v_q;
  reg  [NumSp*RegWidth-1:0] pnd_dst_q;
  reg  [NumSp-1:0]          pnd_ok, iss_err, wb_hit, byp_hit;
  reg  [RegWidth-1:0]       dreg;
  integer bs, bq, bk;
  always @* begin
    for (bs = 0; bs < NumSp; bs = bs + 1) begin
      dreg        = dst_i[bs*RegWidth +: RegWidth];
      pnd_ok[bs]  = reg_ok(dreg) && dreg[RegWidth-1 -: 2] == bs[1:0] && !all_set_i;
      for (bq = 0; bq < NumSp; bq = bq + 1)
        if (dep_valid_i[bq] && !dep_group_i[bq] && dep_reg_i[bq*RegWidth +: RegWidth] == dreg)
          pnd_ok[bs] = 1'b0;
      iss_err[bs] = iss_set_i[bs] && !(reg_ok(dreg) && dreg[RegWidth-1 -: 2] == bs[1:0]);
      wb_hit[bs]  = wb_valid_i[bs] && wb_dst_i[bs*RegWidth +: RegWidth] == pnd_dst_q[bs*RegWidth +: RegWidth];
      byp_hit[bs] = 1'b0;
      for (bk = 0; bk < NumSrc; bk = bk + 1)
        for (bq = 0; bq < NumSp; bq = bq + 1)
          if (src_valid_i[bs*NumSrc + bk] && pnd_v_q[bq] &&
              src_i[(bs*NumSrc + bk)*RegWidth +: RegWidth] == pnd_dst_q[bq*RegWidth +: RegWidth])
            byp_hit[bs] = 1'b1;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pnd_v_q   <= {NumSp{1'b0}};
      pnd_dst_q <= {NumSp*RegWidth{1'b0}};
    end else begin
      pnd_v_q   <= iss_set_i & pnd_ok;
      pnd_dst_q <= dst_i;
    end
  end

  assign bm_issue_valid_o = pnd_v_q & ~wb_hit;
  assign bm_issue_dst_o   = pnd_dst_q;
  assign byp_hit_o        = byp_hit;
  assign iss_err_o        = iss_err;
  assign pnd_v_o          = pnd_v_q;
  assign pnd_dst_o        = pnd_dst_q;

endmodule

`default_nettype wire
