/*
 * tb_fiber_busy_bitmap_small.cpp - lockstep harness of fiber_busy_bitmap at
 * a small size through fiber_busy_bitmap_small: 48 registers (not a power
 * of two: ids 48..63 fit the read index but do not exist), 3 replicas (SP 3
 * reads replica 0), 10,000,000 cycles by default. The stimulus and checks
 * are those of tb_fiber_busy_bitmap.h; ids out of range appear here (range
 * errors of queries and updates are required bins). Its vectors carry the
 * full state of every replica, so the Icarus and gate-level replays check
 * every bit of every replica every cycle.
 */
#include "Vfiber_busy_bitmap_small.h"
#include "tb_fiber_busy_bitmap.h"

struct CfgSmall {
  using Dut = Vfiber_busy_bitmap_small;
  static constexpr const char *kName = "fiber_busy_bitmap_small";
  static constexpr unsigned kNReg = 48, kNRep = 3;
  static constexpr uint64_t kCycles = 10000000;
  static constexpr bool kStateInVectors = true;
  static constexpr uint64_t kVectorCap = ~0ull;
};

int main(int argc, char **argv) { return lockstep::run<TbBusyBitmap<CfgSmall>>(argc, argv); }
