/*
 * fiber_tb_wide.h - lane data of the FIBER datapath harnesses: packing
 * fb_xbar_word lanes into Verilator's wide ports and random bank data, for
 * a size of L lanes x W bits (the harness's configuration).
 */
#ifndef FIBER_TB_WIDE_H
#define FIBER_TB_WIDE_H

#include <cstdint>
#include <type_traits>
#include <utility>

#include "fiber.h"
#include "lockstep.h"

namespace fibertb {

// The port's value type (Verilator declares ports as references).
template <class T> using PortT = typename std::remove_reference<T>::type;

template <unsigned L, unsigned W>
struct Wide {
  static constexpr unsigned kLanes = L;
  static constexpr unsigned kWidth = W;
  static constexpr unsigned kWord = L * W;                  // bits of one port word
  static constexpr uint64_t kMask = W >= 64 ? ~0ull : ((1ull << W) - 1);
  static constexpr bool kPacked = W <= 32 && 32 % W == 0;   // lanes never straddle 32-bit words

  static constexpr unsigned lane_bit(unsigned slot, unsigned l) { return (slot * L + l) * W; }

  // Lane l of word `slot` of a wide port.
  template <class T>
  static uint64_t get_lane(const T &port, unsigned slot, unsigned l) {
    unsigned b = lane_bit(slot, l);
    if (kPacked) return (port[b / 32] >> (b % 32)) & kMask;
    return lockstep::get_bits(port, (int)b, (int)W);
  }

  // Word `slot` of a wide port <- lanes of w (masked to W bits).
  template <class T>
  static void put_word(T &port, unsigned slot, const fb_xbar_word &w) {
    if (W == 32) {
      for (unsigned l = 0; l < L; l++) port[slot * L + l] = (uint32_t)w.lane[l];
    } else if (kPacked) {
      unsigned b0 = lane_bit(slot, 0);
      for (unsigned i = b0 / 32; i < (b0 + kWord) / 32; i++) port[i] = 0;
      for (unsigned l = 0; l < L; l++) {
        unsigned b = lane_bit(slot, l);
        port[b / 32] |= (uint32_t)((w.lane[l] & kMask) << (b % 32));
      }
    } else {
      for (unsigned l = 0; l < L; l++) lockstep::set_bits(port, (int)lane_bit(slot, l), (int)W, w.lane[l] & kMask);
    }
  }

  // Word `slot` of a wide port -> lanes of w.
  template <class T>
  static void get_word(const T &port, unsigned slot, fb_xbar_word &w) {
    for (unsigned l = 0; l < L; l++) w.lane[l] = get_lane(port, slot, l);
  }

  // Random data on a port of `bits` bits.
  template <class T>
  static void rand_port(lockstep::Rng &rng, T &port, unsigned bits) {
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
};

}  // namespace fibertb

#endif
