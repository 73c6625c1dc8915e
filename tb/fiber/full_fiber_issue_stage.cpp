/*
 * full_fiber_issue_stage.cpp - lockstep harness of fiber_issue_stage at its
 * defaults, the full SM size: 32 lanes x 32 bits, 2048 registers, 4
 * replicas; 1,000,000 cycles by default (cosim-fiber_issue_stage-full,
 * tb/fiber/fiber.mk). The stimulus and checks are those of
 * tb_fiber_issue_stage.h.
 */
#include "Vfiber_issue_stage.h"
#include "tb_fiber_issue_stage.h"

struct CfgFull {
  using Dut = Vfiber_issue_stage;
  static constexpr const char *kName = "fiber_issue_stage";
  static constexpr unsigned kLanes = FB_XBAR_LANES, kWidth = FB_XBAR_WIDTH, kNReg = FB_NVREG, kNRep = FB_BM_NREP,
                            kPart = 512;
  static constexpr uint64_t kCycles = 1000000;
};

int main(int argc, char **argv) { return lockstep::run<TbIssueStage<CfgFull>>(argc, argv); }
