// test_scmodels.cpp - tests of the SystemC layer's own behaviour (the
// models inside are tested by the C libraries' Criterion suites): cycle
// alignment of the issue stage (its out of cycle c is fb_issue_step's on
// the inputs of cycle c, numbered c; again of cycle c equals busy of cycle
// c + 1 when the bench presents again as the contract says), every error
// path reported (never silent), the TMA unit's back-pressure from the
// target's annotated delay, and the memory target's TLM rules. One elaboration holds every case (SystemC elaborates once per
// process). Prints one line per check and a SUMMARY line; exit 1 on a
// failure.
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <utility>
#include <string>
#include <vector>

#include <systemc>

#include "scmodels/fiber_sc.h"
#include "scmodels/tilelens_sc.h"

namespace {

int checks = 0, failed = 0;
void expect(bool ok, const std::string &what) {
  checks++;
  if (!ok) failed++;
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
}

// Reports of SC_ERROR are recorded (type and message), not thrown, so the
// tests can see each one.
std::vector<std::string> errors;
void record(const sc_core::sc_report &r, const sc_core::sc_actions &a) {
  if (r.get_severity() == sc_core::SC_ERROR) {
    errors.push_back(std::string(r.get_msg_type()) + ": " + r.get_msg());
    return;
  }
  sc_core::sc_report_handler::default_handler(r, a);
}
size_t count_errors(const std::string &needle) {
  size_t n = 0;
  for (const std::string &e : errors) n += e.find(needle) != std::string::npos;
  return n;
}

const sc_core::sc_time kPeriod(1, sc_core::SC_NS);

// Drives the issue stage with a fixed pseudo-random instruction stream and
// steps a second fb_issue directly on the same inputs (the wrapper must
// neither shift nor drop a cycle); cycle 5 drives valid = 2 (FB_ERR_WIDTH).
class issue_bench : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<fiber_sc::issue_out> out;
  sc_core::sc_out<fiber_sc::issue_in> in;
  uint64_t compared = 0, out_mismatch = 0, repeat_checked = 0, repeat_mismatch = 0, numbering = 0;
  uint64_t issued = 0, multipass = 0;   // the stream must exercise both

  SC_HAS_PROCESS(issue_bench);
  explicit issue_bench(sc_core::sc_module_name n) : sc_core::sc_module(n) {
    fb_issue_reset(&ref_, nullptr);
    SC_METHOD(tick);
    sensitive << clk.pos();
  }

 private:
  uint64_t rnd() {
    uint64_t z = (seed_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    return z ^ (z >> 27);
  }
  void tick() {
    const fiber_sc::issue_out &o = out.read();
    if (o.cycle != 0) {
      numbering += o.cycle != last_cycle_ + 1;
      last_cycle_ = o.cycle;
      fb_issue_out e;
      std::memset(&e, 0, sizeof e);   // padding too: compared bytewise
      fb_err st = fb_issue_step(&ref_, &prev_.v, &e);
      (void)st;
      compared++;
      out_mismatch += std::memcmp(&e, &o.v, sizeof e) != 0;
      // again of the last cycle = busy of this one for SPs valid in
      // both (not after cycle 5, whose step was refused as a whole)
      for (unsigned s = 0; s < FB_NSP; s++)
        if (have_prev_out_ && prev_out_.cycle != 5 && prev_.v.sp[s].valid == 1 && prev2_valid_[s]) {
          repeat_checked++;
          repeat_mismatch += ((prev_out_.v.again >> s) & 1) != ((o.v.busy >> s) & 1);
        }
      for (unsigned s = 0; s < FB_NSP; s++) {
        if ((o.v.issue >> s) & 1) {
          issued++;
          if (prev_.v.sp[s].dst_valid) wb_[s].push_back({o.cycle + 3, o.v.dst_reg[s]});
        }
        multipass += ((o.v.grant & ~o.v.issue) >> s) & 1;
      }
      prev_out_ = o;
      have_prev_out_ = true;
    }
    // next inputs: an SP that must repeat presents the same instruction
    fiber_sc::issue_in x;
    for (unsigned s = 0; s < FB_NSP; s++) {
      prev2_valid_[s] = prev_.v.sp[s].valid == 1;
      fb_issue_sp_in &p = x.v.sp[s];
      if (o.cycle && ((o.v.again >> s) & 1)) {
        p = prev_.v.sp[s];
        continue;
      }
      uint16_t src[3];
      for (unsigned k = 0; k < 3; k++) src[k] = (uint16_t)(((rnd() & 3) << 9) | (rnd() & 7) << 1 | (rnd() & 1));
      if (rnd() % 4 != 0) {
        fb_issue_insn(&p, s, src, 1 + (unsigned)(rnd() % 3), (int)(s * 512 + (rnd() & 15)));
        p.valid = 1;
      }
    }
    // the pipeline: operands delivered last cycle are consumed now; a
    // result is written back 3 cycles after its issue (one per SP a cycle)
    for (unsigned s = 0; s < FB_NSP; s++) {
      fb_issue_sp_in &p = x.v.sp[s];
      p.cons_valid = o.v.opnd_valid[s];
      std::memcpy(p.cons_src, o.v.opnd_reg[s], sizeof p.cons_src);
      if (!wb_[s].empty() && wb_[s].front().first <= o.cycle + 1) {
        p.wb_valid = 1;
        p.wb_dst = wb_[s].front().second;
        wb_[s].pop_front();
      }
    }
    if (o.cycle == 4) x.v.sp[2].valid = 2;   // cycle 5: a value wider than its port
    prev_ = x;
    in.write(x);
  }
  fb_issue ref_;
  fiber_sc::issue_in prev_;
  fiber_sc::issue_out prev_out_;
  bool have_prev_out_ = false;
  bool prev2_valid_[FB_NSP] = {false, false, false, false};
  uint64_t seed_ = 12345, last_cycle_ = 0;
  std::deque<std::pair<uint64_t, uint16_t> > wb_[FB_NSP];
};

// Records the time of every transaction a memory target serves.
class spy_memory : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<spy_memory> socket;
  tlm_utils::simple_initiator_socket<spy_memory> down;
  std::vector<sc_core::sc_time> times;
  SC_HAS_PROCESS(spy_memory);
  explicit spy_memory(sc_core::sc_module_name n) : sc_core::sc_module(n), socket("socket"), down("down") {
    socket.register_b_transport(this, &spy_memory::b_transport);
  }

 private:
  void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &d) {
    times.push_back(sc_core::sc_time_stamp());
    down->b_transport(t, d);
  }
};

// Sends transactions straight to a memory target.
class direct_initiator : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<direct_initiator> sock;
  explicit direct_initiator(sc_core::sc_module_name n) : sc_core::sc_module(n), sock("sock") {}
  tlm::tlm_response_status send(tlm::tlm_command cmd, uint64_t a, unsigned char *p, unsigned n,
                                unsigned char *be, sc_core::sc_time *delay) {
    tlm::tlm_generic_payload t;
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    t.set_command(cmd);
    t.set_address(a);
    t.set_data_ptr(p);
    t.set_data_length(n);
    t.set_streaming_width(n);
    t.set_byte_enable_ptr(be);
    t.set_byte_enable_length(be ? n : 0);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sock->b_transport(t, d);
    if (delay) *delay = d;
    return t.get_response_status();
  }
};

}  // namespace

int sc_main(int, char *[]) {
  sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
  sc_core::sc_report_handler::set_handler(record);
  sc_core::sc_clock clk("clk", kPeriod);
  sc_core::sc_signal<bool> rst_n("rst_n");

  // issue stage
  sc_core::sc_signal<fiber_sc::issue_in> iin("iin");
  sc_core::sc_signal<fiber_sc::issue_out> iout("iout");
  fiber_sc::issue_stage issue("issue");
  issue_bench ib("ib");
  issue.clk(clk);
  issue.rst_n(rst_n);
  issue.in(iin);
  issue.out(iout);
  ib.clk(clk);
  ib.out(iout);
  ib.in(iin);

  // TMA units: (a) a good box through a 16 B/cycle memory behind a spy,
  // (b) a misaligned box and a second start while one is pending, (c) a
  // shared memory too small for its box.
  tl_desc dt, dl;
  tl_box good, misaligned;
  tl_desc_matrix_tiled(&dt, 1ull << 32, 4096, 1024, 2, 64, 32);
  tl_desc_matrix_linear(&dl, 1ull << 32, 4096, 1024, 2);
  tl_box_2d(&good, 128, 64, 64, 64, 0);
  tl_box_2d(&misaligned, 1, 64, 64, 64, 0);
  tilelens_sc::tma_unit ta("ta", 8192), tb("tb", 8192), tc("tc", 4096);
  tilelens_sc::memory ma("ma", 16, kPeriod), mb("mb", 64, kPeriod), mc("mc", 64, kPeriod), md("md", 32, kPeriod);
  spy_memory spy("spy");
  direct_initiator di("di");
  for (tilelens_sc::tma_unit *u : {&ta, &tb, &tc}) {
    u->clk(clk);
    u->rst_n(rst_n);
  }
  ta.mem.bind(spy.socket);
  spy.down.bind(ma.socket);
  tb.mem.bind(mb.socket);
  tc.mem.bind(mc.socket);
  di.sock.bind(md.socket);

  ta.start(dt, good);
  tb.start(dt, misaligned);
  bool second = tb.start(dl, good);
  tc.start(dl, good);
  expect(!second && count_errors("start while a start is pending") == 1,
         "tma_unit: a second start while one is pending is refused and reported");

  rst_n.write(false);
  sc_core::sc_start(sc_core::sc_time(2250, sc_core::SC_PS));
  rst_n.write(true);
  sc_core::sc_start(kPeriod * 700.0);

  // issue stage
  expect(ib.compared > 600 && ib.out_mismatch == 0,
         "issue_stage: out of cycle c equals fb_issue_step on the inputs of cycle c (" + std::to_string(ib.compared) +
             " cycles, " + std::to_string(ib.out_mismatch) + " differ)");
  expect(ib.numbering == 0, "issue_stage: out.cycle counts 1, 2, 3, ... from reset");
  expect(ib.issued > 500 && ib.multipass > 100,
         "issue_stage bench: the stream issues (" + std::to_string(ib.issued) + ") and takes extra passes (" +
             std::to_string(ib.multipass) + " granted passes that do not issue)");
  expect(ib.repeat_checked > 100 && ib.repeat_mismatch == 0,
         "issue_stage: again of cycle c equals busy of cycle c + 1 (" + std::to_string(ib.repeat_checked) +
             " SP-cycles, " + std::to_string(ib.repeat_mismatch) + " differ)");
  expect(count_errors("fb_issue_step cycle 5: FB_ERR_WIDTH") == 1,
         "issue_stage: valid = 2 in cycle 5 is reported as FB_ERR_WIDTH");
  expect(issue.errors() == 1 && issue.last_error() == FB_ERR_WIDTH && count_errors("issue_stage") == 1,
         "issue_stage: no other cycle reported an error (" + std::to_string(issue.errors()) + " reported)");

  // TMA (a): back-pressure. 128-byte requests at 16 bytes a cycle: 8 cycles
  // each, so the transfers are exactly 8 clocks apart.
  bool spaced = spy.times.size() == 64;
  for (size_t k = 1; spaced && k < spy.times.size(); k++) spaced = spy.times[k] - spy.times[k - 1] == kPeriod * 8.0;
  expect(spaced, "tma_unit: 64 requests of 128 B through a 16 B/cycle target are 8 cycles apart (" +
                     std::to_string(spy.times.size()) + " transfers)");
  expect(ta.stats().requests == 64 && ta.port_wait_cycles() == 63 * 7 && !ta.busy() && ta.last_status() == TL_OK,
         "tma_unit: the unit waited 7 cycles before each of the last 63 requests (" +
             std::to_string(ta.port_wait_cycles()) + ")");
  uint64_t equal = 0;
  for (uint32_t jj = 0; jj < 64; jj++)
    for (uint32_t ii = 0; ii < 128; ii++)
      equal += ta.smem()[jj * 128 + ii] ==
               tilelens_sc::memory::initial_byte(dt.base + tl_tile_offset(&dt, 128 + ii / 2, 64 + jj) + ii % 2);
  expect(equal == 8192, "tma_unit: shared memory holds the box as Eq. 2 places it");
  // (b) rejected box
  expect(tb.last_status() == TL_ERR_ALIGN && count_errors("box rejected: TL_ERR_ALIGN") == 1 &&
             mb.transactions() == 0,
         "tma_unit: a misaligned box is rejected, reported with its status and rule, nothing read");
  // (c) shared memory too small: 4096 B for an 8192 B box
  expect(count_errors("request outside shared memory") == 32 && mc.transactions() == 32,
         "tma_unit: every request beyond the shared memory is reported (32), none sent");

  // memory target rules
  unsigned char buf[64], be[64];
  std::memset(be, 0xFF, sizeof be);
  sc_core::sc_time d;
  expect(di.send(tlm::TLM_READ_COMMAND, 0x1000, buf, 64, be, nullptr) == tlm::TLM_GENERIC_ERROR_RESPONSE,
         "memory: byte enables are refused with an error response");
  expect(di.send(tlm::TLM_IGNORE_COMMAND, 0x1000, buf, 64, nullptr, nullptr) == tlm::TLM_COMMAND_ERROR_RESPONSE,
         "memory: an ignore command is refused with a command error");
  for (unsigned k = 0; k < 64; k++) buf[k] = (unsigned char)(k * 7);
  bool wr = di.send(tlm::TLM_WRITE_COMMAND, 0x2010, buf, 40, nullptr, &d) == tlm::TLM_OK_RESPONSE;
  std::memset(buf, 0, sizeof buf);
  bool rd = di.send(tlm::TLM_READ_COMMAND, 0x2000, buf, 64, nullptr, nullptr) == tlm::TLM_OK_RESPONSE;
  bool same = true;
  for (unsigned k = 0; k < 64; k++)
    same = same && buf[k] == (k >= 16 && k < 56 ? (unsigned char)((k - 16) * 7) : tilelens_sc::memory::initial_byte(0x2000 + k));
  expect(wr && rd && same, "memory: written bytes read back, the others read their initial value");
  expect(d == kPeriod * 2.0, "memory: 40 bytes at 32 bytes a cycle annotate 2 cycles");
  expect(md.pages() == 1 && md.transactions() == 2 && md.bytes() == 104,
         "memory: the two good transactions are counted (2, 104 bytes, one 4 KB page)");

  std::printf("SUMMARY systemc layer: %d checks, %d passed, %d failed\n", checks, checks - failed, failed);
  return failed ? 1 : 0;
}
