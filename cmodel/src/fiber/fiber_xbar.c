/*
 * fiber_xbar.c - model of fiber_xbar, the operand crossbar between SPs.
 *
 * A 4x4 crossbar per lane (bit-sliced over `lanes` lanes of `width` bits)
 * routes the words read on the eight bank ports to the four requesting SPs:
 * each SP receives up to four operands, operand k taken from the port that
 * its one-hot select names (bit p: port p, whose top two bits are the
 * source SP and low bit the bank). The issue stage decodes the selector's
 * port into that one-hot select (fb_xbar_onehot) and the crossbar registers
 * it: the selects presented in cycle t (the instructions issued in t) steer
 * the port data of cycle t+1, the register-read stage, where the routing is
 * an AND-OR of the registered select and the port words. An operand whose
 * select is 0 reads as 0, and so do lanes and bits beyond the parameters,
 * so every output bit is defined.
 */
#include <string.h>

#include "fiber_internal.h"

uint8_t fb_xbar_onehot(unsigned valid, unsigned port) {
  return (uint8_t)((valid & 1u) ? 1u << (port & 7u) : 0u);
}

fb_err fb_xbar_reset(fb_xbar *x, unsigned lanes, unsigned width) {
  if (!x) return FB_ERR_NULL;
  if (lanes < 1 || lanes > FB_XBAR_MAX_LANES || width < 1 || width > FB_XBAR_MAX_WIDTH) return FB_ERR_RANGE;
  memset(x, 0, sizeof *x);
  x->lanes = (uint8_t)lanes;
  x->width = (uint8_t)width;
  return FB_OK;
}

fb_err fb_xbar_step(fb_xbar *x, const fb_xbar_in *in, fb_xbar_out *out) {
  if (!out) return FB_ERR_NULL;
  memset(out, 0, sizeof *out);
  if (!x || !in) return FB_ERR_NULL;
  if (x->lanes < 1 || x->lanes > FB_XBAR_MAX_LANES || x->width < 1 || x->width > FB_XBAR_MAX_WIDTH)
    return FB_ERR_STATE;   /* never reset: the lane loop would leave the words */
  uint64_t m = FB_MASK(x->width);
  for (unsigned s = 0; s < FB_NSP; s++) {
    for (unsigned k = 0; k < FB_NSRC; k++) {
      unsigned oh = x->sel_oh_q[s][k];
      if (!oh) continue;
      out->valid[s] |= (uint8_t)(1u << k);
      for (unsigned p = 0; p < FB_NPORT; p++) {
        if (!((oh >> p) & 1u)) continue;
        const fb_xbar_word *src = &in->port_data[p];
        for (unsigned l = 0; l < x->lanes; l++) out->opnd[s][k].lane[l] |= src->lane[l] & m;
      }
    }
  }
  for (unsigned s = 0; s < FB_NSP; s++)
    for (unsigned k = 0; k < FB_NSRC; k++) x->sel_oh_q[s][k] = in->sel_oh[s][k];
  return FB_OK;
}
