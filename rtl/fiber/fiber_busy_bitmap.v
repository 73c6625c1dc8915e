// fiber_busy_bitmap - FIBER register busy bitmap: EMPTY and FULL groups,
// one replica per subpartition (SP), eligibility per SP, ordered updates.
//
// Behaviour:
//   State: NumRep replicas of two groups of NumReg bits, EMPTY (the latest
//   value of the register is not written back yet) and FULL (the value is
//   still being read). Replica k is empty_o/full_o[k*NumReg +: NumReg], bit r
//   is register r. Reset (rst_ni low, asynchronous) clears every bit.
//   Eligibility (combinational, per SP s, from replica s % NumRep, i.e. from
//   the state at the start of the cycle, before this cycle's updates):
//     dst_busy_o[s]    = dst_valid_i[s] and FULL[dst]
//     src_busy_o[4s+k] = src_valid_i[4s+k] and EMPTY[src k]
//     range_err_o[s]   = a valid dst or source id >= NumReg
//     eligible_o[s]    = !dst_busy && no src_busy && !range_err
//   A destination that is EMPTY and a source that is FULL do not block.
//   Updates: every SP drives, per cycle, issue (sets EMPTY[dst]), writeback
//   (clears EMPTY[dst]), operand read of 4 sources (sets FULL), consumption
//   of 4 sources (clears FULL) and one extended DEPBAR (register, group,
//   set/clear); all_set_i is the ALL-scope set of EMPTY (SET_FIBER_NUM).
//   They are merged into one write per bit in this fixed order, a later step
//   overriding an earlier one on the same bit:
//     1. hardware clears (writeback, consumption), all SPs;
//     2. hardware sets (issue, operand read), all SPs;
//     3. extended DEPBAR of SP 0, 1, 2, 3 (the highest SP on a bit wins);
//     4. ALL-scope set of EMPTY.
//   Per bit:
//     EMPTY' = ALL ? 1 : last DEPBAR on (EMPTY, r) ? its value
//              : issue ? 1 : writeback ? 0 : EMPTY
//     FULL'  = last DEPBAR on (FULL, r) ? its value
//              : read ? 1 : consume ? 0 : FULL
//   The merged write (enable and data per bit and group) is broadcast to
//   every replica; each replica applies it to its own flops
//   (q' = we ? wd : q). An operation whose register id is >= NumReg touches
//   nothing and raises upd_range_err_o of its SP (combinational, this
//   cycle's inputs); with NumReg = 2048 every 11-bit id is in range.
// Guarantees: all replicas hold the same value at every cycle (same reset,
//   same broadcast write); the update order above is the only priority;
//   outputs never depend on x (no x assignment; every read index lies
//   inside the replica padded to a power of two).
// Timing: eligibility is combinational from the flops and the query ports;
//   updates take effect at the next rising clk_i, so an instruction checked
//   in cycle t sees the updates of cycles up to t-1.
// Twin: fb_bm_reset / fb_bm_check / fb_bm_step in
//   cmodel/src/fiber/fiber_busy_bitmap.c (docs/fiber.md, section 7);
//   fb_bm_step's return value is upd_range_err_o.
//
// Worked example (SP 0 writes back r5 while SP 2 issues to r5 and SP 1
// clears EMPTY[r5] by DEPBAR, FULL[r5] read by SP 3 and consumed by SP 0):
//   wb_valid_i[0] = 1, wb_dst r5; issue_valid_i[2] = 1, issue_dst r5;
//   dep_valid_i[1] = 1, dep_reg r5, dep_group 0 (EMPTY), dep_set 0;
//   read_valid_i[12] = 1, read_src r5; cons_valid_i[0] = 1, cons_src r5
//   -> next cycle EMPTY[5] = 0 (DEPBAR clear beats issue set beats wb clear),
//      FULL[5] = 1 (read set beats consume clear), in every replica.
//
// Parameters:
//   NumReg   vector registers per group (FB_NVREG, 2048; 1..2048)
//   NumRep   replicas (FB_BM_NREP, 4; 1..4); SP s reads replica s % NumRep
// Fixed by the ISA (localparams): NumSp = 4 (FB_NSP), NumSrc = 4 (FB_NSRC),
//   RegWidth = 11 (FB_REG_W). Per-SP ports are packed, SP s at the slice
//   [s*W +: W]; per-source ports put source k of SP s at index 4*s + k.
`default_nettype none

module fiber_busy_bitmap #(
  parameter integer NumReg = 2048,
  parameter integer NumRep = 4
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,
  // ---- eligibility query, one instruction per SP (fb_bm_query)
  input  wire [4-1:0]                  dst_valid_i,    // instruction writes dst
  input  wire [4*11-1:0]               dst_i,          // destination id
  input  wire [4*4-1:0]                src_valid_i,    // source k is read
  input  wire [4*4*11-1:0]             src_i,          // source ids
  // ---- updates driven by each SP this cycle (fb_bm_sp_in)
  input  wire [4-1:0]                  issue_valid_i,  // issue: set EMPTY[issue_dst]
  input  wire [4*11-1:0]               issue_dst_i,
  input  wire [4-1:0]                  wb_valid_i,     // writeback: clear EMPTY[wb_dst]
  input  wire [4*11-1:0]               wb_dst_i,
  input  wire [4*4-1:0]                read_valid_i,   // operand read: set FULL[read_src]
  input  wire [4*4*11-1:0]             read_src_i,
  input  wire [4*4-1:0]                cons_valid_i,   // consumption: clear FULL[cons_src]
  input  wire [4*4*11-1:0]             cons_src_i,
  input  wire [4-1:0]                  dep_valid_i,    // extended DEPBAR
  input  wire [4*11-1:0]               dep_reg_i,      //   register id
  input  wire [4-1:0]                  dep_group_i,    //   0 EMPTY, 1 FULL
  input  wire [4-1:0]                  dep_set_i,      //   1 set, 0 clear
  input  wire                          all_set_i,      // ALL-scope: set every EMPTY bit
  // ---- eligibility per SP (fb_bm_elig), from the state at cycle start
  output wire [4-1:0]                  eligible_o,     // may issue
  output wire [4-1:0]                  dst_busy_o,     // dst valid and FULL
  output wire [4*4-1:0]                src_busy_o,     // source valid and EMPTY
  output wire [4-1:0]                  range_err_o,    // a valid id >= NumReg
  // ---- update errors of this cycle (fb_bm_step's return value)
  output wire [4-1:0]                  upd_range_err_o, // SP drove an id >= NumReg
  // ---- the state of every replica (replica k at [k*NumReg +: NumReg])
  output wire [NumRep*NumReg-1:0]      empty_o,        // EMPTY group
  output wire [NumRep*NumReg-1:0]      full_o          // FULL group
);

  localparam integer NumSp    = 4;
  localparam integer NumSrc   = 4;
  localparam integer RegWidth = 11;
  // Read index width and the state padded to a power of two for the reads.
  localparam integer IdxWidth = (NumReg > 1) ? $clog2(NumReg) : 1;
  localparam integer PadReg   = 1 << IdxWidth;
  // Ids below RegLimit exist; {1'b0, id} < RegLimit is the range check.
  localparam [RegWidth:0]  RegLimit = NumReg[RegWidth:0];
  localparam [NumReg-1:0]  RegAll   = {NumReg{1'b1}};
  // Update ports, decoded one-hot: per SP one writeback, one issue, one
  // DEPBAR, four reads and four consumptions.
  localparam integer NumPort  = NumSp * (3 + 2 * NumSrc);
  localparam integer PortIss  = NumSp;                       // first issue port
  localparam integer PortDep  = 2 * NumSp;                   // first DEPBAR port
  localparam integer PortRd   = 3 * NumSp;                   // first read port
  localparam integer PortCons = 3 * NumSp + NumSp * NumSrc;  // first consumption port
  // The decode is predecoded in 32-bit words: the id's low five bits pick
  // the bit inside a word, its high bits pick the word.
  localparam integer NumWord  = (NumReg + 31) / 32;
  localparam [NumWord-1:0] WordOne = 1;

  // ---------------------------------------------------------------------
  // Range checks of every update port.
  // ---------------------------------------------------------------------
  reg [NumSp-1:0] upd_err;
  integer es, ek;  // loop indices of this block only
  always @* begin
    upd_err = {NumSp{1'b0}};
    for (es = 0; es < NumSp; es = es + 1) begin
      if (issue_valid_i[es] && !({1'b0, issue_dst_i[es*RegWidth +: RegWidth]} < RegLimit))
        upd_err[es] = 1'b1;
      if (wb_valid_i[es] && !({1'b0, wb_dst_i[es*RegWidth +: RegWidth]} < RegLimit))
        upd_err[es] = 1'b1;
      if (dep_valid_i[es] && !({1'b0, dep_reg_i[es*RegWidth +: RegWidth]} < RegLimit))
        upd_err[es] = 1'b1;
      for (ek = 0; ek < NumSrc; ek = ek + 1) begin
        if (read_valid_i[es*NumSrc+ek] &&
            !({1'b0, read_src_i[(es*NumSrc+ek)*RegWidth +: RegWidth]} < RegLimit))
          upd_err[es] = 1'b1;
        if (cons_valid_i[es*NumSrc+ek] &&
            !({1'b0, cons_src_i[(es*NumSrc+ek)*RegWidth +: RegWidth]} < RegLimit))
          upd_err[es] = 1'b1;
      end
    end
  end
  assign upd_range_err_o = upd_err;

  // ---------------------------------------------------------------------
  // One-hot decode of every update port's id: bit r of port_oh[p] is
  // word[r / 32] & bit[r % 32], one AND gate per bit and port after a
  // 32-way and a NumWord-way predecode. An id at or above NumReg selects no
  // bit, so it writes nothing. Port order: writebacks, issues, DEPBARs (SP
  // 0..3 each), then reads and consumptions (source 4*s + k).
  // ---------------------------------------------------------------------
  wire [NumPort*RegWidth-1:0] port_id = {cons_src_i, read_src_i, dep_reg_i,
                                         issue_dst_i, wb_dst_i};
  wire [NumReg-1:0]           port_oh [0:NumPort-1];
  genvar gp, gw;
  generate
    for (gp = 0; gp < NumPort; gp = gp + 1) begin : gen_dec
      wire [RegWidth-1:0] id       = port_id[gp*RegWidth +: RegWidth];
      wire [NumWord-1:0]  word_sel = WordOne << id[RegWidth-1:5];
      wire [31:0]         bit_sel  = 32'd1 << id[4:0];
      wire [NumReg-1:0]   oh;
      for (gw = 0; gw < NumWord; gw = gw + 1) begin : gen_word
        if (gw * 32 + 32 <= NumReg) begin : gen_full
          assign oh[gw*32 +: 32] = {32{word_sel[gw]}} & bit_sel;
        end else begin : gen_part
          assign oh[gw*32 +: NumReg - gw*32] =
            {(NumReg - gw*32){word_sel[gw]}} & bit_sel[NumReg - gw*32 - 1:0];
        end
      end
      assign port_oh[gp] = oh;
    end
  endgenerate

  // ---------------------------------------------------------------------
  // The merged write: enable and data per bit of each group, built in the
  // documented order.
  // ---------------------------------------------------------------------
  reg [NumReg-1:0] e_we, e_wd, f_we, f_wd, oh;
  integer s, k;  // loop indices of this block only
  always @* begin
    e_we = {NumReg{1'b0}};
    e_wd = {NumReg{1'b0}};
    f_we = {NumReg{1'b0}};
    f_wd = {NumReg{1'b0}};
    oh   = {NumReg{1'b0}};
    // 1. hardware clears (data stays 0)
    for (s = 0; s < NumSp; s = s + 1) begin
      if (wb_valid_i[s]) e_we = e_we | port_oh[s];
      for (k = 0; k < NumSrc; k = k + 1)
        if (cons_valid_i[s*NumSrc+k])
          f_we = f_we | port_oh[PortCons+s*NumSrc+k];
    end
    // 2. hardware sets
    for (s = 0; s < NumSp; s = s + 1) begin
      if (issue_valid_i[s]) begin
        oh   = port_oh[PortIss+s];
        e_we = e_we | oh;
        e_wd = e_wd | oh;
      end
      for (k = 0; k < NumSrc; k = k + 1)
        if (read_valid_i[s*NumSrc+k]) begin
          oh   = port_oh[PortRd+s*NumSrc+k];
          f_we = f_we | oh;
          f_wd = f_wd | oh;
        end
    end
    // 3. extended DEPBAR, SP 0 first: a later SP overrides
    for (s = 0; s < NumSp; s = s + 1)
      if (dep_valid_i[s]) begin
        oh = port_oh[PortDep+s];
        if (dep_group_i[s]) begin
          f_we = f_we | oh;
          f_wd = dep_set_i[s] ? (f_wd | oh) : (f_wd & ~oh);
        end else begin
          e_we = e_we | oh;
          e_wd = dep_set_i[s] ? (e_wd | oh) : (e_wd & ~oh);
        end
      end
    // 4. ALL-scope set of EMPTY
    if (all_set_i) begin
      e_we = RegAll;
      e_wd = RegAll;
    end
  end

  // ---------------------------------------------------------------------
  // Replicas. Each holds both groups, applies the broadcast write to its own
  // flops (q' = we ? wd : q) and serves the read ports of the SPs mapped to
  // it (SP s reads replica s % NumRep): FULL[dst] and EMPTY[src k].
  // ---------------------------------------------------------------------
  wire [NumSp-1:0]        dst_bit;   // FULL[dst] of SP s's replica
  wire [NumSp*NumSrc-1:0] src_bit;   // EMPTY[src k] of SP s's replica
  genvar gr, gs, gk;
  generate
    for (gr = 0; gr < NumRep; gr = gr + 1) begin : gen_rep
      reg  [NumReg-1:0] empty_q, full_q;
      wire [NumReg-1:0] empty_d = (empty_q & ~e_we) | (e_wd & e_we);
      wire [NumReg-1:0] full_d  = (full_q & ~f_we) | (f_wd & f_we);
      // keep: the replicas are equal by construction, and synthesis would
      // otherwise merge them into one
      (* keep *)
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          empty_q <= {NumReg{1'b0}};
          full_q  <= {NumReg{1'b0}};
        end else begin
          empty_q <= empty_d;
          full_q  <= full_d;
        end
      end
      assign empty_o[gr*NumReg +: NumReg] = empty_q;
      assign full_o[gr*NumReg +: NumReg]  = full_q;

      // the state padded with zeros to the read index range (NumReg not a
      // power of two: ids NumReg .. PadReg-1 read 0 and are out of range)
      wire [PadReg-1:0] e_rd, f_rd;
      if (PadReg > NumReg) begin : gen_pad
        assign e_rd = {{(PadReg-NumReg){1'b0}}, empty_q};
        assign f_rd = {{(PadReg-NumReg){1'b0}}, full_q};
      end else begin : gen_exact
        assign e_rd = empty_q;
        assign f_rd = full_q;
      end

      for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_port
        if (gs % NumRep == gr) begin : gen_mine
          assign dst_bit[gs] = f_rd[dst_i[gs*RegWidth +: IdxWidth]];
          for (gk = 0; gk < NumSrc; gk = gk + 1) begin : gen_src
            assign src_bit[gs*NumSrc+gk] = e_rd[src_i[(gs*NumSrc+gk)*RegWidth +: IdxWidth]];
          end
        end
      end
    end
  endgenerate

  // ---------------------------------------------------------------------
  // Eligibility of each SP; an id out of range reads nothing.
  // ---------------------------------------------------------------------
  generate
    for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_sp
      wire dst_ok   = {1'b0, dst_i[gs*RegWidth +: RegWidth]} < RegLimit;
      wire dst_busy = dst_valid_i[gs] & dst_ok & dst_bit[gs];
      wire dst_err  = dst_valid_i[gs] & ~dst_ok;
      wire [NumSrc-1:0] src_busy, src_err;
      for (gk = 0; gk < NumSrc; gk = gk + 1) begin : gen_chk
        wire src_ok = {1'b0, src_i[(gs*NumSrc+gk)*RegWidth +: RegWidth]} < RegLimit;
        assign src_busy[gk] = src_valid_i[gs*NumSrc+gk] & src_ok & src_bit[gs*NumSrc+gk];
        assign src_err[gk]  = src_valid_i[gs*NumSrc+gk] & ~src_ok;
      end
      assign dst_busy_o[gs]                  = dst_busy;
      assign src_busy_o[gs*NumSrc +: NumSrc] = src_busy;
      assign range_err_o[gs]                 = dst_err | (|src_err);
      assign eligible_o[gs]                  = ~dst_busy & ~(|src_busy) & ~dst_err & ~(|src_err);
    end
  endgenerate

endmodule

`default_nettype wire
