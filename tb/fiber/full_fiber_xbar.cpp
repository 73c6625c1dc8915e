/*
 * full_fiber_xbar.cpp - lockstep harness of fiber_xbar at its defaults, the
 * full size of 32 lanes x 32 bits (FB_XBAR_LANES x FB_XBAR_WIDTH),
 * 1,000,000 cycles by default (cosim-fiber_xbar-full, tb/fiber/fiber.mk).
 * The stimulus and checks are those of tb_fiber_xbar.h.
 */
#include "Vfiber_xbar.h"
#include "tb_fiber_xbar.h"

struct CfgFull {
  using Dut = Vfiber_xbar;
  static constexpr const char *kName = "fiber_xbar";
  static constexpr unsigned kLanes = FB_XBAR_LANES, kWidth = FB_XBAR_WIDTH;
  static constexpr uint64_t kCycles = 1000000;
};

int main(int argc, char **argv) { return lockstep::run<TbXbar<CfgFull>>(argc, argv); }
