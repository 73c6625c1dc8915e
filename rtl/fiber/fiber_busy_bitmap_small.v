// fiber_busy_bitmap_small - fiber_busy_bitmap at a small verification size:
// 16 registers in each SP's partition (64 in all), 3 replicas by default.
//
// Behaviour: exactly fiber_busy_bitmap with other parameter defaults; every
// port passes straight through. The lockstep engine builds, replays (Icarus)
// and maps to gates (gate-level replay) each block at its default
// parameters, so the small size the long co-simulation and the gate-level
// replay need is this module's defaults. NumReg 2048 with PartRegs 16: SP
// s has the registers s*512 .. s*512+15 (rows 0..7 of both banks), so every
// SP issues, writes back and reads its own registers, and every other id
// (offsets 16..511 of each partition: read rows 8..255) is the range case;
// 3 replicas exercise the SP-to-replica mapping s % NumRep (SP 3 reads
// EMPTY replica 0; FULL is one copy). The state outputs carry the 64
// registers packed ({sp, offset}). The full size (2048 x 4) runs on
// fiber_busy_bitmap itself. Not part of the design: nothing instantiates it
// and it is not synthesized for area.
// Twin: fb_bm_reset_part(nreg = NumReg, nrep = NumRep, part_regs =
// PartRegs).
//
// Parameters:
//   NumReg   vector registers per group (1..2048; 2048 when PartRegs < 512)
//   NumRep   replicas (1..4)
//   Storage  0 flip-flops, 1 latch array (see fiber_busy_bitmap;
//            fiber_busy_bitmap_latch_small is this module with Storage 1
//            and PartRegs 8)
//   PartRegs registers present in each SP's partition (a power of two
//            1..512)
//   NumStore derived, not to be overridden: the registers that exist
`default_nettype none

module fiber_busy_bitmap_small #(
  parameter integer NumReg   = 2048,
  parameter integer NumRep   = 3,
  parameter integer Storage  = 0,
  parameter integer PartRegs = 16,
  // derived: the registers that exist (not to be overridden)
  parameter integer NumStore = (PartRegs < 512) ? 4 * PartRegs : NumReg
)
  `include "fiber_busy_bitmap_small.vh"
endmodule

`default_nettype wire
