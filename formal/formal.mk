# Formal proofs (formal/prove.py; one script per block in formal/<paper>/).
#   make formal         every proof (fast and full), one line per proof with its
#                       result and time, then the mutation check: every
#                       deliberate bug of formal/mutants.tsv must make its proof fail
#   make check-formal   test group: the fast proofs only (inside make test)
#   make formal-mutate  the mutation check alone
#   make check-formal-rtlil  test group: unit test of formal/rtlil_covers.py
#   make check-formal-prove  test group: unit test of prove.py's modules
#   formal-<block>      the full-group proofs of one block (test groups of
#                       `make test-formal-ci`, the second stage of CI: the
#                       functional properties G1-G8, B1-B5, W1-W8, I1-I7 and
#                       D1-D3, the larger RTL = netlist proofs and covers)
#                       Measured one group at a time (TEST_JOBS=1, nice) on
#                       the shared 2-core machine at load 8-10 (so several
#                       times the CPU time): address generator G1-G8 39.7 s,
#                       bitmap B1-B5 219.5 s (x 3 replicas 206.4 s), weft
#                       W1-W8 120.6-236.0 s, issue stage I1-I7/D1-D3 172.9 s,
#                       base operand path D1-D3 48.3 s; whole groups:
#                       formal-fiber_base_operand_path 292 s,
#                       formal-fiber_busy_bitmap 1,450 s (RTL = netlist at
#                       256 x 4: 863 s), formal-fiber_issue_stage 1,583 s
#                       (RTL = netlist 1,071 s, cover 337 s),
#                       formal-fiber_port_arb 526 s (cover). The last
#                       unloaded run of every proof (docs/formal.md: 1,646 s
#                       of proof time, fast ones included) puts the stage at
#                       about 14 min on CI's 2 lanes, inside its 90 minutes
#                       with make test's 15-20.
# FORMAL_JOBS proofs in parallel (default 1: the proofs are single-threaded
# and the full ones need the memory of one core).

FORMAL_JOBS ?= 1
PROVE_PY    := python3 formal/prove.py

.PHONY: formal-proofs formal-mutate check-formal check-formal-rtlil

formal: deps
	@$(PROVE_PY) run --group all --jobs $(FORMAL_JOBS); a=$$?; \
	 $(PROVE_PY) mutate --jobs $(FORMAL_JOBS); b=$$?; \
	 [ $$a -eq 0 ] && [ $$b -eq 0 ]

formal-proofs:
	@$(PROVE_PY) run --group all --jobs $(FORMAL_JOBS)

formal-mutate:
	@$(PROVE_PY) mutate --jobs $(FORMAL_JOBS)

check-formal:
	@$(PROVE_PY) run --group fast --jobs 1

TEST_GROUPS_COMMON += check-formal

# test group: the unit test of the cover rewriting of engine=sat covers
# (formal/rtlil_covers.py), about 1 s
check-formal-rtlil:
	@python3 formal/test_rtlil_covers.py

TEST_GROUPS_COMMON += check-formal-rtlil

# test group: the unit test of prove.py's modules (formal/test_prove.py: the
# header parser, the generated netlist proof, mutant text, the report), < 1 s
.PHONY: check-formal-prove
check-formal-prove:
	@python3 formal/test_prove.py

TEST_GROUPS_COMMON += check-formal-prove

# Every block whose script declares a full-group proof.
FORMAL_FULL_BLOCKS := $(sort $(basename $(notdir $(shell grep -l -E '^#[[:space:]]*proof:[[:space:]]+[A-Za-z0-9_]+[[:space:]]+full' formal/*/*.ys 2>/dev/null))))
FORMAL_PAPER_OF = $(patsubst formal/%/,%,$(dir $(wildcard formal/*/$(1).ys)))
define formal_block
.PHONY: formal-$(1)
formal-$(1):
	@$$(PROVE_PY) run --group full --jobs 1 $(call FORMAL_PAPER_OF,$(1))/$(1).
endef
$(foreach b,$(FORMAL_FULL_BLOCKS),$(eval $(call formal_block,$(b))))
TEST_GROUPS_FORMAL_CI += $(addprefix formal-,$(FORMAL_FULL_BLOCKS))
REGRESS_TARGETS    += formal-proofs formal-mutate
