// fiber_busy_bitmap_small - fiber_busy_bitmap at a small verification size:
// 48 registers, 3 replicas by default.
//
// Behaviour: exactly fiber_busy_bitmap with other parameter defaults; every
// port passes straight through. The lockstep engine builds, replays (Icarus)
// and maps to gates (gate-level replay) each block at its default
// parameters, so the small size the long co-simulation and the gate-level
// replay need is this module's defaults. 48 registers are 6 rows per bank,
// not a power of two, so the range check and the padded reads are exercised
// (rows 6 and 7 fit the read index but do not exist); 3 replicas exercise
// the SP-to-replica mapping
// s % NumRep (SP 3 reads EMPTY replica 0; FULL is one copy). The full size (2048 x 4) runs on
// fiber_busy_bitmap itself. Not part of the design: nothing instantiates it
// and it is not synthesized for area.
// Twin: fb_bm_* with nreg = NumReg, nrep = NumRep.
//
// Parameters:
//   NumReg   vector registers per group (a multiple of 8, 8..2048)
//   NumRep   replicas (1..4)
//   Storage  0 flip-flops, 1 latch array (see fiber_busy_bitmap;
//            fiber_busy_bitmap_latch_small is this module with Storage 1)
`default_nettype none

module fiber_busy_bitmap_small #(
  parameter integer NumReg  = 48,
  parameter integer NumRep  = 3,
  parameter integer Storage = 0
)
  `include "fiber_busy_bitmap_small.vh"
endmodule

`default_nettype wire
