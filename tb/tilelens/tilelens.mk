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
BENCH_TARGETS        += $(foreach b,$(TILELENS_TB_BLOCKS),bench-$(b)) bench-tb-table
REGRESS_TARGETS      += $(foreach b,$(TILELENS_TB_BLOCKS),regress-$(b))

# Mutation check (not part of make test: it rebuilds one harness per mutant).
.PHONY: mutate-tilelens
mutate-tilelens: lib
	bash scripts/mutate.sh $(TILELENS_TB_BLOCKS)

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
