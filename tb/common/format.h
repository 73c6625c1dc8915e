/*
 * format.h - port values as text (tb/common): hex of a port, the
 * "name=hex" lists of a mismatch line, and the heartbeat of a run on a
 * terminal.
 */
#ifndef LOCKSTEP_FORMAT_H
#define LOCKSTEP_FORMAT_H

#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>

#include <unistd.h>

#include "ports.h"

namespace lockstep {

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


// One mismatch line: cyc=N <inputs> => dut: <outputs> expected: <outputs>.
template <class H, class D, class E>
inline void print_mismatch(H &h, D &d, E &e, uint64_t c, const std::string &check_msg) {
  TextVisitor ti(TextVisitor::kIn), tg(TextVisitor::kGot), te(TextVisitor::kExp);
  h.ports(ti, d, e);
  h.ports(tg, d, e);
  h.ports(te, d, e);
  std::printf("cyc=%" PRIu64 " %s => dut: %s expected: %s%s%s\n", c, ti.s.c_str(), tg.s.c_str(), te.s.c_str(),
              check_msg.empty() ? "" : " check failed: ", check_msg.c_str());
}

// Heartbeat: only on a terminal (a run by hand), never into a log; at most
// one line every 10 s on stderr.
struct Heartbeat {
  const char *name;
  bool on;
  std::chrono::steady_clock::time_point t0, last;
  Heartbeat(const char *n, bool enabled)
      : name(n), on(enabled && ::isatty(STDERR_FILENO)), t0(std::chrono::steady_clock::now()), last(t0) {}
  void tick(uint64_t c, uint64_t total) {
    if (!on || (c & 0xfff) != 0 || !c) return;
    auto now = std::chrono::steady_clock::now();
    if (now - last < std::chrono::seconds(10)) return;
    double sec = std::chrono::duration<double>(now - t0).count();
    std::fprintf(stderr, "%s: %" PRIu64 " of %" PRIu64 " cycles checked (%.0f%%), %.3g Mcycles/s, %.0f s\n", name, c,
                 total, 100.0 * (double)c / (double)total, (double)c / sec / 1e6, sec);
    last = now;
  }
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); }
};

// --inject-mismatch: flip the expected value of the first output compared
// this cycle (FlipVisitor) and say which.
template <class H, class D, class E>
inline void inject_mismatch(H &h, D &d, E &e, uint64_t c, bool print) {
  FlipVisitor fv;
  h.ports(fv, d, e);
  if (print)
    std::printf("%s: --inject-mismatch: expected %s bit 0 flipped at cycle %" PRIu64 "\n", H::kName,
                fv.done ? fv.port.c_str() : "(no output compared)", c);
}

}  // namespace lockstep

#endif
