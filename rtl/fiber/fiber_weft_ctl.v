// fiber_weft_ctl - FIBER weft-context controller for SET_FIBER_NUM: per SP
// 64 weft contexts (active, arrived), the SM-wide synchronization, spawn and
// mask of contexts, kernel launch.
//
// Behaviour:
//   Global weft w lives on SP w % 4 in local slot w / 4, so an SM weft
//   count W gives SP s the slots 0 .. n_s-1, n_s = (W + 3 - s) / 4 for
//   W > s, else 0. State: active and arrived masks per SP (64 bits each), a
//   pending request {wefts, all, pc}. Outputs of the state at the start of
//   the cycle: active_o, eligible_o = active & ~arrived (a weft waiting at
//   SET_FIBER_NUM does not issue) and release_o = pending and no eligible
//   context anywhere (every active context has arrived).
//   Each cycle, in priority order (changes take effect at the clock edge):
//   launch   launch_i with launch_wefts_i <= 256: active = wefts
//            0 .. launch_wefts-1, arrived and pending cleared; spawn_o = the
//            new contexts (all fresh at launch_pc_i), mask_o = previously
//            active ones outside them; every SP operation is refused
//            (err 5, LAUNCH). launch_wefts_i above 256: ignored,
//            launch_err_o = 1, the cycle proceeds as if no launch.
//   release  active = wefts 0 .. pend_wefts-1, arrived and pending cleared;
//            spawn_o = contexts of that set not active, mask_o = active ones
//            outside it, spawn_pc_o = pend_pc + 16 (the next instruction),
//            all_set_o = pend_all (to the bitmap's ALL-scope input). Every
//            SP operation of this cycle is refused (every active weft waits).
//   else     each SP's operation, against the start-of-cycle state, in SP
//            order: ARRIVE marks its weft arrived (the first accepted ARRIVE
//            of a cycle with nothing pending records {wefts, all, pc} as the
//            pending request, and later SPs compare with it); EXIT clears its
//            weft's active bit.
//   Per-SP error codes (the operation is ignored), first match:
//     6 OP op 3; 1 INACTIVE weft not active; 2 WAITING weft already arrived;
//     4 COUNT ARRIVE with wefts 0 or above 256; 3 DIVERGENT ARRIVE whose
//     {wefts, all, pc} differs from the pending one; (5 LAUNCH in a launch
//     cycle, before all others).
//   spawn_pc_o is 0 in cycles without launch or release.
// Reset: rst_ni low (asynchronous) clears every context and the pending
//   request.
// Guarantees: after a release or launch the active set of SP s is exactly
//   the slots 0 .. n_s-1 (dense weft ids); spawn_o and mask_o are disjoint;
//   no context changes in a cycle whose operations are all refused.
// Twin: fb_wc_reset / fb_wc_step in cmodel/src/fiber/fiber_weft_ctl.c
//   (fb_wc_in / fb_wc_out member = port of the same name, SP s at slice s).
//
// Worked example: launch 6 wefts (SP 0: slots 0,1; SP 1: 0,1; SP 2, SP 3:
// slot 0). All six ARRIVE with SET_FIBER_NUM wefts = 9, pc = 0x100. In the
// cycle after the last arrival release_o = 1: SP 0 spawns slot 2 (weft 8),
// SP 2 and SP 3 spawn slot 1 (wefts 6, 7), spawn_pc_o = 0x110.
//
// Parameters (the C model and the harnesses are at the defaults; smaller
// values serve the formal proofs, see formal/fiber/fiber_weft_ctl.ys):
//   MaxWefts  contexts per SP (FB_MAX_WEFTS, 64); a power of two, 2..64.
//             Slot ids are log2(MaxWefts) bits, weft counts
//             log2(4*MaxWefts)+1 bits (0..4*MaxWefts; 9 bits at 64).
//   PcWidth   instruction address width (FB_PC_W, 48); at least 6.
// Fixed (localparams): NumSp = 4 (FB_NSP), InsnBytes = 16 (FB_INSN_BYTES).
`default_nettype none

module fiber_weft_ctl #(
  parameter integer MaxWefts = 64,
  parameter integer PcWidth  = 48
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  // ---- kernel launch
  input  wire           launch_i,        // start a kernel this cycle
  input  wire [$clog2(4*MaxWefts):0] launch_wefts_i,  // its SM weft count, 0..256
  input  wire [PcWidth-1:0]          launch_pc_i,     // its first instruction
  // ---- one operation per SP per cycle (SP s at slice s)
  input  wire [4*2-1:0] op_i,            // 0 none, 1 ARRIVE (SET_FIBER_NUM), 2 EXIT
  input  wire [4*$clog2(MaxWefts)-1:0]    weft_i,   // local slot of the issuing weft
  input  wire [4*($clog2(4*MaxWefts)+1)-1:0] wefts_i, // ARRIVE: requested SM weft count
  input  wire [4-1:0]                     all_i,    // ARRIVE: ALL-scope bit
  input  wire [4*PcWidth-1:0]             pc_i,     // ARRIVE: address of the SET_FIBER_NUM
  // ---- state at the start of the cycle
  output wire [4*MaxWefts-1:0] active_o,  // context enabled
  output wire [4*MaxWefts-1:0] eligible_o, // active and not waiting
  output reg            release_o,       // the pending SET_FIBER_NUM completes now
  // ---- context changes at the end of this cycle
  output reg  [4*MaxWefts-1:0] spawn_o,   // contexts started, PC = spawn_pc_o
  output reg  [4*MaxWefts-1:0] mask_o,    // contexts stopped
  output reg  [PcWidth-1:0] spawn_pc_o,  // pend_pc + 16 on release, launch_pc_i on launch
  output reg            all_set_o,       // ALL-scope set of the bitmap's EMPTY group
  output reg  [4*3-1:0] err_o,           // fb_wc_err per SP
  output wire           launch_err_o     // launch_wefts_i above 256: launch ignored
);

  localparam integer NumSp        = 4;
  localparam integer WeftIdxWidth = $clog2(MaxWefts);
  localparam integer WeftCntWidth = $clog2(4 * MaxWefts) + 1;
  localparam integer            NumCtx    = NumSp * MaxWefts;  // 256 at the default
  localparam [WeftCntWidth-1:0] SmWefts   = NumCtx[WeftCntWidth-1:0];
  localparam [WeftCntWidth-1:0] Three     = 3;
  localparam integer            InsnShift = 4;  // InsnBytes = 16 = 1 << InsnShift
  localparam [1:0] OpNone   = 2'd0;
  localparam [1:0] OpArrive = 2'd1;
  localparam [1:0] OpExit   = 2'd2;
  localparam [2:0] ErrOk        = 3'd0;
  localparam [2:0] ErrInactive  = 3'd1;
  localparam [2:0] ErrWaiting   = 3'd2;
  localparam [2:0] ErrDivergent = 3'd3;
  localparam [2:0] ErrCount     = 3'd4;
  localparam [2:0] ErrLaunch    = 3'd5;
  localparam [2:0] ErrOp        = 3'd6;

  // ---- state
  reg [NumSp*MaxWefts-1:0] active_q, active_d, arrived_q, arrived_d;
  reg                      pend_q, pend_d, pend_all_q, pend_all_d;
  reg [WeftCntWidth-1:0]   pend_wefts_q, pend_wefts_d;
  reg [PcWidth-1:0]        pend_pc_q, pend_pc_d;

  wire [NumSp*MaxWefts-1:0] eligible = active_q & ~arrived_q;
  assign active_o   = active_q;
  assign eligible_o = eligible;
  wire release_now  = pend_q & ~(|eligible);

  // ---- the next instruction's address, pend_pc + InsnBytes: an increment
  // of pend_pc[PcWidth-1:InsnShift] whose carries come from a Kogge-Stone
  // prefix AND (level l+1 ANDs bit k of level l with bit k - 2^l). The
  // levels are kept, so the mapper cannot fold them back into the ripple
  // chain it prefers for area (42.4 FO4 on this flop-to-output path).
  localparam integer IncW  = PcWidth - InsnShift;   // incremented bits (44)
  localparam integer IncLv = $clog2(IncW);          // prefix levels (6)
  genvar gl, gk;
  generate
    for (gl = 0; gl <= IncLv; gl = gl + 1) begin : gen_pfx
      // p[k]: AND of bits max(0, k-2^gl+1) .. k of pend_pc[PcWidth-1:InsnShift]
      // (the last level's top bit is unused)
      /* verilator lint_off UNUSEDSIGNAL */
      (* keep *) wire [IncW-1:0] p;
      /* verilator lint_on UNUSEDSIGNAL */
      if (gl == 0) begin : gen_in
        assign p = pend_pc_q[PcWidth-1:InsnShift];
      end else begin : gen_lv
        for (gk = 0; gk < IncW; gk = gk + 1) begin : gen_bit
          if (gk >= (1 << (gl-1))) begin : gen_and
            assign p[gk] = gen_pfx[gl-1].p[gk] & gen_pfx[gl-1].p[gk - (1 << (gl-1))];
          end else begin : gen_pass
            assign p[gk] = gen_pfx[gl-1].p[gk];
          end
        end
      end
    end
  endgenerate
  // bit k of the increment flips when every bit below it (from InsnShift) is 1
  wire [PcWidth-1:0] pc_next = {pend_pc_q[PcWidth-1:InsnShift] ^
                                {gen_pfx[IncLv].p[IncW-2:0], 1'b1},
                                pend_pc_q[InsnShift-1:0]};

  wire launch_ok = launch_i & (launch_wefts_i <= SmWefts);
  assign launch_err_o = launch_i & ~launch_ok;

  // ---- the dense context set of a weft count W: global weft g = 4*j + s
  // (SP s, slot j) is in it iff g < W, i.e. iff j < n_s = (W + 3 - s) >> 2
  // (no special case for W <= s: the sum is then below 4). The prefix mask
  // of n_s ones is ~(ones << n_s); n_s = 64 shifts every one out.
  wire [NumSp*MaxWefts-1:0] launch_set, release_set;
  genvar gs;
  generate
    for (gs = 0; gs < NumSp; gs = gs + 1) begin : gen_set
      localparam [WeftCntWidth-1:0] Sp = gs;
      assign launch_set[gs*MaxWefts +: MaxWefts] =
          ~({MaxWefts{1'b1}} << ((launch_wefts_i + Three - Sp) >> 2));
      assign release_set[gs*MaxWefts +: MaxWefts] =
          ~({MaxWefts{1'b1}} << ((pend_wefts_q + Three - Sp) >> 2));
    end
  endgenerate

  // ---- next state
  integer s;
  reg                      pend_c, all_c;
  reg [WeftCntWidth-1:0]   wefts_c;
  reg [PcWidth-1:0]        pc_c;
  reg [1:0]                op;
  reg [WeftIdxWidth-1:0]   slot;
  reg [WeftCntWidth-1:0]   op_wefts;
  reg                      op_all;
  reg [PcWidth-1:0]        op_pc;
  reg                      is_act, is_arr;
  reg [WeftIdxWidth+1:0]   idx;
  always @* begin
    active_d     = active_q;
    arrived_d    = arrived_q;
    pend_d       = pend_q;
    pend_all_d   = pend_all_q;
    pend_wefts_d = pend_wefts_q;
    pend_pc_d    = pend_pc_q;
    release_o    = 1'b0;
    spawn_o      = {NumSp*MaxWefts{1'b0}};
    mask_o       = {NumSp*MaxWefts{1'b0}};
    spawn_pc_o   = {PcWidth{1'b0}};
    all_set_o    = 1'b0;
    err_o        = {NumSp*3{1'b0}};
    // running copy of the pending request while SPs are visited in order
    pend_c  = pend_q;
    all_c   = pend_all_q;
    wefts_c = pend_wefts_q;
    pc_c    = pend_pc_q;
    op       = OpNone;
    slot     = {WeftIdxWidth{1'b0}};
    op_wefts = {WeftCntWidth{1'b0}};
    op_all   = 1'b0;
    op_pc    = {PcWidth{1'b0}};
    idx      = {(WeftIdxWidth+2){1'b0}};
    is_act   = 1'b0;
    is_arr   = 1'b0;
    if (launch_ok) begin
      active_d     = launch_set;
      arrived_d    = {NumSp*MaxWefts{1'b0}};
      pend_d       = 1'b0;
      pend_all_d   = 1'b0;
      pend_wefts_d = {WeftCntWidth{1'b0}};
      pend_pc_d    = {PcWidth{1'b0}};
      spawn_o      = launch_set;
      mask_o       = active_q & ~launch_set;
      spawn_pc_o   = launch_pc_i;
      for (s = 0; s < NumSp; s = s + 1)
        if (op_i[2*s +: 2] != OpNone) err_o[3*s +: 3] = ErrLaunch;
    end else begin
      if (release_now) begin
        active_d     = release_set;
        arrived_d    = {NumSp*MaxWefts{1'b0}};
        pend_d       = 1'b0;
        pend_all_d   = 1'b0;
        pend_wefts_d = {WeftCntWidth{1'b0}};
        pend_pc_d    = {PcWidth{1'b0}};
        release_o    = 1'b1;
        spawn_o      = release_set & ~active_q;
        mask_o       = active_q & ~release_set;
        spawn_pc_o   = pc_next;
        all_set_o    = pend_all_q;
      end
      // SP operations against the start-of-cycle state. In a release cycle
      // every active context has arrived, so each one is refused here.
      for (s = 0; s < NumSp; s = s + 1) begin
        op       = op_i[2*s +: 2];
        slot     = weft_i[WeftIdxWidth*s +: WeftIdxWidth];
        op_wefts = wefts_i[WeftCntWidth*s +: WeftCntWidth];
        op_all   = all_i[s];
        op_pc    = pc_i[PcWidth*s +: PcWidth];
        idx      = {s[1:0], slot};
        is_act   = active_q[idx];
        is_arr   = arrived_q[idx];
        if (op == OpNone) begin
          err_o[3*s +: 3] = ErrOk;
        end else if (op != OpArrive && op != OpExit) begin
          err_o[3*s +: 3] = ErrOp;
        end else if (!is_act) begin
          err_o[3*s +: 3] = ErrInactive;
        end else if (is_arr) begin
          err_o[3*s +: 3] = ErrWaiting;
        end else if (op == OpExit) begin
          active_d[idx] = 1'b0;
        end else if (op_wefts == {WeftCntWidth{1'b0}} || op_wefts > SmWefts) begin
          err_o[3*s +: 3] = ErrCount;
        end else if (pend_c && (op_wefts != wefts_c || op_all != all_c || op_pc != pc_c)) begin
          err_o[3*s +: 3] = ErrDivergent;
        end else begin
          if (!pend_c) begin
            pend_c       = 1'b1;
            wefts_c      = op_wefts;
            all_c        = op_all;
            pc_c         = op_pc;
            pend_d       = 1'b1;
            pend_wefts_d = op_wefts;
            pend_all_d   = op_all;
            pend_pc_d    = op_pc;
          end
          arrived_d[idx] = 1'b1;
        end
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      active_q     <= {NumSp*MaxWefts{1'b0}};
      arrived_q    <= {NumSp*MaxWefts{1'b0}};
      pend_q       <= 1'b0;
      pend_all_q   <= 1'b0;
      pend_wefts_q <= {WeftCntWidth{1'b0}};
      pend_pc_q    <= {PcWidth{1'b0}};
    end else begin
      active_q     <= active_d;
      arrived_q    <= arrived_d;
      pend_q       <= pend_d;
      pend_all_q   <= pend_all_d;
      pend_wefts_q <= pend_wefts_d;
      pend_pc_q    <= pend_pc_d;
    end
  end

endmodule

`default_nettype wire
