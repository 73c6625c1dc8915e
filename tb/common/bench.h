/*
 * bench.h - the benchmark mode of a lockstep harness (--bench; make bench,
 * tb/common/bench.sh): the run's inputs captured (a window of at most
 * 200,000 cycles), replayed into a fresh Verilated model with no stimulus,
 * no C model and no comparison, and both rates printed. Rates are per CPU
 * second of the simulating thread, so a loaded machine does not move them.
 */
#ifndef LOCKSTEP_BENCH_H
#define LOCKSTEP_BENCH_H

#include <cstdint>
#include <cstdio>
#include <ctime>
#include <memory>
#include <vector>

#include "env.h"
#include "ports.h"

namespace lockstep {

// Inputs captured to / restored from a word stream (benchmark raw mode).
struct CaptureVisitor {
  std::vector<uint64_t> *buf;
  template <class T> void in(const char *, int w, T &v) {
    PortWords<T> words = {0};
    to_words(v, words, w);
    for (int i = 0; i < nwords64(w); i++) buf->push_back(words[i]);
  }
  template <class T> void out(const char *, int, const T &, const T &) {}
  template <class T> void out_if(bool, const char *, int, const T &, const T &) {}
};
struct RestoreVisitor {
  const uint64_t *p;
  template <class T> void in(const char *, int w, T &v) {
    from_words(v, p, w);
    p += nwords64(w);
  }
  template <class T> void out(const char *, int, const T &, const T &) {}
  template <class T> void out_if(bool, const char *, int, const T &, const T &) {}
};

inline double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// Raw mode (CPU seconds): the captured inputs into a fresh model, no C model, no comparison.
template <class H>
double simulate_raw(const Env &env, const std::vector<uint64_t> &buf, uint64_t cycles, int repeat) {
  using Dut = typename H::Dut;
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->randReset(2);
  ctx->randSeed((int)(env.opt.seed & 0x7fffffff));
  auto dut = std::make_unique<Dut>(ctx.get(), "TOP");
  Env scratch;
  scratch.opt = env.opt;
  H h(scratch);
  typename H::Exp exp{};
  call_init(h, *dut, HasInit<H, Dut>{});
  uint64_t sink = 0;
  double t0 = cpu_seconds();
  for (int k = 0; k < repeat; k++) {
    RestoreVisitor rv{buf.data()};
    for (uint64_t c = 0; c < cycles; c++) {
      h.ports(rv, *dut, exp);
      if constexpr (H::kClocked) dut->clk_i = 0;
      dut->eval();
      if constexpr (H::kClocked) { dut->clk_i = 1; dut->eval(); }
      sink += 1;
    }
  }
  double t1 = cpu_seconds();
  dut->final();
  if (sink == 0) std::printf(" ");
  return t1 - t0;
}

// The BENCH line: lockstep rate (checked cycles per CPU second of the run
// just made) against the raw rate of the same inputs.
template <class H>
inline void bench_report(const Env &env, const RunResult &r) {
  Env e3;
  e3.opt = env.opt;
  e3.opt.vectors_file.clear();
  e3.rng.seed(env.opt.seed);
  e3.cycles = env.cycles < 200000 ? env.cycles : 200000;
  std::vector<uint64_t> buf;
  simulate<H>(e3, "", 0, &buf, false);
  int repeat = (int)((env.cycles + e3.cycles - 1) / e3.cycles);
  double raw_s = simulate_raw<H>(env, buf, e3.cycles, repeat);
  double rate = r.cpu_seconds > 0 ? (double)r.checked / r.cpu_seconds : 0;
  double raw_rate = raw_s > 0 ? (double)e3.cycles * repeat / raw_s : 0;
  std::printf("BENCH %s lockstep=%.4g raw=%.4g ratio=%.3f (checked cycles per CPU second; raw: same inputs, no model, "
              "no compare)\n", H::kName, rate, raw_rate, raw_rate > 0 ? rate / raw_rate : 0.0);
}

}  // namespace lockstep

#endif
