/*
 * tb_fiber_busy_bitmap.cpp - lockstep harness of fiber_busy_bitmap at the
 * size it is built for: the RTL defaults, 2048 registers x 4 replicas, for
 * 1,000,000 cycles by default, or the -DTB_P_NumReg / -DTB_P_NumRep sizes
 * of a -G build (tb/fiber/fiber.mk). The stimulus and the checks are those
 * of tb_fiber_busy_bitmap.h; tb_fiber_busy_bitmap_small.cpp runs the same
 * harness on fiber_busy_bitmap_small (48 x 3) for 10,000,000 cycles, with
 * the Icarus and gate-level replays of the full state.
 *
 * At the full size the vector files of the replays leave out the 2 x 8192
 * state bits (a line would be 8 KB) and stop at 20,000 cycles: that replay
 * checks the eligibility and error outputs, through which each SP reads
 * its own replica.
 */
#include "Vfiber_busy_bitmap.h"
#include "tb_fiber_busy_bitmap.h"

#ifndef TB_P_NumReg
#define TB_P_NumReg FB_NVREG
#endif
#ifndef TB_P_NumRep
#define TB_P_NumRep FB_BM_NREP
#endif

struct CfgDefault {
  using Dut = Vfiber_busy_bitmap;
  static constexpr const char *kName = "fiber_busy_bitmap";
  static constexpr unsigned kNReg = TB_P_NumReg, kNRep = TB_P_NumRep, kPart = 512;
  static constexpr bool kFull = kNReg * kNRep > 1024;
  static constexpr uint64_t kCycles = kFull ? 1000000 : 10000000;
  static constexpr bool kStateInVectors = !kFull;
  static constexpr uint64_t kVectorCap = kFull ? 20000 : ~0ull;
};

int main(int argc, char **argv) { return lockstep::run<TbBusyBitmap<CfgDefault>>(argc, argv); }
