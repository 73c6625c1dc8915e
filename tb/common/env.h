/*
 * env.h - what a lockstep harness sees (tb/common): the environment of a
 * run (options, random source, coverage, cycle), the optional harness hooks,
 * the result of a run and the engine's entry points other parts call.
 */
#ifndef LOCKSTEP_ENV_H
#define LOCKSTEP_ENV_H

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "verilated.h"

#include "coverage.h"
#include "options.h"
#include "ports.h"
#include "rng.h"

namespace lockstep {

struct Env {
  Options opt;
  Rng rng;
  Coverage cov;
  uint64_t cyc = 0;             // current cycle
  uint64_t cycles = 0;          // cycles of this run
  // A harness-level check beyond the per-cycle comparison (for example a
  // property of the DUT's whole request stream): a failed one counts as a
  // mismatch of the current cycle and is printed with its message.
  std::string failed;
  void check(bool ok, const std::string &what) {
    if (!ok && failed.empty()) failed = what;
  }
};

// ---- Optional harness hook: init(Dut&) before cycle 0.
template <class H, class D, class = void> struct HasInit : std::false_type {};
template <class H, class D>
struct HasInit<H, D, decltype(std::declval<H &>().init(std::declval<D &>()), void())> : std::true_type {};
template <class H, class D>
inline void call_init(H &h, D &d, std::true_type) { h.init(d); }
template <class H, class D>
inline void call_init(H &, D &, std::false_type) {}

// ---- Optional harness hook: observe(Env&, Dut&) after each comparison, to
// watch the DUT's own outputs (e.g. collect a request stream) and call
// env.check().
template <class H, class D, class = void> struct HasObserve : std::false_type {};
template <class H, class D>
struct HasObserve<H, D, decltype(std::declval<H &>().observe(std::declval<Env &>(), std::declval<D &>()), void())>
    : std::true_type {};

// Optional: static constexpr const char *kWorkloads = "name1 name2";  the
// named workloads the harness drives on --workload NAME (tb/common/README.md).
template <class H, class = void> struct HasWorkloads : std::false_type {};
template <class H>
struct HasWorkloads<H, decltype((void)H::kWorkloads, void())> : std::true_type {};
template <class H> inline const char *workload_names() {
  if constexpr (HasWorkloads<H>::value) return H::kWorkloads; else return "";
}
// Whether NAME is one of the harness's workloads (a whole word of kWorkloads).
inline bool workload_listed(const std::string &names, const std::string &name) {
  std::string padded = " " + names + " ";
  return !name.empty() && name.find(' ') == std::string::npos && padded.find(" " + name + " ") != std::string::npos;
}

// ---- One simulation run. Returns the cycle of the first mismatch or UINT64_MAX.
struct RunResult {
  uint64_t checked = 0;
  uint64_t mismatches = 0;
  uint64_t first_bad = UINT64_MAX;
  double cpu_seconds = 0;       // CPU time of the simulating thread
  double seconds = 0;
};


// One simulation run (lockstep.h): trace_file (empty: none) from cycle
// trace_from on, the inputs appended to capture when given, mismatch lines
// printed when print_errors.
template <class H>
RunResult simulate(Env &env, const std::string &trace_file, uint64_t trace_from, std::vector<uint64_t> *capture,
                   bool print_errors);

// The harness's port list (names, widths, out_if flags), from a scratch model.
template <class H>
inline ListVisitor port_list(const Options &opt) {
  Env e2;
  e2.opt = opt;
  H h(e2);
  VerilatedContext lctx;
  typename H::Dut ldut(&lctx, "TOP");
  typename H::Exp exp{};
  ListVisitor lv;
  h.ports(lv, ldut, exp);
  return lv;
}

}  // namespace lockstep

#endif
