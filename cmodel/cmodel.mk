# C models: one static and one shared library per paper, one Criterion test
# binary per paper (plain and sanitized), one benchmark per paper.

PAPERS := tilelens fiber

# Per-paper compile flags of the library objects. A paper whose header marks
# its API (TL_API in include/tilelens/export.h) is built with hidden
# visibility, so its shared library exports the API only (FB_API in
# include/fiber/export.h for fiber; see README, "Library"). fiber also
# takes -fno-semantic-interposition: its exported per-cycle functions call
# each other inside one file (fb_bm_index from fb_bm_step), and without it
# -fPIC keeps those calls out of line (the bitmap step measured 103 -> 58 ns).
tilelens_LIBFLAGS := -fvisibility=hidden
fiber_LIBFLAGS    := -fvisibility=hidden -fno-semantic-interposition

define paper_lib
$(1)_SRCS   := $$(wildcard cmodel/src/$(1)/*.c)
$(1)_OBJS   := $$(patsubst cmodel/src/%.c,$(BUILD)/obj/%.o,$$($(1)_SRCS))
$(1)_SOBJS  := $$(patsubst cmodel/src/%.c,$(BUILD)/obj-san/%.o,$$($(1)_SRCS))
$(1)_TSRCS  := $$(wildcard cmodel/test/$(1)/*.c)
$(1)_HDRS   := cmodel/include/$(1).h $$(wildcard cmodel/include/$(1)/*.h cmodel/src/$(1)/*.h)

$(BUILD)/lib/lib$(1).a: $$($(1)_OBJS)
	@mkdir -p $$(@D)
	rm -f $$@ && ar rcs $$@ $$^

$(BUILD)/lib/lib$(1).so.$(VERSION): $$($(1)_OBJS)
	@mkdir -p $$(@D)
	$(CC) -shared -Wl,-soname,lib$(1).so.$(SOVERSION) -o $$@ $$^

$(BUILD)/lib/lib$(1).so: $(BUILD)/lib/lib$(1).so.$(VERSION)
	ln -sf lib$(1).so.$(VERSION) $(BUILD)/lib/lib$(1).so.$(SOVERSION)
	ln -sf lib$(1).so.$(VERSION) $$@

$(BUILD)/lib/lib$(1)-san.a: $$($(1)_SOBJS)
	@mkdir -p $$(@D)
	rm -f $$@ && ar rcs $$@ $$^

$(BUILD)/test/$(1)/cmodel_tests: $$($(1)_TSRCS) $(BUILD)/lib/lib$(1).a $$($(1)_HDRS)
	@mkdir -p $$(@D)
	$(CC) $(CSTD) $(CWARN) -O2 -DEXPECT_VERSION='"$(VERSION)"' -Icmodel/include -Icmodel/src/$(1) -o $$@ $$($(1)_TSRCS) $(BUILD)/lib/lib$(1).a -lcriterion -lm

$(BUILD)/test/$(1)/cmodel_tests_san: $$($(1)_TSRCS) $(BUILD)/lib/lib$(1)-san.a $$($(1)_HDRS)
	@mkdir -p $$(@D)
	$(CC) $(CSTD) $(CWARN) $(SANFLAGS) -DEXPECT_VERSION='"$(VERSION)"' -Icmodel/include -Icmodel/src/$(1) -o $$@ $$($(1)_TSRCS) $(BUILD)/lib/lib$(1)-san.a -lcriterion -lm

$(BUILD)/bench/bench_$(1): cmodel/bench/bench_$(1).c $(BUILD)/lib/lib$(1).a $$($(1)_HDRS)
	@mkdir -p $$(@D)
	$(CC) $(CSTD) $(CWARN) -O2 -Icmodel/include -Icmodel/src/$(1) -o $$@ $$< $(BUILD)/lib/lib$(1).a -lm

.PHONY: check-$(1)-cmodel check-$(1)-cmodel-san bench-$(1)-cmodel
check-$(1)-cmodel: $(BUILD)/test/$(1)/cmodel_tests
	$$< --jobs=2
check-$(1)-cmodel-san: $(BUILD)/test/$(1)/cmodel_tests_san
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $$< --jobs=2
bench-$(1)-cmodel: $(BUILD)/bench/bench_$(1)
	$$<
endef

$(BUILD)/obj/%.o: cmodel/src/%.c $(wildcard cmodel/include/*.h cmodel/include/*/*.h) $(wildcard cmodel/src/*/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_LIB) $($(firstword $(subst /, ,$*))_LIBFLAGS) -Icmodel/src/$(firstword $(subst /, ,$*)) -c $< -o $@

$(BUILD)/obj-san/%.o: cmodel/src/%.c $(wildcard cmodel/include/*.h cmodel/include/*/*.h) $(wildcard cmodel/src/*/*.h)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CWARN) $(SANFLAGS) -fPIC -Icmodel/include -Icmodel/src/$(firstword $(subst /, ,$*)) -c $< -o $@

$(foreach p,$(PAPERS),$(eval $(call paper_lib,$(p))))

LIBS_BUILT := $(foreach p,$(PAPERS),$(if $($(p)_SRCS),$(BUILD)/lib/lib$(p).a $(BUILD)/lib/lib$(p).so))

lib: $(LIBS_BUILT)

TEST_GROUPS_TILELENS += $(if $(tilelens_TSRCS),check-tilelens-cmodel check-tilelens-cmodel-san)
TEST_GROUPS_FIBER    += $(if $(fiber_TSRCS),check-fiber-cmodel check-fiber-cmodel-san)
BENCH_TARGETS        += $(foreach p,$(PAPERS),$(if $(wildcard cmodel/bench/bench_$(p).c),bench-$(p)-cmodel))

# Installation: headers (include/<paper>.h, include/<paper>/*.h), static and
# versioned shared libraries, pkg-config files and CMake package files
# (lib/cmake/<paper>/, generated from cmodel/cmake/*.cmake.in, relocatable).
CMAKE_TEMPLATES := cmodel/cmake/PaperConfig.cmake.in cmodel/cmake/PaperConfigVersion.cmake.in

install: lib
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 cmodel/include/*.h $(DESTDIR)$(PREFIX)/include/
	@set -e; for p in $(PAPERS); do \
	  [ -f $(BUILD)/lib/lib$$p.a ] || continue; \
	  if [ -d cmodel/include/$$p ]; then \
	    install -d $(DESTDIR)$(PREFIX)/include/$$p; \
	    install -m 644 cmodel/include/$$p/*.h $(DESTDIR)$(PREFIX)/include/$$p/; \
	  fi; \
	  install -m 644 $(BUILD)/lib/lib$$p.a $(DESTDIR)$(PREFIX)/lib/; \
	  install -m 755 $(BUILD)/lib/lib$$p.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/; \
	  ln -sf lib$$p.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/lib$$p.so.$(SOVERSION); \
	  ln -sf lib$$p.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/lib$$p.so; \
	  sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' cmodel/$$p.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/$$p.pc; \
	  install -d $(DESTDIR)$(PREFIX)/lib/cmake/$$p; \
	  for t in Config ConfigVersion; do \
	    sed -e "s|@PAPER@|$$p|g" -e 's|@VERSION@|$(VERSION)|g' -e 's|@SOVERSION@|$(SOVERSION)|g' \
	      cmodel/cmake/Paper$$t.cmake.in > $(DESTDIR)$(PREFIX)/lib/cmake/$$p/$$p$$t.cmake; \
	  done; \
	done

uninstall:
	@for p in $(PAPERS); do \
	  rm -f $(DESTDIR)$(PREFIX)/include/$$p.h $(DESTDIR)$(PREFIX)/lib/lib$$p.a \
	    $(DESTDIR)$(PREFIX)/lib/lib$$p.so* $(DESTDIR)$(PREFIX)/lib/pkgconfig/$$p.pc \
	    $(DESTDIR)$(PREFIX)/lib/cmake/$$p/$$p*.cmake; \
	  for h in cmodel/include/$$p/*.h; do \
	    [ -f "$$h" ] && rm -f $(DESTDIR)$(PREFIX)/include/$$p/$${h##*/}; \
	  done; \
	  rmdir $(DESTDIR)$(PREFIX)/include/$$p $(DESTDIR)$(PREFIX)/lib/cmake/$$p 2>/dev/null; \
	  true; \
	done
