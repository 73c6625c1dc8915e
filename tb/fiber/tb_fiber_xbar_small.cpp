/*
 * tb_fiber_xbar_small.cpp - lockstep harness of fiber_xbar at 8 lanes x 8
 * bits (through the wrapper fiber_xbar_small), 10,000,000 cycles by
 * default; its vectors drive the Icarus RTL and gate-level replays. The
 * stimulus and checks are those of tb_fiber_xbar.h.
 */
#include "Vfiber_xbar_small.h"
#include "tb_fiber_xbar.h"

struct CfgSmall {
  using Dut = Vfiber_xbar_small;
  static constexpr const char *kName = "fiber_xbar_small";
  static constexpr unsigned kLanes = 8, kWidth = 8;
  static constexpr uint64_t kCycles = 10000000;
};

int main(int argc, char **argv) { return lockstep::run<TbXbar<CfgSmall>>(argc, argv); }
