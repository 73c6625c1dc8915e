# libFuzzer entry for the TileLens C model (clang from Debian, runtime from
# libclang-rt-14-dev). The model's sources are compiled into the fuzz binary
# with coverage and ASan/UBSan instrumentation. Seed corpus: cmodel/fuzz/corpus/
# (regenerate with `make fuzz-corpus`); inputs found by a run go to build/fuzz/.

FUZZ_CC      ?= clang
FUZZ_CFLAGS  := $(CSTD) $(CWARN) -g -O1 -fsanitize=fuzzer,address,undefined \
                -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_SECONDS ?= 20
FUZZ_REGRESS_SECONDS ?= 600

$(BUILD)/fuzz/fuzz_tilelens: cmodel/fuzz/fuzz_tilelens.c cmodel/fuzz/tl_fuzz_input.h \
    cmodel/test/tilelens/tl_test_ref.h $(tilelens_SRCS) $(tilelens_HDRS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Icmodel/include -Icmodel/src/tilelens -o $@ $< $(tilelens_SRCS)

$(BUILD)/fuzz/gen_corpus: cmodel/fuzz/gen_corpus.c cmodel/fuzz/tl_fuzz_input.h \
    cmodel/test/tilelens/tl_test_ref.h $(BUILD)/lib/libtilelens.a $(tilelens_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CWARN) -O2 -Icmodel/include -o $@ $< $(BUILD)/lib/libtilelens.a

.PHONY: fuzz-corpus check-tilelens-fuzz regress-tilelens-fuzz fuzz-cc

# The fuzz group is registered whether or not clang is installed when the
# Makefile is read (on a fresh machine `deps` installs it later); without
# it the group fails here, first.
fuzz-cc:
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { \
	  echo "check-tilelens-fuzz: $(FUZZ_CC) not on PATH (make deps installs clang and libclang-rt-14-dev)"; exit 1; }
# Rewrites the seed corpus in the repository (deterministic).
fuzz-corpus: $(BUILD)/fuzz/gen_corpus
	rm -rf cmodel/fuzz/corpus && mkdir -p cmodel/fuzz/corpus
	$< cmodel/fuzz/corpus

# Short run from the seed corpus only (make test); SEED=n fixes libFuzzer's
# seed. First: the seed corpus in the repository is what gen_corpus writes,
# and every seed still has the status it was made for.
check-tilelens-fuzz: fuzz-cc $(BUILD)/fuzz/fuzz_tilelens $(BUILD)/fuzz/gen_corpus
	@rm -rf $(BUILD)/fuzz/corpus-check && mkdir -p $(BUILD)/fuzz/corpus-check
	@$(BUILD)/fuzz/gen_corpus $(BUILD)/fuzz/corpus-check >/dev/null && \
	  diff -r -q $(BUILD)/fuzz/corpus-check cmodel/fuzz/corpus && \
	  echo "seed corpus: $$(ls cmodel/fuzz/corpus | wc -l) files, as gen_corpus writes them, each with its intended status"
	@bash cmodel/fuzz/run_fuzz.sh $(BUILD)/fuzz/fuzz_tilelens $(FUZZ_SECONDS) $(BUILD)/fuzz/short $(SEED) fresh

# Long run (make regress), keeping what it finds in build/fuzz/regress for
# the next run; SHARD=i/N gives each shard its own seed and corpus folder.
regress-tilelens-fuzz: fuzz-cc $(BUILD)/fuzz/fuzz_tilelens
	@bash cmodel/fuzz/run_fuzz.sh $(BUILD)/fuzz/fuzz_tilelens $(FUZZ_REGRESS_SECONDS) \
	  $(BUILD)/fuzz/regress-$(subst /,-of-,$(SHARD)) $(SEED) keep $(SHARD)

TEST_GROUPS_TILELENS += check-tilelens-fuzz
REGRESS_TARGETS      += regress-tilelens-fuzz
