/*
 * tb_fiber_busy_bitmap_small.cpp - lockstep harness of fiber_busy_bitmap at
 * a small size through fiber_busy_bitmap_small: 16 registers in each SP's
 * partition (PartRegs 16: ids s*512 .. s*512+15, 64 in all; every other
 * offset, read rows 8..255 included, does not exist), 3 replicas (SP 3
 * reads replica 0), 10,000,000 cycles by default. The stimulus and checks
 * are those of tb_fiber_busy_bitmap.h; missing ids appear here (range
 * errors of queries and updates are required bins, and so are issues of
 * every SP to its own registers). Its vectors carry the full (packed)
 * state of every replica, so the Icarus and gate-level replays check every
 * bit of every replica every cycle.
 */
#include "Vfiber_busy_bitmap_small.h"
#include "tb_fiber_busy_bitmap.h"

struct CfgSmall {
  using Dut = Vfiber_busy_bitmap_small;
  static constexpr const char *kName = "fiber_busy_bitmap_small";
  static constexpr unsigned kNReg = FB_NVREG, kNRep = 3, kPart = 16;
  static constexpr uint64_t kCycles = 10000000;
  static constexpr bool kStateInVectors = true;
  static constexpr uint64_t kVectorCap = ~0ull;
};

int main(int argc, char **argv) { return lockstep::run<TbBusyBitmap<CfgSmall>>(argc, argv); }
