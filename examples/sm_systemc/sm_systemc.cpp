// sm_systemc.cpp - a FIBER SM with a TileLens TMA in one SystemC simulation,
// built on the SystemC layer (scmodels/fiber_sc.h, scmodels/tilelens_sc.h).
//
// The top: one sc_clock (1 ns); the SM's issue stage (fiber_sc::issue_stage,
// fb_issue_step once a cycle); the SM's front end (below: four warps per
// subpartition, a warp scheduler per SP, writeback after a fixed latency,
// operand consumption the cycle after delivery); the TMA address unit
// (tilelens_sc::tma_unit), whose requests are TLM-2.0 reads on its initiator
// socket to a memory target (tilelens_sc::memory, 64 bytes a cycle).
// The warp scheduler of each SP keeps a warp while it issues (greedy) and
// otherwise takes the first warp, round robin from the current one, whose
// next instruction fb_issue_query() says is eligible (none: the current
// warp's, which then stalls with its reason); an SP in the middle of a
// multi-pass read presents it again (out.again). The per-SP figures are the
// library's statistics (fb_issue_get_stats: cycles by reason).
//
// The workload of each SP s: warps 0 and 1 run 2 x 8 HMMA k-steps once the
// TMA tile is in shared memory (A fragments over SPs 0-1 and B over SPs 2-3
// as the paper's HMMA.FP16.1688 placement, two A registers on one port:
// every HMMA takes two or three read passes; the accumulator is the
// destination, a chain through the busy bitmap); warps 2 and 3 run chains
// of 12 FFMAs from cycle 0 (two sources on one bank of the next SP: two
// passes; the third source the previous result). The TMA loads a 64 x 64
// FP16 box of a tile-major matrix (64 x 32 tiles, 4 KB granules).
//
// Checks (exit 1 on any failure): every warp finishes within the cycle
// limit, and no SP waits 1000 cycles for a grant (fb_issue_progress); no
// library error; the 8192 bytes of shared memory equal the bytes
// the paper's Eq. 2 (tl_tile_offset) puts there; the TLM transactions equal
// the unit's requests; the busy bitmap's replicas agree at the end. Built
// with SM_SC_RTL (the tree's make check-systemc), the Verilated RTL of the
// read-port arbiter (rtl/fiber/fiber_port_arb.v, verilator --sc) runs beside
// the model on the issue stage's arbiter requests, and every output
// (grant, stall, start, occ, shared, owner, row) is compared every cycle.
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include <systemc>

#include "scmodels/fiber_sc.h"
#include "scmodels/tilelens_sc.h"

#ifdef SM_SC_RTL
#include "Vfiber_port_arb.h"
#endif

namespace {

const unsigned kWarps = 4;            // warps per SP
const uint64_t kCycleLimit = 20000;   // deadlock guard

struct Insn {
  std::vector<uint16_t> src;
  int dst;            // register id (local to the SP) or -1
  unsigned lat;       // cycles from issue to writeback
  bool needs_tile;    // may not be presented before the TMA tile is in
  bool hmma;
};

struct Warp {
  std::vector<Insn> prog;
  size_t pc = 0;
  uint64_t done = 0;  // cycle of its last issue
};

struct SpStats { uint64_t issued = 0, hmma = 0; };

uint16_t reg(unsigned sp, unsigned row, unsigned bank) { return (uint16_t)((sp << 9) | (row << 1) | bank); }

// The SM's front end: warp schedulers and the pipeline's register events.
class sm_front : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk, rst_n, tile_ready;
  sc_core::sc_in<fiber_sc::issue_out> out;
  sc_core::sc_out<fiber_sc::issue_in> in;

  SC_HAS_PROCESS(sm_front);
  explicit sm_front(sc_core::sc_module_name n) : sc_core::sc_module(n) {
    for (unsigned s = 0; s < FB_NSP; s++) {
      for (unsigned w = 0; w < 2; w++) {           // HMMA warps
        unsigned hw = s * 2 + w;
        for (unsigned it = 0; it < 2; it++)
          for (unsigned k = 0; k < 8; k++) {
            unsigned arow = 128 + hw * 16 + (k / 2) * 2, brow = 128 + hw * 16 + 8 + k / 2;
            int acc = (int)(s * 512 + w * 32 + it * 2);
            warp_[s][w].prog.push_back({{reg(s / 2, arow, k % 2), reg(s / 2, arow + 1, k % 2),
                                         reg(2 + s % 2, brow, k % 2), (uint16_t)acc},
                                        acc, 8, true, true});
          }
      }
      for (unsigned w = 2; w < kWarps; w++) {      // FFMA chains
        unsigned fw = s * 2 + (w - 2), o = (s + 1) % FB_NSP;
        for (unsigned i = 0; i < 12; i++) {
          std::vector<uint16_t> src = {reg(o, 16 + fw * 2, 0), reg(o, 17 + fw * 2, 0)};
          int dst = (int)(s * 512 + 64 + (w - 2) * 32 + i * 2);
          if (i) src.push_back((uint16_t)(dst - 2));
          warp_[s][w].prog.push_back({src, dst, 4, false, false});
        }
      }
    }
    SC_METHOD(tick);
    sensitive << clk.pos();
  }

  const fb_issue *stage = nullptr;   // the issue stage's state, for fb_issue_query
  bool finished() const { return finished_; }
  bool deadlocked() const { return stuck_ != 0; }
  uint64_t cycles() const { return seen_; }
  uint64_t finish_cycle() const { return finish_; }
  fb_issue_stats lib_stats{};   // the library's statistics at the finish
  const SpStats &stats(unsigned s) const { return st_[s]; }
  const Warp &warp(unsigned s, unsigned w) const { return warp_[s][w]; }

 private:
  struct Wb { uint64_t due; uint16_t reg; };

  void tick() {
    const fiber_sc::issue_out &o = out.read();
    if (!rst_n.read()) {
      seen_ = 0;
    } else if (o.cycle == seen_ + 1) {
      seen_ = o.cycle;
      account(o);
    }
    present(o);
  }

  // The outputs of cycle seen_: what issued.
  void account(const fiber_sc::issue_out &o) {
    for (unsigned s = 0; s < FB_NSP; s++) {
      unsigned bit = 1u << s;
      if (!(presented_ & bit) || !(o.v.issue & bit)) continue;
      Warp &w = warp_[s][cur_[s]];
      const Insn &i = w.prog[w.pc++];
      if (i.dst >= 0) wb_[s].push_back({seen_ + i.lat, o.v.dst_reg[s]});
      st_[s].issued++;
      st_[s].hmma += i.hmma;
      if (w.pc == w.prog.size()) w.done = seen_;
    }
    uint8_t stuck = 0;   // the library's deadlock check: no grant for 1000 cycles
    if (!stuck_ && fb_issue_progress(stage, 1000, &stuck) == FB_ERR_DEADLOCK) {
      stuck_ = stuck;
      std::printf("deadlock: SPs 0x%x presented an instruction for 1000 cycles without a grant (cycle %" PRIu64 ")\n",
                  stuck, seen_);
    }
  }

  bool can_present(unsigned s, unsigned w) const {
    const Warp &x = warp_[s][w];
    return x.pc < x.prog.size() && (!x.prog[x.pc].needs_tile || tile_ready.read());
  }

  bool fill(fb_issue_sp_in *p, unsigned s, unsigned w) {
    const Insn &i = warp_[s][w].prog[warp_[s][w].pc];
    if (fb_issue_insn(p, s, i.src.data(), (unsigned)i.src.size(), i.dst) != FB_OK) {
      SC_REPORT_ERROR("sm_systemc", "fb_issue_insn rejected an instruction");
      return false;
    }
    p->valid = 1;
    return true;
  }

  // The warp of SP s for the next cycle: the current one while it must
  // present again; else the first, from the current one on, that is
  // eligible; else the first that can present at all.
  int choose(unsigned s, const fiber_sc::issue_out &o) {
    if ((o.v.again >> s) & 1) return (int)cur_[s];
    int fallback = -1;
    for (unsigned k = 0; k < kWarps; k++) {
      unsigned w = (cur_[s] + k) % kWarps;
      if (!can_present(s, w)) continue;
      if (fallback < 0) fallback = (int)w;
      fb_issue_sp_in cand;
      std::memset(&cand, 0, sizeof cand);
      fb_issue_elig why;
      if (!fill(&cand, s, w)) return -1;
      if (fb_issue_query(stage, s, &cand, &why) != FB_OK) {
        SC_REPORT_ERROR("sm_systemc", "fb_issue_query failed");
        return -1;
      }
      if (why.eligible) return (int)w;
    }
    return fallback;
  }

  // The inputs of cycle seen_ + 1.
  void present(const fiber_sc::issue_out &o) {
    fiber_sc::issue_in x;
    presented_ = 0;
    bool live = false;
    for (unsigned s = 0; s < FB_NSP; s++) {
      unsigned bit = 1u << s;
      fb_issue_sp_in &p = x.v.sp[s];
      int w = choose(s, o);
      if (w >= 0) {
        cur_[s] = (unsigned)w;
        if (!fill(&p, s, cur_[s])) return;
        presented_ |= (uint8_t)bit;
      }
      p.cons_valid = o.v.opnd_valid[s];            // operands delivered last cycle are consumed
      std::memcpy(p.cons_src, o.v.opnd_reg[s], sizeof p.cons_src);
      for (auto it = wb_[s].begin(); it != wb_[s].end(); ++it)
        if (it->due <= seen_ + 1) {                // one writeback per SP per cycle
          p.wb_valid = 1;
          p.wb_dst = it->reg;
          wb_[s].erase(it);
          break;
        }
      for (unsigned w = 0; w < kWarps; w++) live |= warp_[s][w].pc < warp_[s][w].prog.size();
      live |= !wb_[s].empty() || (o.v.again & bit);
    }
    if (!finished_ && seen_ > 0 && !live) {
      finished_ = true;
      finish_ = seen_;
      fb_issue_get_stats(stage, &lib_stats);
    }
    in.write(x);
  }

  Warp warp_[FB_NSP][kWarps];
  unsigned cur_[FB_NSP] = {0, 0, 0, 0};
  std::deque<Wb> wb_[FB_NSP];
  SpStats st_[FB_NSP];
  uint8_t presented_ = 0, stuck_ = 0;
  uint64_t seen_ = 0, finish_ = 0;
  bool finished_ = false;
};

#ifdef SM_SC_RTL
// The RTL arbiter beside the model: its inputs are the arbiter requests of
// the issue stage's cycle (set at the falling edge when the model steps);
// at the next rising edge (before the RTL's start advances) every output is
// compared with the model's fb_arb_out of that cycle.
class arb_check : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<fiber_sc::issue_in> in;
  sc_core::sc_in<fiber_sc::issue_out> out;
  sc_core::sc_out<uint32_t> valid_o, ports_o;
  sc_core::sc_out<sc_dt::sc_bv<256> > row_o;
  sc_core::sc_in<uint32_t> grant_i, stall_i, start_i, occ_i, shared_i, owner_i;
  sc_core::sc_in<uint64_t> rowq_i;

  SC_HAS_PROCESS(arb_check);
  explicit arb_check(sc_core::sc_module_name n) : sc_core::sc_module(n) {
    SC_METHOD(drive);
    sensitive << out;
    dont_initialize();
    SC_METHOD(compare);
    sensitive << clk.pos();
    dont_initialize();
  }
  uint64_t compared = 0, mismatches = 0;

 private:
  void drive() {
    const fb_issue_out &o = out.read().v;
    const fb_issue_in &x = in.read().v;
    uint32_t valid = 0, ports = 0;
    sc_dt::sc_bv<256> rows;
    for (unsigned s = 0; s < FB_NSP; s++) {
      unsigned bit = 1u << s;
      // requests = valid & !illegal & (busy | eligible & !pend_block)
      unsigned rq = x.sp[s].valid && !(o.illegal & bit) &&
                    ((o.busy & bit) || ((o.eligible & bit) && !(o.pend_block & bit)));
      fb_arb_req r = fb_sel_arb_req(&o.sel[s], rq);
      valid |= (uint32_t)r.valid << s;
      ports |= (uint32_t)(r.valid ? r.ports : 0) << (s * FB_NPORT);
      for (unsigned p = 0; p < FB_NPORT; p++)
        rows.range((s * FB_NPORT + p) * 8 + 7, (s * FB_NPORT + p) * 8) = r.row[p];
    }
    valid_o.write(valid);
    ports_o.write(ports);
    row_o.write(rows);
  }
  void compare() {
    const fiber_sc::issue_out &x = out.read();
    if (x.cycle == 0 || x.cycle == last_) return;
    last_ = x.cycle;
    const fb_arb_out &e = x.v.arb;
    uint32_t owner = 0;
    uint64_t row = 0;
    for (unsigned p = 0; p < FB_NPORT; p++) {
      owner |= (uint32_t)e.owner[p] << (2 * p);
      row |= (uint64_t)e.row[p] << (8 * p);
    }
    compared++;
    if (grant_i.read() == e.grant && stall_i.read() == e.stall && start_i.read() == e.start &&
        occ_i.read() == e.occ && shared_i.read() == e.shared && owner_i.read() == owner && rowq_i.read() == row &&
        e.grant == x.v.grant)
      return;
    if (++mismatches <= 5)
      std::printf("rtl: MISMATCH cyc=%" PRIu64 " valid=0x%x ports=0x%08x => dut: grant=0x%x stall=0x%x start=%u "
                  "occ=0x%02x shared=0x%02x owner=0x%04x row=0x%016" PRIx64 " expected: grant=0x%x stall=0x%x "
                  "start=%u occ=0x%02x shared=0x%02x owner=0x%04x row=0x%016" PRIx64 "\n",
                  x.cycle, (unsigned)valid_o.read(), (unsigned)ports_o.read(), (unsigned)grant_i.read(),
                  (unsigned)stall_i.read(), (unsigned)start_i.read(), (unsigned)occ_i.read(),
                  (unsigned)shared_i.read(), (unsigned)owner_i.read(), (uint64_t)rowq_i.read(), e.grant, e.stall,
                  e.start, e.occ, e.shared, owner, row);
  }
  uint64_t last_ = 0;
};
#endif

// The TMA tile load: started at once; tile_ready rises when the unit is done.
class tma_driver : public sc_core::sc_module {
 public:
  sc_core::sc_out<bool> tile_ready;
  tilelens_sc::tma_unit *tma = nullptr;
  tl_desc d;
  tl_box b;
  uint64_t done_cycle = 0;

  SC_HAS_PROCESS(tma_driver);
  explicit tma_driver(sc_core::sc_module_name n) : sc_core::sc_module(n) { SC_THREAD(run); }

 private:
  void run() {
    tile_ready.write(false);
    tma->start(d, b);
    wait(tma->done_event());
    done_cycle = (uint64_t)(sc_core::sc_time_stamp() / sc_core::sc_time(1, sc_core::SC_NS));
    tile_ready.write(true);
  }
};

}  // namespace

int sc_main(int, char *[]) {
  sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
  std::printf("sm_systemc: fiber %s, tilelens %s, SystemC %s\n", fb_version(), tl_version(),
              sc_core::sc_release());
  const sc_core::sc_time period(1, sc_core::SC_NS);
  sc_core::sc_clock clk("clk", period);
  sc_core::sc_signal<bool> rst_n("rst_n"), tile_ready("tile_ready");
  sc_core::sc_signal<fiber_sc::issue_in> issue_in("issue_in");
  sc_core::sc_signal<fiber_sc::issue_out> issue_out("issue_out");

  fiber_sc::issue_stage issue("issue");
  sm_front front("front");
  issue.clk(clk);
  issue.rst_n(rst_n);
  issue.in(issue_in);
  issue.out(issue_out);
  front.clk(clk);
  front.rst_n(rst_n);
  front.tile_ready(tile_ready);
  front.out(issue_out);
  front.in(issue_in);
  front.stage = &issue.state();

  const uint32_t kBox = 64, kElem = 2;
  tilelens_sc::tma_unit tma("tma", kBox * kBox * kElem);
  tilelens_sc::memory mem("mem", 64, period);
  tma.clk(clk);
  tma.rst_n(rst_n);
  tma.mem.bind(mem.socket);
  tma_driver drv("tma_driver");
  drv.tile_ready(tile_ready);
  drv.tma = &tma;
  if (tl_desc_matrix_tiled(&drv.d, 1ull << 32, 4096, 1024, kElem, 64, 32) != TL_OK ||
      tl_box_2d(&drv.b, 128, 64, kBox, kBox, 0) != TL_OK)
    return 1;

#ifdef SM_SC_RTL
  sc_core::sc_signal<uint32_t> a_valid("a_valid"), a_ports("a_ports"), a_grant("a_grant"), a_stall("a_stall"),
      a_start("a_start"), a_occ("a_occ"), a_shared("a_shared"), a_owner("a_owner");
  sc_core::sc_signal<sc_dt::sc_bv<256> > a_row("a_row");
  sc_core::sc_signal<uint64_t> a_rowq("a_rowq");
  Vfiber_port_arb rtl("rtl_port_arb");
  rtl.clk_i(clk);
  rtl.rst_ni(rst_n);
  rtl.valid_i(a_valid);
  rtl.ports_i(a_ports);
  rtl.row_i(a_row);
  rtl.grant_o(a_grant);
  rtl.stall_o(a_stall);
  rtl.start_o(a_start);
  rtl.occ_o(a_occ);
  rtl.shared_o(a_shared);
  rtl.owner_o(a_owner);
  rtl.row_o(a_rowq);
  arb_check chk("arb_check");
  chk.clk(clk);
  chk.in(issue_in);
  chk.out(issue_out);
  chk.valid_o(a_valid);
  chk.ports_o(a_ports);
  chk.row_o(a_row);
  chk.grant_i(a_grant);
  chk.stall_i(a_stall);
  chk.start_i(a_start);
  chk.occ_i(a_occ);
  chk.shared_i(a_shared);
  chk.owner_i(a_owner);
  chk.rowq_i(a_rowq);
#endif

  // Reset through the rising edges at 0, 1 and 2 ns; the first model cycle
  // is the falling edge at 2.5 ns (the RTL's start is 0 then).
  rst_n.write(false);
  sc_core::sc_start(sc_core::sc_time(2250, sc_core::SC_PS));
  rst_n.write(true);
  while (!front.finished() && !front.deadlocked() && front.cycles() < kCycleLimit) sc_core::sc_start(period * 64.0);

  bool ok = front.finished() && !front.deadlocked();
  uint64_t total = front.finish_cycle();
  std::printf("SM: %u SPs x %u warps (2 HMMA x 16, 2 FFMA x 12 each): %s in %" PRIu64 " cycles\n", FB_NSP, kWarps,
              ok ? "done" : "NOT done", total);
  // Library statistics at the finish (the idle tail after it not counted).
  uint64_t issued = 0;
  for (unsigned s = 0; s < FB_NSP; s++) {
    const SpStats &st = front.stats(s);
    const fb_issue_sp_stats &ls = front.lib_stats.sp[s];
    issued += st.issued;
    ok = ok && ls.by[FB_WHY_ISSUE] == st.issued;
    std::printf("  SP %u: %3" PRIu64 " insns (%2" PRIu64 " HMMA) %3" PRIu64 " passes, stall cycles: %3" PRIu64
                " port %3" PRIu64 " empty %3" PRIu64 " full %3" PRIu64 " guard, %3" PRIu64 " idle; warps done at",
                s, st.issued, st.hmma, ls.by[FB_WHY_ISSUE] + ls.by[FB_WHY_PASS], ls.by[FB_WHY_PORT],
                ls.by[FB_WHY_EMPTY], ls.by[FB_WHY_FULL], ls.by[FB_WHY_GUARD], ls.by[FB_WHY_IDLE]);
    for (unsigned w = 0; w < kWarps; w++) std::printf(" %" PRIu64, front.warp(s, w).done);
    std::printf("\n");
  }
  std::printf("  IPC %.2f (%" PRIu64 " instructions)\n", total ? (double)issued / (double)total : 0.0, issued);
  ok = ok && issue.errors() == 0 && fb_bm_replicas_equal(&issue.state().bm) == 1;

  // Shared memory against Eq. 2: element (i, j) of the box sits at
  // base + tl_tile_offset(i, j) in global memory.
  uint64_t equal = 0;
  const std::vector<uint8_t> &smem = tma.smem();
  for (uint32_t jj = 0; jj < kBox; jj++)
    for (uint32_t ii = 0; ii < kBox; ii++)
      for (uint32_t k = 0; k < kElem; k++) {
        uint64_t g = drv.d.base + tl_tile_offset(&drv.d, 128 + ii, 64 + jj) + k;
        equal += smem[(jj * kBox + ii) * kElem + k] == tilelens_sc::memory::initial_byte(g);
      }
  const tl_tma_stats &ts = tma.stats();
  bool tma_ok = equal == smem.size() && mem.transactions() == ts.requests && mem.bytes() == smem.size() &&
                tma.last_status() == TL_OK;
  std::printf("TMA: 64 x 64 FP16 box, tile-major 64 x 32 tiles: done at cycle %" PRIu64 ", %" PRIu64
              " requests = %" PRIu64 " TLM reads, %" PRIu64 " bytes, %zu pages, %" PRIu64 " port-wait cycles\n",
              drv.done_cycle - 3, ts.requests, mem.transactions(), mem.bytes(), mem.pages(), tma.port_wait_cycles());
  std::printf("TMA: shared memory %s Eq. 2 (%" PRIu64 " of %zu bytes)\n", tma_ok ? "matches" : "DIFFERS from",
              equal, smem.size());
  ok = ok && tma_ok;
#ifdef SM_SC_RTL
  std::printf("rtl: fiber_port_arb (verilator --sc) beside the issue stage: %" PRIu64 " cycles compared, %" PRIu64
              " mismatches\n", chk.compared, chk.mismatches);
  ok = ok && chk.mismatches == 0 && chk.compared >= total;
  rtl.final();
#endif
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
