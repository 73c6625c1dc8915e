/*
 * tl_gen_model.h - the cycle behaviour of tilelens_addr_gen (and of the
 * generator inside tilelens_tma_addr) on top of the C model's incremental
 * generator: idle until a start handshake (tl_gen_begin), then one
 * tl_gen_next() per cycle in which the request is not stalled, busy until
 * the last step, done for one cycle after it; asynchronous reset to idle.
 */
#ifndef TL_GEN_MODEL_H
#define TL_GEN_MODEL_H

#include "tilelens.h"

struct GenModel {
  tl_gen gen, peek;
  bool busy = false, done = false;
  // outputs of the current cycle
  bool start_ready = true, valid = false;
  tl_req req{};
  tl_step kind = TL_STEP_DONE;

  void reset() { busy = false; done = false; }

  // This cycle's outputs from the state; call before commit().
  void eval() {
    start_ready = !busy;
    valid = false;
    kind = TL_STEP_DONE;
    if (busy) {
      peek = gen;
      kind = tl_gen_next(&peek, &req);
      valid = kind == TL_STEP_REQ;
    }
  }

  // The clock edge. start: a start handshake with (d, b) (only when idle).
  void commit(bool rst_n, bool start_valid, bool ready, const tl_desc *d, const tl_box *b) {
    if (!rst_n) { reset(); return; }
    bool done_next = false;
    if (busy) {
      if (kind == TL_STEP_BUBBLE || (kind == TL_STEP_REQ && ready)) {
        gen = peek;  // the step eval() took
        if (gen.done) { busy = false; done_next = true; }
      }
    } else if (start_valid) {
      busy = tl_gen_begin(&gen, d, b) == TL_OK && !gen.done;
    }
    done = done_next;
  }
};

#endif
