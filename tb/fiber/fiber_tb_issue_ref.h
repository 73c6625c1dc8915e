/*
 * fiber_tb_issue_ref.h - the reference of the composed FIBER issue stage
 * (fiber_issue_stage) and of the baseline operand path
 * (fiber_base_operand_path) for the lockstep harnesses: a thin adapter over
 * the library's composition, fb_issue_reset / fb_issue_step_data
 * (cmodel/src/fiber/fiber_issue.c; its per-cycle contract is in
 * cmodel/include/fiber/fiber.h and docs/fiber.md section 11). The adapter
 * only translates the harness's per-SP arrays into fb_issue_in (masked to
 * the RTL's port widths, as the ports do), copies the outputs back, and
 * handles the asynchronous reset: with rst_n low the outputs are those of
 * the reset state and no register changes.
 *
 * The bank data of the cycle go into xin.port_data before step(). The
 * baseline (base = true) is the library's cfg.baseline composition.
 */
#ifndef FIBER_TB_ISSUE_REF_H
#define FIBER_TB_ISSUE_REF_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "fiber.h"

namespace fibertb {

struct IssueIn {
  uint8_t valid[FB_NSP], mode[FB_NSP], src_valid[FB_NSP], src_orig[FB_NSP][FB_NSRC];
  uint16_t ext[FB_NSP];
  uint8_t dst_valid[FB_NSP], dst_orig[FB_NSP];
  uint8_t wb_valid[FB_NSP];
  uint16_t wb_dst[FB_NSP];
  uint8_t cons_valid[FB_NSP];
  uint16_t cons_src[FB_NSP][FB_NSRC];
  uint8_t dep_valid[FB_NSP];
  uint16_t dep_reg[FB_NSP];
  uint8_t dep_group[FB_NSP], dep_set[FB_NSP];
  uint8_t all_set;
};

struct IssueOut {
  uint8_t issue, stall, grant, busy, eligible, illegal, conflict, range_err, upd_range_err;
  uint8_t pend_block;             // pending-read guard holds a first pass
  uint16_t dst_reg[FB_NSP];
  uint8_t pass_src[FB_NSP];
  fb_sel_out so[FB_NSP];
  fb_bm_elig el[FB_NSP];
  fb_arb_out arb;                 // occ / row: the bank read addresses
  fb_xbar_out xo;                 // operands of the register-read stage
  uint8_t read_valid[FB_NSP];     // sources delivered (and set FULL) this cycle
};

struct IssueRef {
  bool base = false;
  unsigned lanes = 32, width = 32, nreg = FB_NVREG, nrep = FB_BM_NREP, part = 512;
  fb_issue st;
  uint8_t rem[FB_NSP] = {};       // sources still to read (the library's st.rem)
  fb_xbar_in xin;                 // the harness writes the bank data into xin.port_data

  void reset() {
    fb_issue_cfg c{};
    c.nreg = (uint16_t)nreg;
    c.nrep = (uint8_t)nrep;
    c.part_regs = (uint16_t)part;
    c.lanes = (uint8_t)lanes;
    c.width = (uint8_t)width;
    c.baseline = base ? 1 : 0;
    fb_err e = fb_issue_reset(&st, &c);
    if (e != FB_OK) {
      std::fprintf(stderr, "fb_issue_reset: %s\n", fb_err_str(e));
      std::exit(4);
    }
    std::memcpy(rem, st.rem, sizeof rem);
  }

  // One cycle. With rst_n low: the outputs of the reset state, no update
  // (the asynchronous reset holds every flop).
  void step(const IssueIn &in, IssueOut &o, bool rst_n) {
    if (!rst_n) reset();
    fb_issue_in fi{};
    for (unsigned s = 0; s < FB_NSP; s++) {
      fb_issue_sp_in &p = fi.sp[s];
      p.valid = in.valid[s] & 1u;
      p.mode = in.mode[s] & 1u;
      p.src_valid = in.src_valid[s] & 0xFu;
      std::memcpy(p.src_orig, in.src_orig[s], sizeof p.src_orig);
      p.ext = in.ext[s] & 0x1FFFu;
      p.dst_valid = in.dst_valid[s] & 1u;
      p.dst_orig = in.dst_orig[s];
      p.wb_valid = in.wb_valid[s] & 1u;
      p.wb_dst = in.wb_dst[s] & 0x7FFu;
      p.cons_valid = in.cons_valid[s] & 0xFu;
      for (unsigned k = 0; k < FB_NSRC; k++) p.cons_src[k] = in.cons_src[s][k] & 0x7FFu;
      p.dep_valid = in.dep_valid[s] & 1u;
      p.dep_reg = in.dep_reg[s] & 0x7FFu;
      p.dep_group = in.dep_group[s] & 1u;
      p.dep_set = in.dep_set[s] & 1u;
    }
    fi.all_set = in.all_set & 1u;
    fb_issue_out fo;
    fb_err e = fb_issue_step_data(&st, &fi, xin.port_data, &fo, &o.xo);
    if (e != FB_OK && e != FB_ERR_RANGE) {
      std::fprintf(stderr, "fb_issue_step_data: %s\n", fb_err_str(e));
      std::exit(4);
    }
    o.issue = fo.issue;
    o.stall = fo.stall;
    o.grant = fo.grant;
    o.busy = fo.busy;
    o.eligible = fo.eligible;
    o.illegal = fo.illegal;
    o.conflict = fo.conflict;
    o.range_err = fo.range_err;
    o.upd_range_err = fo.upd_range_err;
    o.pend_block = fo.pend_block;
    std::memcpy(o.dst_reg, fo.dst_reg, sizeof o.dst_reg);
    std::memcpy(o.pass_src, fo.pass_src, sizeof o.pass_src);
    std::memcpy(o.so, fo.sel, sizeof o.so);
    std::memcpy(o.el, fo.elig, sizeof o.el);
    o.arb = fo.arb;
    std::memcpy(o.read_valid, fo.opnd_valid, sizeof o.read_valid);
    if (!rst_n) reset();
    std::memcpy(rem, st.rem, sizeof rem);
  }
};

}  // namespace fibertb

#endif
