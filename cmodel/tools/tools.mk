# Command-line tools on top of the C model libraries, built into build/bin/,
# and the pictures drawn by them (build/pictures/).

TOOLS_BIN := $(BUILD)/bin

$(TOOLS_BIN)/tilelens-reqs: cmodel/tools/tilelens_reqs.c $(BUILD)/lib/libtilelens.a $(tilelens_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CWARN) -O2 -Icmodel/include -o $@ $< $(BUILD)/lib/libtilelens.a

$(TOOLS_BIN)/tilelens-pagemap: cmodel/tools/tilelens_pagemap.c $(BUILD)/lib/libtilelens.a $(tilelens_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CWARN) -O2 -Icmodel/include -o $@ $< $(BUILD)/lib/libtilelens.a

$(TOOLS_BIN)/fiber-insn: cmodel/tools/fiber_insn.c $(BUILD)/lib/libfiber.a $(fiber_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(CWARN) -O2 -Icmodel/include -o $@ $< $(BUILD)/lib/libfiber.a

HAVE_FIBER_TOOL := $(and $(fiber_SRCS),$(wildcard cmodel/tools/fiber_insn.c))
TOOLS := $(TOOLS_BIN)/tilelens-reqs $(TOOLS_BIN)/tilelens-pagemap \
         $(if $(HAVE_FIBER_TOOL),$(TOOLS_BIN)/fiber-insn)

# Page maps of the paper's two compute tiles (section 6.2): Qwen-3's
# 128 x 256 BF16 tile on a 2048 x 4096 weight matrix, Llama-3.1's 64 x 128
# tile on its 8192 x 28672 FFN matrix; 64 x 32 memory tiles, 4 KB pages.
PICTURES := $(BUILD)/pictures/tilelens_pagemap.svg $(BUILD)/pictures/tilelens_pagemap_llama.svg

$(BUILD)/pictures/tilelens_pagemap.svg: $(TOOLS_BIN)/tilelens-pagemap
	@mkdir -p $(@D)
	$< --matrix 2048x4096 --box 128x256 --at 512,1024 --mem-tile 64x32 -o $@
$(BUILD)/pictures/tilelens_pagemap_llama.svg: $(TOOLS_BIN)/tilelens-pagemap
	@mkdir -p $(@D)
	$< --matrix 8192x28672 --box 64x128 --at 1024,2048 --mem-tile 64x32 -o $@

.PHONY: tools pagemap pictures check-tilelens-tools check-fiber-tools
tools: $(TOOLS)
pagemap: $(PICTURES)
pictures: pagemap

check-tilelens-tools: $(TOOLS_BIN)/tilelens-reqs $(TOOLS_BIN)/tilelens-pagemap
	@bash cmodel/tools/check_tools.sh tilelens $(TOOLS_BIN)
check-fiber-tools: $(TOOLS_BIN)/fiber-insn
	@bash cmodel/tools/check_tools.sh fiber $(TOOLS_BIN)

TEST_GROUPS_TILELENS += check-tilelens-tools
TEST_GROUPS_FIBER    += $(if $(HAVE_FIBER_TOOL),check-fiber-tools)
