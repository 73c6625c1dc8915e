/*
 * test_fiber_issue.c - Criterion tests of the composed issue stage
 * (fb_issue_reset / fb_issue_step, cmodel/src/fiber/fiber_issue.c) against
 * the per-cycle contract of docs/fiber.md section 11, with directed cases
 * taken from the docs: the Fig. 6(c) HMMA grants through the whole stage,
 * multi-pass reads (section 4), the bitmap's timing (section 7), broadcasts
 * and illegal instructions (section 5), the issue-18 pending-read scenario
 * and the tie-break that keeps two crossed multi-pass instructions from
 * deadlocking (section 5a), the operand data path and the baseline.
 * (The lockstep harness tb/fiber/tb_fiber_issue_stage.h compares the same
 * function with the RTL every cycle.)
 */
#include <criterion/criterion.h>
#include <string.h>

#include "fiber/fiber.h"

static fb_issue st;   /* static: 6 KB of state */

static void reset(unsigned nreg, unsigned lanes) {
  fb_issue_cfg c;
  memset(&c, 0, sizeof c);
  c.nreg = (uint16_t)nreg;
  c.lanes = (uint8_t)lanes;
  cr_assert_eq(fb_issue_reset(&st, &c), FB_OK);
}

static void insn(fb_issue_in *in, unsigned sp, const uint16_t *src, unsigned n, int dst) {
  cr_assert_eq(fb_issue_insn(&in->sp[sp], sp, src, n, dst), FB_OK);
  in->sp[sp].valid = 1;
}

static fb_issue_out step(const fb_issue_in *in) {
  fb_issue_out o;
  cr_assert_eq(fb_issue_step(&st, in, &o), FB_OK);
  return o;
}

/* A minimal pipeline around the stage: each delivered operand is consumed
 * in the next cycle, each issued destination written back in the next
 * cycle (the earliest the contract allows). */
typedef struct { fb_issue_out last; int have; } pipe;
static void pipe_drive(const pipe *pp, fb_issue_in *in) {
  if (!pp->have) return;
  for (unsigned s = 0; s < FB_NSP; s++) {
    in->sp[s].cons_valid = pp->last.opnd_valid[s];
    memcpy(in->sp[s].cons_src, pp->last.opnd_reg[s], sizeof in->sp[s].cons_src);
  }
}
static fb_issue_out pipe_step(pipe *pp, fb_issue_in *in, uint8_t dst_valid_mask) {
  pipe_drive(pp, in);
  if (pp->have)
    for (unsigned s = 0; s < FB_NSP; s++)
      if ((pp->last.issue >> s) & (dst_valid_mask >> s) & 1u) {
        in->sp[s].wb_valid = 1;
        in->sp[s].wb_dst = pp->last.dst_reg[s];
      }
  fb_issue_out o = step(in);
  pp->last = o;
  pp->have = 1;
  return o;
}

/* Why: the paper's check point (docs/fiber.md 5, Fig. 6(c)) must come out
 * of the whole stage, bitmap and guard included: grants 0x9, 0xF x 7, 0x6.
 * Weft w on SP w, step k: A on (SP w/2, bank k%2), B on (SP 2 + w%2,
 * bank k%2), own rows; the accumulator is local. */
Test(fiber_issue, fig6c_hmma) {
  reset(FB_NVREG, 0);
  unsigned k[FB_NSP] = {0}, cyc = 0;
  uint8_t grants[16];
  for (; cyc < 16; cyc++) {
    fb_issue_in in;
    memset(&in, 0, sizeof in);
    int any = 0;
    for (unsigned w = 0; w < FB_NSP; w++) {
      if (k[w] >= 8) continue;
      uint16_t src[2] = {(uint16_t)fb_reg_make(w / 2, 16 * w + k[w], k[w] % 2),
                         (uint16_t)fb_reg_make(2 + w % 2, 16 * w + k[w], k[w] % 2)};
      insn(&in, w, src, 2, (int)(w * 512 + 0xF0));
      any = 1;
    }
    if (!any) break;
    fb_issue_out o = step(&in);
    grants[cyc] = o.grant;
    cr_assert_eq(o.issue, o.grant, "one pass each");
    for (unsigned w = 0; w < FB_NSP; w++) k[w] += (o.issue >> w) & 1u;
  }
  cr_assert_eq(cyc, 9, "nine cycles for eight steps");
  cr_assert_eq(grants[0], 0x9);
  for (int c = 1; c < 8; c++) cr_assert_eq(grants[c], 0xF, "cycle %d", c);
  cr_assert_eq(grants[8], 0x6);
}

/* Why: docs/fiber.md 4: three sources on one bank of one SP read in three
 * passes; busy while passes remain; issue at the last pass; each pass's
 * operands are delivered in the next cycle. FFMA R10, R2, R4, R6 on SP 2. */
Test(fiber_issue, multi_pass) {
  reset(FB_NVREG, 0);
  uint16_t src[3] = {(uint16_t)fb_reg_make(2, 1, 0), (uint16_t)fb_reg_make(2, 2, 0), (uint16_t)fb_reg_make(2, 3, 0)};
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  insn(&in, 2, src, 3, 2 * 512 + 10);
  fb_issue_out o = step(&in);
  cr_assert_eq(o.busy, 0);
  cr_assert_eq(o.grant, 0x4);
  cr_assert_eq(o.issue, 0, "first pass: sources 1, 2 deferred");
  cr_assert_eq(o.stall, 0x4);
  cr_assert_eq(o.sel[2].defer, 0x6);
  cr_assert_eq(o.arb.occ, 1u << 4);
  cr_assert_eq(o.arb.row[4], 1);
  o = step(&in);
  cr_assert_eq(o.busy, 0x4);
  cr_assert_eq(o.pass_src[2], 0x6);
  cr_assert_eq(o.opnd_valid[2], 0x1, "pass 1's source delivered");
  cr_assert_eq(o.opnd_reg[2][0], src[0]);
  cr_assert_eq(o.issue, 0);
  cr_assert_eq(o.arb.row[4], 2);
  o = step(&in);
  cr_assert_eq(o.pass_src[2], 0x4);
  cr_assert_eq(o.opnd_valid[2], 0x2);
  cr_assert_eq(o.issue, 0x4, "the last pass issues");
  cr_assert_eq(o.stall, 0);
  cr_assert_eq(o.arb.row[4], 3);
  memset(&in, 0, sizeof in);
  o = step(&in);
  cr_assert_eq(o.busy, 0);
  cr_assert_eq(o.opnd_valid[2], 0x4);
  cr_assert_eq(o.opnd_reg[2][2], src[2]);
  /* issue set EMPTY[R10] at its edge; reads set FULL one cycle after each grant */
  cr_assert_eq(fb_bm_get(&st.bm, 2, FB_BM_EMPTY, 2 * 512 + 10), 1);
  for (int i = 0; i < 3; i++) cr_assert_eq(fb_bm_get(&st.bm, 2, FB_BM_FULL, src[i]), 1, "FULL %d", i);
}

/* Why: docs/fiber.md 7 and the contract: eligibility reads the bitmap at
 * the start of the cycle; issue sets EMPTY[dst] at the edge, so a consumer
 * presented in the next cycle waits until the writeback clears it, and is
 * granted in the cycle after the writeback. */
Test(fiber_issue, bitmap_timing) {
  reset(FB_NVREG, 0);
  fb_issue_in in;
  uint16_t r5 = (uint16_t)fb_reg_make(1, 2, 1);        /* SP1.R5 */
  memset(&in, 0, sizeof in);
  insn(&in, 1, NULL, 0, 5 + 512);                      /* producer on SP 1 */
  insn(&in, 0, &r5, 1, 7);                             /* consumer on SP 0, same cycle */
  fb_issue_out o = step(&in);
  cr_assert_eq(o.issue, 0x3, "same cycle: the bitmap does not order them");
  memset(&in, 0, sizeof in);
  insn(&in, 0, &r5, 1, 8);                             /* the next consumer */
  o = step(&in);
  cr_assert_eq(o.eligible & 1, 0, "EMPTY[SP1.R5] set at the producer's edge");
  cr_assert_eq(o.elig[0].src_busy, 0x1);
  cr_assert_eq(o.stall, 0x1);
  in.sp[1].wb_valid = 1;                               /* writeback this cycle */
  in.sp[1].wb_dst = r5;
  o = step(&in);
  cr_assert_eq(o.stall, 0x1, "the writeback clears EMPTY at this edge");
  in.sp[1].wb_valid = 0;
  o = step(&in);
  cr_assert_eq(o.issue, 0x1);
}

/* Why: the FULL group protects a value in use: the operand read (the cycle
 * after the grant) sets FULL[src]; a write to it is ineligible until the
 * consumption clears it. */
Test(fiber_issue, full_blocks_writer) {
  reset(FB_NVREG, 0);
  fb_issue_in in;
  uint16_t r4 = (uint16_t)fb_reg_make(3, 2, 0);        /* SP3.R4 */
  memset(&in, 0, sizeof in);
  insn(&in, 0, &r4, 1, -1);                            /* SP 0 reads SP3.R4 */
  fb_issue_out o = step(&in);
  cr_assert_eq(o.issue, 0x1);
  memset(&in, 0, sizeof in);
  o = step(&in);                                       /* register-read cycle: FULL set at its edge */
  cr_assert_eq(o.opnd_valid[0], 0x1);
  insn(&in, 3, NULL, 0, 3 * 512 + 4);                  /* SP 3 writes R4 */
  o = step(&in);
  cr_assert_eq(o.elig[3].dst_busy, 1);
  cr_assert_eq(o.stall, 0x8);
  in.sp[0].cons_valid = 0x1;                           /* SP 0 consumes it */
  in.sp[0].cons_src[0] = r4;
  o = step(&in);
  cr_assert_eq(o.stall, 0x8);
  in.sp[0].cons_valid = 0;
  o = step(&in);
  cr_assert_eq(o.issue, 0x8);
}

/* Why: docs/fiber.md 5: the same row on the same port is one bank read for
 * every SP that wants it (broadcast); a remote read of another row waits. */
Test(fiber_issue, broadcast_and_port_stall) {
  reset(FB_NVREG, 0);
  fb_issue_in in;
  uint16_t a = (uint16_t)fb_reg_make(2, 9, 1), b = (uint16_t)fb_reg_make(2, 10, 1);
  memset(&in, 0, sizeof in);
  insn(&in, 0, &a, 1, -1);
  insn(&in, 1, &a, 1, -1);
  insn(&in, 3, &b, 1, -1);
  fb_issue_out o = step(&in);
  cr_assert_eq(o.grant, 0x3, "SP 0 first, SP 1 shares the row, SP 3 another row");
  cr_assert_eq(o.arb.shared, 1u << 5);
  cr_assert_eq(o.stall, 0x8);
  in.sp[0].valid = in.sp[1].valid = 0;
  o = step(&in);
  cr_assert_eq(o.issue, 0x8);
}

/* Why: a CUDA-native instruction with the enable bit never requests: it
 * stalls with `illegal`, reads nothing (docs/fiber_rtl.md). */
Test(fiber_issue, illegal_never_requests) {
  reset(FB_NVREG, 0);
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  in.sp[2].valid = 1;
  in.sp[2].mode = FB_MODE_CUDA;
  in.sp[2].src_valid = 1;
  in.sp[2].ext = 1u << FB_EXT_EN_OFF;
  for (int c = 0; c < 6; c++) {
    fb_issue_out o = step(&in);
    cr_assert_eq(o.illegal, 0x4);
    cr_assert_eq(o.grant, 0);
    cr_assert_eq(o.stall, 0x4);
    cr_assert_eq(o.arb.occ, 0);
  }
}

/* Why: the pending-read hazard (docs/fiber.md 5a): SP 0 reads SP 1's bank 0 rows 1, 2, 3
 * (three passes) while SP 2 and SP 3 keep that port busy with other rows;
 * SP 1 presents a write to R6 (row 3) from the next cycle on. SP 1 must not
 * issue before SP 0's last pass is granted; both must issue. */
Test(fiber_issue, pending_read_issue18) {
  reset(FB_NVREG, 0);
  const unsigned reader = 0, owner = 1;
  uint16_t rsrc[3] = {(uint16_t)fb_reg_make(owner, 1, 0), (uint16_t)fb_reg_make(owner, 2, 0),
                      (uint16_t)fb_reg_make(owner, 3, 0)};
  unsigned read_issue = 0, write_issue = 0, held = 0;
  pipe pp = {.have = 0};
  for (unsigned c = 1; c <= 40 && !(read_issue && write_issue); c++) {
    fb_issue_in in;
    memset(&in, 0, sizeof in);
    if (!read_issue) insn(&in, reader, rsrc, 3, -1);
    for (unsigned s = 2; s < 4; s++) {
      uint16_t other = (uint16_t)fb_reg_make(owner, 8 + s, 0);
      insn(&in, s, &other, 1, -1);
    }
    if (c >= 2 && !write_issue) insn(&in, owner, NULL, 0, (int)(owner * 512 + 6));
    fb_issue_out o = pipe_step(&pp, &in, 1u << owner);
    held |= (o.pend_block >> owner) & 1u;
    cr_assert_eq(o.pend_block & o.busy, 0, "a busy SP is never held");
    if ((o.issue >> reader) & 1u) read_issue = c;
    if ((o.issue >> owner) & 1u) {
      write_issue = c;
      cr_assert(read_issue && c > read_issue, "the write issued in cycle %u before the reader's last pass", c);
    }
  }
  cr_assert(read_issue && write_issue, "both issue");
  cr_assert(held, "the guard held the owner's write");
}

/* Why: docs/fiber.md 5a, "why the tie-break": SP p reads X of SP s
 * (deferred) and writes its own Y, while SP s reads Y (deferred) and writes
 * X. Holding always the writer (or always the reader) deadlocks; the scan
 * order lets the SP scanned first go, from every start. */
Test(fiber_issue, crossed_pair_no_deadlock) {
  for (unsigned start = 0; start < 4; start++) {
    fb_issue_cfg c;
    memset(&c, 0, sizeof c);
    c.start = (uint8_t)start;
    cr_assert_eq(fb_issue_reset(&st, &c), FB_OK);
    /* SP 0: reads SP1.R2 (row 1) and SP1.R6 (row 3, same port: deferred), writes SP0.R6
     * SP 1: reads SP0.R2 and SP0.R6 (deferred), writes SP1.R6 */
    uint16_t s0[2] = {(uint16_t)fb_reg_make(1, 1, 0), (uint16_t)fb_reg_make(1, 3, 0)};
    uint16_t s1[2] = {(uint16_t)fb_reg_make(0, 1, 0), (uint16_t)fb_reg_make(0, 3, 0)};
    unsigned done = 0, first = 0;
    pipe pp = {.have = 0};
    for (unsigned cyc = 0; cyc < 20 && done != 0x3; cyc++) {
      fb_issue_in in;
      memset(&in, 0, sizeof in);
      if (!(done & 1)) insn(&in, 0, s0, 2, 6);
      if (!(done & 2)) insn(&in, 1, s1, 2, 512 + 6);
      fb_issue_out o = pipe_step(&pp, &in, 0x3);
      cr_assert_neq(o.pend_block & 0x3, 0x3, "start %u cycle %u: both held", start, cyc);
      if (o.grant && !first) first = o.grant;
      cr_assert_neq(o.grant & 0x3, 0x3, "start %u: both first passes in one cycle", start);
      done |= o.issue & 0x3u;
    }
    cr_assert_eq(done, 0x3, "start %u: deadlock", start);
    unsigned scanned_first = ((0u - start) & 3u) < ((1u - start) & 3u) ? 0x1u : 0x2u;
    cr_assert_eq(first, scanned_first, "start %u: the SP scanned first goes first", start);
  }
}

/* Why: with a data path the crossbar routes, in the register-read cycle,
 * the bank word of each granted source's port to its operand slot. */
Test(fiber_issue, data_path) {
  reset(FB_NVREG, 2);
  fb_issue_in in;
  uint16_t src[2] = {(uint16_t)fb_reg_make(3, 7, 1), (uint16_t)fb_reg_make(0, 4, 0)};
  memset(&in, 0, sizeof in);
  insn(&in, 1, src, 2, -1);
  fb_issue_out o;
  fb_xbar_word port[FB_NPORT];
  static fb_xbar_out x;
  memset(port, 0, sizeof port);
  cr_assert_eq(fb_issue_step_data(&st, &in, port, &o, &x), FB_OK);
  cr_assert_eq(o.issue, 0x2);
  for (unsigned p = 0; p < FB_NPORT; p++) {
    port[p].lane[0] = 0x100 + p;
    port[p].lane[1] = 0x200 + p;
  }
  memset(&in, 0, sizeof in);
  cr_assert_eq(fb_issue_step_data(&st, &in, port, &o, &x), FB_OK);
  cr_assert_eq(x.valid[1], 0x3);
  cr_assert_eq(x.opnd[1][0].lane[0], 0x107, "port 7");
  cr_assert_eq(x.opnd[1][0].lane[1], 0x207);
  cr_assert_eq(x.opnd[1][1].lane[0], 0x100, "port 0");
  cr_assert_eq(x.opnd[1][0].lane[2], 0, "lanes beyond the parameter read 0");
  cr_assert_eq(o.opnd_valid[1], 0x3);
}

/* Why: the baseline composition (cfg.baseline): every address local, every
 * request granted, no bitmap: four SPs on their own banks all issue, even
 * with the rows that would conflict across SPs in FIBER-native mode. */
Test(fiber_issue, baseline) {
  fb_issue_cfg c;
  memset(&c, 0, sizeof c);
  c.baseline = 1;
  cr_assert_eq(fb_issue_reset(&st, &c), FB_OK);
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  for (unsigned s = 0; s < FB_NSP; s++) {
    uint16_t r = (uint16_t)fb_reg_make(0, s, 0);   /* FIBER-native: all on SP 0's port 0 */
    insn(&in, s, &r, 1, (int)(s * 512 + 3));
  }
  fb_issue_out o = step(&in);
  cr_assert_eq(o.issue, 0xF);
  for (unsigned s = 0; s < FB_NSP; s++) cr_assert_eq(fb_reg_sp(o.sel[s].src_reg[0]), s, "local");
  o = step(&in);
  cr_assert_eq(o.issue, 0xF, "no bitmap: the destinations do not block");
}

/* Why: a small bitmap with registers in every SP's partition (cfg.part_regs
 * 16, RTL PartRegs, as fiber_issue_stage_small): SPs 1, 2 and 3 issue
 * instructions whose destinations exist (offset < 16) and set their EMPTY
 * bit; a destination at offset 16 or above does not exist: a range error,
 * never eligible; a source there likewise. fb_issue_reset refuses a
 * part_regs that is not a power of two 1..512 or is below 512 with nreg
 * other than 2048; 0 means 512. */
Test(fiber_issue, partition_part_regs_16) {
  fb_issue_cfg c;
  static const struct { unsigned nreg, part; int ok; } t[] = {
    {0, 16, FB_OK}, {2048, 1, FB_OK}, {2048, 0, FB_OK}, {64, 0, FB_OK}, {2048, 12, FB_ERR_RANGE},
    {2048, 1024, FB_ERR_RANGE}, {64, 16, FB_ERR_RANGE}, {2048, 600, FB_ERR_RANGE},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    memset(&c, 0, sizeof c);
    c.nreg = (uint16_t)t[i].nreg;
    c.part_regs = (uint16_t)t[i].part;
    cr_assert_eq(fb_issue_reset(&st, &c), t[i].ok, "nreg %u part_regs %u", t[i].nreg, t[i].part);
    if (t[i].ok == FB_OK) cr_assert_eq(st.bm.part_regs, t[i].part ? t[i].part : 512u);
  }
  memset(&c, 0, sizeof c);
  c.part_regs = 16;
  cr_assert_eq(fb_issue_reset(&st, &c), FB_OK);
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  uint16_t s1 = (uint16_t)fb_reg_make(1, 3, 0);   /* SP1 offset 6: exists */
  insn(&in, 1, NULL, 0, 512 + 9);
  insn(&in, 2, &s1, 1, 1024 + 15);
  insn(&in, 3, NULL, 0, 1536 + 4);
  fb_issue_out o;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  cr_assert_eq(o.issue, 0xE, "SPs 1-3 issue with existing destinations");
  cr_assert_eq(o.range_err | o.upd_range_err, 0);
  cr_assert_eq(fb_bm_get(&st.bm, 0, FB_BM_EMPTY, 512 + 9), 1);
  cr_assert_eq(fb_bm_get(&st.bm, 0, FB_BM_EMPTY, 1024 + 15), 1);
  cr_assert_eq(fb_bm_get(&st.bm, 0, FB_BM_EMPTY, 1536 + 4), 1);
  /* destinations and a source at offset 16 and above: range errors */
  memset(&in, 0, sizeof in);
  uint16_t m2 = (uint16_t)(1024 + 40);
  insn(&in, 1, NULL, 0, 512 + 16);
  insn(&in, 2, NULL, 0, 1024 + 200);
  insn(&in, 3, &m2, 1, -1);
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_RANGE, "the cycle runs, the range error is named");
  cr_assert_eq(o.issue, 0);
  cr_assert_eq(o.range_err, 0xE);
  cr_assert_eq(fb_issue_why(&o, 3), FB_WHY_RANGE);
  /* an update port naming a missing register: dropped, FB_ERR_RANGE */
  memset(&in, 0, sizeof in);
  in.sp[3].dep_valid = 1;
  in.sp[3].dep_reg = 1536 + 16;
  in.sp[3].dep_set = 1;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_RANGE);
  cr_assert_eq(o.upd_range_err, 0x8);
  cr_assert_eq(fb_bm_get(&st.bm, 0, FB_BM_EMPTY, 1536 + 16), 0);
}
