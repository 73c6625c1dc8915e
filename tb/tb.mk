# Lockstep co-simulation (tb/common/lockstep.h): one Verilated harness per
# block, tb/<paper>/tb_<block>.cpp, linked with the paper's C library; vector
# replays under Icarus Verilog on the RTL and on the gate-level netlist.
#
# A per-paper fragment tb/<paper>/<paper>.mk (included below) lists its blocks
# and calls   $(eval $(call tb_paper,<paper>,<block> <block> ...))
# which defines, per block:
#   tb-<block>       build   build/tb/<paper>/<block>/obj/V<block>
#   cosim-<block>    lockstep run, default cycles of the harness, SEED
#   replay-<block>   REPLAY_VECTORS vectors: Verilator vs C model, Icarus RTL,
#                    Icarus gate level (GL_VECTORS of them: half from the
#                    start, half random ones, tb/common/gl_vectors.py)
#   bench-<block>    lockstep vs raw Verilator, Icarus on the same vectors
#   regress-<block>  REGRESS_SCALE (100) x the harness's default cycles (the
#                    cycles of cosim-<block> in make test) in REGRESS_RUNS seeded
#                    runs, fresh seeds, SHARD=i/N; shard 1 also replays
#                    REGRESS_REPLAY_VECTORS (at gate level 10x GL_VECTORS, at
#                    least REGRESS_GL_VECTORS = 10,000) for the blocks whose
#                    replay- is a test group
#   gtkw-<block>     build/tb/<paper>/<block>/<block>.gtkw: GTKWave save file for
#                    the FST of a --trace run (`make gtkw`: every harness)
#   failpath-<block> the failure path on a correct block: --inject-mismatch must
#                    give exit 1, the mismatch line, the FST and its .gtkw
# and registers cosim- and replay- in TEST_GROUPS_<PAPER>. Per-block knobs:
# TB_ARGS_<block> (extra harness arguments), TB_VFLAGS_<block> (extra
# Verilator options of its build, set before the paper's tb_paper call),
# REPLAY_VECTORS_<block> and GL_VECTORS_<block> (smaller replays for blocks
# Icarus runs slowly).

VERILATOR      ?= verilator
TB_DIR         := $(BUILD)/tb
REPLAY_VECTORS ?= 100000
BENCH_CYCLES   ?= 5000000
GL_VECTORS     ?= 10000
REGRESS_SCALE  ?= 100
REGRESS_RUNS   ?= 20
REGRESS_CYCLES ?= auto
REGRESS_REPLAY_VECTORS ?= 1000000
REGRESS_GL_VECTORS ?= 10000
SHARD_I         = $(firstword $(subst /, ,$(SHARD)))
# The Verilator runtime (verilated.cpp, verilated_fst_c.cpp,
# verilated_threads.cpp: 19 s of g++ CPU per harness) is compiled once, by
# verilated.mk's own rule and flags, into TB_VLRT, and every harness links
# that archive instead of compiling its own copy (VM_GLOBAL_FAST emptied).
TB_VLRT        := $(abspath $(BUILD))/verilated/libverilated_rt.a
TB_COMMON_DEPS := $(wildcard tb/common/*.h) tb/tb.mk tb/common/verilated_opt.mk $(TB_VLRT)
# Every registered test group (read when a recipe runs, after all fragments).
TB_ALL_GROUPS   = $(TEST_GROUPS_COMMON) $(TEST_GROUPS_TILELENS) $(TEST_GROUPS_FIBER)
TB_RTL         ?= rtl
TB_EXTRA_VFLAGS ?=
# OPT_SLOW (code run once: construction, initial values, the first full
# trace dump) and the trace-change code (tb/common/verilated_opt.mk: run only
# when a failing run is re-run with tracing) compile at -O0; the evaluation
# code at -O2.
TB_VFLAGS := --cc --exe --build -j 2 --x-assign unique --x-initial unique --trace-fst \
  -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O0 OPT_GLOBAL=-O2 VM_GLOBAL_FAST= -f $(CURDIR)/tb/common/verilated_opt.mk" \
  $(TB_VLRT) -LDFLAGS -lz

# Built in a directory of its own and renamed into place, so that two makes
# running at once (the main job's parallel cosim- targets) cannot see half an
# archive; scripts/run_groups.sh builds it (tb-runtime) before its lanes.
.PHONY: tb-runtime
tb-runtime: $(TB_VLRT)
$(TB_VLRT): tb/tb.mk
	@mkdir -p $(@D)
	@set -e; t=$$(mktemp -d $(@D)/tmp.XXXXXX); root=$$($(VERILATOR) --getenv VERILATOR_ROOT); \
	  : > $$t/verilated_rt.mk; \
	  $(MAKE) --no-print-directory -C $$t -f $$root/include/verilated.mk VERILATOR_ROOT=$$root \
	    VM_COVERAGE=0 VM_SC=0 VM_TRACE=1 VM_TRACE_FST=1 VM_TRACE_VCD=0 VM_PREFIX=verilated_rt \
	    VM_GLOBAL_FAST="verilated verilated_fst_c verilated_threads" OPT_GLOBAL=-O2 \
	    verilated.o verilated_fst_c.o verilated_threads.o > $(@D)/build.log 2>&1 || { tail -n 30 $(@D)/build.log; rm -rf $$t; exit 1; }; \
	  ar -rcs $$t/lib.a $$t/verilated.o $$t/verilated_fst_c.o $$t/verilated_threads.o; \
	  mv -f $$t/lib.a $@; rm -rf $$t

# $(1) paper, $(2) block
define tb_block
$(TB_DIR)/$(1)/$(2)/obj/V$(2): tb/$(1)/tb_$(2).cpp $(TB_COMMON_DEPS) $$(wildcard $(TB_RTL)/$(1)/*.v $(TB_RTL)/$(1)/*.vh $(TB_RTL)/common/*.v tb/$(1)/*.h) $(BUILD)/lib/lib$(1).a
	@mkdir -p $$(@D)
	@# --build does not relink when only lib<paper>.a changed: remove the binary
	@rm -f $$@
	$(VERILATOR) $(TB_VFLAGS) $(TB_VFLAGS_$(2)) $(TB_EXTRA_VFLAGS) \
	  -CFLAGS "-O2 -I$(CURDIR)/tb/common -I$(CURDIR)/tb/$(1) -I$(CURDIR)/cmodel/include -I$(CURDIR)/cmodel/test/$(1)" \
	  -y $(TB_RTL)/$(1) -y $(TB_RTL)/common --top-module $(2) $(TB_RTL)/$(1)/$(2).v \
	  $(CURDIR)/tb/$(1)/tb_$(2).cpp $(CURDIR)/$(BUILD)/lib/lib$(1).a \
	  --Mdir $$(@D) -o V$(2) > $$(@D)/../build.log 2>&1 || { tail -n 30 $$(@D)/../build.log; exit 1; }

$(TB_DIR)/$(1)/$(2)/gl/$(2).v: $$(wildcard rtl/$(1)/*.v rtl/$(1)/*.vh rtl/common/*.v) scripts/gatesim_netlist.sh scripts/netlist_verilog.py
	bash scripts/gatesim_netlist.sh $(2) $$@ $$(wildcard rtl/$(1)/*.v rtl/common/*.v)

.PHONY: tb-$(2) cosim-$(2) replay-$(2) bench-$(2) regress-$(2) regress-replay-$(2) gtkw-$(2) failpath-$(2)
tb-$(2): $(TB_DIR)/$(1)/$(2)/obj/V$(2)
cosim-$(2): $(TB_DIR)/$(1)/$(2)/obj/V$(2)
	$$< --seed $(SEED) --out-dir $(TB_DIR)/$(1)/$(2) $$(TB_ARGS_$(2)) $(COSIM_ARGS)
replay-$(2): $(TB_DIR)/$(1)/$(2)/obj/V$(2) $(TB_DIR)/$(1)/$(2)/gl/$(2).v tb/common/tb_replay.v tb/common/replay.sh tb/common/gl_vectors.py
	bash tb/common/replay.sh $$< $(1) $(2) $(TB_DIR)/$(1)/$(2)/gl/$(2).v $(TB_DIR)/$(1)/$(2)/replay \
	  $$(or $$(REPLAY_VECTORS_$(2)),$(REPLAY_VECTORS)) $$(or $$(GL_VECTORS_$(2)),$(GL_VECTORS)) $(SEED)
bench-$(2): $(TB_DIR)/$(1)/$(2)/obj/V$(2) $(TB_DIR)/$(1)/$(2)/gl/$(2).v
	bash tb/common/bench.sh $$< $(1) $(2) $(TB_DIR)/$(1)/$(2)/gl/$(2).v $(TB_DIR)/$(1)/$(2)/bench \
	  $(BENCH_CYCLES) $$(or $$(REPLAY_VECTORS_$(2)),$(REPLAY_VECTORS)) $$(or $$(GL_VECTORS_$(2)),$(GL_VECTORS))
regress-$(2): $(TB_DIR)/$(1)/$(2)/obj/V$(2)
	bash tb/common/regress.sh $$< $(2) $(TB_DIR)/$(1)/$(2)/regress $(REGRESS_RUNS) $(REGRESS_CYCLES) $(SHARD) $(SEED) $$(TB_ARGS_$(2))
	@$$(if $$(and $$(filter 1,$$(SHARD_I)),$$(filter replay-$(2),$$(TB_ALL_GROUPS))),$$(MAKE) --no-print-directory regress-replay-$(2))
regress-replay-$(2): $(TB_DIR)/$(1)/$(2)/obj/V$(2) $(TB_DIR)/$(1)/$(2)/gl/$(2).v
	@mkdir -p $(TB_DIR)/$(1)/$(2)/regress
	@bash tb/common/replay.sh $$< $(1) $(2) $(TB_DIR)/$(1)/$(2)/gl/$(2).v $(TB_DIR)/$(1)/$(2)/regress-replay \
	    $(REGRESS_REPLAY_VECTORS) $$$$(g=$$$$((10 * $$(or $$(GL_VECTORS_$(2)),$(GL_VECTORS)))); echo $$$$((g > $(REGRESS_GL_VECTORS) ? g : $(REGRESS_GL_VECTORS)))) $(SEED) \
	    > $(TB_DIR)/$(1)/$(2)/regress/replay.log 2>&1; st=$$$$?; \
	  grep '^SUMMARY' $(TB_DIR)/$(1)/$(2)/regress/replay.log | tail -n 1; \
	  [ $$$$st -eq 0 ] || { tail -n 15 $(TB_DIR)/$(1)/$(2)/regress/replay.log; [ "$$$${REGRESS_KEEP_GOING:-}" = 1 ]; }
gtkw-$(2): $(TB_DIR)/$(1)/$(2)/obj/V$(2)
	@$$< --gtkw $(TB_DIR)/$(1)/$(2)/$(2).gtkw --out-dir $(TB_DIR)/$(1)/$(2) | tail -n 1
failpath-$(2): $(TB_DIR)/$(1)/$(2)/obj/V$(2) tb/common/check_failpath.sh
	@bash tb/common/check_failpath.sh $$< $(2) $(TB_DIR)/$(1)/$(2)/failpath
endef

define tb_paper
$$(foreach b,$(2),$$(eval $$(call tb_block,$(1),$$(b))))
TB_BLOCKS_ALL += $(2)
endef

TB_BLOCKS_ALL :=

# main-cosim-<group>: runs cosim-<group> (a block, or a block's -full size)
# logged to build/logs for the main job's summary, printing its SUMMARY line.
# The main job checks each harness's default cycles but at most
# MAIN_COSIM_CYCLES (the report in minutes); make test runs the full counts.
# MAIN_COSIM_CYCLES_<group> overrides it where a required bin needs more
# (0: no cap): the operand selector's exhaustive phase is 2^22 cycles, the
# arbiter's 1,572,864 and its 3-cycle stall bins come later. A required bin
# that random stimulus reaches only rarely gets a directed case instead of
# more cycles: the address generators' and the TMA unit's rank-1 box bin
# (tlstim::rank1_column), which a 2,000,000-cycle run missed for seed
# 423537821; the descriptor checker's pairs of rules broken together
# (FaultCross::directed), of which a 2,000,000-cycle run missed one for
# 3 seeds in 150 (923648103 failed make on a clean clone). Every other
# capped harness hit every required bin at 1,000,000 (seeds 7 and 11-13),
# and the other harnesses with crossed fault bins (box check, split-and-sum,
# weft controller, decoder, TMA unit) at 2,000,000 for 60 random seeds each
# (3 December 2026).
MAIN_COSIM_CYCLES ?= 2000000
MAIN_COSIM_CYCLES_fiber_operand_sel ?= 0
MAIN_COSIM_CYCLES_fiber_port_arb    ?= 0
main-cosim-%:
	@mkdir -p $(BUILD)/logs
	@$(CPU_STEP) cosim-$* -- $(MAKE) --no-print-directory cosim-$* \
	  COSIM_ARGS="--cycle-cap $(or $(MAIN_COSIM_CYCLES_$*),$(MAIN_COSIM_CYCLES))" \
	  > $(BUILD)/logs/cosim-$*.log 2>&1; st=$$?; \
	  grep '^SUMMARY' $(BUILD)/logs/cosim-$*.log | tail -n 1; exit $$st
-include $(filter-out tb/tb.mk,$(wildcard tb/*/*.mk))
# Flows over every harness (make gtkw, the make regress summary, the
# failure-path test group); read after the paper fragments, whose lists it uses.
include tb/tb_flows.mk

# Bench table of every harness (rows written by tb/common/bench.sh).
.PHONY: bench-tb-table
bench-tb-table:
	@mkdir -p $(BUILD)/reports
	@{ echo "| harness | lockstep cyc/s | raw cyc/s | lockstep/raw | verilator cyc/s (replay vectors) | icarus rtl cyc/s | verilator/icarus | icarus gate-level cyc/s | vectors rtl / gl |"; \
	   echo "|---|---|---|---|---|---|---|---|---|"; \
	   for b in $(TB_BLOCKS_ALL); do f=$$(ls $(TB_DIR)/*/$$b/bench/row.md 2>/dev/null | head -n1); \
	     [ -n "$$f" ] && cat "$$f"; done; } > $(BUILD)/reports/bench_tb.md
	@cat $(BUILD)/reports/bench_tb.md
