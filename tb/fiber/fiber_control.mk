# Knobs of the FIBER control harnesses (busy bitmap, decoder, weft-context
# controller) for the generic rules of tb/tb.mk and tb/fiber/fiber.mk.
#
# fiber_busy_bitmap is co-simulated at its full size, 2048 registers x 4
# replicas (cosim-fiber_busy_bitmap, 1,000,000 cycles), but not replayed:
# its gate-level netlist (2 x 2048 x 4 flops and their write logic) alone
# took Yosys more than 8 minutes. The bitmap's replays (Icarus RTL and gate
# level, the full state of every replica every cycle) run on
# fiber_busy_bitmap_small (48 registers x 3 replicas), and so does its
# gate-level benchmark; bench-fiber_busy_bitmap-full times the full size
# under Verilator only. The three filter-outs below act on the lists
# tb/fiber/fiber.mk builds, so this fragment must be read after it: tb/tb.mk
# includes tb/*/*.mk in sorted order (GNU make 4.3 sorts $(wildcard)), and
# fiber.mk sorts before fiber_control.mk.
FIBER_CONTROL_FULL_ONLY := fiber_busy_bitmap
TEST_GROUPS_FIBER := $(filter-out $(addprefix replay-,$(FIBER_CONTROL_FULL_ONLY)),$(TEST_GROUPS_FIBER))
BENCH_TARGETS     := $(filter-out $(addprefix bench-,$(FIBER_CONTROL_FULL_ONLY)),$(BENCH_TARGETS)) \
                     $(addsuffix -full,$(addprefix bench-,$(FIBER_CONTROL_FULL_ONLY)))
REGRESS_TARGETS   := $(filter-out $(addprefix regress-,$(FIBER_CONTROL_FULL_ONLY)),$(REGRESS_TARGETS))

# Replay sizes. Icarus runs these blocks at a few thousand vectors per CPU
# second (RTL) and, at gate level, at the order of 100 (bitmap, 48 x 3) and
# 3 (weft controller) vectors per CPU second: Yosys writes every multi-bit RTL wire
# as a vector net, and Icarus wakes every reader of a vector net when any of
# its bits changes (the weft controller's state is 256-bit vectors; running
# splitnets before write_verilog in scripts/gatesim_netlist.sh made the same
# gate-level replay 13x faster).
REPLAY_VECTORS_fiber_busy_bitmap_small := 30000
GL_VECTORS_fiber_busy_bitmap_small     := 1000
REPLAY_VECTORS_fiber_weft_ctl          := 30000
GL_VECTORS_fiber_weft_ctl              := 30

.PHONY: bench-fiber_busy_bitmap-full
bench-fiber_busy_bitmap-full: $(TB_DIR)/fiber/fiber_busy_bitmap/obj/Vfiber_busy_bitmap
	@mkdir -p $(TB_DIR)/fiber/fiber_busy_bitmap/bench
	$< --seed 12345 --cycles 1000000 --bench --quiet --allow-missing-bins \
	  | tee $(TB_DIR)/fiber/fiber_busy_bitmap/bench/lockstep.log | grep -E '^(BENCH|SUMMARY)'
