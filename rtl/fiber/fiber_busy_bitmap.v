// fiber_busy_bitmap - FIBER register busy bitmap: EMPTY and FULL groups,
// one replica per subpartition (SP), eligibility per SP, ordered updates.
//
// Registers: register r = {sp, row, bank} (r[10:9], r[8:1], r[0]) exists
//   when r < NumReg and is bit r of a group; SP s's partition is the
//   registers s*512 .. s*512+511 (those below NumReg: a smaller instance
//   has registers in SP 0 only up to 512, and so on).
// Behaviour:
//   State: NumRep replicas of two groups of NumReg bits, EMPTY (the latest
//   value of the register is not written back yet) and FULL (the value is
//   still being read). Replica k is empty_o/full_o[k*NumReg +: NumReg].
//   Reset (rst_ni low) is synchronous: every bit is 0 after a rising clk_i
//   with rst_ni low, and while rst_ni is low the eligibility outputs are
//   those of the cleared state (hold rst_ni low over at least one edge).
//   Eligibility (combinational, per SP s, from replica s % NumRep, i.e. from
//   the state at the start of the cycle, before this cycle's updates):
//     dst_busy_o[s]    = dst_valid_i[s] and FULL[dst]
//     src_busy_o[4s+k] = src_valid_i[4s+k] and EMPTY[src k]
//     range_err_o[s]   = a valid dst outside SP s's partition (destinations
//                        are local) or a valid dst or source >= NumReg
//     eligible_o[s]    = !dst_busy && no src_busy && !range_err
//   A destination that is EMPTY and a source that is FULL do not block.
//   Updates: every SP drives, per cycle, issue (sets EMPTY[dst]) and
//   writeback (clears EMPTY[dst]) of a register in its own partition,
//   consumption of 4 sources (clears FULL, any register) and one extended
//   DEPBAR (any register, group, set/clear); the 8 read ports drive the
//   operand read (port p with row x sets FULL of register {p/2, x, p%2}:
//   the arbiter grants at most one row per port per cycle, so these are
//   all the registers read in the cycle); all_set_i is the ALL-scope set of
//   EMPTY (SET_FIBER_NUM). They are merged into one write per bit in this
//   fixed order, a later step overriding an earlier one on the same bit:
//     1. hardware clears (writeback, consumption), all SPs;
//     2. hardware sets (issue, operand read);
//     3. extended DEPBAR of SP 0, 1, 2, 3 (the highest SP on a bit wins);
//     4. ALL-scope set of EMPTY.
//   Per bit:
//     EMPTY' = ALL ? 1 : last DEPBAR on (EMPTY, r) ? its value
//              : issue ? 1 : writeback ? 0 : EMPTY
//     FULL'  = last DEPBAR on (FULL, r) ? its value
//              : read ? 1 : consume ? 0 : FULL
//   The merged write (enable and data per bit and group; reset is the
//   write of 0 to every bit) is broadcast to every replica; each replica
//   applies it to its own flops (q' = we ? wd : q). An operation on a
//   register that does not exist, and an issue or writeback of SP s outside
//   SP s's partition, touches nothing and raises upd_range_err_o of SP s
//   (of SP p/2 for read port p); combinational, this cycle's inputs.
// Guarantees: all replicas hold the same value at every cycle (same reset,
//   same broadcast write); the update order above is the only priority;
//   outputs never depend on x (no x assignment; every read index lies
//   inside the replica or partition padded to a power of two).
// Timing: eligibility is combinational from the flops and the query ports;
//   updates take effect at the next rising clk_i, so an instruction checked
//   in cycle t sees the updates of cycles up to t-1.
// Cost notes: issue and writeback decode only the 512 bits of their SP's
//   partition, each read port only the 256 rows of its bank (one AND per
//   bit), consumption and DEPBAR the whole group; the destination read
//   multiplexer covers one partition.
// Twin: fb_bm_reset / fb_bm_check / fb_bm_step in
//   cmodel/src/fiber/fiber_busy_bitmap.c (docs/fiber.md, section 7);
//   fb_bm_step's return value is upd_range_err_o.
//
// Worked example (SP 0 writes back r5 while SP 0 issues to r5 and SP 1
// clears EMPTY[r5] by DEPBAR, FULL[r5] read on port 1 (row 2) and consumed
// by SP 3):
//   wb_valid_i[0] = 1, wb_dst r5; issue_valid_i[0] = 1, issue_dst r5;
//   dep_valid_i[1] = 1, dep_reg r5, dep_group 0 (EMPTY), dep_set 0;
//   read_valid_i[1] = 1, read_row 2; cons_valid_i[12] = 1, cons_src r5
//   -> next cycle EMPTY[5] = 0 (DEPBAR clear beats issue set beats wb clear),
//      FULL[5] = 1 (read set beats consume clear), in every replica.
//
// Parameters:
//   NumReg   vector registers per group (FB_NVREG, 2048; 1..2048)
//   NumRep   replicas (FB_BM_NREP, 4; 1..4); SP s reads replica s % NumRep
// Fixed by the ISA (localparams): NumSp = 4 (FB_NSP), NumSrc = 4 (FB_NSRC),
//   NumPort = 8 (FB_NPORT), RegWidth = 11 (FB_REG_W), RowWidth = 8
//   (FB_ROW_W). Per-SP ports are packed, SP s at the slice [s*W +: W]; per-
//   source ports put source k of SP s at index 4*s + k; read port p's row
//   is read_row_i[8p +: 8].
`default_nettype none

module fiber_busy_bitmap #(
  parameter integer NumReg = 2048,
  parameter integer NumRep = 4
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,         // synchronous, active low
  // ---- eligibility query, one instruction per SP (fb_bm_query)
  input  wire [4-1:0]                  dst_valid_i,    // instruction writes dst
  input  wire [4*11-1:0]               dst_i,          // destination id (own partition)
  input  wire [4*4-1:0]                src_valid_i,    // source k is read
  input  wire [4*4*11-1:0]             src_i,          // source ids
  // ---- updates driven by each SP this cycle (fb_bm_sp_in)
  input  wire [4-1:0]                  issue_valid_i,  // issue: set EMPTY[issue_dst]
  input  wire [4*11-1:0]               issue_dst_i,    //   own partition
  input  wire [4-1:0]                  wb_valid_i,     // writeback: clear EMPTY[wb_dst]
  input  wire [4*11-1:0]               wb_dst_i,       //   own partition
  input  wire [4*4-1:0]                cons_valid_i,   // consumption: clear FULL[cons_src]
  input  wire [4*4*11-1:0]             cons_src_i,
  input  wire [4-1:0]                  dep_valid_i,    // extended DEPBAR
  input  wire [4*11-1:0]               dep_reg_i,      //   register id
  input  wire [4-1:0]                  dep_group_i,    //   0 EMPTY, 1 FULL
  input  wire [4-1:0]                  dep_set_i,      //   1 set, 0 clear
  // ---- operand read by read port (fb_bm_in.read_valid / read_row)
  input  wire [8-1:0]                  read_valid_i,   // port p read: set FULL[{p/2, row, p%2}]
  input  wire [8*8-1:0]                read_row_i,     //   its row [8p +: 8]
  input  wire                          all_set_i,      // ALL-scope: set every EMPTY bit
  // ---- eligibility per SP (fb_bm_elig), from the state at cycle start
  output wire [4-1:0]                  eligible_o,     // may issue
  output wire [4-1:0]                  dst_busy_o,     // dst valid and FULL
  output wire [4*4-1:0]                src_busy_o,     // source valid and EMPTY
  output wire [4-1:0]                  range_err_o,    // a valid id not existing / dst not local
  // ---- update errors of this cycle (fb_bm_step's return value)
  output wire [4-1:0]                  upd_range_err_o, // SP drove an id it may not write
  // ---- the state of every replica (replica k at [k*NumReg +: NumReg])
  output wire [NumRep*NumReg-1:0]      empty_o,        // EMPTY group
  output wire [NumRep*NumReg-1:0]      full_o          // FULL group
);

  localparam integer NumSp    = 4;
  localparam integer NumSrc   = 4;
  localparam integer NumPort  = 8;
  localparam integer RegWidth = 11;
  localparam integer RowWidth = 8;
  localparam integer PartReg  = 512;                     // registers per SP
  // Rows decoded by the whole-group ports: every row a register < NumReg has.
  localparam integer NumRowG  = (NumReg >= PartReg) ? 256 : (NumReg + 1) / 2;
  // Read index width and the state padded to a power of two for the reads.
  localparam integer IdxWidth = (NumReg > 1) ? $clog2(NumReg) : 1;
  localparam integer PadReg   = 1 << IdxWidth;
  // Ids below RegLimit exist; {1'b0, id} < RegLimit is the range check.
  localparam [RegWidth:0]  RegLimit = NumReg[RegWidth:0];
  localparam [NumReg-1:0]  RegAll   = {NumReg{1'b1}};
  localparam [NumRowG-1:0] RowOne   = 1;

  // Registers of SP s's partition below NumReg (0..512).
  function automatic integer part_n;
    input integer sp;
    begin
      part_n = NumReg - sp * PartReg;
      if (part_n > PartReg) part_n = PartReg;
      if (part_n < 0) part_n = 0;
    end
  endfunction

  // ---------------------------------------------------------------------
  // Range and locality checks of every update port.
  // ---------------------------------------------------------------------
  function automatic id_ok;  // the register exists
    input [RegWidth-1:0] id;
    begin
      id_ok = {1'b0, id} < RegLimit;
    end
  endfunction

  reg [NumSp-1:0] upd_err;
  integer es, ek;  // loop indices of this block only
  always @* begin
    upd_err = {NumSp{1'b0}};
    for (es = 0; es < NumSp; es = es + 1) begin
      if (issue_valid_i[es] && !(id_ok(issue_dst_i[es*RegWidth +: RegWidth]) &&
                                 issue_dst_i[es*RegWidth+9 +: 2] == es[1:0]))
        upd_err[es] = 1'b1;
      if (wb_valid_i[es] && !(id_ok(wb_dst_i[es*RegWidth +: RegWidth]) &&
                              wb_dst_i[es*RegWidth+9 +: 2] == es[1:0]))
        upd_err[es] = 1'b1;
      if (dep_valid_i[es] && !id_ok(dep_reg_i[es*RegWidth +: RegWidth]))
        upd_err[es] = 1'b1;
      for (ek = 0; ek < NumSrc; ek = ek + 1)
        if (cons_valid_i[es*NumSrc+ek] && !id_ok(cons_src_i[(es*NumSrc+ek)*RegWidth +: RegWidth]))
          upd_err[es] = 1'b1;
      // read ports 2s and 2s+1 are SP s's banks
      for (ek = 0; ek < 2; ek = ek + 1)
        if (read_valid_i[2*es+ek] &&
            !id_ok({es[1:0], read_row_i[(2*es+ek)*RowWidth +: RowWidth], ek[0]}))
          upd_err[es] = 1'b1;
    end
  end
  assign upd_range_err_o = upd_err;

  // ---------------------------------------------------------------------
  // Decoders, one AND gate per bit and port after a small predecode. A row
  // decodes one-hot (a row beyond the vector selects none), register r is
  // bit r, and a decoder only has the bits of the registers it may name:
  //   glob_oh[g]: consumption (g = 4s+k) and DEPBAR (g = 16+s), over the
  //     whole group: {sp, bank} one-hot (8, valid folded in) AND row one-hot;
  //   iss_oh[s], wb_oh[s]: SP s's partition only (bit j = register
  //     s*512+j), valid when the id's sp is s;
  //   rd_oh[p]: read port p, the rows of bank p%2 of SP p/2 (bit j = row j).
  // An id >= NumReg selects no bit, so it writes nothing.
  // ---------------------------------------------------------------------
  localparam integer NumGlob = NumSp * NumSrc + NumSp;
  wire [NumGlob*RegWidth-1:0] glob_id    = {dep_reg_i, cons_src_i};
  wire [NumGlob-1:0]          glob_valid = {dep_valid_i, cons_valid_i};
  wire [NumReg-1:0]           glob_oh [0:NumGlob-1];
  wire [PartReg-1:0]          iss_oh  [0:NumSp-1];
  wire [PartReg-1:0]          wb_oh   [0:NumSp-1];
  wire [255:0]                rd_oh   [0:NumPort-1];
  genvar gg, gq, gb;
  generate
    for (gg = 0; gg < NumGlob; gg = gg + 1) begin : gen_glob
      wire [RegWidth-1:0] id     = glob_id[gg*RegWidth +: RegWidth];
      wire [NumRowG-1:0]  row_oh = RowOne << id[8:1];
      wire [7:0]          spb_oh = {7'd0, glob_valid[gg]} << {id[10:9], id[0]};
      for (gb = 0; gb < NumReg; gb = gb + 1) begin : gen_bit
        assign glob_oh[gg][gb] = spb_oh[2*(gb/PartReg) + gb%2] & row_oh[(gb%PartReg)/2];
      end
    end
    for (gq = 0; gq < NumSp; gq = gq + 1) begin : gen_local
      localparam [1:0]   SpId  = gq;
      localparam integer PartN = part_n(gq);
      if (PartN > 0) begin : gen_part
        localparam integer           NRow   = (PartN + 1) / 2;
        localparam [NRow-1:0]        LRowOne = 1;
        wire [RegWidth-1:0] iid  = issue_dst_i[gq*RegWidth +: RegWidth];
        wire [RegWidth-1:0] wid  = wb_dst_i[gq*RegWidth +: RegWidth];
        wire [NRow-1:0]     irow = LRowOne << iid[8:1];
        wire [NRow-1:0]     wrow = LRowOne << wid[8:1];
        wire                iv   = issue_valid_i[gq] && iid[10:9] == SpId;
        wire                wv   = wb_valid_i[gq] && wid[10:9] == SpId;
        wire [1:0]          ib   = {iv & iid[0], iv & ~iid[0]};
        wire [1:0]          wbk  = {wv & wid[0], wv & ~wid[0]};
        for (gb = 0; gb < PartReg; gb = gb + 1) begin : gen_bit
          if (gb < PartN) begin : gen_on
            assign iss_oh[gq][gb] = ib[gb%2] & irow[gb/2];
            assign wb_oh[gq][gb]  = wbk[gb%2] & wrow[gb/2];
          end else begin : gen_off
            assign iss_oh[gq][gb] = 1'b0;
            assign wb_oh[gq][gb]  = 1'b0;
          end
        end
      end else begin : gen_none
        assign iss_oh[gq] = {PartReg{1'b0}};
        assign wb_oh[gq]  = {PartReg{1'b0}};
      end
    end
    for (gq = 0; gq < NumPort; gq = gq + 1) begin : gen_rd
      localparam integer PartN = part_n(gq / 2);
      // rows j of this bank with register (gq/2)*512 + 2j + gq%2 < NumReg
      localparam integer NRow  = (PartN > gq % 2) ? (PartN - gq % 2 + 1) / 2 : 0;
      if (NRow > 0) begin : gen_rows
        localparam [NRow-1:0] PRowOne = 1;
        wire [NRow-1:0] oh = {NRow{read_valid_i[gq]}} & (PRowOne << read_row_i[gq*RowWidth +: RowWidth]);
        if (NRow < 256) begin : gen_fill
          assign rd_oh[gq] = {{(256-NRow){1'b0}}, oh};
        end else begin : gen_exact
          assign rd_oh[gq] = oh;
        end
      end else begin : gen_none
        assign rd_oh[gq] = 256'd0;
      end
    end
  endgenerate

  // ---------------------------------------------------------------------
  // The merged write: enable and data per bit of each group, built in the
  // documented order; the synchronous reset is a write of 0 to every bit.
  // ---------------------------------------------------------------------
  reg [NumReg-1:0] e_we, e_wd, f_we, f_wd, oh;
  integer s, k, b;  // loop indices of this block only
  always @* begin
    e_we = {NumReg{1'b0}};
    e_wd = {NumReg{1'b0}};
    f_we = {NumReg{1'b0}};
    f_wd = {NumReg{1'b0}};
    oh   = {NumReg{1'b0}};
    // 1. hardware clears (data stays 0)
    for (s = 0; s < NumSp; s = s + 1) begin
      for (b = 0; b < part_n(s); b = b + 1)
        e_we[s*PartReg + b] = e_we[s*PartReg + b] | wb_oh[s][b];
      for (k = 0; k < NumSrc; k = k + 1)
        f_we = f_we | glob_oh[s*NumSrc+k];
    end
    // 2. hardware sets: issue (own partition), operand read (by port)
    for (s = 0; s < NumSp; s = s + 1)
      for (b = 0; b < part_n(s); b = b + 1) begin
        e_we[s*PartReg + b] = e_we[s*PartReg + b] | iss_oh[s][b];
        e_wd[s*PartReg + b] = e_wd[s*PartReg + b] | iss_oh[s][b];
        f_we[s*PartReg + b] = f_we[s*PartReg + b] | rd_oh[2*s + b%2][b/2];
        f_wd[s*PartReg + b] = f_wd[s*PartReg + b] | rd_oh[2*s + b%2][b/2];
      end
    // 3. extended DEPBAR, SP 0 first: a later SP overrides
    for (s = 0; s < NumSp; s = s + 1) begin
      oh = glob_oh[NumSp*NumSrc+s];
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
    // synchronous reset: write 0 everywhere
    if (!rst_ni) begin
      e_we = RegAll;
      e_wd = {NumReg{1'b0}};
      f_we = RegAll;
      f_wd = {NumReg{1'b0}};
    end
  end

  // ---------------------------------------------------------------------
  // Replicas. Each holds both groups in plain flops, applies the broadcast
  // write (q' = we ? wd : q) and serves the read ports of the SPs mapped
  // to it (SP s reads replica s % NumRep): FULL[dst] over SP s's own
  // partition, EMPTY[src k] over the whole group.
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
      always @(posedge clk_i) begin
        empty_q <= empty_d;
        full_q  <= full_d;
      end
      assign empty_o[gr*NumReg +: NumReg] = empty_q;
      assign full_o[gr*NumReg +: NumReg]  = full_q;

      // the state padded with zeros to the read index range (NumReg not a
      // power of two: ids NumReg .. PadReg-1 read 0 and are out of range)
      wire [PadReg-1:0] e_rd;
      if (PadReg > NumReg) begin : gen_pad
        assign e_rd = {{(PadReg-NumReg){1'b0}}, empty_q};
      end else begin : gen_exact
        assign e_rd = empty_q;
      end

      for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_port
        if (gs % NumRep == gr) begin : gen_mine
          localparam integer PartN = part_n(gs);
          // FULL of SP s's own partition, padded to a power of two
          if (PartN > 0) begin : gen_dst
            localparam integer DIdxW = (PartN > 1) ? $clog2(PartN) : 1;
            localparam integer DPad  = 1 << DIdxW;
            wire [DPad-1:0] f_part;
            if (DPad > PartN) begin : gen_fill
              assign f_part = {{(DPad-PartN){1'b0}}, full_q[gs*PartReg +: PartN]};
            end else begin : gen_exact
              assign f_part = full_q[gs*PartReg +: PartN];
            end
            assign dst_bit[gs] = f_part[dst_i[gs*RegWidth +: DIdxW]];
          end else begin : gen_nodst
            assign dst_bit[gs] = 1'b0;
          end
          for (gk = 0; gk < NumSrc; gk = gk + 1) begin : gen_src
            assign src_bit[gs*NumSrc+gk] = e_rd[src_i[(gs*NumSrc+gk)*RegWidth +: IdxWidth]];
          end
        end
      end
    end
  endgenerate

  // ---------------------------------------------------------------------
  // Eligibility of each SP; an id out of range reads nothing. In reset the
  // busy terms are those of the cleared state (0).
  // ---------------------------------------------------------------------
  generate
    for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_sp
      localparam [1:0] SpId = gs;
      wire dst_ok   = id_ok(dst_i[gs*RegWidth +: RegWidth]) && dst_i[gs*RegWidth+9 +: 2] == SpId;
      wire dst_busy = dst_valid_i[gs] & dst_ok & dst_bit[gs] & rst_ni;
      wire dst_err  = dst_valid_i[gs] & ~dst_ok;
      wire [NumSrc-1:0] src_busy, src_err;
      for (gk = 0; gk < NumSrc; gk = gk + 1) begin : gen_chk
        wire src_ok = id_ok(src_i[(gs*NumSrc+gk)*RegWidth +: RegWidth]);
        assign src_busy[gk] = src_valid_i[gs*NumSrc+gk] & src_ok & src_bit[gs*NumSrc+gk] & rst_ni;
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
