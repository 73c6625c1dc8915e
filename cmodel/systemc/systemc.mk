# SystemC/TLM-2.0 layer over the C models (cmodel/systemc/scmodels/*.h,
# header-only: fiber_sc.h, tilelens_sc.h), its tests and its example
# (examples/sm_systemc/). Built only where SystemC is installed (pkg-config
# systemc; scripts/deps.sh installs libsystemc-dev); installed by make
# install as its own CMake component, scmodels (include/scmodels/,
# lib/cmake/scmodels/), next to the fiber and tilelens packages.
#
#   systemc          the layer's test and the example (in-tree build)
#   check-systemc    the test group (docs/systemc.md): the layer's tests, the
#                    example with the Verilated read-port arbiter beside the
#                    model (every output compared every cycle), its output
#                    against examples/sm_systemc/expected.out, and the
#                    component installed into a temporary prefix and used by
#                    the example's CMake project out of the tree
#   install-systemc / uninstall-systemc   (run by make install / uninstall)

HAVE_SYSTEMC  := $(shell pkg-config --exists systemc 2>/dev/null && echo 1)
SC_DIR        := $(BUILD)/systemc
SC_HDRS       := $(wildcard cmodel/systemc/scmodels/*.h)
SC_CXXFLAGS   := -std=c++17 -O1 -Wall -Wextra -Werror -Icmodel/include -Icmodel/systemc \
                 $(shell pkg-config --cflags systemc 2>/dev/null)
SC_LIBS       := $(shell pkg-config --libs systemc 2>/dev/null) -pthread
SC_C_LIBS     := $(BUILD)/lib/libfiber.a $(BUILD)/lib/libtilelens.a
SC_C_HDRS     := $(fiber_HDRS) $(tilelens_HDRS)
SC_RTL        ?= rtl

.PHONY: systemc check-systemc install-systemc uninstall-systemc

systemc: $(SC_DIR)/test_scmodels $(SC_DIR)/sm_systemc/sm_systemc_rtl

$(SC_DIR)/test_scmodels: cmodel/systemc/test_scmodels.cpp $(SC_HDRS) $(SC_C_LIBS) $(SC_C_HDRS)
	@[ -n "$(HAVE_SYSTEMC)" ] || { echo "systemc: SystemC not found (pkg-config systemc); run make deps"; exit 1; }
	@mkdir -p $(@D)
	$(CXX) $(SC_CXXFLAGS) -o $@ $< $(SC_C_LIBS) $(SC_LIBS)

# The example with the Verilated RTL of the read-port arbiter (verilator
# --sc). Verilator's make compiles its runtime for SystemC into this folder
# once; -Werror is not passed to it (Verilator's own sources), the example
# itself is compiled with -Werror by the CMake build of check-systemc.
$(SC_DIR)/sm_systemc/sm_systemc_rtl: examples/sm_systemc/sm_systemc.cpp $(SC_HDRS) $(SC_C_LIBS) $(SC_C_HDRS) \
    $(SC_RTL)/fiber/fiber_port_arb.v cmodel/systemc/systemc.mk
	@[ -n "$(HAVE_SYSTEMC)" ] || { echo "systemc: SystemC not found (pkg-config systemc); run make deps"; exit 1; }
	@mkdir -p $(@D)
	@rm -f $@
	@# not --build: with unchanged Verilog it skips its make, and a relink
	@# for a changed C library would not happen
	{ $(VERILATOR) --sc --exe --x-assign unique --x-initial unique \
	  -CFLAGS "-std=c++17 -O1 -DSM_SC_RTL -I$(CURDIR)/cmodel/include -I$(CURDIR)/cmodel/systemc" \
	  -y $(SC_RTL)/fiber --top-module fiber_port_arb $(SC_RTL)/fiber/fiber_port_arb.v \
	  $(CURDIR)/examples/sm_systemc/sm_systemc.cpp $(addprefix $(CURDIR)/,$(SC_C_LIBS)) \
	  --Mdir $(@D) -o sm_systemc_rtl && \
	  $(MAKE) --no-print-directory -C $(@D) -f Vfiber_port_arb.mk OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1; } \
	  > $(@D)/build.log 2>&1 || { tail -n 30 $(@D)/build.log; exit 1; }
	@[ -x $@ ] || { echo "systemc: $@ was not built (see $(@D)/build.log)"; exit 1; }

check-systemc: $(SC_DIR)/test_scmodels $(SC_DIR)/sm_systemc/sm_systemc_rtl
	@bash cmodel/systemc/check_systemc.sh "$(MAKE)" $(SC_DIR)

TEST_GROUPS_COMMON += check-systemc

# Installation of the component: headers and the CMake package files
# (scmodelsConfig.cmake finds fiber, tilelens and SystemC itself).
ifeq ($(HAVE_SYSTEMC),1)
install: install-systemc
uninstall: uninstall-systemc
endif

install-systemc:
	install -d $(DESTDIR)$(PREFIX)/include/scmodels $(DESTDIR)$(PREFIX)/lib/cmake/scmodels
	install -m 644 $(SC_HDRS) $(DESTDIR)$(PREFIX)/include/scmodels/
	sed -e 's|@VERSION@|$(VERSION)|g' cmodel/systemc/cmake/scmodelsConfig.cmake.in \
	  > $(DESTDIR)$(PREFIX)/lib/cmake/scmodels/scmodelsConfig.cmake
	sed -e 's|@PAPER@|scmodels|g' -e 's|@VERSION@|$(VERSION)|g' cmodel/cmake/PaperConfigVersion.cmake.in \
	  > $(DESTDIR)$(PREFIX)/lib/cmake/scmodels/scmodelsConfigVersion.cmake

uninstall-systemc:
	@rm -f $(addprefix $(DESTDIR)$(PREFIX)/include/scmodels/,$(notdir $(SC_HDRS))) \
	  $(DESTDIR)$(PREFIX)/lib/cmake/scmodels/scmodelsConfig.cmake \
	  $(DESTDIR)$(PREFIX)/lib/cmake/scmodels/scmodelsConfigVersion.cmake
	@rmdir $(DESTDIR)$(PREFIX)/include/scmodels $(DESTDIR)$(PREFIX)/lib/cmake/scmodels 2>/dev/null; true
