// tilelens_sc.h - SystemC/TLM-2.0 modules of the TileLens TMA address unit
// (tilelens_tma_addr) and of a global-memory target for it.
//
// tma_unit: tl_tma_eval() + tl_tma_commit() of libtilelens once per rising
// clock edge. A box load is started with start(d, b) (held until the unit
// is idle and takes it, as the RTL's start handshake); each request the unit
// offers (req_valid) is issued, when the memory port is free (req_ready), as
// one TLM-2.0 read transaction on the initiator socket `mem`: address =
// req.src, length = req.bytes, data = the unit's shared memory at req.dst.
// Loosely timed: the target runs the transaction at once (the data lands in
// shared memory in the cycle of the transfer) and annotates its duration;
// the unit turns that delay into back-pressure, holding req_ready low for
// the delay's remaining clock cycles (a request of n cycles occupies the
// port for n cycles). done_event() fires in the cycle the unit reports done.
//
// memory: a TLM-2.0 target whose content is a fixed function of the address
// (initial_byte(addr): any address reads without storage) overlaid by the
// bytes written to it; it annotates ceil(length / bytes_per_cycle) clock
// periods per transaction and counts transactions, bytes and distinct
// 4 KB pages.
//
// Errors are never silent (SystemC SC_ERROR, message types
// "scmodels/tilelens/..."): a box the unit rejects (status in last_status(),
// and the rule in the message), a start while one is pending, a request
// outside the shared memory, a transaction the target answers with an error
// response, a library status other than TL_OK.
//
// Header only, like fiber_sc.h.
#ifndef SCMODELS_TILELENS_SC_H
#define SCMODELS_TILELENS_SC_H

#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

#include "tilelens/tilelens.h"

namespace tilelens_sc {

class tma_unit : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<bool> rst_n;
  tlm_utils::simple_initiator_socket<tma_unit> mem;

  // smem_bytes: the shared memory the unit writes (requests' dst must fall
  // inside); sum_stages: the split-and-sum latency (tl_tma_init).
  tma_unit(sc_core::sc_module_name name, uint32_t smem_bytes, uint32_t sum_stages = TL_TMA_SUM_STAGES)
      : sc_core::sc_module(name), clk("clk"), rst_n("rst_n"), mem("mem"), smem_(smem_bytes, 0) {
    std::memset(&unit_, 0, sizeof unit_);
    std::memset(&d_, 0, sizeof d_);
    std::memset(&b_, 0, sizeof b_);
    check(tl_tma_init(&unit_, sum_stages), "tl_tma_init");
    SC_HAS_PROCESS(tma_unit);
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
  }

  // Queues a box load; the unit takes it at the first rising edge at which
  // it is idle. d and b are copied. Returns false (and reports) when a start
  // is already pending.
  bool start(const tl_desc &d, const tl_box &b) {
    if (pending_) {
      SC_REPORT_ERROR("scmodels/tilelens/tma_unit", (std::string(name()) + ": start while a start is pending").c_str());
      return false;
    }
    d_ = d;
    b_ = b;
    pending_ = true;
    return true;
  }
  bool busy() const { return pending_ || unit_.busy; }
  const sc_core::sc_event &done_event() const { return done_ev_; }
  tl_status last_status() const { return unit_.err; }
  const tl_tma_stats &stats() const { return unit_.stats; }
  uint64_t port_wait_cycles() const { return port_wait_; }
  const std::vector<uint8_t> &smem() const { return smem_; }
  std::vector<uint8_t> &smem() { return smem_; }

 private:
  void tick() {
    if (!rst_n.read()) {
      check(tl_tma_eval(&unit_), "tl_tma_eval");
      check(tl_tma_commit(&unit_, 0, 0, 0, nullptr, nullptr), "tl_tma_commit");
      port_busy_ = 0;
      return;
    }
    check(tl_tma_eval(&unit_), "tl_tma_eval");
    if (unit_.done) done_ev_.notify(sc_core::SC_ZERO_TIME);
    uint32_t ready = port_busy_ == 0;
    if (!ready) port_busy_--;
    if (unit_.valid && ready) transfer(unit_.req);
    if (unit_.valid && !ready) port_wait_++;
    uint32_t take = pending_ && unit_.start_ready;
    tl_status st = tl_tma_commit(&unit_, 1, take, ready, take ? &d_ : nullptr, take ? &b_ : nullptr);
    if (take) {
      pending_ = false;
      if (st != TL_OK) {
        tl_rule rule;
        tl_box_check_rule(&d_, &b_, &rule);
        SC_REPORT_ERROR("scmodels/tilelens/tma_unit", (std::string(name()) + ": box rejected: " +
                                                        tl_status_str(st) + " (" + tl_rule_str(rule) + ")").c_str());
      }
    } else {
      check(st, "tl_tma_commit");
    }
  }

  void transfer(const tl_req &r) {
    if ((uint64_t)r.dst + r.bytes > smem_.size()) {
      SC_REPORT_ERROR("scmodels/tilelens/tma_unit", (std::string(name()) + ": request outside shared memory").c_str());
      return;
    }
    tlm::tlm_generic_payload t;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    t.set_command(tlm::TLM_READ_COMMAND);
    t.set_address(r.src);
    t.set_data_ptr(&smem_[r.dst]);
    t.set_data_length(r.bytes);
    t.set_streaming_width(r.bytes);
    t.set_byte_enable_ptr(nullptr);
    t.set_dmi_allowed(false);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    mem->b_transport(t, delay);
    if (t.is_response_error()) {
      SC_REPORT_ERROR("scmodels/tilelens/tma_unit",
                      (std::string(name()) + ": read failed: " + t.get_response_string()).c_str());
      return;
    }
    // the transfer cycle is the first of the request's port cycles
    sc_core::sc_time period = clock_period();
    uint64_t cycles = period > sc_core::SC_ZERO_TIME ? (uint64_t)((delay + period - sc_core::sc_time(1, sc_core::SC_PS)) / period) : 0;
    port_busy_ = cycles > 1 ? cycles - 1 : 0;
  }

  sc_core::sc_time clock_period() const {
    const sc_core::sc_clock *c = dynamic_cast<const sc_core::sc_clock *>(clk.get_interface());
    return c ? c->period() : sc_core::SC_ZERO_TIME;
  }

  void check(tl_status st, const char *what) {
    if (st == TL_OK) return;
    SC_REPORT_ERROR("scmodels/tilelens/tma_unit",
                    (std::string(name()) + ": " + what + ": " + tl_status_str(st)).c_str());
  }

  tl_tma unit_;
  tl_desc d_;
  tl_box b_;
  bool pending_ = false;
  uint64_t port_busy_ = 0;
  uint64_t port_wait_ = 0;
  std::vector<uint8_t> smem_;
  sc_core::sc_event done_ev_;
};

class memory : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<memory> socket;

  memory(sc_core::sc_module_name name, uint32_t bytes_per_cycle, sc_core::sc_time period)
      : sc_core::sc_module(name), socket("socket"), bpc_(bytes_per_cycle ? bytes_per_cycle : 1), period_(period) {
    socket.register_b_transport(this, &memory::b_transport);
  }

  // The content of a never-written byte: a fixed mix of its address.
  static uint8_t initial_byte(uint64_t a) {
    uint64_t z = a * 0x9E3779B97F4A7C15ull;
    z ^= z >> 29;
    z *= 0xBF58476D1CE4E5B9ull;
    return (uint8_t)(z >> 56);
  }
  uint8_t read_byte(uint64_t a) const {
    auto it = written_.find(a);
    return it == written_.end() ? initial_byte(a) : it->second;
  }

  uint64_t transactions() const { return transactions_; }
  uint64_t bytes() const { return bytes_; }
  size_t pages() const { return pages_.size(); }

 private:
  void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay) {
    uint64_t a = t.get_address();
    unsigned n = t.get_data_length();
    unsigned char *p = t.get_data_ptr();
    if (t.get_byte_enable_ptr() || t.get_streaming_width() != n || n == 0 || !p ||
        a + n < a) {
      t.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
      return;
    }
    if (t.is_read()) {
      for (unsigned k = 0; k < n; k++) p[k] = read_byte(a + k);
    } else if (t.is_write()) {
      for (unsigned k = 0; k < n; k++) written_[a + k] = p[k];
    } else {
      t.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
      return;
    }
    for (uint64_t pg = a >> 12; pg <= (a + n - 1) >> 12; pg++) pages_.insert(pg);
    transactions_++;
    bytes_ += n;
    delay += period_ * (double)((n + bpc_ - 1) / bpc_);
    t.set_response_status(tlm::TLM_OK_RESPONSE);
  }

  uint32_t bpc_;
  sc_core::sc_time period_;
  std::map<uint64_t, uint8_t> written_;
  std::set<uint64_t> pages_;
  uint64_t transactions_ = 0, bytes_ = 0;
};

}  // namespace tilelens_sc

#endif  // SCMODELS_TILELENS_SC_H
