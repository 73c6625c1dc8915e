// fiber_issue_stage - FIBER issue stage of one SM (paper Fig. 6(a)): the
// four subpartitions' selectors, the read-port arbiter, the register busy
// bitmap and the operand crossbar, composed as the figure draws them.
//
// Behaviour, per cycle, for each SP s:
//   1. Selector (fiber_operand_sel, one per SP): the instruction the SP's
//      baseline scheduler presents (valid_i, mode, source fields, ext,
//      destination) gives its source addresses, read ports, the arbiter
//      request {port enables, rows}, the intra-instruction deferrals and the
//      illegal flag. Sources read in passes: the first pass reads the valid
//      sources src_valid_i that are not deferred; while sources remain
//      (busy_o) the scheduler must present the same instruction again, and
//      the selector then sees src_valid = the remaining sources (rem_q).
//      valid_i low abandons the remaining passes.
//   2. Busy bitmap (fiber_busy_bitmap): eligibility of the instruction from
//      the state at the start of the cycle: destination clear in FULL and
//      every valid source (all of src_valid_i) clear in EMPTY. Only the first
//      pass needs it (later passes are already committed; their own operand
//      reads may have set FULL on their destination).
//   2a. Pending-read guard (docs/fiber.md 5a): a first pass is held
//      (pend_block_o) when its destination is a source another SP still has
//      to read in a later pass (a busy SP's remaining sources), or when its
//      own deferred sources name the destination of a busy SP; between two
//      first passes of the cycle (a deferral created now), the one the
//      arbiter scans later is held. No write is issued to a register with a
//      pending read, so every operand is the register's value at the first
//      grant.
//   3. Arbiter (fiber_port_arb): request = valid_i & !illegal & (busy_o |
//      eligible & !pend_block_o). grant_o = the arbiter's grant (a read pass proceeds),
//      issue_o = grant & !conflict (the last pass: the instruction issues and
//      its fixed latency starts), stall_o = valid_i & ~issue_o (OR-ed into
//      the baseline scheduler's stall). bank_re_o / bank_row_o are the
//      arbiter's occupied ports and rows: the bank read addresses of the
//      cycle (synchronous-read banks return the data in the next cycle).
//   4. Crossbar (fiber_xbar): a granted pass registers, per source read in
//      it (valid in this pass and not deferred), its read port, decoded
//      here into a one-hot select (fb_xbar_onehot); in the next
//      cycle the bank data arrive on rd_data_sp*_i and the operands leave on
//      opnd_sp*_o with opnd_valid_o.
//   Bitmap updates of the cycle: issue sets EMPTY[dst] (issue_o and
//   dst_valid_i); operand read sets FULL[src] in the register-read cycle,
//   for the sources the crossbar delivers (the pass granted last cycle);
//   writeback (wb_*), consumption (cons_*), extended DEPBAR (dep_*) and the
//   ALL-scope set (all_set_i) come from the pipeline and the decoder. The
//   bitmap's documented order resolves same-cycle collisions.
// Reset: rst_ni low (asynchronous) clears the pass state, the registered
// read sources, the arbiter's start, the crossbar select and the bitmap.
// Guarantees: two SPs granted in one cycle never read one port with
// different rows; every delivered operand is the register its selector
// named (all granted readers of a port share its row); an illegal
// instruction never issues.
// Twin: the composition of fb_sel_eval, fb_bm_check/fb_bm_step,
// fb_arb_step_detail and fb_xbar_step in tb/fiber/fiber_tb_issue_ref.h,
// which the lockstep harness steps once per cycle (docs/fiber_rtl.md).
//
// Worked example (paper Fig. 6(c), HMMA.FP16.1688, start 0, bitmap clear):
// the four SPs present their first HMMA step (FIBER-native, A on ports 0/2,
// B on ports 4/6): grant_o = issue_o = 4'b1001, stall_o = 4'b0110; the next
// eight cycles grant 4'b1111 seven times, then 4'b0110. Each granted weft's
// two operands arrive in the following cycle.
//
// Parameters:
//   Lanes   crossbar lanes per word (FB_XBAR_LANES, 32)
//   Width   bits per lane (FB_XBAR_WIDTH, 32)
//   NumReg   busy-bitmap registers per group (FB_NVREG, 2048)
//   NumRep   busy-bitmap replicas (FB_BM_NREP, 4)
//   PartRegs busy-bitmap registers present in each SP's partition (a power
//            of two 1..512, default 512: all; fiber_busy_bitmap)
//   Storage  the busy bitmap's state: 0 flip-flops (the default), 1 the
//            latch array (fiber_busy_bitmap, Storage; the same ports and
//            cycle behaviour)
`default_nettype none

module fiber_issue_stage #(
  parameter integer Lanes  = 32,
  parameter integer Width  = 32,
  parameter integer NumReg   = 2048,
  parameter integer NumRep   = 4,
  parameter integer PartRegs = 512,
  parameter integer Storage  = 0
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,          // asynchronous, active low
  // ---- the instruction each SP's baseline scheduler presents
  input  wire [3:0]               valid_i,         // SP s presents an instruction
  input  wire [3:0]               mode_i,          // 0 CUDA-native, 1 FIBER-native
  input  wire [15:0]              src_valid_i,     // bit 4s+k: it reads source k
  input  wire [127:0]             src_orig_i,      // [8*(4s+k) +: 8]: original field
  input  wire [51:0]              ext_i,           // [13s +: 13]: word[99:87]
  input  wire [3:0]               dst_valid_i,     // it writes a destination
  input  wire [31:0]              dst_orig_i,      // [8s +: 8]: original field
  // ---- busy-bitmap updates from the pipeline and the decoder
  input  wire [3:0]               wb_valid_i,      // writeback: clear EMPTY[wb_dst]
  input  wire [43:0]              wb_dst_i,        // [11s +: 11]
  input  wire [15:0]              cons_valid_i,    // consumption: clear FULL[cons_src]
  input  wire [175:0]             cons_src_i,      // [11*(4s+k) +: 11]
  input  wire [3:0]               dep_valid_i,     // extended DEPBAR
  input  wire [43:0]              dep_reg_i,       //   register [11s +: 11]
  input  wire [3:0]               dep_group_i,     //   0 EMPTY, 1 FULL
  input  wire [3:0]               dep_set_i,       //   1 set, 0 clear
  input  wire                     all_set_i,       // ALL-scope set of EMPTY
  // ---- bank read data (register-read stage), port 2s+b = bank b of SP s
  input  wire [2*Lanes*Width-1:0] rd_data_sp0_i,   // bank b at [b*Lanes*Width +: Lanes*Width]
  input  wire [2*Lanes*Width-1:0] rd_data_sp1_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp2_i,
  input  wire [2*Lanes*Width-1:0] rd_data_sp3_i,
  // ---- issue decisions
  output wire [3:0]               issue_o,         // the instruction issues (last pass)
  output wire [3:0]               stall_o,         // valid_i & ~issue_o
  output wire [3:0]               grant_o,         // a read pass is granted
  output wire [3:0]               busy_o,          // passes remain: present it again
  output wire [3:0]               eligible_o,      // bitmap eligibility (start of cycle)
  output wire [3:0]               pend_block_o,    // pending-read guard holds a first pass
  output wire [3:0]               illegal_o,       // CUDA-native with the enable bit
  output wire [3:0]               conflict_o,      // this pass defers a source
  output wire [3:0]               range_err_o,     // bitmap: a valid id that does not exist
  output wire [3:0]               upd_range_err_o, // bitmap: an update id that does not exist
  output wire [43:0]              dst_reg_o,       // [11s +: 11]: destination address
  // ---- bank read addresses of the cycle
  output wire [7:0]               bank_re_o,       // port p read
  output wire [63:0]              bank_row_o,      // its row [8p +: 8] (0 if not read)
  // ---- operands (register-read stage)
  output wire [15:0]              opnd_valid_o,    // operand 4s+k delivered
  output wire [4*Lanes*Width-1:0] opnd_sp0_o,      // SP 0 operand k at [k*Lanes*Width +: Lanes*Width]
  output wire [4*Lanes*Width-1:0] opnd_sp1_o,
  output wire [4*Lanes*Width-1:0] opnd_sp2_o,
  output wire [4*Lanes*Width-1:0] opnd_sp3_o
);

  localparam integer NumSp     = 4;    // FB_NSP
  localparam integer NumSrc    = 4;    // FB_NSRC
  localparam integer NumPort   = 8;    // FB_NPORT
  localparam integer RegWidth  = 11;   // FB_REG_W
  localparam integer RowWidth  = 8;    // FB_ROW_W
  localparam integer PortWidth = 3;    // FB_PORT_W

  // ---- per-SP selectors and pass state
  wire [NumSp*NumSrc*RegWidth-1:0]  src_reg;     // source addresses
  wire [NumSp*NumSrc*PortWidth-1:0] src_port;    // their read ports
  wire [NumSp*NumPort-1:0]          port_en;     // arbiter requests
  wire [NumSp*NumPort*RowWidth-1:0] port_row;
  wire [NumSp*NumSrc-1:0]           defer;
  wire [NumSp*NumSrc-1:0]           pass_src;    // sources seen by the selector
  wire [NumSp-1:0]                  req_valid;
  wire [NumSp-1:0]                  grant;
  wire [NumSp-1:0]                  eligible;
  wire [NumSp*NumSrc-1:0]           rem_all;     // rem_q of every SP
  wire [NumSp-1:0]                  busy_all;
  wire [NumSp-1:0]                  busy_grd;    // busy_all from the guard's copy of the flops
  wire [NumSp-1:0]                  illegal_all;
  wire [NumSp-1:0]                  pend_block;  // pending-read guard holds a first pass
  wire [NumSp-1:0]                  guard_blk;   // the same before its own candidacy (the request's form)
  wire [1:0]                        arb_start;   // the arbiter's scan start this cycle

  genvar gs;
  generate
    for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_sp
      localparam [1:0] SpId = gs;
      reg [NumSrc-1:0] rem_q, rem_d;             // sources still to read
      reg              busy_q;                   // rem_q != 0, held in flops of its own
      reg              busy_src_q, busy_grd_q;   // two copies of it (below); busy_src_q
      wire             busy = busy_q;            // selects the pass sources early in the cycle
      assign pass_src[gs*NumSrc +: NumSrc] = busy_src_q ? rem_q : src_valid_i[gs*NumSrc +: NumSrc];

      wire [NumSrc-1:0] remote_unused;
      wire              conflict, illegal;
      fiber_operand_sel u_sel (
        .mode_i      (mode_i[gs]),
        .sp_i        (SpId),
        .src_valid_i (pass_src[gs*NumSrc +: NumSrc]),
        .src_orig_i  (src_orig_i[gs*NumSrc*8 +: NumSrc*8]),
        .ext_i       (ext_i[gs*13 +: 13]),
        .dst_orig_i  (dst_orig_i[gs*8 +: 8]),
        .src_reg_o   (src_reg[gs*NumSrc*RegWidth +: NumSrc*RegWidth]),
        .src_port_o  (src_port[gs*NumSrc*PortWidth +: NumSrc*PortWidth]),
        .port_en_o   (port_en[gs*NumPort +: NumPort]),
        .port_row_o  (port_row[gs*NumPort*RowWidth +: NumPort*RowWidth]),
        .remote_o    (remote_unused),
        .defer_o     (defer[gs*NumSrc +: NumSrc]),
        .conflict_o  (conflict),
        .illegal_o   (illegal),
        .dst_reg_o   (dst_reg_o[gs*RegWidth +: RegWidth])
      );

      assign rem_all[gs*NumSrc +: NumSrc] = rem_q;
      assign busy_all[gs]                 = busy;
      assign busy_grd[gs]                 = busy_grd_q;
      assign illegal_all[gs]              = illegal;
      assign req_valid[gs]  = valid_i[gs] && !illegal && (busy || (eligible[gs] && !guard_blk[gs]));
      assign issue_o[gs]    = grant[gs] && !conflict;
      assign stall_o[gs]    = valid_i[gs] && !issue_o[gs];
      assign busy_o[gs]     = busy;
      assign illegal_o[gs]  = illegal;
      assign conflict_o[gs] = conflict;

      always @* begin
        rem_d = rem_q;
        if (!valid_i[gs]) begin
          rem_d = {NumSrc{1'b0}};
        end else if (grant[gs]) begin
          rem_d = defer[gs*NumSrc +: NumSrc];
        end
      end

      (* keep *)
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          rem_q  <= {NumSrc{1'b0}};
          busy_q <= 1'b0;
        end else begin
          rem_q  <= rem_d;
          busy_q <= |rem_d;
        end
      end

      // busy_q replicated, each copy for one group of its readers: the
      // pass-source multiplexer in front of the selector (busy_src_q) and
      // the pending-read guard's pass sets and priorities (busy_grd_q);
      // busy_q keeps the request, the candidacy and busy_o. Equal to busy_q
      // in every cycle; each copy drives a few gates instead of a buffer
      // tree, at the start of the issue stage's longest paths (synth/README.md).
      // keep (here and on busy_q's block): synthesis would otherwise merge
      // the equal flops into one.
      (* keep *)
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          busy_src_q <= 1'b0;
          busy_grd_q <= 1'b0;
        end else begin
          busy_src_q <= |rem_d;
          busy_grd_q <= |rem_d;
        end
      end
    end
  endgenerate

  // ---- pending-read guard (docs/fiber.md, section 5a): no write is issued
  // to a register that another SP still has to read in a later pass, nor
  // in the cycle where such a deferral is created.
  // pset of SP p: the sources it still has to read after this cycle's pass
  // decision: rem_q while busy (the pass state, what the scheduler presents
  // again), the selector's deferrals of a first pass otherwise.
  // cand[p]: SP p may be granted this cycle (its request without the guard;
  // the bitmap's eligibility, not the guarded one, so no loop).
  // For reader p and writer s (p != s), hit = dst_valid[s] and a source in
  // pset of p is dst_reg of s (an address in s's partition). A hit blocks:
  //   - the writer s, when p is busy (p's reads are committed);
  //   - the reader p's first pass, when s is busy (s's write is committed);
  //   - when neither is busy, the one the arbiter scans later this cycle
  //     (rank = (sp - start) mod 4): both could be granted together, and
  //     blocking always the same side deadlocks a pair that reads each
  //     other's destination.
  // A busy SP never checks eligibility; the guard keeps it out of the
  // states where it would matter (a busy reader and a busy writer of one
  // register never coexist).
  // Restated per held SP x (the two directions above merged): a first pass
  // of x is held when some candidate y != x and x are linked by a hit
  // (y reads x's destination, or x reads y's), and y is busy or scanned
  // before x. The links (hlink: field compares and pass sets) and the
  // priority (busy, or earlier from the arbiter's start register) are known
  // before the bitmap's eligibility, which enters last through cand[y].
  wire [NumSp-1:0] vi   = valid_i & ~illegal_all;
  wire [NumSp-1:0] cand = vi & (busy_all | eligible);
  reg  [NumSp*NumSrc-1:0] pset;
  reg  [NumSp*NumSp-1:0]  hit;     // [p*NumSp + w]: a source p still reads is w's destination
  reg  [NumSp*NumSp-1:0]  hlink;   // [x*NumSp + y]: x is held if y is a candidate
  reg  [NumSp-1:0]        blk;     // x is held (given its own candidacy)
  reg  [1:0]              rank_x, rank_y;
  integer rp, rw, rk;
  always @* begin
    for (rp = 0; rp < NumSp; rp = rp + 1)
      pset[rp*NumSrc +: NumSrc] = busy_grd[rp] ? rem_all[rp*NumSrc +: NumSrc] : defer[rp*NumSrc +: NumSrc];
    hit = {NumSp*NumSp{1'b0}};
    for (rp = 0; rp < NumSp; rp = rp + 1)
      for (rw = 0; rw < NumSp; rw = rw + 1)
        if (rp != rw) begin
          for (rk = 0; rk < NumSrc; rk = rk + 1)
            if (pset[rp*NumSrc + rk] &&
                src_reg[(rp*NumSrc + rk)*RegWidth +: RegWidth] == dst_reg_o[rw*RegWidth +: RegWidth])
              hit[rp*NumSp + rw] = dst_valid_i[rw];
        end
    hlink  = {NumSp*NumSp{1'b0}};
    rank_x = 2'd0;
    rank_y = 2'd0;
    for (rp = 0; rp < NumSp; rp = rp + 1)       // rp: x, the held SP
      for (rw = 0; rw < NumSp; rw = rw + 1)     // rw: y, the other SP
        if (rp != rw) begin
          rank_x = rp[1:0] - arb_start;
          rank_y = rw[1:0] - arb_start;
          hlink[rp*NumSp + rw] = (hit[rw*NumSp + rp] || hit[rp*NumSp + rw]) &&
                                 (busy_grd[rw] || rank_y < rank_x);
        end
    blk = {NumSp{1'b0}};
    for (rp = 0; rp < NumSp; rp = rp + 1)
      for (rw = 0; rw < NumSp; rw = rw + 1)
        if (rp != rw && hlink[rp*NumSp + rw] && cand[rw]) blk[rp] = 1'b1;
  end
  assign guard_blk    = blk;
  assign pend_block   = blk & cand & ~busy_all;
  assign pend_block_o = pend_block;

  // ---- read-port arbiter
  wire [NumPort-1:0] arb_shared_unused;
  wire [2*NumPort-1:0] arb_owner_unused;
  wire [NumSp-1:0]   arb_stall_unused;
  fiber_port_arb u_arb (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (req_valid),
    .ports_i  (port_en),
    .row_i    (port_row),
    .grant_o  (grant),
    .stall_o  (arb_stall_unused),
    .start_o  (arb_start),
    .occ_o    (bank_re_o),
    .shared_o (arb_shared_unused),
    .owner_o  (arb_owner_unused),
    .row_o    (bank_row_o)
  );
  assign grant_o = grant;

  // ---- crossbar: the sources read by each granted pass, decoded once here
  // (at issue) into one-hot read-port selects that the crossbar registers:
  // operand o's select is bit p = grant[s] & sel_pre[o*NumPort + p], with
  // sel_pre = pass source, not deferred, src_port[o] == p (fb_xbar_onehot),
  // so the register-read stage is an AND-OR per bit. sel_pre does not
  // depend on the grant, which comes last in the cycle: it is kept as a net
  // of its own so that synthesis leaves one AND after the grant (without
  // it, the grant entered the first of four gates; synth/README.md).
  (* keep *) wire [NumSp*NumSrc*NumPort-1:0] sel_pre;
  wire [NumSp*NumSrc*NumPort-1:0]            sel_oh;
  genvar go, gp;
  generate
    for (go = 0; go < NumSp*NumSrc; go = go + 1) begin : gen_sel
      for (gp = 0; gp < NumPort; gp = gp + 1) begin : gen_port
        assign sel_pre[go*NumPort + gp] = pass_src[go] && !defer[go] &&
                                          (src_port[go*PortWidth +: PortWidth] == gp);
        assign sel_oh[go*NumPort + gp]  = grant[go / NumSrc] && sel_pre[go*NumPort + gp];
      end
    end
  endgenerate

  fiber_xbar #(
    .Lanes (Lanes),
    .Width (Width)
  ) u_xbar (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .sel_oh_i      (sel_oh),
    .rd_data_sp0_i (rd_data_sp0_i),
    .rd_data_sp1_i (rd_data_sp1_i),
    .rd_data_sp2_i (rd_data_sp2_i),
    .rd_data_sp3_i (rd_data_sp3_i),
    .valid_o       (opnd_valid_o),
    .opnd_sp0_o    (opnd_sp0_o),
    .opnd_sp1_o    (opnd_sp1_o),
    .opnd_sp2_o    (opnd_sp2_o),
    .opnd_sp3_o    (opnd_sp3_o)
  );

  // ---- the bank read addresses of last cycle (operand read sets FULL of
  // the registers read, in the register-read stage). The arbiter grants at
  // most one row per port, and its occupied ports and rows are exactly the
  // sources the granted passes read (those opnd_valid_o delivers now), so
  // the bitmap takes the read set by port: 8 ports x one row. (The bitmap's
  // own state has a synchronous reset; see fiber_busy_bitmap.)
  reg [NumPort-1:0]          rd_re_q;
  reg [NumPort*RowWidth-1:0] rd_row_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_re_q  <= {NumPort{1'b0}};
      rd_row_q <= {NumPort*RowWidth{1'b0}};
    end else begin
      rd_re_q  <= bank_re_o;
      rd_row_q <= bank_row_o;
    end
  end

  // ---- issue sets of EMPTY, applied to the bitmap one cycle late
  // (fiber_issue_pend; docs/fiber_rtl.md, the issue stage): an issue in
  // cycle t registers its destination instead of decoding it into the bitmap's write
  // vectors, so the arbiter's grant ends at a few flops; in t+1 the
  // registered destination drives the bitmap's issue port and the
  // eligibility of t+1 is bypassed with it. Equivalence with the bitmap
  // order (issue set in cycle t, docs/fiber.md section 7):
  //   - a DEPBAR on (EMPTY, d) or the ALL-scope set in cycle t decides
  //     EMPTY[d] at the end of t (they come after the issue set), so the
  //     issue is not registered (pnd_ok); nor is a destination that does
  //     not exist (the bitmap would drop it; its upd_range_err_o is raised
  //     here in cycle t, iss_err);
  //   - otherwise EMPTY[d] = 1 at the start of t+1: the bitmap's state
  //     OR the pending destinations is the state the C model has, and the
  //     eligibility of t+1 treats a valid source equal to a pending
  //     destination as EMPTY (byp_hit);
  //   - in t+1 the pending set comes before every update of t+1 (it is
  //     state, not an update of t+1): the bitmap's issue port is above
  //     writeback and below DEPBAR and ALL, so only a writeback of the same
  //     register (the same SP: a writeback is local) must beat it; the
  //     pending set is dropped then (wb_hit) and the writeback clears it.
  // A destination of SP s is in SP s's partition (dst_reg_o = {s, 0,
  // field}), so only SP s's writeback can name it.
  wire [NumSp-1:0]          iss_set = issue_o & dst_valid_i;
  wire [NumSp-1:0]          bm_issue_valid, byp_hit, iss_err;
  wire [NumSp*RegWidth-1:0] bm_issue_dst;
  wire [NumSp-1:0]          pnd_v_unused;
  wire [NumSp*RegWidth-1:0] pnd_dst_unused;
  fiber_issue_pend #(
    .NumReg  (NumReg),
    .PartRegs(PartRegs)
  ) u_pend (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .iss_set_i        (iss_set),
    .dst_i            (dst_reg_o),
    .dep_valid_i      (dep_valid_i),
    .dep_reg_i        (dep_reg_i),
    .dep_group_i      (dep_group_i),
    .all_set_i        (all_set_i),
    .wb_valid_i       (wb_valid_i),
    .wb_dst_i         (wb_dst_i),
    .src_valid_i      (src_valid_i),
    .src_i            (src_reg),
    .bm_issue_valid_o (bm_issue_valid),
    .bm_issue_dst_o   (bm_issue_dst),
    .byp_hit_o        (byp_hit),
    .iss_err_o        (iss_err),
    .pnd_v_o          (pnd_v_unused),
    .pnd_dst_o        (pnd_dst_unused)
  );

  // ---- busy bitmap
  wire [NumSp*NumSrc-1:0]   src_busy_unused;
  wire [NumSp-1:0]          dst_busy_unused;
  localparam integer NumStore = (PartRegs < 512) ? 4 * PartRegs : NumReg;  // the bitmap's
  wire [NumRep*NumStore-1:0] empty_unused;
  wire [NumStore-1:0]        full_unused;
  wire [NumSp-1:0]          bm_eligible, bm_upd_err;
  fiber_busy_bitmap #(
    .NumReg  (NumReg),
    .NumRep  (NumRep),
    .PartRegs(PartRegs),
    .Storage (Storage)
  ) u_bitmap (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .dst_valid_i     (dst_valid_i),
    .dst_i           (dst_reg_o),
    .src_valid_i     (src_valid_i),
    .src_i           (src_reg),
    .issue_valid_i   (bm_issue_valid),
    .issue_dst_i     (bm_issue_dst),
    .wb_valid_i      (wb_valid_i),
    .wb_dst_i        (wb_dst_i),
    .cons_valid_i    (cons_valid_i),
    .cons_src_i      (cons_src_i),
    .dep_valid_i     (dep_valid_i),
    .dep_reg_i       (dep_reg_i),
    .dep_group_i     (dep_group_i),
    .dep_set_i       (dep_set_i),
    .read_valid_i    (rd_re_q),
    .read_row_i      (rd_row_q),
    .all_set_i       (all_set_i),
    .eligible_o      (bm_eligible),
    .dst_busy_o      (dst_busy_unused),
    .src_busy_o      (src_busy_unused),
    .range_err_o     (range_err_o),
    .upd_range_err_o (bm_upd_err),
    .empty_o         (empty_unused),
    .full_o          (full_unused)
  );
  assign eligible        = bm_eligible & ~byp_hit;
  assign eligible_o      = eligible;
  assign upd_range_err_o = bm_upd_err | iss_err;

endmodule

`default_nettype wire
