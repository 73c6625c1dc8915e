// fiber_busy_bitmap_latch_small - fiber_busy_bitmap as a latch array
// (Storage 1) at the small verification size: 48 registers, 3 replicas.
//
// Behaviour: exactly fiber_busy_bitmap_small (and so fiber_busy_bitmap at
// every port, cycle by cycle) with Storage = 1 by default: the state is held
// in level-sensitive latches written in the high phase of clk_i, the update
// inputs held by port latches through that phase (fiber_busy_bitmap,
// "Storage"; docs/fiber_rtl.md section 4). Every port passes straight
// through. A wrapper of its own so that the lockstep engine builds, replays
// (Icarus RTL, and the gate-level netlist with its LATCH cells) and maps the
// latch variant at its defaults; the flip-flop variant is
// fiber_busy_bitmap_small. Not part of the design: nothing instantiates it.
// Twin: fb_bm_* with nreg = NumReg, nrep = NumRep (the storage is not
// visible at the ports: the same C model).
//
// Parameters:
//   NumReg   vector registers per group (a multiple of 8, 8..2048)
//   NumRep   replicas (1..4)
//   Storage  1 latch array (0 gives fiber_busy_bitmap_small)
`default_nettype none

module fiber_busy_bitmap_latch_small #(
  parameter integer NumReg  = 48,
  parameter integer NumRep  = 3,
  parameter integer Storage = 1
)
  `include "fiber_busy_bitmap_small.vh"
endmodule

`default_nettype wire
