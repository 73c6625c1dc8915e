/*
 * tb_fiber_base_operand_path_small.cpp - lockstep harness of the baseline
 * operand path at 8 lanes x 8 bits (through the wrapper
 * fiber_base_operand_path_small), 10,000,000 cycles by default; its vectors
 * drive the Icarus RTL and gate-level replays. The stimulus and checks are
 * those of tb_fiber_base_operand_path.h.
 */
#include "Vfiber_base_operand_path_small.h"
#include "tb_fiber_base_operand_path.h"

struct CfgSmall {
  using Dut = Vfiber_base_operand_path_small;
  static constexpr const char *kName = "fiber_base_operand_path_small";
  static constexpr unsigned kLanes = 8, kWidth = 8;
  static constexpr uint64_t kCycles = 10000000;
};

int main(int argc, char **argv) { return lockstep::run<TbBasePath<CfgSmall>>(argc, argv); }
