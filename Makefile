# Top-level build. `make` runs the main job, `make test` every test group.
# Each tree adds its rules in its own fragment (cmodel/cmodel.mk, tb/tb.mk,
# synth/synth.mk, formal/formal.mk); a fragment registers its test groups by
# appending make-target names to TEST_GROUPS_TILELENS, TEST_GROUPS_FIBER or
# TEST_GROUPS_COMMON (TEST_GROUPS_FORMAL_CI: the second stage of CI, `make
# test-formal-ci`), and scripts/run_groups.sh runs them and counts. The
# registered groups must be exactly those of scripts/test_groups.txt (a
# missing or an unlisted group fails the run); after adding or removing a
# group on purpose: make -s test-groups > scripts/test_groups.txt

SHELL     := /bin/bash
BUILD     := build
CC        ?= gcc
CXX       ?= g++
PREFIX    ?= /usr/local
VERSION   := 0.2.0
SOVERSION := 0.2
# soname lib<paper>.so.$(SOVERSION): major.minor while the major version is 0
# (0.x releases may change the API and the layout of its structs)
SEED      ?= 0
SHARD     ?= 1/1

CSTD      := -std=c11
CWARN     := -Wall -Wextra -Werror
CFLAGS_LIB := $(CSTD) $(CWARN) -O2 -fPIC -Icmodel/include
SANFLAGS  := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -g -O1

TEST_GROUPS_TILELENS :=
TEST_GROUPS_FIBER    :=
TEST_GROUPS_COMMON   :=
TEST_GROUPS_FORMAL_CI :=
MAIN_TARGETS         :=
BENCH_TARGETS        :=
BENCH_TB_TARGETS     :=
REGRESS_TARGETS      :=

.PHONY: all test test-tilelens test-fiber test-formal-ci test-groups test-dry lib lint lint-configs synth \
        formal bench bench-tb regress clean deps install uninstall summary
.DEFAULT_GOAL := all

deps:
	@bash scripts/deps.sh

-include cmodel/cmodel.mk
-include tb/tb.mk
-include synth/synth.mk
-include formal/formal.mk
-include examples/examples.mk
-include cmodel/systemc/systemc.mk
-include scripts/checks.mk

TEST_GROUPS_FILE := scripts/test_groups.txt
RUN_GROUPS = bash scripts/run_groups.sh --expect $(TEST_GROUPS_FILE)

# RTL lint: every module under rtl/ must be clean under verilator -Wall and
# readable by plain yosys read_verilog.
RTL_FILES := $(sort $(wildcard rtl/*/*.v))
RTL_INC   := -Irtl/common -Irtl/tilelens -Irtl/fiber
lint:
	@[ -n "$(RTL_FILES)" ] || { echo "lint: no RTL file under rtl/"; exit 1; }
	@bash scripts/lint.sh $(RTL_FILES)
TEST_GROUPS_COMMON += lint

# The same lint on every parameter set of synth/configs.tsv (a generate
# branch the defaults never elaborate: Booth=0, Rank=1, WidePieces=0, ...).
lint-configs:
	@python3 scripts/lint_configs.py --jobs 1
TEST_GROUPS_COMMON += lint-configs

# The main job: the libraries, then every main target (co-simulation of every
# block, synthesis of the main set) MAIN_JOBS at a time, synthesis first (its
# longest configurations set the job's length; it runs SYNTH_JOBS of its own),
# then the summary. Each target prints its lines as it ends.
# Each step records its CPU (scripts/cpu_step.py: build/logs/cpu/STEP.json;
# `main` the whole job, libraries included); the summary prints where it goes.
MAIN_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CPU_STEP  := python3 scripts/cpu_step.py
main-job:
	@rm -rf $(BUILD)/logs/cpu
	@$(CPU_STEP) main -- $(MAKE) --no-print-directory main-build
	@python3 scripts/summary.py

main-build: lib
	@$(MAKE) --no-print-directory -j$(MAIN_JOBS) main-run

.PHONY: main-job main-build main-run
# synth runs as main-synth, which has no prerequisite: GNU make -j starts a
# target whose prerequisite was still running only after every later one, so
# `synth: deps` here would start the longest job last (deps ran in `all`).
main-run: $(if $(filter synth,$(MAIN_TARGETS)),main-synth) $(filter-out synth,$(MAIN_TARGETS))

# make bench: the C models' speed figures only (seconds): what a simulator
# developer embedding the libraries wants. make bench-tb: the Verilator
# harness benches (lockstep vs raw Verilator vs Icarus; builds every harness).
bench: deps lib $(BENCH_TARGETS)

bench-tb: deps lib $(BENCH_TB_TARGETS)

regress: deps $(REGRESS_TARGETS)

test: deps
	@$(RUN_GROUPS) common,tilelens,fiber $(TEST_GROUPS_COMMON) $(TEST_GROUPS_TILELENS) $(TEST_GROUPS_FIBER)

test-tilelens: deps
	@$(RUN_GROUPS) tilelens $(TEST_GROUPS_TILELENS)

test-fiber: deps
	@$(RUN_GROUPS) fiber $(TEST_GROUPS_FIBER)

# The second stage of CI (.ci/run): the full-group proofs (formal/formal.mk).
test-formal-ci: deps
	@$(RUN_GROUPS) formal-ci $(TEST_GROUPS_FORMAL_CI)

# The registered groups in the format of scripts/test_groups.txt.
test-groups:
	@echo "# Expected test groups, \"<list> <group>\" a line: the groups of make test"
	@echo "# (lists common, tilelens, fiber) and of make test-formal-ci (list formal-ci)."
	@echo "# scripts/run_groups.sh fails a run whose registered groups differ from these."
	@echo "# Written by: make -s test-groups > scripts/test_groups.txt"
	@for g in $(TEST_GROUPS_COMMON); do echo "common $$g"; done
	@for g in $(TEST_GROUPS_TILELENS); do echo "tilelens $$g"; done
	@for g in $(TEST_GROUPS_FIBER); do echo "fiber $$g"; done
	@for g in $(TEST_GROUPS_FORMAL_CI); do echo "formal-ci $$g"; done

# Dry listing: the groups of make test and make test-formal-ci, their lanes,
# and the comparison with scripts/test_groups.txt; runs nothing.
test-dry:
	@$(RUN_GROUPS) common,tilelens,fiber --dry $(TEST_GROUPS_COMMON) $(TEST_GROUPS_TILELENS) $(TEST_GROUPS_FIBER); a=$$?; \
	 $(RUN_GROUPS) formal-ci --dry $(TEST_GROUPS_FORMAL_CI); b=$$?; [ $$a -eq 0 ] && [ $$b -eq 0 ]

all: deps
	@$(MAKE) --no-print-directory main-job

clean:
	rm -rf $(BUILD)
