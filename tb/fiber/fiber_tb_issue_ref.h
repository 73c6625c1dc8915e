/*
 * fiber_tb_issue_ref.h - reference of the composed FIBER issue stage
 * (fiber_issue_stage) and of the baseline operand path
 * (fiber_base_operand_path), built only from the FIBER C models:
 * fb_sel_eval (one per SP), fb_bm_check / fb_bm_step, fb_arb_step_detail
 * and fb_xbar_step. The glue between them is the composition that
 * docs/fiber_rtl.md fixes; it is written here once, cycle by cycle, and the
 * RTL is compared with it every cycle.
 *
 * The bank data of the cycle go into xin.port_data before step().
 *
 * One step = one clock cycle (outputs from the state at the start of the
 * cycle, then every state advances to the coming edge):
 *   for each SP s:
 *     pass_src = rem[s] != 0 ? rem[s] : src_valid[s]   (sources of this pass)
 *     selector(mode, s, pass_src, fields)              -> so[s]
 *     bitmap check(dst_valid, dst, src_valid, src)     -> el[s] (start of cycle)
 *   pending-read guard (pend_guard, from rem, the selectors, the
 *     eligibility and the arbiter's start)             -> pend_block
 *   for each SP s:
 *     request = valid & !illegal & (rem[s] != 0 | eligible & !pend_block),
 *     {port_en, port_row}
 *   arbiter over the four requests                     -> grant, occ, row
 *   issue = grant & !conflict, stall = valid & !issue
 *   rem'  = !valid ? 0 : grant ? defer : rem
 *   crossbar select = grant ? pass_src & ~defer : 0, ports = src_port
 *   bitmap updates: issue sets EMPTY[dst] (issue & dst_valid), operand read
 *     sets FULL of the sources the crossbar delivers this cycle (registered
 *     last cycle), writeback / consumption / DEPBAR / ALL from the inputs.
 * The baseline is the same composition with the selectors in CUDA-native
 * mode and a zero extension field (every address local, so the requests of
 * the four SPs never share a port), no bitmap, and every request granted.
 */
#ifndef FIBER_TB_ISSUE_REF_H
#define FIBER_TB_ISSUE_REF_H

#include <cstdint>
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
  uint8_t read_valid[FB_NSP];     // sources whose FULL bit is set this cycle
};

struct IssueRef {
  bool base = false;
  unsigned lanes = 32, width = 32, nreg = FB_NVREG, nrep = FB_BM_NREP;
  fb_arb arb;
  fb_xbar xb;
  fb_bm bm;
  uint8_t rem[FB_NSP];
  uint8_t rd_occ, rd_row[FB_NPORT];  // last cycle's bank reads (occ, row)
  fb_xbar_in xin;                 // the harness writes the bank data into xin.port_data
  fb_bm_in bin;

  void reset() {
    fb_arb_reset(&arb);
    fb_xbar_reset(&xb, lanes, width);
    if (!base) fb_bm_reset(&bm, nreg, nrep);
    std::memset(rem, 0, sizeof rem);
    rd_occ = 0;
    std::memset(rd_row, 0, sizeof rd_row);
  }

  // Pending-read guard (docs/fiber.md, section 5a), from the state at the
  // start of the cycle and this cycle's selector outputs: bit s set when SP
  // s is not busy and its first pass must wait. pset of SP p = rem while
  // busy, the selector's deferrals otherwise; cand[p] = valid & !illegal &
  // (busy | bitmap eligible). A hit of reader p on writer s (p != s):
  // dst_valid[s], cand of both, and a source in pset of p equal to s's
  // destination. It blocks writer s if p is busy, reader p if s is busy,
  // and otherwise the one later in the arbiter's scan from its start.
  uint8_t pend_guard(const IssueIn &in, const IssueOut &o) const {
    uint8_t blk = 0;
    unsigned busy[FB_NSP], cand[FB_NSP], pset[FB_NSP];
    for (unsigned p = 0; p < FB_NSP; p++) {
      busy[p] = rem[p] != 0;
      cand[p] = (in.valid[p] & 1u) && !o.so[p].illegal && (busy[p] || ((o.eligible >> p) & 1u));
      pset[p] = busy[p] ? rem[p] : (o.so[p].defer & 0xFu);
    }
    for (unsigned p = 0; p < FB_NSP; p++)
      for (unsigned w = 0; w < FB_NSP; w++) {
        if (p == w || !cand[p] || !cand[w] || !(in.dst_valid[w] & 1u)) continue;
        unsigned hit = 0;
        for (unsigned k = 0; k < FB_NSRC; k++)
          if (((pset[p] >> k) & 1u) && o.so[p].src_reg[k] == o.so[w].dst_reg) hit = 1;
        if (!hit) continue;
        unsigned p_first = ((p - arb.start) & 3u) < ((w - arb.start) & 3u);
        if (busy[p] || (!busy[w] && p_first)) blk |= (uint8_t)(1u << w);
        if (!busy[p] && (busy[w] || !p_first)) blk |= (uint8_t)(1u << p);
      }
    for (unsigned s = 0; s < FB_NSP; s++)
      if (busy[s]) blk &= (uint8_t)~(1u << s);
    return blk;
  }

  // One cycle. With rst_n low: the outputs of the reset state, no update
  // (the asynchronous reset holds every flop).
  void step(const IssueIn &in, IssueOut &o, bool rst_n) {
    if (!rst_n) reset();
    o.issue = o.stall = o.grant = o.busy = o.eligible = o.illegal = o.conflict = 0;
    o.range_err = o.upd_range_err = 0;
    o.pend_block = 0;
    fb_arb_req req[FB_NSP];
    for (unsigned s = 0; s < FB_NSP; s++) {
      o.pass_src[s] = (uint8_t)(rem[s] ? rem[s] : (in.src_valid[s] & 0xFu));
      fb_sel_in si{};
      si.mode = base ? FB_MODE_CUDA : in.mode[s];
      si.sp = (uint8_t)s;
      si.src_valid = o.pass_src[s];
      std::memcpy(si.src_orig, in.src_orig[s], sizeof si.src_orig);
      si.ext = base ? 0 : in.ext[s];
      si.dst_orig = in.dst_orig[s];
      fb_sel_eval(&si, &o.so[s]);
      o.dst_reg[s] = o.so[s].dst_reg;
      unsigned elig = 1;
      if (!base) {
        fb_bm_query q{};
        q.dst_valid = in.dst_valid[s] & 1u;
        q.dst = o.so[s].dst_reg;
        q.src_valid = in.src_valid[s] & 0xFu;
        for (unsigned k = 0; k < FB_NSRC; k++) q.src[k] = o.so[s].src_reg[k];
        fb_bm_check(&bm, s, &q, &o.el[s]);  // (base: o.el is left as it was)
        elig = o.el[s].eligible;
        o.eligible |= (uint8_t)(elig << s);
        o.range_err |= (uint8_t)((o.el[s].range_err & 1u) << s);
      }
      o.illegal |= (uint8_t)((o.so[s].illegal & 1u) << s);
      o.conflict |= (uint8_t)((o.so[s].conflict & 1u) << s);
      o.busy |= (uint8_t)((rem[s] != 0) << s);
    }
    if (!base) o.pend_block = pend_guard(in, o);
    for (unsigned s = 0; s < FB_NSP; s++) {
      unsigned valid = in.valid[s] & 1u, elig = base ? 1u : ((o.eligible >> s) & 1u);
      unsigned blocked = (o.pend_block >> s) & 1u;
      unsigned rv = valid && !o.so[s].illegal && (rem[s] != 0 || (elig && !blocked));
      req[s] = fb_sel_arb_req(&o.so[s], rv);
    }
    if (base) {
      // no cross-SP arbitration: every request is granted
      o.grant = 0;
      std::memset(&o.arb, 0, sizeof o.arb);
      for (unsigned s = 0; s < FB_NSP; s++) {
        o.grant |= (uint8_t)((req[s].valid & 1u) << s);
        o.arb.occ |= o.so[s].port_en;
        for (unsigned p = 0; p < FB_NPORT; p++)
          if ((o.so[s].port_en >> p) & 1u) o.arb.row[p] = o.so[s].port_row[p];
      }
    } else {
      fb_arb_step_detail(&arb, req, &o.arb);
      o.grant = o.arb.grant;
    }
    for (unsigned s = 0; s < FB_NSP; s++) {
      unsigned g = (o.grant >> s) & 1u, valid = in.valid[s] & 1u;
      unsigned issue = g && !o.so[s].conflict;
      o.issue |= (uint8_t)(issue << s);
      o.stall |= (uint8_t)((valid && !issue) << s);
      xin.sel_valid[s] = (uint8_t)(g ? (o.pass_src[s] & ~o.so[s].defer & 0xFu) : 0u);
      for (unsigned k = 0; k < FB_NSRC; k++) xin.sel_port[s][k] = o.so[s].src_port[k];
    }
    fb_xbar_step(&xb, &xin, &o.xo);
    for (unsigned s = 0; s < FB_NSP; s++) o.read_valid[s] = o.xo.valid[s];
    if (!base) {
      std::memset(&bin, 0, sizeof bin);
      for (unsigned s = 0; s < FB_NSP; s++) {
        fb_bm_sp_in &u = bin.sp[s];
        u.issue_valid = (uint8_t)(((o.issue >> s) & 1u) && (in.dst_valid[s] & 1u));
        u.issue_dst = o.so[s].dst_reg;
        u.wb_valid = in.wb_valid[s] & 1u;
        u.wb_dst = in.wb_dst[s];
        u.cons_valid = in.cons_valid[s] & 0xFu;
        for (unsigned k = 0; k < FB_NSRC; k++) u.cons_src[k] = in.cons_src[s][k];
        u.dep_valid = in.dep_valid[s] & 1u;
        u.dep_reg = in.dep_reg[s];
        u.dep_group = in.dep_group[s] & 1u;
        u.dep_set = in.dep_set[s] & 1u;
      }
      // operand read by port: last cycle's bank reads (the sources the
      // crossbar delivers now; one row per port)
      bin.read_valid = rd_occ;
      std::memcpy(bin.read_row, rd_row, sizeof bin.read_row);
      bin.all_set = in.all_set & 1u;
      o.upd_range_err = fb_bm_step(&bm, &bin);
    }
    for (unsigned s = 0; s < FB_NSP; s++) {
      unsigned valid = in.valid[s] & 1u, g = (o.grant >> s) & 1u;
      rem[s] = (uint8_t)(!valid ? 0u : g ? (o.so[s].defer & 0xFu) : rem[s]);
    }
    rd_occ = o.arb.occ;
    std::memcpy(rd_row, o.arb.row, sizeof rd_row);
    if (!rst_n) reset();
  }
};

}  // namespace fibertb

#endif
