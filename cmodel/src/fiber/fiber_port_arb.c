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
 * advances by one every cycle whatever the requests, so an SP that requests
 * in every cycle is first in the scan at least once in any four consecutive
 * cycles and waits at most three.
 *
 * The model computes the same function without walking the ports: the
 * eight rows of a request travel as one 64-bit word (byte p = port p), the
 * six SP pairs are tested for a port requested by both with different rows,
 * and the scan then only consults that 4x4 conflict matrix (see arb_grant
 * for why this equals the occupancy-register scan). The tests compare it
 * with a literal per-port occupancy-register reference.
 */
#include "fiber_internal.h"

/* Byte p of port_bytes[m] is 0xFF when bit p of m is set: the 8-bit port
 * vector spread to one byte per port (a constant table). */
#define PB_BIT(m, i) ((uint64_t)(((m) >> (i)) & 1u) * 0xFFull << (8 * (i)))
#define PB(m) (PB_BIT(m, 0) | PB_BIT(m, 1) | PB_BIT(m, 2) | PB_BIT(m, 3) | \
               PB_BIT(m, 4) | PB_BIT(m, 5) | PB_BIT(m, 6) | PB_BIT(m, 7))
#define PB4(m) PB(m), PB((m) + 1), PB((m) + 2), PB((m) + 3)
#define PB16(m) PB4(m), PB4((m) + 4), PB4((m) + 8), PB4((m) + 12)
#define PB64(m) PB16(m), PB16((m) + 16), PB16((m) + 32), PB16((m) + 48)
const uint64_t fb_arb_port_bytes[256] = {PB64(0), PB64(64), PB64(128), PB64(192)};
#undef PB_BIT
#undef PB
#undef PB4
#undef PB16
#undef PB64

void fb_arb_reset(fb_arb *a) {
  if (a) a->start = 0;
}

/* The grant scan, in scan positions: position i holds SP (start + i) mod 4.
 * cIJ: the requests at positions i and j share a port with different rows.
 * Granting position j against the occupied vector is the same as granting
 * it against every position granted before it: a port is occupied exactly
 * by the granted requests that name it, and they all carry its first
 * granter's row. So the scan is a fixed-priority chain over the six pair
 * tests, which do not depend on each other; the grant vector is then
 * rotated back to SP numbering (fb_arb_grant_w, fiber_internal.h). */
FB_ALWAYS_INLINE unsigned arb_grant(unsigned q, const fb_arb_req req[FB_NSP], unsigned v[FB_NSP],
                                    unsigned ports[FB_NSP], uint64_t w[FB_NSP]) {
  for (unsigned s = 0; s < FB_NSP; s++) {
    v[s] = req[s].valid;
    ports[s] = req[s].ports;
    w[s] = fb_pack8(req[s].row);
  }
  return fb_arb_grant_w(q, v, ports, w);
}

fb_err fb_arb_eval(unsigned start, const fb_arb_req req[FB_NSP], fb_arb_out *out) {
  if (!req || !out) return FB_ERR_NULL;
  unsigned q = start & (FB_NSP - 1u), v[FB_NSP], ports[FB_NSP];
  uint64_t w[FB_NSP];
  unsigned grant = arb_grant(q, req, v, ports, w);
  fb_arb_out_w(q, grant, v, ports, w, out);
  return FB_OK;
}

uint8_t fb_arb_step(fb_arb *a, const fb_arb_req req[FB_NSP]) {
  if (!a || !req) return 0;
  unsigned q = a->start & (FB_NSP - 1u);
  const fb_arb_req *r0 = &req[q], *r1 = &req[(q + 1u) & 3u];
  const fb_arb_req *r2 = &req[(q + 2u) & 3u], *r3 = &req[(q + 3u) & 3u];
  unsigned g = fb_arb_chain(q, r0->valid, r1->valid, r2->valid, r3->valid, r0->ports, r1->ports, r2->ports,
                            r3->ports, fb_pack8(r0->row), fb_pack8(r1->row), fb_pack8(r2->row),
                            fb_pack8(r3->row));
  a->start = (uint8_t)((q + 1u) & (FB_NSP - 1u));
  return (uint8_t)g;
}

uint8_t fb_arb_step_detail(fb_arb *a, const fb_arb_req req[FB_NSP], fb_arb_out *out) {
  if (!a || !req || !out) {
    if (out) memset(out, 0, sizeof *out);
    return 0;
  }
  fb_arb_eval(a->start, req, out);
  a->start = (uint8_t)((a->start + 1u) & (FB_NSP - 1u));
  return out->grant;
}

fb_err fb_arb_step_checked(fb_arb *a, const fb_arb_req req[FB_NSP], fb_arb_out *out) {
  if (!out) return FB_ERR_NULL;
  memset(out, 0, sizeof *out);
  if (!a || !req) return FB_ERR_NULL;
  if (a->start >= FB_NSP) return FB_ERR_STATE;
  for (unsigned s = 0; s < FB_NSP; s++)
    if (req[s].valid > 1u) return FB_ERR_WIDTH;
  fb_arb_step_detail(a, req, out);
  return FB_OK;
}

fb_err fb_arb_req_from_regs(fb_arb_req *req, unsigned valid, const uint16_t *reg, unsigned n,
                            uint8_t *defer) {
  if (defer) *defer = 0;
  if (!req) return FB_ERR_NULL;
  memset(req, 0, sizeof *req);
  if (!reg && n > 0) return FB_ERR_NULL;
  if (n > FB_NSRC) return FB_ERR_RANGE;
  if (valid > 1u) return FB_ERR_WIDTH;
  for (unsigned k = 0; k < n; k++)
    if (reg[k] >= FB_NVREG) return FB_ERR_RANGE;
  unsigned claimed = 0, d = 0;
  for (unsigned k = 0; k < n; k++) {
    unsigned port = fb_reg_port(reg[k]), row = fb_reg_row(reg[k]);
    if ((claimed >> port) & 1u) {
      if (req->row[port] != row) d |= 1u << k;
    } else {
      claimed |= 1u << port;
      req->row[port] = (uint8_t)row;
    }
  }
  req->valid = (uint8_t)valid;
  req->ports = (uint8_t)claimed;
  if (defer) *defer = (uint8_t)d;
  return FB_OK;
}
