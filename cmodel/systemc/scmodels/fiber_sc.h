// fiber_sc.h - SystemC module of the FIBER composed issue stage
// (fiber_issue_stage): fb_issue_step() of libfiber, one call per clock.
//
// Timing (docs/systemc.md): a front end (the SM's warp schedulers and
// pipeline) drives `in` at the rising edge of cycle c; the module samples
// it at the falling edge of that cycle, runs fb_issue_step() and writes
// `out` (the outputs of cycle c, combinational in the RTL) at once; the
// front end reads them at the next rising edge and chooses the inputs of
// cycle c + 1: an SP whose bit is set in out.v.again must present the same
// instruction again (fb_issue_step refuses anything else with
// FB_ERR_CONTRACT); for the others, fb_issue_query(&state(), sp, ...) on
// the state between the two edges answers whether a candidate would be
// eligible in cycle c + 1 (a warp scheduler's choice).
// rst_n low at a falling edge resets the stage (fb_issue_reset) and writes
// an empty `out` with cycle = 0; each executed cycle numbers its `out`
// (cycle = 1 for the first cycle after reset), so a reader can tell a new
// output from the previous one.
//
// Errors are never silent: an fb_issue_step() status other than FB_OK is
// reported as a SystemC error (message type "scmodels/fiber/issue_stage",
// SC_ERROR: by default an exception that stops the simulation; a simulator
// may demote it with sc_report_handler::set_actions), and counted in
// errors(); last_error() keeps the status. FB_ERR_RANGE executed the cycle
// (an out-of-range register id dropped as the RTL drops it).
//
// Header only: the module compiles into the simulator that includes it, so
// it follows that simulator's SystemC build (the library's ABI is C).
#ifndef SCMODELS_FIBER_SC_H
#define SCMODELS_FIBER_SC_H

#include <cstdint>
#include <cstring>
#include <ostream>
#include <string>
#include <systemc>

#include "fiber/fiber.h"

namespace fiber_sc {

// The inputs of one cycle: fb_issue_in as a signal value (compared bytewise;
// always built from a zeroed object, so padding bytes compare equal).
struct issue_in {
  fb_issue_in v;
  issue_in() { std::memset(&v, 0, sizeof v); }
  bool operator==(const issue_in &o) const { return std::memcmp(&v, &o.v, sizeof v) == 0; }
};

// The outputs of one cycle: fb_issue_out (v.again, v.reason included) and
// the cycle number since reset (0: in reset, or before the first cycle).
struct issue_out {
  fb_issue_out v;
  uint64_t cycle;
  issue_out() : cycle(0) { std::memset(&v, 0, sizeof v); }
  bool operator==(const issue_out &o) const { return cycle == o.cycle && std::memcmp(&v, &o.v, sizeof v) == 0; }
};

inline std::ostream &operator<<(std::ostream &os, const issue_in &x) {
  os << "issue_in{valid";
  for (unsigned s = 0; s < FB_NSP; s++) os << ' ' << unsigned(x.v.sp[s].valid);
  return os << '}';
}
inline std::ostream &operator<<(std::ostream &os, const issue_out &x) {
  return os << "issue_out{cycle " << x.cycle << " issue 0x" << std::hex << unsigned(x.v.issue) << " grant 0x"
            << unsigned(x.v.grant) << " stall 0x" << unsigned(x.v.stall) << std::dec << '}';
}
// Waveforms: the RTL-visible outputs (issue, stall, grant) as 4-bit vectors.
inline void sc_trace(sc_core::sc_trace_file *tf, const issue_out &x, const std::string &name) {
  sc_core::sc_trace(tf, x.v.issue, name + ".issue", FB_NSP);
  sc_core::sc_trace(tf, x.v.stall, name + ".stall", FB_NSP);
  sc_core::sc_trace(tf, x.v.grant, name + ".grant", FB_NSP);
  sc_core::sc_trace(tf, x.v.again, name + ".again", FB_NSP);
}
inline void sc_trace(sc_core::sc_trace_file *tf, const issue_in &x, const std::string &name) {
  for (unsigned s = 0; s < FB_NSP; s++)
    sc_core::sc_trace(tf, x.v.sp[s].valid, name + ".valid" + std::to_string(s), 1);
}

class issue_stage : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<bool> rst_n;
  sc_core::sc_in<issue_in> in;
  sc_core::sc_out<issue_out> out;

  // cfg: fb_issue_cfg (NULL: the defaults, the RTL's full size). An invalid
  // configuration is reported at construction (fb_issue_reset's status).
  issue_stage(sc_core::sc_module_name name, const fb_issue_cfg *cfg = nullptr)
      : sc_core::sc_module(name), clk("clk"), rst_n("rst_n"), in("in"), out("out") {
    std::memset(&cfg_, 0, sizeof cfg_);
    if (cfg) cfg_ = *cfg;
    std::memset(&st_, 0, sizeof st_);
    check(fb_issue_reset(&st_, &cfg_), "fb_issue_reset");
    SC_HAS_PROCESS(issue_stage);
    SC_METHOD(tick);
    sensitive << clk.neg();
    dont_initialize();
  }

  // The model's state (read-only: for fb_issue_query, the busy bitmap, the
  // arbiter's start) and its per-SP statistics since reset.
  const fb_issue &state() const { return st_; }
  fb_issue_stats stats() const {
    fb_issue_stats s;
    std::memset(&s, 0, sizeof s);
    fb_issue_get_stats(&st_, &s);
    return s;
  }
  uint64_t cycles() const { return cycle_; }
  uint64_t errors() const { return errors_; }
  fb_err last_error() const { return last_err_; }

 private:
  void tick() {
    issue_out o;
    if (!rst_n.read()) {
      check(fb_issue_reset(&st_, &cfg_), "fb_issue_reset");
      cycle_ = 0;
      out.write(o);
      return;
    }
    fb_err e = fb_issue_step(&st_, &in.read().v, &o.v);
    check(e, "fb_issue_step");
    o.cycle = ++cycle_;
    out.write(o);
  }
  void check(fb_err e, const char *what) {
    if (e == FB_OK) return;
    errors_++;
    last_err_ = e;
    std::string msg = std::string(name()) + ": " + what + " cycle " + std::to_string(cycle_ + 1) + ": " +
                      fb_err_str(e);
    SC_REPORT_ERROR("scmodels/fiber/issue_stage", msg.c_str());
  }

  fb_issue_cfg cfg_;
  fb_issue st_;
  uint64_t cycle_ = 0;
  uint64_t errors_ = 0;
  fb_err last_err_ = FB_OK;
};

}  // namespace fiber_sc

#endif  // SCMODELS_FIBER_SC_H
