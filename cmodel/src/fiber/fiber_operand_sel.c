/*
 * fiber_operand_sel.c - model of fiber_operand_sel, the selector of one SP.
 *
 * From the extension field word[99:87] of the instruction being issued and
 * the original 8-bit register fields, the selector forms the 11-bit address
 * of each source operand, its read port (2*sp + bank), the 8-bit read-port
 * enable vector, which sources lie in another SP, and the intra-instruction
 * conflict: a valid source on a port already used by a lower-numbered valid
 * source of a different row cannot be read in the same bank access (it is
 * reported in `defer`; the same row twice is one read). The row read on each
 * enabled port is that of its lowest-numbered source, so {port_en, port_row}
 * is this instruction's arbiter request.
 *
 * Address rule (SPEC B.1):
 *   FIBER-native, enable set:   r = {hi2[k], ext1[k], orig8[k]}
 *   FIBER-native, enable clear: r = {sp,     ext1[k], orig8[k]}
 *   CUDA-native:                r = {sp,     1'b0,    orig8[k]}
 * In CUDA-native mode the enable bit is illegal and flagged, but it never
 * changes an address, so no CUDA-native input names a remote register. The
 * destination has no extension bits in the ISA and is always local,
 * {sp, 1'b0, orig8}; a remote write cannot be expressed.
 *
 * Worked example (FIBER-native, SP 1, enable set): ext = 0x1B0E has
 * hi2 = {src0 2, src1 3, src2 0, src3 0}, en = 1, ext1 = {src0 1, src1 0,
 * src2 1, src3 1}; with orig8[0] = 0x05 source 0 is r = {2, 1, 0x05} =
 * 0x505: SP 2, row 0x82, bank 1, port 5, remote.
 */
#include <string.h>

#include "fiber_internal.h"

fb_err fb_sel_eval(const fb_sel_in *in, fb_sel_out *out) {
  if (!in || !out) return FB_ERR_NULL;
  fb_sel_core(in->mode, in->sp, in->src_valid, in->src_orig, in->ext, in->dst_orig, out);
  return FB_OK;
}

fb_err fb_sel_eval_checked(const fb_sel_in *in, fb_sel_out *out) {
  if (!out) return FB_ERR_NULL;
  memset(out, 0, sizeof *out);
  if (!in) return FB_ERR_NULL;
  if (in->mode > 1u || in->sp > 3u || in->src_valid > 0xFu || in->ext > 0x1FFFu) return FB_ERR_WIDTH;
  return fb_sel_eval(in, out);
}

fb_arb_req fb_sel_arb_req(const fb_sel_out *out, unsigned valid) {
  fb_arb_req q;
  if (!out) {
    memset(&q, 0, sizeof q);
    return q;
  }
  q.valid = (uint8_t)(valid & 1u);
  q.ports = out->port_en;
  memcpy(q.row, out->port_row, sizeof q.row);
  return q;
}
