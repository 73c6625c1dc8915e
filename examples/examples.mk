# Examples (examples/), command-line tools (cmodel/tools/) and the fuzzing
# entry (cmodel/fuzz/) of the C models: programs on top of the libraries.
# The examples are built here against build/lib and, by check-install,
# against an installed prefix through pkg-config only (examples/Makefile).

EXAMPLES_BIN := $(BUILD)/examples

$(EXAMPLES_BIN)/tma_trace: examples/tma_trace.c $(BUILD)/lib/libtilelens.a $(tilelens_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CWARN) -O2 -Icmodel/include -o $@ $< $(BUILD)/lib/libtilelens.a

$(EXAMPLES_BIN)/fiber_issue: examples/fiber_issue.c $(BUILD)/lib/libfiber.a $(fiber_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CWARN) -O2 -Icmodel/include -o $@ $< $(BUILD)/lib/libfiber.a

# The multi-warp SM: both libraries (FIBER issue stage, TileLens TMA unit).
$(EXAMPLES_BIN)/fiber_sm: examples/fiber_sm.c $(BUILD)/lib/libfiber.a $(BUILD)/lib/libtilelens.a $(fiber_HDRS) $(tilelens_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CWARN) -O2 -Icmodel/include -o $@ $< $(BUILD)/lib/libfiber.a $(BUILD)/lib/libtilelens.a

# The memory side of an HBF GPU: TMA unit, prefetcher, MSHR (TileLens).
$(EXAMPLES_BIN)/hbf_prefetch: examples/hbf_prefetch.c $(BUILD)/lib/libtilelens.a $(tilelens_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CWARN) -O2 -Icmodel/include -o $@ $< $(BUILD)/lib/libtilelens.a

HAVE_FIBER_EXAMPLE := $(and $(fiber_SRCS),$(wildcard examples/fiber_issue.c))
EXAMPLES := $(EXAMPLES_BIN)/tma_trace $(EXAMPLES_BIN)/hbf_prefetch $(if $(HAVE_FIBER_EXAMPLE),$(EXAMPLES_BIN)/fiber_issue $(EXAMPLES_BIN)/fiber_sm)

.PHONY: examples check-tilelens-examples check-fiber-examples check-install
examples: $(EXAMPLES)

# Runs an example on its shipped trace and compares with the expected output.
check-tilelens-examples: $(EXAMPLES_BIN)/tma_trace $(EXAMPLES_BIN)/hbf_prefetch
	@bash examples/check_examples.sh tilelens $(EXAMPLES_BIN)
check-fiber-examples: $(EXAMPLES_BIN)/fiber_issue $(EXAMPLES_BIN)/fiber_sm
	@bash examples/check_examples.sh fiber $(EXAMPLES_BIN)

# make install into a temporary prefix, build the examples there with
# pkg-config only (shared and static), run them, make uninstall.
check-install: lib
	@bash examples/check_install.sh "$(MAKE)" $(BUILD)/install-test

# The C++ embedding example (examples/tma_tick/) built with CMake out of the
# tree against an installed prefix (find_package(tilelens)), run, compared.
check-tilelens-cmake-example: lib
	@bash examples/check_cmake_example.sh "$(MAKE)" $(BUILD)/cmake-example

.PHONY: check-tilelens-cmake-example
TEST_GROUPS_COMMON   += check-install
TEST_GROUPS_TILELENS += check-tilelens-examples check-tilelens-cmake-example
TEST_GROUPS_FIBER    += $(if $(HAVE_FIBER_EXAMPLE),check-fiber-examples)

-include cmodel/tools/tools.mk
-include cmodel/fuzz/fuzz.mk
