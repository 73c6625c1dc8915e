/*
 * lockstep.h - the lockstep co-simulation engine shared by every harness.
 *
 * A harness is one class that names its Verilated model and lists its
 * ports; the engine owns everything else. This file is its core: the cycle
 * loop (simulate) and the run (run). Each other job has its own header:
 *   rng.h       the seeded random source (env.rng)
 *   coverage.h  coverage bins (env.cov)
 *   options.h   the command line
 *   env.h       what a harness sees: Env, the optional hooks, RunResult
 *   ports.h     port values as words, comparison, port list, width checks
 *   format.h    ports as text: the mismatch line, the heartbeat
 *   vectors.h   hex vector files and the flat wrapper of the Icarus replays
 *   waves.h     the FST of a failing run and its GTKWave save file
 *   bench.h     the benchmark mode (--bench): raw rate of the same inputs
 *   stim.h      shared stimulus of the sequential harnesses: reset
 *               schedule, ready profiles, directed-then-random cases
 *   fault_cross.h  crossed error-priority bins
 * A harness includes only this file (and stim.h / fault_cross.h when it
 * uses them). tb/common/README.md shows a complete harness.
 *
 * Harness contract (class H, run with lockstep::run<H>(argc, argv)):
 *   using Dut = V<top>;                     the Verilated model
 *   static constexpr const char *kName;     block name, used in reports
 *   static constexpr bool kClocked;         drive clk_i (one clock per cycle)
 *   static constexpr uint64_t kDefaultCycles;
 *   struct Exp { ... };                     expected outputs, port-typed
 *   explicit H(lockstep::Env &env);         register coverage bins here
 *   template <class V> void ports(V &v, Dut &d, Exp &e);
 *       v.in("a_i", W, d.a_i);                     every input, in order
 *       v.out("y_o", W, d.y_o, e.y);               every output, compared
 *       v.out_if(care, "p_o", W, d.p_o, e.p);      compared when care is true
 *   void step(lockstep::Env &env, Dut &d, Exp &e);
 *       one cycle: write the inputs to d, compute e with the C model (for a
 *       clocked block: this cycle's outputs, then advance the model's state
 *       to the coming clock edge), count coverage.
 *   optional: void init(Dut &d)  (before cycle 0, e.g. an edge on rst_ni);
 *             void observe(Env &env, Dut &d)  (after each comparison: read
 *             the DUT's outputs, env.check(ok, "what") for whole-stream
 *             properties; a failed check is a mismatch).
 *
 * Cycle n: step(); clk_i = 0; eval(); compare every output; clk_i = 1;
 * eval(). Combinational blocks skip the clock.
 *
 * Every FST the engine writes can be opened with a GTKWave save file built
 * from the same port list (write_gtkw): one is written beside the waveform
 * of a failing run, and --gtkw FILE writes one for a --trace run and exits.
 */
#ifndef LOCKSTEP_H
#define LOCKSTEP_H

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "verilated.h"
#include "verilated_fst_c.h"

#include "bench.h"
#include "coverage.h"
#include "env.h"
#include "format.h"
#include "options.h"
#include "ports.h"
#include "rng.h"
#include "vectors.h"
#include "waves.h"

namespace lockstep {

// ---- One simulation run: every cycle, step; clock low; eval; compare; clock high.
template <class H>
RunResult simulate(Env &env, const std::string &trace_file, uint64_t trace_from, std::vector<uint64_t> *capture,
                   bool print_errors) {
  using Dut = typename H::Dut;
  RunResult r;
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->randReset(2);
  ctx->randSeed((int)(env.opt.seed & 0x7fffffff));
  const char *noargs[] = {"lockstep"};
  ctx->commandArgs(1, noargs);                     // the model sees no plusargs
  if (!trace_file.empty()) ctx->traceEverOn(true);
  auto dut = std::make_unique<Dut>(ctx.get(), "TOP");
  H h(env);
  typename H::Exp exp{};
  check_ports(h, *dut, exp);
  std::unique_ptr<VerilatedFstC> tfp;
  if (!trace_file.empty()) { tfp = std::make_unique<VerilatedFstC>(); dut->trace(tfp.get(), 99); tfp->open(trace_file.c_str()); }
  auto dump = [&](uint64_t t, uint64_t c) { if (tfp && c >= trace_from) tfp->dump(t); };
  FILE *vf = nullptr;
  if (!env.opt.vectors_file.empty() && print_errors && !(vf = std::fopen(env.opt.vectors_file.c_str(), "w"))) {
    std::perror(env.opt.vectors_file.c_str());
    std::exit(2);
  }
  call_init(h, *dut, HasInit<H, Dut>{});
  Heartbeat beat(H::kName, print_errors);
  double cpu0 = cpu_seconds();
  for (uint64_t c = 0; c < env.cycles; c++) {
    env.cyc = c;
    beat.tick(c, env.cycles);
    h.step(env, *dut, exp);
    if (capture) { CaptureVisitor cv{capture}; h.ports(cv, *dut, exp); }
    if constexpr (H::kClocked) dut->clk_i = 0;
    dut->eval();
    dump(2 * c, c);
    if (c == env.opt.inject_cycle) inject_mismatch(h, *dut, exp, c, print_errors);
    CompareVisitor cmp;
    h.ports(cmp, *dut, exp);
    if constexpr (HasObserve<H, Dut>::value) h.observe(env, *dut);
    std::string check_msg;
    if (!env.failed.empty()) { cmp.bad = true; check_msg.swap(env.failed); }
    if (vf) write_vector_line(vf, h, *dut, exp);
    r.checked++;
    bool stop = false;
    if (cmp.bad) {
      if (r.mismatches++ == 0) r.first_bad = c;
      if (print_errors) print_mismatch(h, *dut, exp, c, check_msg);
      stop = r.mismatches >= env.opt.max_errors;
    }
    if constexpr (H::kClocked) { dut->clk_i = 1; dut->eval(); dump(2 * c + 1, c); }
    if (stop) break;
  }
  r.cpu_seconds = cpu_seconds() - cpu0;
  r.seconds = beat.elapsed();
  if (tfp) { tfp->dump(2 * env.cycles + 2); tfp->close(); }
  if (vf) std::fclose(vf);
  dut->final();
  return r;
}

// ---- A run from the command line: exit 0 pass, 1 mismatch, 2 usage or
// harness error, 3 a required coverage bin never hit.
template <class H>
int run(int argc, char **argv) {
  Env env;
  if (!parse(argc, argv, env.opt, H::kName)) return 2;
  if (env.opt.print_default_cycles) { std::printf("%" PRIu64 "\n", (uint64_t)H::kDefaultCycles); return 0; }
  if (!env.opt.workload.empty() && !workload_listed(workload_names<H>(), env.opt.workload)) {
    std::fprintf(stderr, "%s: unknown workload '%s' (this harness has: %s)\n", H::kName, env.opt.workload.c_str(),
                 *workload_names<H>() ? workload_names<H>() : "none");
    return 2;
  }
  if (env.opt.seed == 0 && env.opt.gtkw_file.empty()) {
    env.opt.seed = pick_seed();
    std::printf("%s: --seed 0 picked seed %" PRIu64 "\n", H::kName, env.opt.seed);
  }
  env.rng.seed(env.opt.seed);
  env.cycles = env.opt.cycles ? env.opt.cycles : H::kDefaultCycles;
  if (!env.opt.cycles && env.opt.cycle_cap && env.cycles > env.opt.cycle_cap) env.cycles = env.opt.cycle_cap;
  std::printf("%s: seed %" PRIu64 ", %" PRIu64 " cycles\n", H::kName, env.opt.seed, env.cycles);
  std::fflush(stdout);
  if (!env.opt.wrapper_file.empty() && !write_wrapper<H>(env.opt.wrapper_file, port_list<H>(env.opt).ports)) return 2;
  std::string tf;
  if (env.opt.trace || !env.opt.gtkw_file.empty())
    tf = env.opt.trace_file.empty() ? env.opt.out_dir + "/" + H::kName + ".fst" : env.opt.trace_file;
  if (!env.opt.gtkw_file.empty()) return write_trace_gtkw<H>(env.opt, tf) ? 0 : 2;

  RunResult r = simulate<H>(env, tf, 0, nullptr, true);
  int status = r.mismatches ? 1 : 0;
  std::string fail_fst;
  if (r.mismatches) fail_fst = failure_waveform<H>(env, tf, r.first_bad);
  // Coverage of a run cut short by a mismatch says nothing: complete runs only.
  std::vector<std::string> miss;
  if (!r.mismatches) {
    if (!env.opt.quiet) env.cov.report(stdout);
    miss = env.cov.missing();
  }
  if (!miss.empty()) {
    std::printf("%s: %zu required coverage bin(s) never hit:", H::kName, miss.size());
    for (auto &m : miss) std::printf(" %s", m.c_str());
    std::printf("\n");
    if (!env.opt.allow_missing && !status) status = 3;
  }
  if (env.opt.raw_bench && !r.mismatches) bench_report<H>(env, r);
  double rate = r.seconds > 0 ? (double)r.checked / r.seconds : 0;
  std::printf("SUMMARY %s: %" PRIu64 " cycles checked, %" PRIu64 " mismatches, %zu/%zu bins hit%s, seed %" PRIu64
              ", %.3g Mcycles/s%s%s\n", H::kName, r.checked, r.mismatches, env.cov.hit_bins(), env.cov.size(),
              miss.empty() ? "" : " (required bins missing)", env.opt.seed, rate / 1e6,
              fail_fst.empty() ? "" : ", waveform ", fail_fst.c_str());
  return status;
}

}  // namespace lockstep

#endif
