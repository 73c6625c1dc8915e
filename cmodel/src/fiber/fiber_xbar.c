/*
 * fiber_xbar.c - model of fiber_xbar, the operand crossbar between SPs.
 *
 * A 4x4 crossbar per lane (bit-sliced over `lanes` lanes of `width` bits)
 * routes the words read on the eight bank ports to the four requesting SPs:
 * each SP receives up to four operands, operand k taken from the port that
 * the selector named for it (source SP = top two address bits, then the
 * bank bit). The select is registered at issue: the selects presented in
 * cycle t (the instructions issued in t) steer the port data of cycle t+1,
 * the register-read stage, where the mux is combinational. An operand whose
 * select was invalid reads as 0, and so do lanes and bits beyond the
 * parameters, so every output bit is defined.
 */
#include <string.h>

#include "fiber_internal.h"

int fb_xbar_reset(fb_xbar *x, unsigned lanes, unsigned width) {
  if (lanes < 1 || lanes > FB_XBAR_MAX_LANES || width < 1 || width > FB_XBAR_MAX_WIDTH) return -1;
  memset(x, 0, sizeof *x);
  x->lanes = (uint8_t)lanes;
  x->width = (uint8_t)width;
  return 0;
}

void fb_xbar_step(fb_xbar *x, const fb_xbar_in *in, fb_xbar_out *out) {
  uint64_t m = FB_MASK(x->width);
  memset(out, 0, sizeof *out);
  for (unsigned s = 0; s < FB_NSP; s++) {
    out->valid[s] = x->sel_valid_q[s];
    for (unsigned k = 0; k < FB_NSRC; k++) {
      if (!((x->sel_valid_q[s] >> k) & 1u)) continue;
      const fb_xbar_word *src = &in->port_data[x->sel_port_q[s][k]];
      for (unsigned l = 0; l < x->lanes; l++) out->opnd[s][k].lane[l] = src->lane[l] & m;
    }
  }
  for (unsigned s = 0; s < FB_NSP; s++) {
    x->sel_valid_q[s] = (uint8_t)(in->sel_valid[s] & 0xFu);
    for (unsigned k = 0; k < FB_NSRC; k++) x->sel_port_q[s][k] = (uint8_t)(in->sel_port[s][k] & 0x7u);
  }
}
