/*
 * tb_fiber_issue_stage_small.cpp - lockstep harness of fiber_issue_stage at
 * a small size (through the wrapper fiber_issue_stage_small): crossbar of
 * 8 lanes x 8 bits, busy bitmap of 16 registers in each SP's partition
 * (PartRegs 16: ids s*512 .. s*512+15, rows 0..7 of both banks of every SP;
 * every other id is out of range) with 4 replicas; 10,000,000 cycles by default;
 * its vectors drive the Icarus RTL and gate-level replays. The stimulus and
 * checks are those of tb_fiber_issue_stage.h.
 */
#include "Vfiber_issue_stage_small.h"
#include "tb_fiber_issue_stage.h"

struct CfgSmall {
  using Dut = Vfiber_issue_stage_small;
  static constexpr const char *kName = "fiber_issue_stage_small";
  static constexpr unsigned kLanes = 8, kWidth = 8, kNReg = FB_NVREG, kNRep = 4, kPart = 16;
  static constexpr uint64_t kCycles = 10000000;
};

int main(int argc, char **argv) { return lockstep::run<TbIssueStage<CfgSmall>>(argc, argv); }
