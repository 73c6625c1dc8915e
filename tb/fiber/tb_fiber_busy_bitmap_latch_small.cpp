/*
 * tb_fiber_busy_bitmap_latch_small.cpp - lockstep harness of the latch-array
 * bitmap (fiber_busy_bitmap with Storage = 1) through
 * fiber_busy_bitmap_latch_small: 8 registers in each SP's partition
 * (PartRegs 8, 32 in all) x 3 replicas, the stimulus, checks and C model
 * (fb_bm_reset_part / fb_bm_*) of tb_fiber_busy_bitmap_small.cpp,
 * since the storage is not visible at the ports. Each cycle the harness
 * drives the inputs, evaluates with clk_i low (port latches open, storage
 * latches closed), compares every output and the full state of every
 * replica, then raises clk_i (port latches close, the enabled storage
 * latches open): the state read in cycle n is that of the rising edge that
 * ended cycle n-1, as with flip-flops. 10,000,000 cycles by default; its
 * vectors feed the Icarus RTL and gate-level replays (the netlist holds
 * LATCH cells).
 */
#include "Vfiber_busy_bitmap_latch_small.h"
#include "tb_fiber_busy_bitmap.h"

struct CfgLatchSmall {
  using Dut = Vfiber_busy_bitmap_latch_small;
  static constexpr const char *kName = "fiber_busy_bitmap_latch_small";
  static constexpr unsigned kNReg = FB_NVREG, kNRep = 3, kPart = 8;
  static constexpr uint64_t kCycles = 10000000;
  static constexpr bool kStateInVectors = true;
  static constexpr uint64_t kVectorCap = ~0ull;
};

int main(int argc, char **argv) { return lockstep::run<TbBusyBitmap<CfgLatchSmall>>(argc, argv); }
