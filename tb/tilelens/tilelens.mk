# TileLens harnesses (tb/tilelens/tb_<block>.cpp) on the generic rules of tb/tb.mk.
TILELENS_TB_BLOCKS := $(patsubst tb/tilelens/tb_%.cpp,%,$(wildcard tb/tilelens/tb_tilelens_*.cpp))
# The pipelined tile-base units (five Booth/Wallace trees on 72-bit rows):
# their evaluation code is mostly wide-word (> 64-bit) shifts and inserts.
# -fno-dfg keeps Verilator's DFG pass from duplicating the rows' shifted
# copies at every use, and -O3 lets g++ inline and unroll the wide-word
# helpers (_vl_insert_WW). Lockstep CPU of tilelens_split_sum_pipe per
# 500,000 cycles: 4.24 s (as the other harnesses), 3.50 s (-fno-dfg),
# 2.0-2.4 s (both); docs/verification.md has the record. The binaries depend
# on this file, so a change of these flags rebuilds them.
TB_VFLAGS_tilelens_split_sum_pipe := -fno-dfg -MAKEFLAGS "OPT_FAST=-O3"
TB_VFLAGS_tilelens_base_sum_pipe  := -fno-dfg -MAKEFLAGS "OPT_FAST=-O3"
TB_VFLAGS_tilelens_tma_addr       := -fno-dfg -MAKEFLAGS "OPT_FAST=-O3"
$(foreach b,tilelens_split_sum_pipe tilelens_base_sum_pipe tilelens_tma_addr,$(TB_DIR)/tilelens/$(b)/obj/V$(b)): tb/tilelens/tilelens.mk
$(eval $(call tb_paper,tilelens,$(TILELENS_TB_BLOCKS)))
# The error-priority crosses (tb/common/fault_cross.h) are part of these harnesses.
TILELENS_TB_CROSS := tilelens_desc_check tilelens_box_check tilelens_split_sum tilelens_tma_addr
$(foreach b,$(TILELENS_TB_CROSS),$(TB_DIR)/tilelens/$(b)/obj/V$(b)): tb/common/fault_cross.h

# Blocks whose replay-<block> is not a make test group (none: the pipelined
# tile-base units' harnesses begin with a power-on cycle, reset and not
# compared, so Icarus starts from the state Verilator does).
TILELENS_NOT_REPLAYED :=
TEST_GROUPS_TILELENS += $(foreach b,$(TILELENS_TB_BLOCKS),cosim-$(b) $(if $(filter $(b),$(TILELENS_NOT_REPLAYED)),,replay-$(b)))
MAIN_TARGETS         += $(foreach b,$(TILELENS_TB_BLOCKS),main-cosim-$(b))
BENCH_TB_TARGETS     += $(foreach b,$(TILELENS_TB_BLOCKS),bench-$(b)) bench-tb-table
REGRESS_TARGETS      += $(foreach b,$(TILELENS_TB_BLOCKS),regress-$(b))

# Mutation check (not part of make test: it rebuilds one harness per mutant).
.PHONY: mutate-tilelens
mutate-tilelens: lib
	bash scripts/mutate.sh $(TILELENS_TB_BLOCKS) $(TL_SSP_BLOCKS)

# Replay sizes: Icarus runs these blocks at 50 (five 32 x 41 multipliers,
# about 60K cells, gate level) to 30,000 vectors/s; each replay is sized to
# well under a minute on a loaded 2-core machine. The vectors are the first
# ones of the harness's stimulus: its directed cases, then random ones.
REPLAY_VECTORS_tilelens_counter_cfg := 50000
GL_VECTORS_tilelens_split_sum       := 500
GL_VECTORS_tilelens_base_sum        := 500
GL_VECTORS_tilelens_split_sum_pipe  := 500
# the pipelined units' Booth trees are many small instances: Icarus runs
# their RTL at 71 (split) and 122 (base) vectors/s, 310 with `*` before;
# 20,000 vectors of each agreed when run by hand (docs/tilelens.md)
REPLAY_VECTORS_tilelens_split_sum_pipe := 4000
REPLAY_VECTORS_tilelens_base_sum_pipe  := 4000
GL_VECTORS_tilelens_base_sum_pipe   := 500
GL_VECTORS_tilelens_tma_addr        := 3000
# the box check's footprint is three Booth/Wallace trees (its pipelined
# form serves tilelens_tma_addr) and its inputs change every vector: Icarus
# runs its RTL at 376-400 vectors/s and its netlist at 49-76 (100,000 and
# 10,000 vectors agreed when run by hand, 2 December 2026; make regress
# runs more); the pipelined units' sizes
REPLAY_VECTORS_tilelens_box_check   := 4000
GL_VECTORS_tilelens_box_check       := 500
GL_VECTORS_tilelens_addr_gen        := 5000
GL_VECTORS_tilelens_base_addr_gen   := 5000
GL_VECTORS_tilelens_bit_permute     := 100000
# the 4 KB MSHR at its default 64 entries (4,544 flops; every cycle
# compares two 36-bit pages with 64 tags): Icarus ran its RTL at 386 and
# its netlist at 44 vectors/s (100,000 and 10,000 vectors agreed by hand,
# 5 December 2026)
REPLAY_VECTORS_tilelens_mshr        := 10000
GL_VECTORS_tilelens_mshr            := 1000
# the prefetch generator's netlist runs at about 350 vectors/s under Icarus
# (10,000 vectors agreed, 5 December 2026)
GL_VECTORS_tilelens_pf_gen          := 4000

# The pipelined split-and-sum at every other supported Stages (0..4; the
# block's own harness above runs its default, 5): the same harness, built
# with -GStages=N -DTB_STAGES=N as build/tb/tilelens/
# tilelens_split_sum_pipe.stages<N>/obj/Vtilelens_split_sum_pipe.stages<N>
# (the path scripts/mutate.sh builds for a block of that name, so mutants
# seen at one value only are listed under it). Each value keeps other cuts
# (1: the output flops only; 2: and the products; 3: and the sums; 4: and
# the partial products), so a bug in one cut's enable or in the valid
# pipeline can show at one value only. Short runs (the directed list, then
# random requests in every issue style, resets in flight), compiled at
# -O1: the build is most of the cost.
TL_SSP_STAGES := 0 1 2 3 4
TL_SSP_BLOCKS := $(foreach n,$(TL_SSP_STAGES),tilelens_split_sum_pipe.stages$(n))
TL_SSP_CYCLES ?= 100000
# $(1) Stages
define tl_ssp_stages
$(TB_DIR)/tilelens/tilelens_split_sum_pipe.stages$(1)/obj/Vtilelens_split_sum_pipe.stages$(1): tb/tilelens/tb_tilelens_split_sum_pipe.cpp tb/tilelens/tilelens.mk $(TB_COMMON_DEPS) $$(wildcard $(TB_RTL)/tilelens/*.v $(TB_RTL)/tilelens/*.vh $(TB_RTL)/common/*.v tb/tilelens/*.h) $(BUILD)/lib/libtilelens.a
	@mkdir -p $$(@D)
	@rm -f $$@
	$(VERILATOR) $(TB_VFLAGS) -fno-dfg -MAKEFLAGS "OPT_FAST=-O1" -GStages=$(1) $(TB_EXTRA_VFLAGS) \
	  -CFLAGS "-O1 -DTB_STAGES=$(1) -I$(CURDIR)/tb/common -I$(CURDIR)/tb/tilelens -I$(CURDIR)/cmodel/include -I$(CURDIR)/cmodel/test/tilelens" \
	  -y $(TB_RTL)/tilelens -y $(TB_RTL)/common --top-module tilelens_split_sum_pipe $(TB_RTL)/tilelens/tilelens_split_sum_pipe.v \
	  $(CURDIR)/tb/tilelens/tb_tilelens_split_sum_pipe.cpp $(CURDIR)/$(BUILD)/lib/libtilelens.a \
	  --Mdir $$(@D) -o Vtilelens_split_sum_pipe.stages$(1) > $$(@D)/../build.log 2>&1 || { tail -n 30 $$(@D)/../build.log; exit 1; }
endef
$(foreach n,$(TL_SSP_STAGES),$(eval $(call tl_ssp_stages,$(n))))
.PHONY: tb-tilelens_split_sum_pipe-stages cosim-tilelens_split_sum_pipe-stages
tb-tilelens_split_sum_pipe-stages: $(foreach b,$(TL_SSP_BLOCKS),$(TB_DIR)/tilelens/$(b)/obj/V$(b))
cosim-tilelens_split_sum_pipe-stages: tb-tilelens_split_sum_pipe-stages
	@for b in $(TL_SSP_BLOCKS); do d=$(TB_DIR)/tilelens/$$b; \
	  $$d/obj/V$$b --seed $(SEED) --cycles $(TL_SSP_CYCLES) --out-dir $$d $(COSIM_ARGS) > $$d/run.log 2>&1 \
	    || { grep -m 3 '^cyc=' $$d/run.log; tail -n 5 $$d/run.log; exit 1; }; \
	  grep -E ': seed |^SUMMARY' $$d/run.log; done
TEST_GROUPS_TILELENS += cosim-tilelens_split_sum_pipe-stages
# Not in the main job: make co-simulates the pipe at its default Stages; the
# sweep's five harness builds were 86 of make's CPU seconds (make_cpu.md).
