// sm_tick.cpp - one FIBER SM's issue stage inside a C++ cycle simulator's
// tick loop, built against the installed package only (find_package(fiber)).
//
// Four wefts, one per subpartition (SP), run the paper's HMMA.FP16.1688
// operand placement (Fig. 6(c): A over SPs 0-1, B over SPs 2-3, each weft
// its own rows) for four outer iterations of eight k-steps, then a phase of
// FFMA chains whose three sources share one bank of a remote SP (three read
// passes each) while the next instruction consumes the result. The
// simulator owns the program and the pipeline (writeback after a fixed
// latency, consumption the cycle after the operands arrive); the library's
// fb_issue_step does selection, eligibility, the pending-read guard,
// arbitration, read passes and the busy bitmap. Printed per phase: cycles,
// instructions, read passes, stall cycles by cause (read port, busy bitmap,
// pending-read guard), broadcasts and IPC; the first HMMA iteration's grant
// masks must be the paper's 0x9, then 0xF x 7; in cycle 8 wefts 1 and 2 do
// their eighth step (Fig. 6(c)'s 0x6) while 0 and 3 start the next one.
// Exit status 0, or 1 if the library reports an error or the grants differ.
#include <cstdio>
#include <cstring>
#include <deque>
#include <vector>

#include "fiber/fiber.h"

namespace {

struct Insn { std::vector<uint16_t> src; int dst; unsigned lat; };

struct Stats { unsigned cycles = 0, issued = 0, passes = 0, port = 0, bitmap = 0, guard = 0, bcast = 0; };

class Sm {
 public:
  Sm() { ok_ = fb_issue_reset(&st_, nullptr) == FB_OK; }
  bool ok() const { return ok_; }
  // Runs the four wefts' programs to completion; grants of every cycle in *g.
  Stats run(const std::vector<Insn> prog[FB_NSP], std::vector<unsigned> *g) {
    Stats s;
    size_t pc[FB_NSP] = {0, 0, 0, 0};
    for (;;) {
      bool live = false;
      for (unsigned w = 0; w < FB_NSP; w++) live |= pc[w] < prog[w].size();
      if (!live && wb_.empty()) break;
      if (!tick(prog, pc, s, g)) { ok_ = false; break; }
    }
    return s;
  }

 private:
  struct Wb { uint64_t due; unsigned sp; uint16_t reg; };
  bool tick(const std::vector<Insn> prog[FB_NSP], size_t pc[FB_NSP], Stats &s, std::vector<unsigned> *g) {
    fb_issue_in in;
    std::memset(&in, 0, sizeof in);
    for (unsigned w = 0; w < FB_NSP; w++) {
      fb_issue_sp_in &p = in.sp[w];
      if (pc[w] < prog[w].size()) {
        const Insn &i = prog[w][pc[w]];
        if (fb_issue_insn(&p, w, i.src.data(), (unsigned)i.src.size(), i.dst) != FB_OK) return false;
        p.valid = 1;
      }
      p.cons_valid = last_.opnd_valid[w];                       // operands taken by the pipeline
      std::memcpy(p.cons_src, last_.opnd_reg[w], sizeof p.cons_src);
    }
    for (auto it = wb_.begin(); it != wb_.end(); ++it)           // one writeback per SP per cycle
      if (it->due <= cycle_ && !in.sp[it->sp].wb_valid) {
        in.sp[it->sp].wb_valid = 1;
        in.sp[it->sp].wb_dst = it->reg;
        it->due = 0;
      }
    for (auto it = wb_.begin(); it != wb_.end();) it = it->due == 0 ? wb_.erase(it) : it + 1;
    fb_issue_out o;
    if (fb_issue_step(&st_, &in, &o) != FB_OK) return false;
    for (unsigned w = 0; w < FB_NSP; w++) {
      unsigned bit = 1u << w;
      if (o.grant & bit) s.passes++;
      if (o.issue & bit) {
        const Insn &i = prog[w][pc[w]++];
        if (i.dst >= 0) wb_.push_back({cycle_ + i.lat, w, o.dst_reg[w]});
        s.issued++;
      } else if (o.stall & bit && !(o.grant & bit)) {
        if (o.pend_block & bit) s.guard++;
        else if (!(o.busy & bit) && !(o.eligible & bit)) s.bitmap++;
        else s.port++;
      }
    }
    s.bcast += o.arb.shared != 0;
    if (g) g->push_back(o.grant);
    last_ = o;
    cycle_++;
    s.cycles++;
    return true;
  }

  fb_issue st_;
  fb_issue_out last_{};
  std::deque<Wb> wb_;
  uint64_t cycle_ = 0;
  bool ok_ = false;
};

uint16_t reg(unsigned sp, unsigned row, unsigned bank) { return (uint16_t)((sp << 9) | (row << 1) | bank); }

void print(const char *what, const Stats &s) {
  std::printf("%-26s %4u cycles %3u insns %3u passes  stalls: %3u port %3u bitmap %3u guard  %3u bcast  IPC %.2f\n",
              what, s.cycles, s.issued, s.passes, s.port, s.bitmap, s.guard, s.bcast,
              s.cycles ? (double)s.issued / s.cycles : 0.0);
}

}  // namespace

int main() {
  std::printf("fiber %s (headers %s)\n", fb_version(), FIBER_VERSION_STRING);
  Sm sm;
  if (!sm.ok()) return 1;
  // Phase 1: HMMA.FP16.1688, weft w on SP w, k-step k: A on (SP w/2, bank
  // k%2), B on (SP 2 + w%2, bank k%2), own rows (128 and up: the extension's
  // extra bit); the accumulator is local (destinations are rows 0..127).
  std::vector<Insn> hmma[FB_NSP];
  for (unsigned w = 0; w < FB_NSP; w++)
    for (unsigned it = 0; it < 4; it++)
      for (unsigned k = 0; k < 8; k++)
        hmma[w].push_back({{reg(w / 2, 128 + 32 * w + 8 * it + k, k % 2), reg(2 + w % 2, 128 + 32 * w + 8 * it + k, k % 2)},
                           (int)(w * 512 + 0xF0 + it), 8});
  std::vector<unsigned> grants;
  Stats h = sm.run(hmma, &grants);
  print("HMMA.1688, 4 x 8 k-steps", h);
  static const unsigned paper[9] = {0x9, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0x6};
  bool fig = grants.size() >= 9;
  for (unsigned c = 0; fig && c < 9 && c < grants.size(); c++) fig = c == 8 ? (grants[c] & 0x6) == 0x6 : grants[c] == paper[c];
  std::printf("grants of cycles 0-8:");
  for (unsigned c = 0; c < 9 && c < grants.size(); c++) std::printf(" 0x%x", grants[c]);
  std::printf(" (%s)\n", fig ? "as Fig. 6(c)" : "NOT as Fig. 6(c)");
  // Phase 2: FFMA chains reading three rows of one bank of the next SP
  // (three passes) and consuming the previous result.
  std::vector<Insn> ffma[FB_NSP];
  for (unsigned w = 0; w < FB_NSP; w++)
    for (unsigned i = 0; i < 6; i++) {
      unsigned o = (w + 1) % 4;
      std::vector<uint16_t> src = {reg(o, 1, 0), reg(o, 2, 0), reg(o, 3, 0)};
      if (i) src.push_back((uint16_t)(w * 512 + 16 + i - 1));
      ffma[w].push_back({src, (int)(w * 512 + 16 + i), 4});
    }
  Stats f = sm.run(ffma, nullptr);
  print("FFMA chains, 3 passes each", f);
  return sm.ok() && fig ? 0 : 1;
}
