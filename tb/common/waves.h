/*
 * waves.h - waveforms of a lockstep run (tb/common): the GTKWave save file
 * for an FST the engine writes (signals named as Verilator names them,
 * grouped: clock and reset, inputs, outputs, outputs compared under a
 * condition, error outputs), and the waveform of a failing run: the same
 * seed re-run with tracing over the last 100,000 cycles before the first
 * mismatch, a save file beside it with the marker at that cycle.
 */
#ifndef LOCKSTEP_WAVES_H
#define LOCKSTEP_WAVES_H

#include <climits>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "env.h"
#include "ports.h"

namespace lockstep {

// ---- GTKWave save file for an FST of this harness. Signals are named as
// Verilator writes them (the model is "TOP": TOP.<port>, vectors with their
// range, TOP.<block>.<signal> inside the DUT) and grouped: clock and reset,
// inputs, outputs, outputs compared under a condition (out_if), error
// outputs (names containing "err"). `marker` (a dump time, or -1) sets the
// primary marker, e.g. at a failing cycle.
inline std::string gtkw_name(const PortInfo &p) {
  std::string n = "TOP." + p.name;
  if (p.width > 1) n += "[" + std::to_string(p.width - 1) + ":0]";
  return n;
}
// Ports a harness compares in pieces ("empty_o[4095:0]", ...) are one signal
// of the FST: merge them into the whole port.
inline void gtkw_merge_slices(std::vector<PortInfo> &ports, std::vector<bool> &cond) {
  std::vector<PortInfo> out;
  std::vector<bool> oc;
  for (size_t i = 0; i < ports.size(); i++) {
    PortInfo p = ports[i];
    size_t br = p.name.find('[');
    if (br != std::string::npos) {
      int msb = std::atoi(p.name.c_str() + br + 1);
      p.name = p.name.substr(0, br);
      p.width = msb + 1;
    }
    size_t j = 0;
    while (j < out.size() && !(out[j].name == p.name && out[j].is_in == p.is_in)) j++;
    if (j < out.size()) {
      if (p.width > out[j].width) out[j].width = p.width;
    } else {
      out.push_back(p);
      oc.push_back(cond[i]);
    }
  }
  ports.swap(out);
  cond.swap(oc);
}
inline std::string abs_path(const std::string &file) {
  if (!file.empty() && file[0] == '/') return file;
  char buf[PATH_MAX];
  if (!::realpath(".", buf)) return file;
  return std::string(buf) + "/" + (file.rfind("./", 0) == 0 ? file.substr(2) : file);
}
template <class H>
inline bool write_gtkw(const std::string &file, const std::string &fst, std::vector<PortInfo> ports,
                       std::vector<bool> conditional, int64_t marker) {
  gtkw_merge_slices(ports, conditional);
  FILE *f = std::fopen(file.c_str(), "w");
  if (!f) { std::perror(file.c_str()); return false; }
  std::fprintf(f, "[*] GTKWave save file written by the lockstep engine for %s: do not edit.\n"
                  "[*] Open with: gtkwave %s\n", H::kName, file.c_str());
  std::fprintf(f, "[dumpfile] \"%s\"\n[savefile] \"%s\"\n[timestart] %lld\n",
               abs_path(fst).c_str(), abs_path(file).c_str(), (long long)(marker > 40 ? marker - 40 : 0));
  std::fprintf(f, "[size] 1400 800\n[pos] -1 -1\n*-4.000000 %lld", (long long)marker);
  for (int i = 0; i < 26; i++) std::fprintf(f, " -1");
  std::fprintf(f, "\n[treeopen] TOP.\n[treeopen] TOP.%s.\n[sst_width] 240\n[signals_width] 260\n"
                  "[sst_expanded] 1\n[sst_vpaned_height] 220\n", H::kName);
  auto is_rst = [](const PortInfo &p) {
    return p.is_in && p.width == 1 && (p.name.rfind("rst", 0) == 0 || p.name.rfind("reset", 0) == 0);
  };
  auto is_err = [](const PortInfo &p) { return !p.is_in && p.name.find("err") != std::string::npos; };
  auto group = [&](const char *title, auto pick) {
    std::vector<const PortInfo *> sel;
    bool clk = std::string(title) == "Clock and reset" && H::kClocked;
    for (size_t i = 0; i < ports.size(); i++)
      if (pick(ports[i], i)) sel.push_back(&ports[i]);
    if (sel.empty() && !clk) return;
    std::fprintf(f, "@800200\n-%s\n", title);
    if (clk) std::fprintf(f, "@28\nTOP.clk_i\n");
    for (auto *p : sel) std::fprintf(f, "%s\n%s\n", p->width > 1 ? "@22" : "@28", gtkw_name(*p).c_str());
    std::fprintf(f, "@1000200\n-%s\n", title);
  };
  group("Clock and reset", [&](const PortInfo &p, size_t) { return is_rst(p); });
  group("Inputs", [&](const PortInfo &p, size_t) { return p.is_in && !is_rst(p); });
  group("Outputs", [&](const PortInfo &p, size_t i) { return !p.is_in && !is_err(p) && !conditional[i]; });
  group("Outputs compared when valid", [&](const PortInfo &p, size_t i) {
    return !p.is_in && !is_err(p) && conditional[i];
  });
  group("Error outputs", [&](const PortInfo &p, size_t) { return is_err(p); });
  std::fprintf(f, "[pattern_trace] 1\n[pattern_trace] 0\n");
  std::fclose(f);
  return true;
}

// --gtkw FILE: the save file of a --trace run (the same --out-dir or
// --trace=FILE); no simulation.
template <class H>
inline bool write_trace_gtkw(const Options &opt, const std::string &fst) {
  ListVisitor lv = port_list<H>(opt);
  if (!write_gtkw<H>(opt.gtkw_file, fst, lv.ports, lv.conditional, -1)) return false;
  std::printf("%s: GTKWave save file %s for %s\n", H::kName, opt.gtkw_file.c_str(), fst.c_str());
  return true;
}

// The waveform of a failing run (or the --trace file of this run) and its
// save file; returns the FST's name.
template <class H>
inline std::string failure_waveform(const Env &env, const std::string &trace_file, uint64_t first_bad) {
  std::string fst = trace_file;
  if (fst.empty()) {
    fst = env.opt.out_dir + "/" + H::kName + "-fail-seed" + std::to_string(env.opt.seed) + ".fst";
    Env e2;
    e2.opt = env.opt;
    e2.opt.max_errors = 1;
    e2.opt.vectors_file.clear();
    e2.rng.seed(env.opt.seed);
    e2.cycles = first_bad + 1;
    uint64_t from = first_bad > 100000 ? first_bad - 100000 : 0;
    RunResult r2 = simulate<H>(e2, fst, from, nullptr, false);
    std::printf("%s: waveform of the failing run (cycles %" PRIu64 "..%" PRIu64 ", time = 2*cycle): %s%s\n", H::kName,
                from, first_bad, fst.c_str(),
                r2.first_bad == first_bad ? "" : " (WARNING: the re-run did not reproduce the mismatch)");
  }
  // A save file beside the waveform (same stem), marker at the failing cycle.
  std::string gtkw = fst.size() > 4 && fst.compare(fst.size() - 4, 4, ".fst") == 0
                         ? fst.substr(0, fst.size() - 4) + ".gtkw" : fst + ".gtkw";
  ListVisitor lv = port_list<H>(env.opt);
  if (write_gtkw<H>(gtkw, fst, lv.ports, lv.conditional, (int64_t)(2 * first_bad)))
    std::printf("%s: GTKWave save file: %s (gtkwave %s)\n", H::kName, gtkw.c_str(), gtkw.c_str());
  return fst;
}

}  // namespace lockstep

#endif
