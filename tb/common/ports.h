/*
 * ports.h - port values and the comparison of a lockstep harness
 * (tb/common): every Verilator port type as 64-bit words (sized from the
 * type, checked at compile time), bit fields of wide ports, the visitors
 * that compare outputs, flip one for --inject-mismatch and list the ports
 * with their widths (checked against the type before the first cycle).
 */
#ifndef LOCKSTEP_PORTS_H
#define LOCKSTEP_PORTS_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "verilated.h"

namespace lockstep {

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

}  // namespace lockstep

#endif
