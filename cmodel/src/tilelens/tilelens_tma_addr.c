/*
 * tilelens_tma_addr.c - cycle model of tilelens_tma_addr, the composed
 * TileLens TMA address unit (descriptor classes, box check, counter
 * reconfigurator, split-and-sum, address generator): a start handshake
 * takes a box, which is checked for sum_stages + 1 clocks (the pipelined
 * split-and-sum and box check, then the status stage); in the verdict cycle err_o gives its status and an
 * accepted box starts the counter nest, which presents one step per cycle to
 * the request register (tilelens_req_stage), which takes it in every cycle in
 * which it does not hold a stalled request; the request leaves from the
 * register, one cycle after its step. The per-cycle contract is in tilelens.h
 * ("Composed TMA address unit"); the RTL harnesses of tilelens_addr_gen,
 * tilelens_base_addr_gen and tilelens_tma_addr compare against exactly
 * these functions.
 */
#include "tilelens_internal.h"

#include <string.h>

#define TL_TMA_TAG 0x544d4155u /* "TMAU": set by tl_tma_reset */

static int tma_ok(const tl_tma *u) { return u->tag == TL_TMA_TAG; }

tl_status tl_tma_init(tl_tma *u, uint32_t sum_stages) {
  if (!u) return TL_ERR_NULL;
  if (sum_stages > TL_SPLIT_SUM_STAGES_MAX) return TL_ERR_RANGE;
  memset(u, 0, sizeof *u);
  u->sum_stages = sum_stages;
  u->start_ready = 1;
  u->kind = TL_STEP_DONE;
  u->tag = TL_TMA_TAG;
  return TL_OK;
}

tl_status tl_tma_reset(tl_tma *u) { return tl_tma_init(u, TL_TMA_SUM_STAGES); }

tl_status tl_tma_eval(tl_tma *u) {
  if (!u) return TL_ERR_NULL;
  if (!tma_ok(u)) return TL_ERR_STATE;
  u->start_ready = !u->busy;
  u->err_out = u->check == 1 ? u->err : TL_OK;
  u->kind = u->slot ? u->slot_kind : TL_STEP_DONE;
  u->valid = u->kind == TL_STEP_REQ;
  if (u->valid) u->req = u->slot_req;
  u->evaluated = 1;
  return TL_OK;
}

/* The verdict of the box taken: an accepted box starts the nest. */
static void tma_verdict(tl_tma *u) {
  u->nest = u->err == TL_OK && !u->gen.done;
  u->slot = 0;
  u->busy = u->nest;
  if (u->err == TL_OK) u->stats.boxes++;
  else u->stats.rejected++;
}

tl_status tl_tma_commit(tl_tma *u, uint32_t rst_n, uint32_t start_valid, uint32_t req_ready,
                        const tl_desc *d, const tl_box *b) {
  if (!u) return TL_ERR_NULL;
  if (!tma_ok(u)) return TL_ERR_STATE;
  if (rst_n > 1 || start_valid > 1 || req_ready > 1) return TL_ERR_RANGE;
  if (!rst_n) {
    tl_tma_stats keep = u->stats;
    tl_tma_init(u, u->sum_stages);
    u->stats = keep;
    return TL_OK;
  }
  if (!u->evaluated) return TL_ERR_STATE;
  if (!u->busy && start_valid && (!d || !b)) return TL_ERR_NULL;
  tl_status st = TL_OK;
  uint32_t done_next = 0;
  u->stats.cycles++;
  if (u->check) {  /* the box in its check; the verdict when check reaches 0 */
    u->stats.busy_cycles++;
    if (--u->check == 0) tma_verdict(u);
  } else if (u->busy) {
    u->stats.busy_cycles++;
    if (u->kind == TL_STEP_BUBBLE) u->stats.bubbles++;
    else if (u->kind == TL_STEP_REQ && req_ready) u->stats.requests++;
    else if (u->kind == TL_STEP_REQ) u->stats.stalls++;
    if (!(u->valid && !req_ready)) {  /* the register takes a step, or empties */
      if (u->nest) {
        u->slot_kind = tl_gen_current(&u->gen, &u->slot_req);
        u->slot = 1;
        tl_gen_advance(&u->gen);
        if (u->gen.done) u->nest = 0;
      } else if (u->slot) {
        u->slot = 0;
        done_next = 1;
      }
    }
    u->busy = u->nest || u->slot;
  } else if (start_valid) {
    st = tl_gen_begin(&u->gen, d, b);
    u->err = st;
    if (u->sum_stages) {
      u->check = u->sum_stages + 1;  /* the pipeline, then the status stage */
      u->busy = 1;
    } else {
      tma_verdict(u);
    }
  }
  u->done = done_next;
  u->evaluated = 0;
  return st;
}

tl_status tl_tma_tick(tl_tma *u, uint32_t start_valid, uint32_t req_ready,
                      const tl_desc *d, const tl_box *b) {
  tl_status st = tl_tma_eval(u);
  if (st != TL_OK) return st;
  return tl_tma_commit(u, 1, start_valid, req_ready, d, b);
}
