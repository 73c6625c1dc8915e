/*
 * fiber_port_arb.c - model of fiber_port_arb, the cross-SP read-port arbiter.
 *
 * Four subpartitions (SPs) may each issue one instruction per cycle whose
 * sources sit on any of the eight register-bank read ports of the SM. Each
 * cycle the arbiter clears its port-occupied vector and visits the SPs in
 * the order start, start+1, start+2, start+3 (mod 4). The first requesting
 * SP is always granted. A later requesting SP is granted only if none of its
 * requested ports is occupied by a different row; the same row on the same
 * port is one bank read delivered to several SPs (identical-address
 * detection, a broadcast). A granted SP marks its ports occupied; a port
 * keeps the row (and the owning SP) of its first granter, so the occupied
 * vector and those rows are also the bank read addresses of the cycle.
 * Outputs: grant, stall = valid & ~grant. `start` is the only state; it
 * advances by one every cycle whatever the requests, so a SP that requests
 * in every cycle is first in the scan at least once in any four consecutive
 * cycles and waits at most three.
 *
 * The eight rows travel as one 64-bit word (byte p = port p), so the conflict
 * test of one SP is a handful of word operations: it is the same function as
 * a per-port loop, and the tests compare it with one.
 */
#include "fiber_internal.h"

void fb_arb_reset(fb_arb *a) { a->start = 0; }

/* The scan; `detail` selects whether the per-port outputs are written. */
static inline unsigned arb_scan(unsigned start, const fb_arb_req req[FB_NSP],
                                fb_arb_out *out, int detail) {
  unsigned occ = 0, shared = 0, grant = 0, stall = 0;
  uint64_t orow = 0, owner = 0;
  for (unsigned i = 0; i < FB_NSP; i++) {
    unsigned s = (start + i) & (FB_NSP - 1u);
    const fb_arb_req *q = &req[s];
    if (!(q->valid & 1u)) continue;
    unsigned m = q->ports;
    uint64_t rrow = fb_pack8(q->row);
    /* Occupied requested ports holding a different row. For the first
     * requester occ is 0, so it is always granted. */
    if (m & occ & fb_bytes_nonzero(orow ^ rrow)) {
      stall |= 1u << s;
      continue;
    }
    grant |= 1u << s;
    if (detail) {
      uint64_t nb = fb_bits_to_bytes(m & ~occ);
      shared |= m & occ;
      orow = (orow & ~nb) | (rrow & nb);
      owner = (owner & ~nb) | (nb & (FB_BYTE_LSBS * s));
    } else {
      uint64_t nb = fb_bits_to_bytes(m & ~occ);
      orow = (orow & ~nb) | (rrow & nb);
    }
    occ |= m;
  }
  if (detail) {
    out->grant = (uint8_t)grant;
    out->stall = (uint8_t)stall;
    out->start = (uint8_t)(start & (FB_NSP - 1u));
    out->occ = (uint8_t)occ;
    out->shared = (uint8_t)shared;
    fb_unpack8(owner, out->owner);
    fb_unpack8(orow, out->row);
  }
  return grant;
}

void fb_arb_eval(unsigned start, const fb_arb_req req[FB_NSP], fb_arb_out *out) {
  (void)arb_scan(start, req, out, 1);
}

uint8_t fb_arb_step(fb_arb *a, const fb_arb_req req[FB_NSP]) {
  unsigned g = arb_scan(a->start, req, 0, 0);
  a->start = (uint8_t)((a->start + 1u) & (FB_NSP - 1u));
  return (uint8_t)g;
}

uint8_t fb_arb_step_detail(fb_arb *a, const fb_arb_req req[FB_NSP], fb_arb_out *out) {
  unsigned g = arb_scan(a->start, req, out, 1);
  a->start = (uint8_t)((a->start + 1u) & (FB_NSP - 1u));
  return (uint8_t)g;
}
