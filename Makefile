# Top-level build. `make` runs the main job, `make test` every test group.
# Each tree adds its rules in its own fragment (cmodel/cmodel.mk, tb/tb.mk,
# synth/synth.mk, formal/formal.mk); a fragment registers its test groups by
# appending make-target names to TEST_GROUPS_TILELENS, TEST_GROUPS_FIBER or
# TEST_GROUPS_COMMON, and scripts/run_groups.sh runs them and counts.

SHELL     := /bin/bash
BUILD     := build
CC        ?= gcc
CXX       ?= g++
PREFIX    ?= /usr/local
VERSION   := 0.1.0
SOVERSION := 0
SEED      ?= 0
SHARD     ?= 1/1

CSTD      := -std=c11
CWARN     := -Wall -Wextra -Werror
CFLAGS_LIB := $(CSTD) $(CWARN) -O2 -fPIC -Icmodel/include
SANFLAGS  := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -g -O1

TEST_GROUPS_TILELENS :=
TEST_GROUPS_FIBER    :=
TEST_GROUPS_COMMON   :=
MAIN_TARGETS         :=
BENCH_TARGETS        :=
REGRESS_TARGETS      :=

.PHONY: all test test-tilelens test-fiber lib lint synth formal bench regress \
        clean deps install uninstall summary
.DEFAULT_GOAL := all

deps:
	@bash scripts/deps.sh

-include cmodel/cmodel.mk
-include tb/tb.mk
-include synth/synth.mk
-include formal/formal.mk
-include examples/examples.mk
-include scripts/checks.mk

RUN_GROUPS = bash scripts/run_groups.sh

# RTL lint: every module under rtl/ must be clean under verilator -Wall and
# readable by plain yosys read_verilog.
RTL_FILES := $(sort $(wildcard rtl/*/*.v))
RTL_INC   := -Irtl/common -Irtl/tilelens -Irtl/fiber
lint:
	@bash scripts/lint.sh $(RTL_FILES)
TEST_GROUPS_COMMON += $(if $(RTL_FILES),lint)

main-job: lib $(MAIN_TARGETS)
	@python3 scripts/summary.py

bench: deps lib $(BENCH_TARGETS)

regress: deps $(REGRESS_TARGETS)

test: deps
	@$(RUN_GROUPS) $(TEST_GROUPS_COMMON) $(TEST_GROUPS_TILELENS) $(TEST_GROUPS_FIBER)

test-tilelens: deps
	@$(RUN_GROUPS) $(TEST_GROUPS_TILELENS)

test-fiber: deps
	@$(RUN_GROUPS) $(TEST_GROUPS_FIBER)

all: deps
	@$(MAKE) --no-print-directory main-job

clean:
	rm -rf $(BUILD)
