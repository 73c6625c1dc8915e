// fiber_busy_bitmap - FIBER register busy bitmap: EMPTY and FULL groups
// (EMPTY replicated for the subpartitions' (SPs') source reads, FULL held
// once), eligibility per SP, ordered updates.
//
// Registers: register r = {sp, row, bank} (r[10:9], r[8:1], r[0]) exists
//   when r < NumReg and its offset in its partition, r[8:0], is below
//   PartRegs; SP s's partition is the registers s*512 .. s*512+511 (those
//   that exist: at PartRegs 512 a smaller NumReg has registers in SP 0 only
//   up to 512, and so on; at PartRegs < 512, which requires NumReg 2048,
//   every SP has the registers s*512 .. s*512+PartRegs-1). A register that
//   exists is bit {r[10:9], r[P-1:0]} of a group (P = log2(PartRegs): the
//   partitions packed one after the other), which is bit r at PartRegs 512.
// Behaviour:
//   State: two groups of NumStore bits (the registers that exist: NumReg
//   at PartRegs 512, else 4 * PartRegs), EMPTY (the latest value of the
//   register is not written back yet) and FULL (the value is still being
//   read). EMPTY is held in NumRep equal replicas, replica k at
//   empty_o[k*NumStore +: NumStore]; FULL is held once,
//   full_o[NumStore-1:0].
//   Port change (FULL held once): full_o was NumRep x NumReg bits, one FULL per
//   replica. FULL is read only for a destination, always in the querying
//   SP's own partition, so SP s's read sees FULL[s*512 +: 512] of whatever
//   copy serves it, and one copy gives every other port the same values at
//   every cycle as equal replicas did (docs/fiber_rtl.md, section 4).
//   Reset (rst_ni low) is synchronous: every bit is 0 after a rising clk_i
//   with rst_ni low, and while rst_ni is low the eligibility outputs are
//   those of the cleared state (hold rst_ni low over at least one edge).
//   Eligibility (combinational, per SP s, from EMPTY replica s % NumRep and
//   the FULL copy, i.e. from the state at the start of the cycle, before
//   this cycle's updates):
//     dst_busy_o[s]    = dst_valid_i[s] and FULL[dst]
//     src_busy_o[4s+k] = src_valid_i[4s+k] and EMPTY[src k]
//     range_err_o[s]   = a valid dst outside SP s's partition (destinations
//                        are local) or a valid dst or source that does not
//                        exist
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
//   write of 0 to every bit) is broadcast to every EMPTY replica and the
//   FULL copy; each applies it to its own flops (q' = we ? wd : q). An
//   operation on a
//   register that does not exist, and an issue or writeback of SP s outside
//   SP s's partition, touches nothing and raises upd_range_err_o of SP s
//   (of SP p/2 for read port p); combinational, this cycle's inputs.
// Guarantees: all EMPTY replicas hold the same value at every cycle (same
//   reset, same broadcast write); the update order above is the only priority;
//   outputs never depend on x (no x assignment; every read covers the
//   replica, or the partition, zero-extended to whole 32-bit words).
// Timing: eligibility is combinational from the flops and the query ports;
//   updates take effect at the next rising clk_i, so an instruction checked
//   in cycle t sees the updates of cycles up to t-1.
// Structure: a register id is a word (id[10:5], 64 words of 32 bits; SP
//   s's partition is words 16s .. 16s+15) and a bit in the word (id[4:0]);
//   at PartRegs < 512 the words are WordW = min(32, PartRegs) bits, SP s's
//   partition words PartWord*s .. PartWord*s+PartWord-1 (PartWord =
//   PartRegs / WordW), a register's word {id[10:9], id[P-1:W]} and its bit
//   id[W-1:0] (W = log2(WordW)), and every decode of an update port ANDs
//   its valid with the offset check (id[8:P] zero).
//   Every update port predecodes its id into a word one-hot (valid folded
//   in) and a 32-bit bit one-hot; each word of a write vector is the AND-OR
//   of the ports that may name it: issue and writeback only the word's own
//   SP, a read port only the two ports of the word's SP (its banks: port
//   2s+b sets bit {row[3:0], b} of word 16s+row[7:4]), consumption and
//   DEPBAR every word. A DEPBAR overridden by a later SP's DEPBAR on the
//   same register and group is dropped before the decode, so the DEPBARs
//   that remain touch disjoint bits. The merge is whole-vector: one set and
//   one clear vector per group (the synchronous reset is a clear of every
//   bit), each EMPTY replica and the FULL copy q' = (q & ~clr) | set in
//   plain flops. The destination read of SP s covers SP s's partition of
//   the FULL copy (512:1), a source read its EMPTY replica (2048:1);
//   every read is a two-level AND-OR over the same split of the
//   id: a 32-bit one-hot of id[4:0] picks a bit of each word, a 64-bit
//   one-hot of id[10:5] picks the word.
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
//      FULL[5] = 1 (read set beats consume clear), in every EMPTY replica
//      and the FULL copy.
//
// Storage: the state in flip-flops (Storage 0, the default) or in a latch
//   array (Storage 1); the ports and their cycle behaviour are the same (a
//   proof: formal/fiber/fiber_busy_bitmap_latch.ys). Latch array: every
//   EMPTY and FULL bit is a latch (OSU LATCH under SYNTHESIS, behavioural
//   otherwise) enabled by clk_i & (set | clear), the merged write of the
//   bit, so open in the high phase after a rising edge, with data = set;
//   the update inputs (every port of the write path, rst_ni and all_set_i
//   included) pass through port latches transparent while clk_i is low,
//   so the write path holds the values of the cycle that ended at that
//   edge while any storage latch is open. The eligibility and error
//   outputs read the ports and the state directly. Assumptions of the latch
//   array: the update inputs settle before the rising edge (as for
//   flip-flops; while clk_i is high they may change freely, the port
//   latches being closed), and the clock reaches the enable gates before
//   the port latches reopen at the falling edge (clock-gating hold). An
//   update input that settles before mid-cycle waits for the port latches
//   to open, so the write decode then has the low phase only
//   (docs/fiber_rtl.md, section 4, the latch array).
//
// Parameters:
//   NumReg   vector registers per group (FB_NVREG, 2048; 1..2048)
//   PartRegs registers present in each SP's partition (a power of two
//            1..512, default 512: all); below 512 NumReg must be 2048 (an
//            elaboration error otherwise). A verification size: the small
//            wrappers and the proofs give every SP registers this way.
//   NumRep   EMPTY replicas (FB_BM_NREP, 4; 1..4); SP s's sources read
//            EMPTY replica s % NumRep (FULL is one copy at every NumRep)
//   Storage  0 flip-flops (DFFPOSX1), 1 latch array (LATCH); see Storage
// Twin parameters: fb_bm_reset_part(nreg, nrep, part_regs).
// Fixed by the ISA (localparams): NumSp = 4 (FB_NSP), NumSrc = 4 (FB_NSRC),
//   NumPort = 8 (FB_NPORT), RegWidth = 11 (FB_REG_W), RowWidth = 8
//   (FB_ROW_W). Per-SP ports are packed, SP s at the slice [s*W +: W]; per-
//   source ports put source k of SP s at index 4*s + k; read port p's row
//   is read_row_i[8p +: 8].
`default_nettype none

`ifdef SYNTHESIS
`ifndef OSU_CELL_MODELS
// The OSU 0.18 um latch cell (osu018_stdcells.lib: transparent while CLK is
// high), instantiated by the latch array (Storage 1): Yosys 0.23's
// dfflibmap maps flip-flops only. A black box here; the cell library
// (liberty, Verilog models) defines it. OSU_CELL_MODELS: a simulation of
// the synthesized form that supplies the cell's model itself (the power
// step's RTL replay, synth/power_flops.v).
(* blackbox *)
module LATCH (
  input  wire CLK,
  input  wire D,
  output wire Q
);
endmodule
`endif
`endif

module fiber_busy_bitmap #(
  parameter integer NumReg   = 2048,
  parameter integer NumRep   = 4,
  parameter integer Storage  = 0,
  parameter integer PartRegs = 512,
  // derived: the registers that exist (not to be overridden)
  parameter integer NumStore = (PartRegs < 512) ? 4 * PartRegs : NumReg
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
  // ---- the state (packed: the registers that exist), EMPTY replica k at
  // [k*NumStore +: NumStore], FULL once
  output wire [NumRep*NumStore-1:0]    empty_o,        // EMPTY group, every replica
  output wire [NumStore-1:0]           full_o          // FULL group, its one copy
);

  localparam integer NumSp    = 4;
  localparam integer NumSrc   = 4;
  localparam integer NumPort  = 8;
  localparam integer RegWidth = 11;
  localparam integer RowWidth = 8;
  localparam integer PartReg  = PartRegs;                // registers per SP (stored)
  localparam integer WordW    = (PartReg < 32) ? PartReg : 32;  // bits per word (id[4:0] at 512)
  localparam integer WLog     = $clog2(WordW);           // bits of the bit-in-word index
  localparam integer PartWord = PartReg / WordW;         // words per SP (id[8:5] at 512)
  localparam integer NumHi    = NumSp * PartWord;        // words of every SP's partition (id[10:5] at 512)
  localparam integer PWLog    = $clog2(PartWord);        // bits of the word-in-partition index
  localparam integer NumWord  = (NumStore + WordW - 1) / WordW;
  localparam integer NumBit   = NumWord * WordW;         // NumStore padded to whole words
  localparam integer NumCons  = NumSp * NumSrc;
  // Ids below RegLimit exist (with the offset check below);
  // {1'b0, id} < RegLimit is the range check (written out at every id: the
  // same comparator each time).
  localparam [RegWidth:0]  RegLimit = NumReg[RegWidth:0];
  // The offset bits of a missing register: id[8:0] & PartMask != 0 (0 at
  // PartRegs 512, where the check folds away).
  localparam integer       PartMaskI = 511 & ~(PartRegs - 1);
  localparam integer       LoMaskI   = WordW - 1;
  localparam [8:0]         PartMask  = PartMaskI[8:0];
  localparam [4:0]         LoMask    = LoMaskI[4:0];
  // A one at bit 0 of a word one-hot, an SP's word one-hot and a bit one-hot.
  localparam [NumHi-1:0]    HiOne    = 1;
  localparam [PartWord-1:0] PHiOne   = 1;
  localparam [WordW-1:0]    LoOne    = 1;

  // Registers of SP s's partition that exist (0..PartRegs).
  function automatic integer part_n;
    input integer sp;
    begin
      part_n = NumReg - sp * 512;
      if (part_n > PartReg) part_n = PartReg;
      if (part_n < 0) part_n = 0;
    end
  endfunction

  // The offset of an id lies in the partition's present registers.
  function automatic part_ok;
    input [8:0] off;
    begin
      part_ok = (off & PartMask) == 9'd0;
    end
  endfunction

  // The register id exists (below NumReg, offset below PartRegs).
  function automatic reg_ok;
    input [RegWidth-1:0] id;
    begin
      reg_ok = ({1'b0, id} < RegLimit) && part_ok(id[8:0]);
    end
  endfunction

  /* verilator lint_off UNUSEDSIGNAL */
  // The word of an existing register, {id[10:9], id[P-1:W]} (id[10:5] at
  // PartRegs 512), and its word in its partition, id[P-1:W] (id[8:5]).
  function automatic [5:0] word_of;
    input [RegWidth-1:0] id;
    reg   [9:0]          w;
    begin
      w       = ({8'd0, id[10:9]} << PWLog) | ({1'b0, id[8:0]} >> WLog);
      word_of = w[5:0];
    end
  endfunction
  function automatic [3:0] pword_of;
    input [8:0] off;
    reg   [8:0] w;
    begin
      w        = off >> WLog;
      pword_of = w[3:0];
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // Its bit in the word, id[W-1:0] (id[4:0] at PartRegs 512).
  function automatic [4:0] bit_of;
    input [4:0] lo;
    begin
      bit_of = lo & LoMask;
    end
  endfunction

  // Legal parameters: PartRegs a power of two 1..512, and NumReg 2048 when
  // PartRegs < 512. An elaboration-time error in Verilator and Yosys;
  // Icarus 11 has no elaboration-time tasks, so it stops at time 0.
  generate
    if (PartRegs < 1 || PartRegs > 512 || (PartRegs & (PartRegs - 1)) != 0 ||
        (PartRegs < 512 && NumReg != 2048) || NumStore != ((PartRegs < 512) ? 4 * PartRegs : NumReg))
    begin : gen_bad_part_regs
`ifdef __ICARUS__
      initial $fatal(1, "fiber_busy_bitmap: PartRegs must be a power of two 1..512, with NumReg 2048 below 512");
`else
      $error("fiber_busy_bitmap: PartRegs must be a power of two 1..512, with NumReg 2048 below 512");
`endif
    end
  endgenerate

  // ---------------------------------------------------------------------
  // Range and locality checks of every update port. The checks of SP s are
  // one block of its own, with the existence check reg_ok (a block per SP
  // reads only its own ports, for simulation speed; the same logic as one
  // loop over the SPs).
  // ---------------------------------------------------------------------
  wire [NumSp-1:0] upd_err;
  genvar gs, gk;  // SP, and source or port of an SP
  generate
    for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_upd_err
      localparam [1:0] SpId = gs;
      reg     err;
      integer ek;  // loop index of this block only
      always @* begin
        err = 1'b0;
        if (issue_valid_i[gs] && !(reg_ok(issue_dst_i[gs*RegWidth +: RegWidth]) &&
                                   issue_dst_i[gs*RegWidth+9 +: 2] == SpId))
          err = 1'b1;
        if (wb_valid_i[gs] && !(reg_ok(wb_dst_i[gs*RegWidth +: RegWidth]) &&
                                wb_dst_i[gs*RegWidth+9 +: 2] == SpId))
          err = 1'b1;
        if (dep_valid_i[gs] && !reg_ok(dep_reg_i[gs*RegWidth +: RegWidth]))
          err = 1'b1;
        for (ek = 0; ek < NumSrc; ek = ek + 1)
          if (cons_valid_i[gs*NumSrc+ek] &&
              !reg_ok(cons_src_i[(gs*NumSrc+ek)*RegWidth +: RegWidth]))
            err = 1'b1;
        // read ports 2s and 2s+1 are SP s's banks
        for (ek = 0; ek < 2; ek = ek + 1)
          if (read_valid_i[2*gs+ek] &&
              !reg_ok({SpId, read_row_i[(2*gs+ek)*RowWidth +: RowWidth], ek[0]}))
            err = 1'b1;
      end
      assign upd_err[gs] = err;
    end
  endgenerate
  assign upd_range_err_o = upd_err;

  // ---------------------------------------------------------------------
  // The update inputs as the write path sees them (w_*; the error outputs
  // above and the eligibility below use the ports themselves).
  //   Storage 0: the ports.
  //   Storage 1: a bank of port latches, transparent while clk_i is low and
  //   closed while it is high. They hold the values of the cycle that ends at
  //   a rising edge through the high phase after it, in which the storage
  //   latches are open (clk_i & write enable), so the whole write path, from
  //   these latches to the storage latches' enables and data, is constant
  //   while any storage latch is open: each enable is one clean pulse, and no
  //   path runs from a storage latch through an open latch back to itself
  //   (the port latches are closed whenever a storage latch is open). This
  //   is the shared master half of the flip-flops it replaces: 418 latches
  //   for the whole array instead of a master latch per bit.
  // ---------------------------------------------------------------------
  localparam integer UpdW = 2 + 2 * NumSp * (1 + RegWidth) + NumCons * (1 + RegWidth) +
                            NumSp * (RegWidth + 3) + NumPort * (1 + RowWidth);
  wire                      w_rst_n, w_all_set;
  wire [NumSp-1:0]          w_issue_valid, w_wb_valid, w_dep_valid, w_dep_group, w_dep_set;
  wire [NumSp*RegWidth-1:0] w_issue_dst, w_wb_dst, w_dep_reg;
  wire [NumCons-1:0]        w_cons_valid;
  wire [NumCons*RegWidth-1:0] w_cons_src;
  wire [NumPort-1:0]        w_read_valid;
  wire [NumPort*RowWidth-1:0] w_read_row;
  wire [UpdW-1:0] upd_in = {rst_ni, all_set_i, issue_valid_i, issue_dst_i, wb_valid_i, wb_dst_i,
                            cons_valid_i, cons_src_i, dep_valid_i, dep_reg_i, dep_group_i,
                            dep_set_i, read_valid_i, read_row_i};
  wire [UpdW-1:0] upd_w;
  assign {w_rst_n, w_all_set, w_issue_valid, w_issue_dst, w_wb_valid, w_wb_dst,
          w_cons_valid, w_cons_src, w_dep_valid, w_dep_reg, w_dep_group,
          w_dep_set, w_read_valid, w_read_row} = upd_w;
  genvar gb;  // latch bits (Storage 1)
  generate
    if (Storage == 0) begin : gen_upd_port
      assign upd_w = upd_in;
    end else begin : gen_upd_lat
`ifdef SYNTHESIS
      // OSU LATCH: transparent while CLK is high; one inverted clock
      (* keep *) wire clk_n = ~clk_i;
      for (gb = 0; gb < UpdW; gb = gb + 1) begin : gen_bit
        LATCH u_lat (.CLK(clk_n), .D(upd_in[gb]), .Q(upd_w[gb]));
      end
`else
      reg [UpdW-1:0] upd_l;
      /* verilator lint_off LATCH */
      always @*
        if (!clk_i) upd_l = upd_in;
      /* verilator lint_on LATCH */
      assign upd_w = upd_l;
`endif
    end
  endgenerate

  // ---------------------------------------------------------------------
  // DEPBAR override: a DEPBAR is dropped when a later SP's DEPBAR names the
  // same register and group (the later one decides the bit). The DEPBARs
  // left touch pairwise different bits, so no per-bit priority is needed.
  // ---------------------------------------------------------------------
  // One block per SP (its DEPBAR against the later SPs'), for simulation
  // speed; the same logic as one loop over the SPs.
  wire [NumSp-1:0] dep_live;
  generate
    for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_dep_live
      reg     live;
      integer dt;  // loop index of this block only
      always @* begin
        live = w_dep_valid[gs] && w_rst_n;   // no DEPBAR lands in reset
        for (dt = gs + 1; dt < NumSp; dt = dt + 1)
          if (w_dep_valid[dt] && w_dep_group[dt] == w_dep_group[gs] &&
              w_dep_reg[dt*RegWidth +: RegWidth] == w_dep_reg[gs*RegWidth +: RegWidth])
            live = 1'b0;
      end
      assign dep_live[gs] = live;
    end
  endgenerate

  // ---------------------------------------------------------------------
  // Predecode of every update port, one generate block per port (the words
  // below read its nets by name): a word one-hot (valid folded in) and a
  // 32-bit one-hot of the bit in the word.
  //   gen_cons_dec[k]: consumption k = 4s+k', any word (the 64-bit one-hot
  //     of id[10:5], hot; hi its words that exist, lo);
  //   gen_sp_dec[s]: DEPBAR of SP s, its word one-hot (dhot, dhi) split by
  //     group (e/f) and by set/clear (s/c) (es_hi, ec_hi, fs_hi, fc_hi;
  //     dep_lo); issue and writeback of SP s over SP s's 16 words only, an
  //     id of another SP selecting none (iss_hi/lo, wb_hi/lo);
  //   gen_rd_dec[p]: read port p = 2s+b, SP s's 16 words, bit {row[3:0], b}.
  // Below 2048 registers the words of absent registers are unused (ids
  // beyond NumReg write nothing); at PartRegs < 512 every decode ANDs its
  // valid with part_ok (an offset beyond PartRegs writes nothing; a
  // constant 1 at 512).
  // ---------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  generate
    for (gk = 0; gk < NumCons; gk = gk + 1) begin : gen_cons_dec
      wire [RegWidth-1:0] pid = w_cons_src[gk*RegWidth +: RegWidth];
      wire [NumHi-1:0]    hot = HiOne << word_of(pid);
      // the reset rides on port 0: in reset it names every bit
      wire                rs  = (gk == 0) && !w_rst_n;
      wire [NumWord-1:0]  hi  = {NumWord{rs}} |
                                ({NumWord{w_cons_valid[gk] && part_ok(pid[8:0])}} & hot[NumWord-1:0]);
      wire [WordW-1:0]    lo  = {WordW{rs}} | (LoOne << bit_of(pid[4:0]));
    end
    for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_sp_dec
      localparam [1:0] SpId = gs;
      wire [RegWidth-1:0] dpid   = w_dep_reg[gs*RegWidth +: RegWidth];
      wire [NumHi-1:0]    dhot   = HiOne << word_of(dpid);
      wire [NumWord-1:0]  dhi    = {NumWord{dep_live[gs] && part_ok(dpid[8:0])}} & dhot[NumWord-1:0];
      wire [NumWord-1:0]  es_hi  = {NumWord{~w_dep_group[gs] &  w_dep_set[gs]}} & dhi;
      wire [NumWord-1:0]  ec_hi  = {NumWord{~w_dep_group[gs] & ~w_dep_set[gs]}} & dhi;
      wire [NumWord-1:0]  fs_hi  = {NumWord{ w_dep_group[gs] &  w_dep_set[gs]}} & dhi;
      wire [NumWord-1:0]  fc_hi  = {NumWord{ w_dep_group[gs] & ~w_dep_set[gs]}} & dhi;
      wire [WordW-1:0]    dep_lo = LoOne << bit_of(dpid[4:0]);
      wire [RegWidth-1:0] ipid   = w_issue_dst[gs*RegWidth +: RegWidth];
      wire [PartWord-1:0] iss_hi =
        {PartWord{w_issue_valid[gs] && w_rst_n && ipid[10:9] == SpId && part_ok(ipid[8:0])}} &
        (PHiOne << pword_of(ipid[8:0]));
      wire [WordW-1:0]    iss_lo = LoOne << bit_of(ipid[4:0]);
      wire [RegWidth-1:0] wpid   = w_wb_dst[gs*RegWidth +: RegWidth];
      // the reset rides on the writeback port: in reset it names every bit
      // of the SP's words
      wire [PartWord-1:0] wb_hi  = {PartWord{!w_rst_n}} |
        ({PartWord{w_wb_valid[gs] && wpid[10:9] == SpId && part_ok(wpid[8:0])}} &
         (PHiOne << pword_of(wpid[8:0])));
      wire [WordW-1:0]    wb_lo  = {WordW{!w_rst_n}} | (LoOne << bit_of(wpid[4:0]));
    end
    for (gk = 0; gk < NumPort; gk = gk + 1) begin : gen_rd_dec
      localparam integer Bank = gk % 2;
      wire [RowWidth-1:0] prow = w_read_row[gk*RowWidth +: RowWidth];
      wire [8:0]          poff = {prow, Bank[0]};   // the register's offset in SP gk/2's partition
      wire [PartWord-1:0] hi   = {PartWord{w_read_valid[gk] && w_rst_n && part_ok(poff)}} &
                                 (PHiOne << pword_of(poff));
      wire [WordW-1:0]    lo   = LoOne << bit_of(poff[4:0]);
    end
  endgenerate
  /* verilator lint_on UNUSEDSIGNAL */

  // ---------------------------------------------------------------------
  // The write vectors, word by word: each word is the AND-OR of the ports
  // that may name it (the word's SP for issue, writeback and read, every
  // port for consumption and DEPBAR), the OR taken port by port (acc: the
  // ports up to this one). Nets per port and per word rather than one
  // always block over the whole vectors, for simulation speed (an event
  // simulator evaluates each term once, and no loop); the same logic.
  // ---------------------------------------------------------------------
  wire [NumBit-1:0] iss_v, wb_v, rd_v, cons_v;       // hardware sets and clears
  wire [NumBit-1:0] des_v, dec_v, dfs_v, dfc_v;      // DEPBAR set / clear, EMPTY / FULL
  genvar gw;
  generate
    for (gw = 0; gw < NumWord; gw = gw + 1) begin : gen_word
      localparam integer Sp = gw / PartWord;        // the SP that owns the word
      localparam integer Wi = gw % PartWord;        // the word in its partition
      // consumption, the 16 ports
      for (gk = 0; gk < NumCons; gk = gk + 1) begin : gen_cons
        wire [WordW-1:0] t = {WordW{gen_cons_dec[gk].hi[gw]}} & gen_cons_dec[gk].lo;
        wire [WordW-1:0] acc;
        if (gk == 0) begin : gen_first
          assign acc = t;
        end else begin : gen_next
          assign acc = gen_cons[gk-1].acc | t;
        end
      end
      // DEPBAR, the 4 SPs, per group and set / clear
      for (gk = 0; gk < NumSp; gk = gk + 1) begin : gen_dep
        wire [WordW-1:0] lo = gen_sp_dec[gk].dep_lo;
        wire [WordW-1:0] es = {WordW{gen_sp_dec[gk].es_hi[gw]}} & lo;
        wire [WordW-1:0] ec = {WordW{gen_sp_dec[gk].ec_hi[gw]}} & lo;
        wire [WordW-1:0] fs = {WordW{gen_sp_dec[gk].fs_hi[gw]}} & lo;
        wire [WordW-1:0] fc = {WordW{gen_sp_dec[gk].fc_hi[gw]}} & lo;
        wire [WordW-1:0] es_acc, ec_acc, fs_acc, fc_acc;
        if (gk == 0) begin : gen_first
          assign es_acc = es;
          assign ec_acc = ec;
          assign fs_acc = fs;
          assign fc_acc = fc;
        end else begin : gen_next
          assign es_acc = gen_dep[gk-1].es_acc | es;
          assign ec_acc = gen_dep[gk-1].ec_acc | ec;
          assign fs_acc = gen_dep[gk-1].fs_acc | fs;
          assign fc_acc = gen_dep[gk-1].fc_acc | fc;
        end
      end
      assign cons_v[gw*WordW +: WordW] = gen_cons[NumCons-1].acc;
      assign des_v[gw*WordW +: WordW]  = gen_dep[NumSp-1].es_acc;
      assign dec_v[gw*WordW +: WordW]  = gen_dep[NumSp-1].ec_acc;
      assign dfs_v[gw*WordW +: WordW]  = gen_dep[NumSp-1].fs_acc;
      assign dfc_v[gw*WordW +: WordW]  = gen_dep[NumSp-1].fc_acc;
      // issue, writeback and read: the word's own SP
      assign iss_v[gw*WordW +: WordW] =
        {WordW{gen_sp_dec[Sp].iss_hi[Wi]}} & gen_sp_dec[Sp].iss_lo;
      assign wb_v[gw*WordW +: WordW] =
        {WordW{gen_sp_dec[Sp].wb_hi[Wi]}} & gen_sp_dec[Sp].wb_lo;
      assign rd_v[gw*WordW +: WordW] =
        ({WordW{gen_rd_dec[2*Sp].hi[Wi]}}   & gen_rd_dec[2*Sp].lo) |
        ({WordW{gen_rd_dec[2*Sp+1].hi[Wi]}} & gen_rd_dec[2*Sp+1].lo);
    end
  endgenerate

  // ---------------------------------------------------------------------
  // The merge, on whole vectors, in the documented order; q' = set | (q &
  // ~clr), so a set beats a clear and a later step that clears removes the
  // earlier sets:
  //   EMPTY: clear = writeback | DEPBAR clear; set = issue & ~DEPBAR clear
  //          | DEPBAR set; ALL-scope sets every bit;
  //   FULL:  clear = consumption | DEPBAR clear; set = read & ~DEPBAR clear
  //          | DEPBAR set;
  //   reset (rst_ni low): clear every bit, set none. The reset is not a
  //   term of every bit: it rides on ports that already reach every bit
  //   (each SP's writeback names all of its words and bits, so the EMPTY
  //   clear covers the group; consumption port 0 names every bit, so the
  //   FULL clear does), and the set ports are held off at their decode
  //   (issue, read, DEPBAR, ALL).
  // ---------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  wire [NumBit-1:0] e_set = {NumBit{w_all_set && w_rst_n}} | des_v | (iss_v & ~dec_v);
  wire [NumBit-1:0] e_clr = wb_v | dec_v;
  wire [NumBit-1:0] f_set = dfs_v | (rd_v & ~dfc_v);
  wire [NumBit-1:0] f_clr = cons_v | dfc_v;
  /* verilator lint_on UNUSEDSIGNAL */

  // ---------------------------------------------------------------------
  // FULL, one copy. FULL is read only for a destination, and a destination
  // is in the querying SP's own partition, so SP s's dst read covers only
  // FULL[s*512 +: 512]: one copy of NumStore bits serves the four destination
  // reads (physically, each SP's partition beside its own read), where a
  // replica per SP would hold three partitions no port reads.
  // ---------------------------------------------------------------------
  // Storage 1 (latch array): a bit changes only in a cycle that sets or
  // clears it, so its latch is enabled (write enable = set | clear, kept as
  // its own net) during the high phase after that cycle's rising edge, and
  // takes the set term as its data (no path from the latch back to its own
  // data or enable). The enables of EMPTY bit r are shared by its replicas.
  // ---------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  wire [NumStore-1:0] e_g, f_g;   // clock-gated write enables (Storage 1)
  /* verilator lint_on UNUSEDSIGNAL */
  generate
    if (Storage == 0) begin : gen_we_none
      assign e_g = {NumStore{1'b0}};
      assign f_g = {NumStore{1'b0}};
    end else begin : gen_we
      (* keep *) wire [NumStore-1:0] e_we = e_set[NumStore-1:0] | e_clr[NumStore-1:0];
      (* keep *) wire [NumStore-1:0] f_we = f_set[NumStore-1:0] | f_clr[NumStore-1:0];
      assign e_g = {NumStore{clk_i}} & e_we;
      assign f_g = {NumStore{clk_i}} & f_we;
    end
  endgenerate

  wire [NumStore-1:0] full_q;     // the FULL state
  generate
    if (Storage == 0) begin : gen_full_ff
      reg  [NumStore-1:0] full_ff;
      wire [NumStore-1:0] full_d = f_set[NumStore-1:0] | (full_q & ~f_clr[NumStore-1:0]);
      always @(posedge clk_i)
        full_ff <= full_d;
      assign full_q = full_ff;
    end else begin : gen_full_lat
`ifdef SYNTHESIS
      for (gb = 0; gb < NumStore; gb = gb + 1) begin : gen_bit
        LATCH u_lat (.CLK(f_g[gb]), .D(f_set[gb]), .Q(full_q[gb]));
      end
`else
      // behavioural latches, one process per bit on the bit's own enable
      // and data (the same latches as one loop over the group, chosen for
      // simulation speed: an event simulator wakes only the bits whose
      // enable or data changed)
      /* verilator lint_off LATCH */
      for (gb = 0; gb < NumStore; gb = gb + 1) begin : gen_bit
        wire f_en = f_g[gb];
        wire f_d  = f_set[gb];
        reg  f_l;
        always @*
          if (f_en) f_l = f_d;
        assign full_q[gb] = f_l;
      end
      /* verilator lint_on LATCH */
`endif
    end
  endgenerate
  assign full_o = full_q;

  // ---------------------------------------------------------------------
  // The reads. Each read port is v[idx] as a two-level AND-OR with decoded
  // selects (at PartRegs < 512 the words and bits of the packed storage:
  // word_of, pword_of, bit_of). The id splits as the writes do: the bit in
  // the word (idx[4:0])
  // is a 32-bit one-hot that selects one bit of every word (an AOI22 per
  // two bits and a NAND/NOR tree per word, wbit), the word (idx[10:5], or
  // {2'b00, idx[8:5]} in a partition) a 64-bit one-hot that selects one
  // word's result. About 1.4 GE per input against 2 for the binary mux tree
  // of v[idx] (1 bit x 2048:1 alone: 2,875 against 4,004 GE). Only the
  // words that exist are read (wbit is 0 beyond them, so the one-hot's
  // other lines meet constants and vanish): an id beyond them reads 0 (its
  // busy term is masked as out of range). Written as nets per read and per
  // word, not as a function of the state zero-extended to 2048 registers,
  // for simulation speed (an event simulator then re-evaluates only the
  // reads whose id or state changed, without a 2048-bit copy per read); the
  // same logic.
  // ---------------------------------------------------------------------
  wire [NumSp-1:0]        dst_bit;   // FULL[dst] of SP s's partition
  wire [NumSp*NumSrc-1:0] src_bit;   // EMPTY[src k] of SP s's replica
  genvar gr;
  generate
    for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_dst_rd
      localparam integer PartN = part_n(gs);
      // FULL of SP s's own partition, padded to whole words, read with the
      // id's offset in the partition (id[8:0])
      if (PartN > 0) begin : gen_dst
        localparam integer        DstWord = (PartN + WordW - 1) / WordW;
        wire [DstWord*WordW-1:0] f_part;
        if (DstWord*WordW > PartN) begin : gen_fill
          assign f_part = {{(DstWord*WordW-PartN){1'b0}}, full_q[gs*PartReg +: PartN]};
        end else begin : gen_exact
          assign f_part = full_q[gs*PartReg +: PartN];
        end
        wire [8:0]         id = dst_i[gs*RegWidth +: 9];
        wire [WordW-1:0]   lo = LoOne << bit_of(id[4:0]);
        wire [NumHi-1:0]   hi = HiOne << {2'b00, pword_of(id)};
        wire [NumHi-1:0]   wbit;   // the words' bits, 0 beyond the partition's words
        for (gw = 0; gw < NumHi; gw = gw + 1) begin : gen_rd_word
          if (gw < DstWord) begin : gen_word
            assign wbit[gw] = |(f_part[gw*WordW +: WordW] & lo);
          end else begin : gen_none
            assign wbit[gw] = 1'b0;
          end
        end
        assign dst_bit[gs] = |(wbit & hi);
      end else begin : gen_nodst
        assign dst_bit[gs] = 1'b0;
      end
    end
  endgenerate

  // ---------------------------------------------------------------------
  // EMPTY replicas. Each holds the EMPTY group in plain flops and serves
  // the source reads of the SPs mapped to it (SP s reads replica s %
  // NumRep), each over the whole group. The write broadcast to them is the
  // next state itself, formed once from replica 0 (e_next = set | (q0 &
  // ~clr)): the replicas are equal at every cycle (the same reset, the
  // same next state), so each replica's own set-or-hold gate would compute
  // the same bit; one net per bit is broadcast instead of a set and a
  // clear. (Flip-flops only: a latch replica takes the set and its enable,
  // below.)
  // ---------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  wire [NumStore-1:0] e_next;   // Storage 0: the next EMPTY state, every replica's D
  /* verilator lint_on UNUSEDSIGNAL */
  generate
    if (Storage != 0) begin : gen_next_none
      assign e_next = {NumStore{1'b0}};   // unused: each latch takes the set and its enable
    end
    for (gr = 0; gr < NumRep; gr = gr + 1) begin : gen_rep
      wire [NumStore-1:0] empty_q;   // this replica's state
      // keep: the replicas are equal by construction, and synthesis would
      // otherwise merge them into one
      if (Storage == 0) begin : gen_ff
        reg  [NumStore-1:0] empty_ff;
        if (gr == 0) begin : gen_next
          assign e_next = e_set[NumStore-1:0] | (empty_q & ~e_clr[NumStore-1:0]);
        end
        (* keep *)
        always @(posedge clk_i)
          empty_ff <= e_next;
        assign empty_q = empty_ff;
      end else begin : gen_lat
`ifdef SYNTHESIS
        for (gb = 0; gb < NumStore; gb = gb + 1) begin : gen_bit
          (* keep *)
          LATCH u_lat (.CLK(e_g[gb]), .D(e_set[gb]), .Q(empty_q[gb]));
        end
`else
        // behavioural latches, one process per bit (as the FULL copy's)
        /* verilator lint_off LATCH */
        for (gb = 0; gb < NumStore; gb = gb + 1) begin : gen_bit
          wire e_en = e_g[gb];
          wire e_d  = e_set[gb];
          reg  e_l;
          always @*
            if (e_en) e_l = e_d;
          assign empty_q[gb] = e_l;
        end
        /* verilator lint_on LATCH */
`endif
      end
      assign empty_o[gr*NumStore +: NumStore] = empty_q;

      // the state padded with zeros to whole words for the reads (an id at
      // or above NumStore reads 0, and its busy term is masked as out of
      // range); the source reads use the whole 11-bit id
      wire [NumBit-1:0] e_rd;
      if (NumBit > NumStore) begin : gen_pad
        assign e_rd = {{(NumBit-NumStore){1'b0}}, empty_q};
      end else begin : gen_exact
        assign e_rd = empty_q;
      end

      for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_port
        if (gs % NumRep == gr) begin : gen_mine
          for (gk = 0; gk < NumSrc; gk = gk + 1) begin : gen_src
            wire [RegWidth-1:0] id = src_i[(gs*NumSrc+gk)*RegWidth +: RegWidth];
            wire [WordW-1:0]    lo = LoOne << bit_of(id[4:0]);
            wire [NumHi-1:0]    hi = HiOne << word_of(id);
            wire [NumHi-1:0]    wbit;  // the words' bits, 0 beyond NumWord
            for (gw = 0; gw < NumHi; gw = gw + 1) begin : gen_rd_word
              if (gw < NumWord) begin : gen_word
                assign wbit[gw] = |(e_rd[gw*WordW +: WordW] & lo);
              end else begin : gen_none
                assign wbit[gw] = 1'b0;
              end
            end
            assign src_bit[gs*NumSrc+gk] = |(wbit & hi);
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
      wire dst_ok   = reg_ok(dst_i[gs*RegWidth +: RegWidth]) &&
                      dst_i[gs*RegWidth+9 +: 2] == SpId;
      wire dst_busy = dst_valid_i[gs] & dst_ok & dst_bit[gs] & rst_ni;
      wire dst_err  = dst_valid_i[gs] & ~dst_ok;
      wire [NumSrc-1:0] src_busy, src_err;
      for (gk = 0; gk < NumSrc; gk = gk + 1) begin : gen_chk
        wire src_ok = reg_ok(src_i[(gs*NumSrc+gk)*RegWidth +: RegWidth]);
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
