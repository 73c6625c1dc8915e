# FIBER harnesses (tb/fiber/tb_<block>.cpp) on the generic rules of tb/tb.mk.
FIBER_TB_BLOCKS := $(patsubst tb/fiber/tb_%.cpp,%,$(wildcard tb/fiber/tb_fiber_*.cpp))
$(eval $(call tb_paper,fiber,$(FIBER_TB_BLOCKS)))
# The error-priority crosses (tb/common/fault_cross.h) are part of these harnesses.
$(foreach b,fiber_decode fiber_weft_ctl,$(TB_DIR)/fiber/$(b)/obj/V$(b)): tb/common/fault_cross.h

# Co-simulated only. fiber_busy_bitmap runs at its full size, 2048 registers
# x 4 replicas (cosim-fiber_busy_bitmap, 1,000,000 cycles), but is not
# replayed: its gate-level netlist (2 x 2048 x 4 flops and their write logic)
# alone took Yosys more than 8 minutes. The bitmap's replays (Icarus RTL and
# gate level, the full state of every replica every cycle) and its
# gate-level benchmark use fiber_busy_bitmap_small (16 registers in each
# SP's partition x 3 replicas); bench-fiber_busy_bitmap-full times the full size under
# Verilator only, and its long run (tb/tb_flows.mk) co-simulates only.
FIBER_COSIM_ONLY  := fiber_busy_bitmap
FIBER_REPLAYED    := $(filter-out $(FIBER_COSIM_ONLY),$(FIBER_TB_BLOCKS))
TEST_GROUPS_FIBER += $(foreach b,$(FIBER_TB_BLOCKS),cosim-$(b) $(if $(filter $(b),$(FIBER_REPLAYED)),replay-$(b)))

MAIN_TARGETS    += $(foreach b,$(FIBER_TB_BLOCKS),main-cosim-$(b))
BENCH_TB_TARGETS += $(foreach b,$(FIBER_REPLAYED),bench-$(b)) $(foreach b,$(FIBER_COSIM_ONLY),bench-$(b)-full)
REGRESS_TARGETS += $(foreach b,$(FIBER_REPLAYED),regress-$(b))

.PHONY: $(foreach b,$(FIBER_COSIM_ONLY),bench-$(b)-full)
# $(1) block
define fiber_bench_verilator_only
bench-$(1)-full: $(TB_DIR)/fiber/$(1)/obj/V$(1)
	@mkdir -p $(TB_DIR)/fiber/$(1)/bench
	$$< --seed 12345 --cycles 1000000 --bench --quiet --allow-missing-bins \
	  | tee $(TB_DIR)/fiber/$(1)/bench/lockstep.log | grep -E '^(BENCH|SUMMARY)'
endef
$(foreach b,$(FIBER_COSIM_ONLY),$(eval $(call fiber_bench_verilator_only,$(b))))

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
# The full-size evaluation code compiles at -O1: g++ -O2 spends most of such
# a build on two 1.2 MB files and buys little speed for 1,000,000 cycles.
# Measured (g++ user+sys CPU of the build; lockstep CPU): the crossbar
# 50.7 s at -O1 (one file 32.2 -> 9.7 s), lockstep 5.57 -> 5.32 s per
# 300,000 cycles; the issue stage 100.1 -> 64.1 s, lockstep 3.31 -> 4.70 s
# per 200,000 cycles (+7 s per 1,000,000).
TB_VFLAGS_FULL ?= -MAKEFLAGS "OPT_FAST=-O1"

# $(1) block
define fiber_full
$(TB_DIR)/fiber/$(1)/full/obj/V$(1): tb/fiber/full_$(1).cpp $(TB_COMMON_DEPS) $$(wildcard $(TB_RTL)/fiber/*.v $(TB_RTL)/fiber/*.vh $(TB_RTL)/common/*.v tb/fiber/*.h) $(BUILD)/lib/libfiber.a
	@mkdir -p $$(@D)
	$(VERILATOR) $(TB_VFLAGS) $(TB_VFLAGS_FULL) $(TB_EXTRA_VFLAGS) \
	  -CFLAGS "-O2 -I$(CURDIR)/tb/common -I$(CURDIR)/tb/fiber -I$(CURDIR)/cmodel/include -I$(CURDIR)/cmodel/test/fiber" \
	  -y $(TB_RTL)/fiber -y $(TB_RTL)/common --top-module $(1) $(TB_RTL)/fiber/$(1).v \
	  $(CURDIR)/tb/fiber/full_$(1).cpp $(CURDIR)/$(BUILD)/lib/libfiber.a \
	  --Mdir $$(@D) -o V$(1) > $$(@D)/../build.log 2>&1 || { tail -n 30 $$(@D)/../build.log; exit 1; }

.PHONY: tb-$(1)-full cosim-$(1)-full bench-$(1)-full regress-$(1)-full
tb-$(1)-full: $(TB_DIR)/fiber/$(1)/full/obj/V$(1)
cosim-$(1)-full: $(TB_DIR)/fiber/$(1)/full/obj/V$(1)
	$$< --seed $(SEED) --out-dir $(TB_DIR)/fiber/$(1)/full $$(TB_ARGS_$(1)) $(COSIM_ARGS)
bench-$(1)-full: $(TB_DIR)/fiber/$(1)/full/obj/V$(1)
	@mkdir -p $(TB_DIR)/fiber/$(1)/full/bench
	$$< --seed 12345 --cycles $$(or $$(BENCH_CYCLES_$(1)),1000000) --bench --quiet --allow-missing-bins \
	  > $(TB_DIR)/fiber/$(1)/full/bench/lockstep.log 2>&1; grep -E '^(BENCH|SUMMARY)' $(TB_DIR)/fiber/$(1)/full/bench/lockstep.log
regress-$(1)-full: $(TB_DIR)/fiber/$(1)/full/obj/V$(1)
	bash tb/common/regress.sh $$< $(1) $(TB_DIR)/fiber/$(1)/full/regress $(REGRESS_RUNS) $(REGRESS_CYCLES) $(SHARD) $(SEED) $$(TB_ARGS_$(1))
endef

$(foreach b,$(FIBER_FULL_BLOCKS),$(eval $(call fiber_full,$(b))))
TEST_GROUPS_FIBER += $(foreach b,$(FIBER_FULL_BLOCKS),cosim-$(b)-full)
MAIN_TARGETS      += $(foreach b,$(FIBER_FULL_BLOCKS),main-cosim-$(b)-full)
BENCH_TB_TARGETS  += $(foreach b,$(FIBER_FULL_BLOCKS),bench-$(b)-full)
REGRESS_TARGETS   += $(foreach b,$(FIBER_FULL_BLOCKS),regress-$(b)-full)

# Replay sizes (Icarus rates measured on a loaded 2-core machine; the vectors
# are the first ones of each harness's stimulus: its directed cases, the
# start of its exhaustive sweeps, and random cycles interleaved with them;
# the gate level runs half of GL_VECTORS from the start and half in windows
# that begin at the resets of the random phase, tb/common/gl_vectors.py).
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
# The control blocks: Icarus runs them at a few thousand vectors per CPU
# second (RTL); at gate level the bitmap (64 x 3) and the weft controller
# (its state is 256-bit vectors: about 25 vectors per CPU second with the
# netlist's nets split per bit, 2 without) are the slow ones.
REPLAY_VECTORS_fiber_busy_bitmap_small       := 30000
GL_VECTORS_fiber_busy_bitmap_small           := 1000
# The latch array (fiber_busy_bitmap_latch_small: Storage 1, 8 per SP x 3; its
# netlist holds LATCH cells) replays as much as the flip-flop bitmap.
REPLAY_VECTORS_fiber_busy_bitmap_latch_small := 30000
GL_VECTORS_fiber_busy_bitmap_latch_small     := 1000
REPLAY_VECTORS_fiber_weft_ctl                := 30000
GL_VECTORS_fiber_weft_ctl                    := 300

# Mutation check (not part of make test: it rebuilds one harness per mutant).
.PHONY: mutate-fiber
mutate-fiber: lib
	bash scripts/mutate.sh $(FIBER_TB_BLOCKS)
