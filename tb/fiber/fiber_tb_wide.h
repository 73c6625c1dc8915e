/*
 * fiber_tb_wide.h - helpers of the FIBER harnesses for lane data: the sizes
 * a harness was built for (the -DTB_P_<Name> macros of tb/fiber/fiber.mk,
 * else the RTL defaults), and the packing of fb_xbar_word lanes into
 * Verilator's wide ports.
 */
#ifndef FIBER_TB_WIDE_H
#define FIBER_TB_WIDE_H

#include <cstdint>
#include <type_traits>
#include <utility>

#include "fiber.h"
#include "lockstep.h"

#ifndef TB_P_Lanes
#define TB_P_Lanes FB_XBAR_LANES
#endif
#ifndef TB_P_Width
#define TB_P_Width FB_XBAR_WIDTH
#endif

namespace fibertb {

constexpr unsigned kLanes = TB_P_Lanes;
constexpr unsigned kWidth = TB_P_Width;
constexpr unsigned kWord = kLanes * kWidth;           // bits of one port word
constexpr bool kFull = kLanes == FB_XBAR_LANES && kWidth == FB_XBAR_WIDTH;
constexpr uint64_t kWidthMask = kWidth >= 64 ? ~0ull : ((1ull << kWidth) - 1);

// Lane l of word `slot` of a wide port, and its bit position.
constexpr unsigned lane_bit(unsigned slot, unsigned l) { return (slot * kLanes + l) * kWidth; }
constexpr bool kPacked = kWidth <= 32 && 32 % kWidth == 0;  // lanes never straddle 32-bit words

template <class T>
inline uint64_t get_lane(const T &port, unsigned slot, unsigned l) {
  unsigned b = lane_bit(slot, l);
  if (kPacked) return (port[b / 32] >> (b % 32)) & kWidthMask;
  return lockstep::get_bits(port, (int)b, (int)kWidth);
}

// Word `slot` (kWord bits) of a wide port <- lanes of w (masked to kWidth).
template <class T>
inline void put_word(T &port, unsigned slot, const fb_xbar_word &w) {
  if (kWidth == 32) {
    for (unsigned l = 0; l < kLanes; l++) port[slot * kLanes + l] = (uint32_t)w.lane[l];
  } else if (kPacked) {
    unsigned b0 = lane_bit(slot, 0);
    for (unsigned i = b0 / 32; i < (b0 + kWord) / 32; i++) port[i] = 0;
    for (unsigned l = 0; l < kLanes; l++) {
      unsigned b = lane_bit(slot, l);
      port[b / 32] |= (uint32_t)((w.lane[l] & kWidthMask) << (b % 32));
    }
  } else {
    for (unsigned l = 0; l < kLanes; l++)
      lockstep::set_bits(port, (int)lane_bit(slot, l), (int)kWidth, w.lane[l] & kWidthMask);
  }
}

// Random data on a wide port: every word of it random (the word count of a
// multiple-of-32 width; otherwise bit by bit through the lanes).
template <class T>
inline void rand_port(lockstep::Rng &rng, T &port, unsigned bits) {
  if (bits % 32 == 0) {
    for (unsigned i = 0; i < bits / 32; i += 2) {
      uint64_t x = rng.next();
      port[i] = (uint32_t)x;
      if (i + 1 < bits / 32) port[i + 1] = (uint32_t)(x >> 32);
    }
  } else {
    for (unsigned b = 0; b < bits; b += 32) {
      unsigned n = bits - b < 32 ? bits - b : 32;
      lockstep::set_bits(port, (int)b, (int)n, rng.next());
    }
  }
}

// Word `slot` of a wide port -> lanes of w.
template <class T>
inline void get_word(const T &port, unsigned slot, fb_xbar_word &w) {
  for (unsigned l = 0; l < kLanes; l++) w.lane[l] = get_lane(port, slot, l);
}

// The port's value type (Verilator declares ports as references).
template <class T> using PortT = typename std::remove_reference<T>::type;

}  // namespace fibertb

#endif
