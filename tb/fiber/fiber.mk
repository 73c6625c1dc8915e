# FIBER harnesses (tb/fiber/tb_<block>.cpp) on the generic rules of tb/tb.mk.
FIBER_TB_BLOCKS := $(patsubst tb/fiber/tb_%.cpp,%,$(wildcard tb/fiber/tb_fiber_*.cpp))
$(eval $(call tb_paper,fiber,$(FIBER_TB_BLOCKS)))
TEST_GROUPS_FIBER += $(foreach b,$(FIBER_TB_BLOCKS),cosim-$(b) replay-$(b))

MAIN_TARGETS    += $(foreach b,$(FIBER_TB_BLOCKS),cosim-$(b))
BENCH_TARGETS   += $(foreach b,$(FIBER_TB_BLOCKS),bench-$(b))
REGRESS_TARGETS += $(foreach b,$(FIBER_TB_BLOCKS),regress-$(b))

# Small sizes. The generic rules build each harness at the RTL's default
# parameters, the full SM size (the replays and the gate-level netlist use
# those too). A block listed here with FIBER_SMALL_<block> := Name=value ...
# is also built from the same harness with -GName=value for Verilator and
# -DTB_P_Name=value for the harness (which reads its sizes from those
# macros), giving cosim-<block>-small (in make test-fiber), bench-<block>-small
# and regress-<block>-small.
FIBER_SMALL_fiber_xbar        := Lanes=8 Width=8
FIBER_SMALL_fiber_issue_stage := Lanes=8 Width=8 NumReg=64
FIBER_SMALL_fiber_base_operand_path := Lanes=8 Width=8

# $(1) block
define fiber_small
$(TB_DIR)/fiber/$(1)/small/obj/V$(1): tb/fiber/tb_$(1).cpp $(TB_COMMON_DEPS) $$(wildcard $(TB_RTL)/fiber/*.v $(TB_RTL)/fiber/*.vh $(TB_RTL)/common/*.v tb/fiber/*.h) $(BUILD)/lib/libfiber.a
	@mkdir -p $$(@D)
	$(VERILATOR) $(TB_VFLAGS) $(TB_EXTRA_VFLAGS) $(addprefix -G,$(FIBER_SMALL_$(1))) \
	  -CFLAGS "-O2 -I$(CURDIR)/tb/common -I$(CURDIR)/tb/fiber -I$(CURDIR)/cmodel/include -I$(CURDIR)/cmodel/test/fiber $(addprefix -DTB_P_,$(FIBER_SMALL_$(1)))" \
	  -y $(TB_RTL)/fiber -y $(TB_RTL)/common --top-module $(1) $(TB_RTL)/fiber/$(1).v \
	  $(CURDIR)/tb/fiber/tb_$(1).cpp $(CURDIR)/$(BUILD)/lib/libfiber.a \
	  --Mdir $$(@D) -o V$(1) > $$(@D)/../build.log 2>&1 || { tail -n 30 $$(@D)/../build.log; exit 1; }

.PHONY: tb-$(1)-small cosim-$(1)-small bench-$(1)-small regress-$(1)-small
tb-$(1)-small: $(TB_DIR)/fiber/$(1)/small/obj/V$(1)
cosim-$(1)-small: $(TB_DIR)/fiber/$(1)/small/obj/V$(1)
	$$< --seed $(SEED) --out-dir $(TB_DIR)/fiber/$(1)/small $$(TB_ARGS_$(1))
bench-$(1)-small: $(TB_DIR)/fiber/$(1)/small/obj/V$(1)
	@mkdir -p $(TB_DIR)/fiber/$(1)/small/bench
	$$< --seed 12345 --cycles $(BENCH_CYCLES) --bench --quiet --allow-missing-bins \
	  | tee $(TB_DIR)/fiber/$(1)/small/bench/lockstep.log | grep -E '^(BENCH|SUMMARY)'
regress-$(1)-small: $(TB_DIR)/fiber/$(1)/small/obj/V$(1)
	bash tb/common/regress.sh $$< $(1) $(TB_DIR)/fiber/$(1)/small/regress $(REGRESS_RUNS) $(REGRESS_CYCLES) $(SHARD) $(SEED) $$(TB_ARGS_$(1))
endef

FIBER_SMALL_BLOCKS := $(foreach b,$(FIBER_TB_BLOCKS),$(if $(FIBER_SMALL_$(b)),$(b)))
$(foreach b,$(FIBER_SMALL_BLOCKS),$(eval $(call fiber_small,$(b))))
TEST_GROUPS_FIBER += $(foreach b,$(FIBER_SMALL_BLOCKS),cosim-$(b)-small)
MAIN_TARGETS      += $(foreach b,$(FIBER_SMALL_BLOCKS),cosim-$(b)-small)
BENCH_TARGETS     += $(foreach b,$(FIBER_SMALL_BLOCKS),bench-$(b)-small)
REGRESS_TARGETS   += $(foreach b,$(FIBER_SMALL_BLOCKS),regress-$(b)-small)

# Mutation check (not part of make test: it rebuilds one harness per mutant).
.PHONY: mutate-fiber
mutate-fiber: lib
	bash scripts/mutate.sh $(FIBER_TB_BLOCKS)
