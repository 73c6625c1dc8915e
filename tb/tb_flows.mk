# Flows over every lockstep harness, read by tb/tb.mk after the paper
# fragments (tb/*/*.mk), whose lists (TB_BLOCKS_ALL, FIBER_FULL_BLOCKS,
# REGRESS_TARGETS) they use.
#
#   make gtkw             a GTKWave save file per harness, without a failure:
#                         build/tb/<paper>/<block>/<block>.gtkw (and
#                         build/tb/fiber/<block>/full/<block>.gtkw for the
#                         full-size FIBER harnesses), for the FST that a
#                         --trace run writes in the same directory, e.g.
#                           make cosim-fiber_port_arb TB_ARGS_fiber_port_arb="--trace --cycles 2000"
#                           gtkwave build/tb/fiber/fiber_port_arb/fiber_port_arb.gtkw
#                         (a failing run writes <block>-fail-seed<N>.fst and a
#                         .gtkw of the same stem by itself)
#   make regress          every harness to its target (10^8 checked cycles at
#                         small size, 10^7 at full size; REGRESS_SCALE=K on the
#                         command line: K x its make test cycles), SHARD=i/N,
#                         then the summary table of that shard
#   make regress-summary  the table of every shard's results found in build/
#                         (after the shards of one split ran on this machine)
#   failpath-tilelens_bit_permute
#                         test group: the failure path of the engine on one
#                         small harness (tb/common/check_failpath.sh)

# ---- GTKWave save files ------------------------------------------------------
# $(1) block of tb/fiber/full_<block>.cpp (tb/fiber/fiber.mk)
define tb_gtkw_full
.PHONY: gtkw-$(1)-full
gtkw-$(1)-full: $(TB_DIR)/fiber/$(1)/full/obj/V$(1)
	@$$< --gtkw $(TB_DIR)/fiber/$(1)/full/$(1).gtkw --out-dir $(TB_DIR)/fiber/$(1)/full | tail -n 1
endef
$(foreach b,$(FIBER_FULL_BLOCKS),$(eval $(call tb_gtkw_full,$(b))))

.PHONY: gtkw
gtkw: $(addprefix gtkw-,$(TB_BLOCKS_ALL)) $(foreach b,$(FIBER_FULL_BLOCKS),gtkw-$(b)-full)

# ---- Long regression ---------------------------------------------------------
# Every harness has its long run, the co-simulated-only ones included (only
# the shard-1 replay needs a gate-level netlist, and it runs only for blocks
# whose replay- is a test group).
REGRESS_TARGETS += $(filter-out $(REGRESS_TARGETS),$(addprefix regress-,$(TB_BLOCKS_ALL)))

# Under `make regress` a failing seed or replay is recorded and the next
# harness runs; the summary at the end fails the goal. `make regress-<block>`
# alone fails at once.
ifneq ($(filter regress,$(MAKECMDGOALS)),)
export REGRESS_KEEP_GOING := 1
endif
export REGRESS_SCALE

# Each harness's own target: REGRESS_TOTAL_SMALL (10^8)
# cycles over all runs of a small-size harness, REGRESS_TOTAL_FULL (10^7) of
# a full-size one (the 2048 x 4 bitmap and the full-size FIBER harnesses),
# passed to regress.sh as REGRESS_TOTAL (used when REGRESS_CYCLES is auto).
# A REGRESS_SCALE given on the command line or in the environment instead
# runs every harness at that multiple of its make test cycles, as before.
REGRESS_TOTAL_SMALL ?= 100000000
REGRESS_TOTAL_FULL  ?= 10000000
REGRESS_FULL_SIZE   := fiber_busy_bitmap
ifeq ($(origin REGRESS_SCALE),file)
$(addprefix regress-,$(filter-out $(REGRESS_FULL_SIZE),$(TB_BLOCKS_ALL))): export REGRESS_TOTAL = $(REGRESS_TOTAL_SMALL)
$(addprefix regress-,$(filter $(REGRESS_FULL_SIZE),$(TB_BLOCKS_ALL))) \
  $(foreach b,$(FIBER_FULL_BLOCKS),regress-$(b)-full): export REGRESS_TOTAL = $(REGRESS_TOTAL_FULL)
endif

# The harnesses' long runs among REGRESS_TARGETS (which also holds the
# proofs' and the fuzzer's).
REGRESS_HARNESS_TARGETS = $(filter $(addprefix regress-,$(TB_BLOCKS_ALL)) \
  $(foreach b,$(FIBER_FULL_BLOCKS),regress-$(b)-full),$(REGRESS_TARGETS))
REGRESS_SUMMARY = TB_DIR=$(TB_DIR) bash tb/common/regress_summary.sh $(BUILD)/reports/regress.md

# The recipe of `regress` (its prerequisites, deps and REGRESS_TARGETS, are in
# the top-level Makefile): runs after every long run.
regress:
	@$(REGRESS_SUMMARY) $(SHARD) $(REGRESS_HARNESS_TARGETS)

.PHONY: regress-summary
regress-summary:
	@$(REGRESS_SUMMARY) all $(REGRESS_HARNESS_TARGETS)

# ---- Failure path of the engine ----------------------------------------------
# One small combinational harness; the group name starts with the block, so
# scripts/run_groups.sh runs it in the lane of cosim-/replay- of that block.
# Registered unconditionally: without its harness the group fails (no rule).
TEST_GROUPS_COMMON += failpath-tilelens_bit_permute
