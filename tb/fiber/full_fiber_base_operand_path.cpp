/*
 * full_fiber_base_operand_path.cpp - lockstep harness of the baseline
 * operand path at its defaults, 32 lanes x 32 bits, 1,000,000 cycles by
 * default (cosim-fiber_base_operand_path-full, tb/fiber/fiber.mk). The
 * stimulus and checks are those of tb_fiber_base_operand_path.h.
 */
#include "Vfiber_base_operand_path.h"
#include "tb_fiber_base_operand_path.h"

struct CfgFull {
  using Dut = Vfiber_base_operand_path;
  static constexpr const char *kName = "fiber_base_operand_path";
  static constexpr unsigned kLanes = FB_XBAR_LANES, kWidth = FB_XBAR_WIDTH;
  static constexpr uint64_t kCycles = 1000000;
};

int main(int argc, char **argv) { return lockstep::run<TbBasePath<CfgFull>>(argc, argv); }
