# Synthesis and timing (synth/synth.py, configurations in synth/configs.tsv).
#   make synth           the main set (configs.tsv set = fast or main: every block at
#                        its full size, the fast subset) -> build/reports/synth.{md,json},
#                        build/reports/synth_area.svg; configurations outside the set
#                        are reported from the cache when present (cached per
#                        configuration)
#   make synth-all       every configuration, the sweeps included
#   make synth-area      test group: the flow's own unit tests, then the fast subset
#                        against synth/baseline.json; fails when a block's GE moves
#                        more than 5%
#   make synth-baseline  rewrite synth/baseline.json from the fast subset (on purpose,
#                        committed with the change that moves the area)
# SYNTH_JOBS parallel runs (default: the number of cores), SYNTH_TIMEOUT seconds
# per tool run. Each configuration prints one line as it finishes:
#   [12/40] NAME  GE  its time (time since the start, how many left)

SYNTH_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
SYNTH_PY   := python3 synth/synth.py

.PHONY: synth main-synth synth-all synth-area synth-baseline

synth: deps
	@$(SYNTH_PY) run --set main --jobs $(SYNTH_JOBS)

# The main job's synthesis (Makefile main-run): synth without its deps
# prerequisite, so that make -j starts it first.
main-synth:
	@$(CPU_STEP) synth -- $(SYNTH_PY) run --set main --jobs $(SYNTH_JOBS)

synth-all: deps
	@$(SYNTH_PY) run --set all --jobs $(SYNTH_JOBS)

synth-area:
	@python3 -m unittest discover -s synth -p 'test_*.py'
	@$(SYNTH_PY) check --jobs $(SYNTH_JOBS)

synth-baseline: deps
	@$(SYNTH_PY) baseline --jobs $(SYNTH_JOBS)

MAIN_TARGETS       += synth
TEST_GROUPS_COMMON += synth-area

# Power under a named workload (synth/power.py, docs/power.md): each run's
# harness drives its workload (--workload), checked against the C model, and
# OpenSTA's report_power reads the rates on the mapped netlist of the main
# set -> build/reports/power.{md,json}. main-power is make's (after
# main-synth and the three harnesses); power re-runs it alone on the cache.
POWER_HARNESSES := $(TB_DIR)/fiber/fiber_issue_stage/full/obj/Vfiber_issue_stage \
                   $(TB_DIR)/fiber/fiber_base_operand_path/full/obj/Vfiber_base_operand_path \
                   $(TB_DIR)/tilelens/tilelens_tma_addr/obj/Vtilelens_tma_addr
.PHONY: power power-all main-power
power: $(POWER_HARNESSES)
	@python3 synth/power.py run
# also the runs on make synth-all's netlists (the latch-array issue stage)
power-all: $(POWER_HARNESSES)
	@python3 synth/power.py run --set all
main-power: main-synth $(POWER_HARNESSES)
	@$(CPU_STEP) power -- python3 synth/power.py run
MAIN_TARGETS += main-power
