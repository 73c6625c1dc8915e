/*
 * options.h - the command line every lockstep harness takes (tb/common):
 * the options, their parser and the usage text. Anything the engine does not
 * know (an unknown option, a stray word, a +plusarg, a value that is not a
 * whole number) is an error, never dropped.
 */
#ifndef LOCKSTEP_OPTIONS_H
#define LOCKSTEP_OPTIONS_H

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <string>

namespace lockstep {

// ---- Options of one run.
struct Options {
  uint64_t seed = 0;
  uint64_t cycles = 0;          // 0: the harness default
  uint64_t cycle_cap = 0;       // 0: none; else the default is at most this
  bool trace = false;
  std::string trace_file;
  std::string vectors_file;
  std::string wrapper_file;
  std::string out_dir = ".";
  uint64_t max_errors = 1;
  bool allow_missing = false;
  bool raw_bench = false;       // time lockstep, then the same inputs with no comparison
  bool quiet = false;
  std::string gtkw_file;        // write a GTKWave save file for the trace and exit
  uint64_t inject_cycle = UINT64_MAX;  // flip one expected output bit at this cycle
  bool print_default_cycles = false;   // print the harness's default cycles and exit
  std::string workload;         // a named workload (power activity), or empty: the harness's own stimulus
};


// ---- Command line.
inline void usage(const char *prog, const char *name) {
  std::fprintf(stderr,
    "usage: %s [options]   lockstep co-simulation of %s against its C model\n"
    "  --seed N          random seed (0: pick one and print it)\n"
    "  --cycles N        cycles to check (default: the harness's)\n"
    "  --cycle-cap N     without --cycles: the harness's default, at most N\n"
    "  --trace[=FILE]    write an FST waveform of the whole run (off by default)\n"
    "  --vectors FILE    write applied inputs and expected outputs as hex lines\n"
    "  --wrapper FILE    write the flat-port Verilog wrapper for the replays\n"
    "  --max-errors N    mismatch lines before stopping (default 1)\n"
    "  --out-dir DIR     where the waveform of a failing run goes (default .)\n"
    "  --allow-missing-bins  do not fail on required coverage bins never hit\n"
    "  --bench           also time the same inputs with no model and no comparison\n"
    "  --quiet           no per-bin coverage listing\n"
    "  --gtkw FILE       write a GTKWave save file for the --trace waveform and exit\n"
    "  --inject-mismatch N  flip one expected output bit at cycle N (tests the failure path)\n"
    "  --default-cycles  print the harness's default cycle count and exit\n"
    "  --workload NAME   a named workload instead of the harness's stimulus (power\n"
    "                    activity; a harness lists its names in kWorkloads)\n"
    "Any other argument (a +plusarg included: the model is given none) is an error.\n"
    "On a terminal (stderr), a run prints a heartbeat line at most every 10 s.\n", prog, name);
}

// A whole decimal or 0x number; anything else is an error, not a zero.
inline bool parse_u64(const std::string &s, uint64_t &out) {
  if (s.empty() || s[0] == '-' || s[0] == '+') return false;
  char *end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(s.c_str(), &end, 0);
  if (errno || !end || *end) return false;
  out = (uint64_t)v;
  return true;
}
// --cycles also takes a count like 1e7 (a whole number).
inline bool parse_count(const std::string &s, uint64_t &out) {
  if (parse_u64(s, out)) return true;
  char *end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (!end || *end || !(d >= 0) || d > 1.8e19 || d != (double)(uint64_t)d) return false;
  out = (uint64_t)d;
  return true;
}

inline bool parse(int argc, char **argv, Options &o, const char *name) {
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    auto val = [&](const std::string &key, std::string &out) -> bool {
      if (a == key && i + 1 < argc) { out = argv[++i]; return true; }
      if (a.rfind(key + "=", 0) == 0) { out = a.substr(key.size() + 1); return true; }
      return false;
    };
    std::string v;
    auto num = [&](const char *key, bool count, uint64_t &out) -> bool {
      if (count ? parse_count(v, out) : parse_u64(v, out)) return true;
      std::fprintf(stderr, "%s: %s: not a number: '%s'\n", name, key, v.c_str());
      return false;
    };
    if (val("--seed", v)) { if (!num("--seed", false, o.seed)) return false; }
    else if (val("--cycles", v)) { if (!num("--cycles", true, o.cycles)) return false; }
    else if (val("--cycle-cap", v)) { if (!num("--cycle-cap", true, o.cycle_cap)) return false; }
    else if (a == "--trace") o.trace = true;
    else if (a.rfind("--trace=", 0) == 0) { o.trace = true; o.trace_file = a.substr(8); }
    else if (val("--vectors", v)) o.vectors_file = v;
    else if (val("--wrapper", v)) o.wrapper_file = v;
    else if (val("--max-errors", v)) { if (!num("--max-errors", false, o.max_errors)) return false; }
    else if (val("--out-dir", v)) o.out_dir = v;
    else if (a == "--allow-missing-bins") o.allow_missing = true;
    else if (a == "--bench") o.raw_bench = true;
    else if (a == "--quiet") o.quiet = true;
    else if (val("--gtkw", v)) o.gtkw_file = v;
    else if (val("--inject-mismatch", v)) { if (!num("--inject-mismatch", false, o.inject_cycle)) return false; }
    else if (a == "--default-cycles") o.print_default_cycles = true;
    else if (val("--workload", v)) o.workload = v;
    else if (a == "--help" || a == "-h") { usage(argv[0], name); return false; }
    else {
      // Nothing is dropped: the Verilated model is given no command line
      // (commandArgs is empty), so a +plusarg would silently do nothing.
      if (!a.empty() && a[0] == '+')
        std::fprintf(stderr, "%s: unknown argument '%s': the engine passes no +plusarg to the model\n", name, a.c_str());
      else if (a.rfind("-", 0) == 0)
        std::fprintf(stderr, "%s: unknown option '%s'%s\n", name, a.c_str(),
                     i + 1 == argc && a.find('=') == std::string::npos ? " (or its value missing)" : "");
      else
        std::fprintf(stderr, "%s: unexpected argument '%s'\n", name, a.c_str());
      usage(argv[0], name);
      return false;
    }
  }
  if (o.max_errors == 0) o.max_errors = 1;
  return true;
}

// --seed 0: a seed from the clock (printed by the run, so it reproduces).
inline uint64_t pick_seed() {
  uint64_t t = (uint64_t)std::chrono::high_resolution_clock::now().time_since_epoch().count();
  return (t ^ (t >> 29) ^ 0x5eed) % 1000000007ull + 1;
}

}  // namespace lockstep

#endif
