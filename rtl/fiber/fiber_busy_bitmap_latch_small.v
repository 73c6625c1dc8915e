// fiber_busy_bitmap_latch_small - fiber_busy_bitmap as a latch array
// (Storage 1) at the small verification size: 8 registers in each SP's
// partition (32 in all), 3 replicas.
//
// Behaviour: exactly fiber_busy_bitmap_small (and so fiber_busy_bitmap at
// every port, cycle by cycle) with Storage = 1 and PartRegs = 8 by default:
// the state is held in level-sensitive latches written in the high phase
// of clk_i, the update inputs held by port latches through that phase
// (fiber_busy_bitmap, "Storage"; docs/fiber_rtl.md section 4). Every port
// passes straight through. A wrapper of its own so that the lockstep engine
// builds, replays (Icarus RTL, and the gate-level netlist with its LATCH
// cells) and maps the latch variant at its defaults; the flip-flop variant
// is fiber_busy_bitmap_small. Not part of the design: nothing instantiates
// it.
// Twin: fb_bm_reset_part(nreg = NumReg, nrep = NumRep, part_regs =
// PartRegs) (the storage is not visible at the ports: the same C model).
//
// Parameters:
//   NumReg   vector registers per group (2048 when PartRegs < 512)
//   NumRep   replicas (1..4)
//   Storage  1 latch array (0 gives fiber_busy_bitmap_small)
//   PartRegs registers present in each SP's partition (a power of two
//            1..512): 8 here, 8-bit words, one per SP
//   NumStore derived, not to be overridden: the registers that exist
`default_nettype none

module fiber_busy_bitmap_latch_small #(
  parameter integer NumReg   = 2048,
  parameter integer NumRep   = 3,
  parameter integer Storage  = 1,
  parameter integer PartRegs = 8,
  // derived: the registers that exist (not to be overridden)
  parameter integer NumStore = (PartRegs < 512) ? 4 * PartRegs : NumReg
)
  `include "fiber_busy_bitmap_small.vh"
endmodule

`default_nettype wire
