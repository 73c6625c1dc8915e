# FIBER harnesses (tb/fiber/tb_<block>.cpp) on the generic rules of tb/tb.mk.
FIBER_TB_BLOCKS := $(patsubst tb/fiber/tb_%.cpp,%,$(wildcard tb/fiber/tb_fiber_*.cpp))
$(eval $(call tb_paper,fiber,$(FIBER_TB_BLOCKS)))
TEST_GROUPS_FIBER += $(foreach b,$(FIBER_TB_BLOCKS),cosim-$(b) replay-$(b))

MAIN_TARGETS    += $(foreach b,$(FIBER_TB_BLOCKS),cosim-$(b))
BENCH_TARGETS   += $(foreach b,$(FIBER_TB_BLOCKS),bench-$(b))
REGRESS_TARGETS += $(foreach b,$(FIBER_TB_BLOCKS),regress-$(b))

# Full size. The datapath blocks run through the generic rules on a small
# wrapper, rtl/fiber/<block>_small.v (10,000,000 cycles; its vectors feed the
# Icarus RTL and gate-level replays), and at the full SM size on the block
# itself: tb/fiber/full_<block>.cpp, built here with <block> as the top at
# its default parameters, gives cosim-<block>-full (1,000,000 cycles, in make
# test-fiber), bench-<block>-full (Verilator lockstep and raw rates) and
# regress-<block>-full. Full-size netlists are not replayed: the 32 x 32
# crossbar alone maps to about 180,000 cells, which Icarus does not load in
# minutes (docs/fiber_rtl.md).
FIBER_FULL_BLOCKS := $(patsubst tb/fiber/full_%.cpp,%,$(wildcard tb/fiber/full_fiber_*.cpp))

# $(1) block
define fiber_full
$(TB_DIR)/fiber/$(1)/full/obj/V$(1): tb/fiber/full_$(1).cpp $(TB_COMMON_DEPS) $$(wildcard $(TB_RTL)/fiber/*.v $(TB_RTL)/fiber/*.vh $(TB_RTL)/common/*.v tb/fiber/*.h) $(BUILD)/lib/libfiber.a
	@mkdir -p $$(@D)
	$(VERILATOR) $(TB_VFLAGS) $(TB_EXTRA_VFLAGS) \
	  -CFLAGS "-O2 -I$(CURDIR)/tb/common -I$(CURDIR)/tb/fiber -I$(CURDIR)/cmodel/include -I$(CURDIR)/cmodel/test/fiber" \
	  -y $(TB_RTL)/fiber -y $(TB_RTL)/common --top-module $(1) $(TB_RTL)/fiber/$(1).v \
	  $(CURDIR)/tb/fiber/full_$(1).cpp $(CURDIR)/$(BUILD)/lib/libfiber.a \
	  --Mdir $$(@D) -o V$(1) > $$(@D)/../build.log 2>&1 || { tail -n 30 $$(@D)/../build.log; exit 1; }

.PHONY: tb-$(1)-full cosim-$(1)-full bench-$(1)-full regress-$(1)-full
tb-$(1)-full: $(TB_DIR)/fiber/$(1)/full/obj/V$(1)
cosim-$(1)-full: $(TB_DIR)/fiber/$(1)/full/obj/V$(1)
	$$< --seed $(SEED) --out-dir $(TB_DIR)/fiber/$(1)/full $$(TB_ARGS_$(1))
bench-$(1)-full: $(TB_DIR)/fiber/$(1)/full/obj/V$(1)
	@mkdir -p $(TB_DIR)/fiber/$(1)/full/bench
	$$< --seed 12345 --cycles $$(or $$(BENCH_CYCLES_$(1)),1000000) --bench --quiet --allow-missing-bins \
	  > $(TB_DIR)/fiber/$(1)/full/bench/lockstep.log 2>&1; grep -E '^(BENCH|SUMMARY)' $(TB_DIR)/fiber/$(1)/full/bench/lockstep.log
regress-$(1)-full: $(TB_DIR)/fiber/$(1)/full/obj/V$(1)
	bash tb/common/regress.sh $$< $(1) $(TB_DIR)/fiber/$(1)/full/regress $(REGRESS_RUNS) 5000000 $(SHARD) $(SEED) $$(TB_ARGS_$(1))
endef

$(foreach b,$(FIBER_FULL_BLOCKS),$(eval $(call fiber_full,$(b))))
TEST_GROUPS_FIBER += $(foreach b,$(FIBER_FULL_BLOCKS),cosim-$(b)-full)
MAIN_TARGETS      += $(foreach b,$(FIBER_FULL_BLOCKS),cosim-$(b)-full)
BENCH_TARGETS     += $(foreach b,$(FIBER_FULL_BLOCKS),bench-$(b)-full)
REGRESS_TARGETS   += $(foreach b,$(FIBER_FULL_BLOCKS),regress-$(b)-full)

# Replay sizes (Icarus rates measured on a loaded 2-core machine; the vectors
# are the first ones of each harness's stimulus: its directed cases, the
# start of its exhaustive sweeps, and random cycles interleaved with them).
# The arbiter runs at about 2,000 vectors per CPU second under Icarus (RTL
# and gate level); the 8 x 8 datapath wrappers at a few hundred (RTL) and
# about 10-30 (gate level: Icarus wakes every reader of a vector net when one
# of its bits changes).
REPLAY_VECTORS_fiber_port_arb                := 30000
GL_VECTORS_fiber_port_arb                    := 3000
REPLAY_VECTORS_fiber_operand_sel             := 30000
GL_VECTORS_fiber_operand_sel                 := 3000
REPLAY_VECTORS_fiber_xbar_small              := 5000
GL_VECTORS_fiber_xbar_small                  := 300
REPLAY_VECTORS_fiber_base_operand_path_small := 5000
GL_VECTORS_fiber_base_operand_path_small     := 300
REPLAY_VECTORS_fiber_issue_stage_small       := 5000
GL_VECTORS_fiber_issue_stage_small           := 200

# Mutation check (not part of make test: it rebuilds one harness per mutant).
.PHONY: mutate-fiber
mutate-fiber: lib
	bash scripts/mutate.sh $(FIBER_TB_BLOCKS)
