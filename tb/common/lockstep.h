/*
 * lockstep.h - the lockstep co-simulation engine shared by every harness.
 *
 * A harness is one class that names its Verilated model and lists its
 * ports; the engine owns everything else: the command line, the seeded
 * random source, the cycle loop, the comparison of every output every cycle
 * against the C model, the mismatch report in one fixed format, the FST
 * waveform of a failing run, coverage bins, hex vector files for the Icarus
 * replays (RTL and gate level), the flat-port wrapper those replays need,
 * and a raw (no comparison) mode for the benchmark. tb/common/README.md
 * shows a complete harness.
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

#include <chrono>
#include <cinttypes>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include <unistd.h>

#include "verilated.h"
#include "verilated_fst_c.h"

namespace lockstep {

// ---- Random source: splitmix64, the generator of cmodel/test's tl_test_ref.h
struct Rng {
  uint64_t s = 0;
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint64_t below(uint64_t n) { return n ? next() % n : 0; }          // [0, n)
  int64_t range(int64_t lo, int64_t hi) {                           // [lo, hi]
    return lo + (int64_t)below((uint64_t)(hi - lo) + 1);
  }
  bool chance(uint64_t num, uint64_t den) { return below(den) < num; }
  uint64_t bits(int w) { return w >= 64 ? next() : next() & ((1ull << w) - 1); }
};

// ---- Coverage: named counters; a required bin never hit fails the run.
class Coverage {
 public:
  int bin(const std::string &name, bool required = true) {
    names_.push_back(name);
    req_.push_back(required);
    counts_.push_back(0);
    return (int)names_.size() - 1;
  }
  void hit(int id, uint64_t n = 1) { counts_[(size_t)id] += n; }
  uint64_t count(int id) const { return counts_[(size_t)id]; }
  size_t size() const { return names_.size(); }
  size_t hit_bins() const {
    size_t n = 0;
    for (uint64_t c : counts_) n += c != 0;
    return n;
  }
  std::vector<std::string> missing() const {
    std::vector<std::string> m;
    for (size_t i = 0; i < names_.size(); i++)
      if (req_[i] && counts_[i] == 0) m.push_back(names_[i]);
    return m;
  }
  void report(FILE *f) const {
    for (size_t i = 0; i < names_.size(); i++)
      std::fprintf(f, "  bin %-40s %12" PRIu64 "%s\n", names_[i].c_str(), counts_[i],
                   req_[i] ? (counts_[i] ? "" : "  MISSING (required)") : "  (optional)");
  }

 private:
  std::vector<std::string> names_;
  std::vector<bool> req_;
  std::vector<uint64_t> counts_;
};

// ---- Options and the environment a harness sees.
struct Options {
  uint64_t seed = 0;
  uint64_t cycles = 0;          // 0: the harness default
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
};

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

// ---- Port values as 64-bit words, for every Verilator port type.
inline uint64_t width_mask(int w) { return w >= 64 ? ~0ull : ((1ull << w) - 1); }
inline int nwords64(int w) { return (w + 63) / 64; }

// The storage of a port type: an integral type of at most 64 bits or a
// VlWide<N>; any other type is rejected at compile time. kWords 64-bit words
// hold any value of the type, so every buffer below is sized from the type
// (no fixed limit); kBits is the widest port the type can hold, checked
// against each port's declared width once per run (check_ports).
template <class T, class = void> struct PortStorage {
  static_assert(sizeof(T) == 0, "lockstep: a port must be an integral type (at most 64 bits) or a VlWide<N>");
};
template <class T>
struct PortStorage<T, typename std::enable_if<std::is_integral<T>::value>::type> {
  static_assert(sizeof(T) <= 8, "lockstep: integral ports are at most 64 bits wide");
  static constexpr int kBits = 8 * (int)sizeof(T);
  static constexpr int kWords = 1;
};
template <std::size_t N> struct PortStorage<VlWide<N>, void> {
  static constexpr int kBits = 32 * (int)N;
  static constexpr int kWords = (int)(N + 1) / 2;
};
template <class T> using PortWords = uint64_t[PortStorage<typename std::remove_cv<T>::type>::kWords];

template <class T>
inline typename std::enable_if<std::is_integral<T>::value>::type
to_words(const T &v, uint64_t *w, int) { w[0] = (uint64_t)v; }
template <std::size_t N>
inline void to_words(const VlWide<N> &v, uint64_t *w, int width) {
  for (int i = 0; i < nwords64(width); i++) w[i] = 0;
  for (std::size_t i = 0; i < N; i++) w[i / 2] |= (uint64_t)v[i] << (32 * (i % 2));
}
template <class T>
inline typename std::enable_if<std::is_integral<T>::value>::type
from_words(T &v, const uint64_t *w, int) { v = (T)w[0]; }
template <std::size_t N>
inline void from_words(VlWide<N> &v, const uint64_t *w, int) {
  for (std::size_t i = 0; i < N; i++) v[i] = (uint32_t)(w[i / 2] >> (32 * (i % 2)));
}

// Bit fields inside a wide port (harness helpers).
template <std::size_t N>
inline void set_bits(VlWide<N> &v, int lsb, int width, uint64_t x) {
  if (width < 64) x &= (1ull << width) - 1;
  while (width > 0) {
    int w = lsb / 32, o = lsb % 32, n = 32 - o < width ? 32 - o : width;
    uint32_t m = (n == 32 ? 0xffffffffu : ((1u << n) - 1)) << o;
    v[w] = (v[w] & ~m) | ((uint32_t)(x << o) & m);
    x >>= n;
    lsb += n;
    width -= n;
  }
}
template <std::size_t N>
inline uint64_t get_bits(const VlWide<N> &v, int lsb, int width) {
  uint64_t x = 0;
  int got = 0;
  while (got < width) {
    int w = lsb / 32, o = lsb % 32, n = 32 - o < width - got ? 32 - o : width - got;
    uint64_t part = (v[w] >> o) & (n == 32 ? 0xffffffffu : ((1u << n) - 1));
    x |= part << got;
    got += n;
    lsb += n;
  }
  return x;
}
template <std::size_t N>
inline void clear(VlWide<N> &v) { for (std::size_t i = 0; i < N; i++) v[i] = 0; }

inline std::string hex_words(const uint64_t *w, int width) {
  std::string s;
  int digits = (width + 3) / 4;
  for (int d = digits - 1; d >= 0; d--) {
    int bit = d * 4;
    unsigned nib = (unsigned)((w[bit / 64] >> (bit % 64)) & 0xf);
    if (d == digits - 1 && width % 4) nib &= (1u << (width % 4)) - 1;
    s += "0123456789abcdef"[nib];
  }
  return s;
}

// ---- Visitors over the port list of a harness.
// Compare: every output (and out_if outputs whose care flag is set).
struct CompareVisitor {
  bool bad = false;
  template <class T> void in(const char *, int, T &) {}
  template <class T>
  typename std::enable_if<std::is_integral<T>::value>::type
  out(const char *, int w, const T &got, const T &exp) {
    if (((uint64_t)got ^ (uint64_t)exp) & width_mask(w)) bad = true;
  }
  template <std::size_t N>
  void out(const char *, int w, const VlWide<N> &got, const VlWide<N> &exp) {
    for (std::size_t i = 0; i < N; i++) {
      int lo = (int)i * 32;
      if (lo >= w) break;
      uint32_t m = w - lo >= 32 ? 0xffffffffu : ((1u << (w - lo)) - 1);
      if ((got[i] ^ exp[i]) & m) bad = true;
    }
  }
  template <class T> void out_if(bool care, const char *n, int w, const T &got, const T &exp) {
    if (care) out(n, w, got, exp);
  }
};

// Fault injection (--inject-mismatch): flips bit 0 of the expected value of
// the first output compared this cycle, so the failure path (mismatch line,
// waveform, save file, exit status) can be tested on a correct block.
struct FlipVisitor {
  bool done = false;
  std::string port;
  template <class T> void in(const char *, int, T &) {}
  template <class T>
  typename std::enable_if<std::is_integral<T>::value>::type flip(T &v) { v ^= (T)1; }
  template <std::size_t N> void flip(VlWide<N> &v) { v[0] ^= 1u; }
  template <class T> void out(const char *n, int, const T &, const T &exp) {
    if (done) return;
    flip(const_cast<T &>(exp));   // exp is a member of the engine's non-const Exp
    done = true;
    port = n;
  }
  template <class T> void out_if(bool care, const char *n, int w, const T &got, const T &exp) {
    if (care) out(n, w, got, exp);
  }
};

// Text: "name=hex" for the inputs, the DUT outputs or the expected outputs.
struct TextVisitor {
  enum Which { kIn, kGot, kExp } which;
  std::string s;
  explicit TextVisitor(Which w) : which(w) {}
  template <class T> void field(const char *n, int w, const T &v, bool care = true) {
    PortWords<T> words = {0};
    to_words(v, words, w);
    if (!s.empty()) s += ' ';
    s += n;
    s += '=';
    s += care ? hex_words(words, w) : std::string("-");
  }
  template <class T> void in(const char *n, int w, T &v) { if (which == kIn) field(n, w, v); }
  template <class T> void out(const char *n, int w, const T &got, const T &exp) {
    if (which == kGot) field(n, w, got);
    if (which == kExp) field(n, w, exp);
  }
  template <class T> void out_if(bool care, const char *n, int w, const T &got, const T &exp) {
    if (which == kGot) field(n, w, got, care);
    if (which == kExp) field(n, w, exp, care);
  }
};

// Port list with widths: for the wrapper and the vector layout.
struct PortInfo { std::string name; int width; bool is_in; };
// Also checks each declared width against what the port's type can hold.
struct ListVisitor {
  std::vector<PortInfo> ports;
  std::vector<bool> conditional;   // per port: an out_if output
  std::vector<std::string> errors; // ports whose width the type cannot hold
  template <class T> void add(const char *n, int w, bool is_in, bool cond) {
    const int cap = PortStorage<typename std::remove_cv<T>::type>::kBits;
    if (w < 1 || w > cap)
      errors.push_back(std::string(n) + ": declared width " + std::to_string(w) + ", its type holds " +
                       std::to_string(cap) + " bits");
    ports.push_back({n, w, is_in});
    conditional.push_back(cond);
  }
  template <class T> void in(const char *n, int w, T &) { add<T>(n, w, true, false); }
  template <class T> void out(const char *n, int w, const T &, const T &) { add<T>(n, w, false, false); }
  template <class T> void out_if(bool, const char *n, int w, const T &, const T &) { add<T>(n, w, false, true); }
};

// A flat bit buffer, filled most significant field first.
struct BitBuf {
  std::vector<uint64_t> w;
  int width = 0;
  void put(const uint64_t *src, int n) {   // shift left by n, insert src at the bottom
    int total = width + n;
    std::vector<uint64_t> out((size_t)nwords64(total) + 1, 0);
    for (int b = 0; b < width; b++)
      if ((w[(size_t)b / 64] >> (b % 64)) & 1) out[(size_t)(b + n) / 64] |= 1ull << ((b + n) % 64);
    for (int b = 0; b < n; b++)
      if ((src[b / 64] >> (b % 64)) & 1) out[(size_t)b / 64] |= 1ull << (b % 64);
    w.swap(out);
    width = total;
  }
};

// Vector line: {inputs, expected outputs, care mask}, first port most significant.
struct PackVisitor {
  BitBuf ins, exp, care;
  template <class T> void in(const char *, int w, T &v) {
    PortWords<T> words = {0};
    to_words(v, words, w);
    ins.put(words, w);
  }
  template <class T> void out_if(bool c, const char *, int w, const T &, const T &e) {
    constexpr int kW = PortStorage<typename std::remove_cv<T>::type>::kWords;
    PortWords<T> words = {0}, ones;
    to_words(e, words, w);
    for (int i = 0; i < kW; i++) ones[i] = c ? ~0ull : 0;
    if (!c) for (int i = 0; i < kW; i++) words[i] = 0;
    exp.put(words, w);
    care.put(ones, w);
  }
  template <class T> void out(const char *n, int w, const T &g, const T &e) { out_if(true, n, w, g, e); }
};

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

// ---- Command line.
inline void usage(const char *prog, const char *name) {
  std::fprintf(stderr,
    "usage: %s [options]   lockstep co-simulation of %s against its C model\n"
    "  --seed N          random seed (0: pick one and print it)\n"
    "  --cycles N        cycles to check (default: the harness's)\n"
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

// ---- The wrapper the replays instantiate: flat in_i / out_o buses.
template <class H>
inline bool write_wrapper(const std::string &file, const std::vector<PortInfo> &ports) {
  FILE *f = std::fopen(file.c_str(), "w");
  if (!f) { std::perror(file.c_str()); return false; }
  int in_w = 0, out_w = 0;
  for (auto &p : ports) (p.is_in ? in_w : out_w) += p.width;
  std::fprintf(f, "// Generated by the lockstep engine from the port list of %s: do not edit.\n"
                  "// Inputs and expected outputs in the order of the vector files.\n", H::kName);
  std::fprintf(f, "`define REPLAY_IN_W %d\n`define REPLAY_OUT_W %d\n`define REPLAY_CLOCKED %d\n"
                  "`define REPLAY_NAME \"%s\"\n", in_w, out_w, H::kClocked ? 1 : 0, H::kName);
  std::fprintf(f, "module replay_flat (\n  input  wire clk_i,\n  input  wire [%d:0] in_i,\n"
                  "  output wire [%d:0] out_o\n);\n", in_w - 1, out_w - 1);
  if (!H::kClocked) std::fprintf(f, "  wire unused_clk = clk_i;\n");
  std::fprintf(f, "  %s u_dut (\n", H::kName);
  int ip = in_w, op = out_w;
  bool first = true;
  if (H::kClocked) { std::fprintf(f, "    .clk_i(clk_i)"); first = false; }
  for (auto &p : ports) {
    int &pos = p.is_in ? ip : op;
    const char *bus = p.is_in ? "in_i" : "out_o";
    std::fprintf(f, "%s    .%s(%s[%d:%d])", first ? "" : ",\n", p.name.c_str(), bus, pos - 1, pos - p.width);
    pos -= p.width;
    first = false;
  }
  std::fprintf(f, "\n  );\nendmodule\n");
  std::fclose(f);
  return true;
}

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

// Every port's declared width must fit its type (the buffers are sized from
// the type): a harness that declares more bits than its port holds stops
// before its first cycle, exit status 2.
template <class H, class D, class E>
inline void check_ports(H &h, D &d, E &e) {
  ListVisitor lv;
  h.ports(lv, d, e);
  if (lv.errors.empty()) return;
  for (auto &m : lv.errors) std::fprintf(stderr, "%s: harness error: port %s\n", H::kName, m.c_str());
  std::printf("SUMMARY %s: 0 cycles checked, harness error: %zu port(s) wider than their type\n", H::kName,
              lv.errors.size());
  std::fflush(stdout);
  std::exit(2);
}

// ---- One simulation run. Returns the cycle of the first mismatch or UINT64_MAX.
struct RunResult {
  uint64_t checked = 0;
  uint64_t mismatches = 0;
  uint64_t first_bad = UINT64_MAX;
  double seconds = 0;
};

template <class H>
RunResult simulate(Env &env, const std::string &trace_file, uint64_t trace_from,
                   std::vector<uint64_t> *capture, bool print_errors) {
  using Dut = typename H::Dut;
  RunResult r;
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->randReset(2);
  ctx->randSeed((int)(env.opt.seed & 0x7fffffff));
  const char *noargs[] = {"lockstep"};
  ctx->commandArgs(1, noargs);
  if (!trace_file.empty()) ctx->traceEverOn(true);
  auto dut = std::make_unique<Dut>(ctx.get(), "TOP");
  H h(env);
  typename H::Exp exp{};
  check_ports(h, *dut, exp);
  std::unique_ptr<VerilatedFstC> tfp;
  if (!trace_file.empty()) {
    tfp = std::make_unique<VerilatedFstC>();
    dut->trace(tfp.get(), 99);
    tfp->open(trace_file.c_str());
  }
  FILE *vf = nullptr;
  if (!env.opt.vectors_file.empty() && print_errors) {
    vf = std::fopen(env.opt.vectors_file.c_str(), "w");
    if (!vf) { std::perror(env.opt.vectors_file.c_str()); std::exit(2); }
  }
  call_init(h, *dut, HasInit<H, Dut>{});
  auto t0 = std::chrono::steady_clock::now();
  // Heartbeat: only on a terminal (a run by hand), never into a log.
  const bool beat = print_errors && ::isatty(STDERR_FILENO);
  auto last_beat = t0;
  for (uint64_t c = 0; c < env.cycles; c++) {
    env.cyc = c;
    if (beat && (c & 0xfff) == 0 && c) {
      auto now = std::chrono::steady_clock::now();
      if (now - last_beat >= std::chrono::seconds(10)) {
        double sec = std::chrono::duration<double>(now - t0).count();
        std::fprintf(stderr, "%s: %" PRIu64 " of %" PRIu64 " cycles checked (%.0f%%), %.3g Mcycles/s, %.0f s\n",
                     H::kName, c, env.cycles, 100.0 * (double)c / (double)env.cycles, (double)c / sec / 1e6, sec);
        last_beat = now;
      }
    }
    h.step(env, *dut, exp);
    if (capture) { CaptureVisitor cv{capture}; h.ports(cv, *dut, exp); }
    if constexpr (H::kClocked) dut->clk_i = 0;
    dut->eval();
    if (tfp && c >= trace_from) tfp->dump(2 * c);
    if (c == env.opt.inject_cycle) {
      FlipVisitor fv;
      h.ports(fv, *dut, exp);
      if (print_errors)
        std::printf("%s: --inject-mismatch: expected %s bit 0 flipped at cycle %" PRIu64 "\n", H::kName,
                    fv.done ? fv.port.c_str() : "(no output compared)", c);
    }
    CompareVisitor cmp;
    h.ports(cmp, *dut, exp);
    if constexpr (HasObserve<H, Dut>::value) h.observe(env, *dut);
    std::string check_msg;
    if (!env.failed.empty()) { cmp.bad = true; check_msg = env.failed; env.failed.clear(); }
    if (vf) {
      PackVisitor pv;
      h.ports(pv, *dut, exp);
      BitBuf all = pv.ins;
      all.put(pv.exp.w.data(), pv.exp.width);
      all.put(pv.care.w.data(), pv.care.width);
      std::fprintf(vf, "%s\n", hex_words(all.w.data(), all.width).c_str());
    }
    r.checked++;
    if (cmp.bad) {
      r.mismatches++;
      if (r.first_bad == UINT64_MAX) r.first_bad = c;
      if (print_errors) {
        TextVisitor ti(TextVisitor::kIn), tg(TextVisitor::kGot), te(TextVisitor::kExp);
        h.ports(ti, *dut, exp);
        h.ports(tg, *dut, exp);
        h.ports(te, *dut, exp);
        std::printf("cyc=%" PRIu64 " %s => dut: %s expected: %s%s%s\n", c, ti.s.c_str(), tg.s.c_str(),
                    te.s.c_str(), check_msg.empty() ? "" : " check failed: ", check_msg.c_str());
      }
      if (r.mismatches >= env.opt.max_errors) {
        if constexpr (H::kClocked) { dut->clk_i = 1; dut->eval(); if (tfp && c >= trace_from) tfp->dump(2 * c + 1); }
        break;
      }
    }
    if constexpr (H::kClocked) {
      dut->clk_i = 1;
      dut->eval();
      if (tfp && c >= trace_from) tfp->dump(2 * c + 1);
    }
  }
  auto t1 = std::chrono::steady_clock::now();
  r.seconds = std::chrono::duration<double>(t1 - t0).count();
  if (tfp) { tfp->dump(2 * env.cycles + 2); tfp->close(); }
  if (vf) std::fclose(vf);
  dut->final();
  return r;
}

// Raw mode: the captured inputs into a fresh model, no C model, no comparison.
template <class H>
double simulate_raw(Env &env, const std::vector<uint64_t> &buf, uint64_t cycles, int repeat) {
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
  auto t0 = std::chrono::steady_clock::now();
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
  auto t1 = std::chrono::steady_clock::now();
  dut->final();
  if (sink == 0) std::printf(" ");
  return std::chrono::duration<double>(t1 - t0).count();
}

template <class H>
int run(int argc, char **argv) {
  Env env;
  if (!parse(argc, argv, env.opt, H::kName)) return 2;
  if (env.opt.seed == 0 && !env.opt.print_default_cycles && env.opt.gtkw_file.empty()) {
    uint64_t t = (uint64_t)std::chrono::high_resolution_clock::now().time_since_epoch().count();
    env.opt.seed = (t ^ (t >> 29) ^ 0x5eed) % 1000000007ull + 1;
    std::printf("%s: --seed 0 picked seed %" PRIu64 "\n", H::kName, env.opt.seed);
  }
  env.rng.s = env.opt.seed;
  env.cycles = env.opt.cycles ? env.opt.cycles : H::kDefaultCycles;
  if (env.opt.print_default_cycles) { std::printf("%" PRIu64 "\n", (uint64_t)H::kDefaultCycles); return 0; }
  std::printf("%s: seed %" PRIu64 ", %" PRIu64 " cycles\n", H::kName, env.opt.seed, env.cycles);
  std::fflush(stdout);

  auto port_list = [&]() {
    Env e2;
    e2.opt = env.opt;
    H h(e2);
    VerilatedContext lctx;
    typename H::Dut ldut(&lctx, "TOP");
    typename H::Exp exp{};
    ListVisitor lv;
    h.ports(lv, ldut, exp);
    return lv;
  };
  if (!env.opt.wrapper_file.empty() && !write_wrapper<H>(env.opt.wrapper_file, port_list().ports)) return 2;

  std::string tf;
  if (env.opt.trace || !env.opt.gtkw_file.empty())
    tf = env.opt.trace_file.empty() ? env.opt.out_dir + "/" + H::kName + ".fst" : env.opt.trace_file;
  if (!env.opt.gtkw_file.empty()) {
    // The save file of a --trace run (the same --out-dir or --trace=FILE); no simulation.
    ListVisitor lv = port_list();
    if (!write_gtkw<H>(env.opt.gtkw_file, tf, lv.ports, lv.conditional, -1)) return 2;
    std::printf("%s: GTKWave save file %s for %s\n", H::kName, env.opt.gtkw_file.c_str(), tf.c_str());
    return 0;
  }
  RunResult r = simulate<H>(env, tf, 0, nullptr, true);
  double rate = r.seconds > 0 ? r.checked / r.seconds : 0;

  int status = 0;
  std::string fail_fst;
  if (r.mismatches) {
    status = 1;
    if (tf.empty()) {
      // Re-run the same seed with tracing up to the failure (the last
      // 100,000 cycles before it) and close the waveform before exiting.
      fail_fst = env.opt.out_dir + "/" + H::kName + "-fail-seed" + std::to_string(env.opt.seed) + ".fst";
      Env e2;
      e2.opt = env.opt;
      e2.opt.max_errors = 1;
      e2.opt.vectors_file.clear();
      e2.rng.s = env.opt.seed;
      e2.cycles = r.first_bad + 1;
      uint64_t from = r.first_bad > 100000 ? r.first_bad - 100000 : 0;
      RunResult r2 = simulate<H>(e2, fail_fst, from, nullptr, false);
      std::printf("%s: waveform of the failing run (cycles %" PRIu64 "..%" PRIu64 ", time = 2*cycle): %s%s\n",
                  H::kName, from, r.first_bad, fail_fst.c_str(),
                  r2.first_bad == r.first_bad ? "" : " (WARNING: the re-run did not reproduce the mismatch)");
    } else {
      fail_fst = tf;
    }
    // A save file beside the waveform (same stem), marker at the failing cycle.
    std::string gtkw = fail_fst.size() > 4 && fail_fst.compare(fail_fst.size() - 4, 4, ".fst") == 0
                           ? fail_fst.substr(0, fail_fst.size() - 4) + ".gtkw" : fail_fst + ".gtkw";
    ListVisitor lv = port_list();
    if (write_gtkw<H>(gtkw, fail_fst, lv.ports, lv.conditional, (int64_t)(2 * r.first_bad)))
      std::printf("%s: GTKWave save file: %s (gtkwave %s)\n", H::kName, gtkw.c_str(), gtkw.c_str());
  }

  // Coverage of a run cut short by a mismatch says nothing; report it only
  // for complete runs.
  if (!env.opt.quiet && !r.mismatches) env.cov.report(stdout);
  std::vector<std::string> miss;
  if (!r.mismatches) miss = env.cov.missing();
  if (!miss.empty()) {
    std::printf("%s: %zu required coverage bin(s) never hit:", H::kName, miss.size());
    for (auto &m : miss) std::printf(" %s", m.c_str());
    std::printf("\n");
    if (!env.opt.allow_missing) status = status ? status : 3;
  }

  if (env.opt.raw_bench && !r.mismatches) {
    // Capture this run's inputs (a bounded window), replay them raw.
    Env e3;
    e3.opt = env.opt;
    e3.opt.vectors_file.clear();
    e3.rng.s = env.opt.seed;
    e3.cycles = env.cycles < 200000 ? env.cycles : 200000;
    std::vector<uint64_t> buf;
    simulate<H>(e3, "", 0, &buf, false);
    int repeat = (int)((env.cycles + e3.cycles - 1) / e3.cycles);
    double raw_s = simulate_raw<H>(env, buf, e3.cycles, repeat);
    double raw_rate = raw_s > 0 ? (double)e3.cycles * repeat / raw_s : 0;
    std::printf("BENCH %s lockstep=%.4g raw=%.4g ratio=%.3f (checked cycles/s; raw: same inputs, no model, no compare)\n",
                H::kName, rate, raw_rate, raw_rate > 0 ? rate / raw_rate : 0.0);
  }

  std::printf("SUMMARY %s: %" PRIu64 " cycles checked, %" PRIu64 " mismatches, %zu/%zu bins hit%s, seed %"
              PRIu64 ", %.3g Mcycles/s%s%s\n",
              H::kName, r.checked, r.mismatches, env.cov.hit_bins(), env.cov.size(),
              miss.empty() ? "" : " (required bins missing)", env.opt.seed, rate / 1e6,
              fail_fst.empty() ? "" : ", waveform ", fail_fst.c_str());
  return status;
}

}  // namespace lockstep

#endif
