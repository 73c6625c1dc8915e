# Read by every harness build after V<block>.mk (tb/tb.mk, -MAKEFLAGS -f):
# the trace-change code (V<block>__Trace__N.cpp) runs only when a run traces
# (--trace, or a failing run re-run to dump its waveform); it compiles at -O0,
# 4x faster than at -O2 (22.2 s against 5.6 s of g++ for the pipelined
# split-and-sum). The evaluation code keeps OPT_FAST.
$(foreach f,$(VM_SUPPORT_FAST),$(if $(findstring __Trace__,$(f)),$(f).o)): override OPT_FAST := -O0
