# Synthesis and timing (synth/synth.py, configurations in synth/configs.tsv).
#   make synth           every configuration -> build/reports/synth.{md,json},
#                        build/reports/synth_area.svg (cached per configuration)
#   make synth-area      test group: the flow's own unit tests, then the fast subset
#                        against synth/baseline.json; fails when a block's GE moves
#                        more than 5%
#   make synth-baseline  rewrite synth/baseline.json from the fast subset (on purpose,
#                        committed with the change that moves the area)
# SYNTH_JOBS parallel runs (default 2), SYNTH_TIMEOUT seconds per tool run.

SYNTH_JOBS ?= 2
SYNTH_PY   := python3 synth/synth.py

.PHONY: synth synth-area synth-baseline

synth: deps
	@$(SYNTH_PY) run --jobs $(SYNTH_JOBS)

synth-area:
	@python3 -m unittest discover -s synth -p 'test_*.py'
	@$(SYNTH_PY) check --jobs $(SYNTH_JOBS)

synth-baseline: deps
	@$(SYNTH_PY) baseline --jobs $(SYNTH_JOBS)

MAIN_TARGETS       += synth
TEST_GROUPS_COMMON += synth-area
