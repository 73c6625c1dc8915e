/*
 * fiber_tb_hmma.h - the paper's Fig. 6(c) scenario (HMMA.FP16.1688 operand
 * placement), shared by the arbiter and issue-stage harnesses.
 *
 * A over SPs 0-1 row-wise, even/odd banks column-wise; B over SPs 2-3
 * column-wise, banks row-wise (docs/fiber.md section 5). Weft w runs on SP
 * w; at its k-th step it reads its A fragment on port 2*(w/2) + k%2 and its
 * B fragment on port 2*(2 + w%2) + k%2, each weft its own rows; a stalled
 * weft retries the same step; after kSteps steps it stops. From start 0 the
 * grant masks are 0x9, then 0xF seven times, then 0x6.
 */
#ifndef FIBER_TB_HMMA_H
#define FIBER_TB_HMMA_H

#include <cstdint>

#include "fiber.h"

namespace fibertb {

struct Hmma {
  static constexpr unsigned kSteps = 8;
  static constexpr uint8_t kGrants[9] = {0x9, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0x6};
  unsigned k[FB_NSP] = {0, 0, 0, 0};
  unsigned cycle = 0;
  bool paper_order = true;   // grant masks so far equal kGrants

  void begin() {
    for (unsigned w = 0; w < FB_NSP; w++) k[w] = 0;
    cycle = 0;
    paper_order = true;
  }
  bool done() const {
    for (unsigned w = 0; w < FB_NSP; w++)
      if (k[w] < kSteps) return false;
    return true;
  }
  bool active(unsigned w) const { return k[w] < kSteps; }
  // Register address of weft w's A (b = 0) or B (b = 1) fragment at its
  // current step: SP and bank from the placement, a row of its own.
  unsigned reg(unsigned w, unsigned b) const {
    unsigned sp = b ? 2 + w % 2 : w / 2;
    unsigned row = 0x20 * w + 2 * k[w] + b;
    return fb_reg_make(sp, row, k[w] % 2);
  }
  // The arbiter request of weft w this cycle.
  fb_arb_req req(unsigned w) const {
    fb_arb_req q{};
    q.valid = active(w);
    for (unsigned b = 0; b < 2; b++) {
      unsigned r = reg(w, b);
      q.ports |= (uint8_t)(1u << fb_reg_port(r));
      q.row[fb_reg_port(r)] = (uint8_t)fb_reg_row(r);
    }
    return q;
  }
  // The grant of this cycle: granted wefts advance.
  void commit(uint8_t grant) {
    if (cycle < 9 && grant != kGrants[cycle]) paper_order = false;
    if (cycle >= 9) paper_order = false;
    for (unsigned w = 0; w < FB_NSP; w++)
      if (active(w) && ((grant >> w) & 1u)) k[w]++;
    cycle++;
  }
};

}  // namespace fibertb

#endif
