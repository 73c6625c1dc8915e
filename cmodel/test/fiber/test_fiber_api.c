/*
 * test_fiber_api.c - Criterion tests of the library-wide C API: the version,
 * the error codes and the bad-input behaviour of every entry point of the
 * blocks below (selector, arbiter, decoder, weft controller, composed issue
 * stage): NULL pointers, values out of range, values wider than their port
 * (plain: masked like the RTL wire; _checked: FB_ERR_WIDTH), and state
 * never reset. One test per case; the binary also runs under ASan/UBSan
 * (check-fiber-cmodel-san), where a dereference of NULL or an out-of-bounds
 * read would abort the test.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "fiber.h"          /* the old include path ... */
#include "fiber/fiber.h"    /* ... and the new one name the same declarations */

/* Why: the version macros, the library's fb_version() and VERSION of the
 * Makefile (passed as EXPECT_VERSION) are one number. */
Test(fiber_api, version) {
#ifndef EXPECT_VERSION
  cr_assert_fail("EXPECT_VERSION (the Makefile's VERSION) not passed to the test build");
#else
  cr_assert_str_eq(FIBER_VERSION_STRING, EXPECT_VERSION);
#endif
  cr_assert_str_eq(fb_version(), FIBER_VERSION_STRING);
  char buf[32];
  snprintf(buf, sizeof buf, "%d.%d.%d", FIBER_VERSION_MAJOR, FIBER_VERSION_MINOR, FIBER_VERSION_PATCH);
  cr_assert_str_eq(buf, FIBER_VERSION_STRING);
  cr_assert_eq(FIBER_VERSION, FIBER_VERSION_MAJOR * 10000 + FIBER_VERSION_MINOR * 100 + FIBER_VERSION_PATCH);
}

/* Why: every code has its own constant name, and an unknown one is named
 * as such (never NULL). */
Test(fiber_api, err_str) {
  static const char *const names[FB_ERR_NUM] = {"FB_OK", "FB_ERR_NULL", "FB_ERR_RANGE", "FB_ERR_WIDTH",
                                                "FB_ERR_STATE", "FB_ERR_CONTRACT", "FB_ERR_DEADLOCK",
                                                "FB_ERR_CKPT"};
  for (int e = 0; e < FB_ERR_NUM; e++)
    cr_assert_eq(strncmp(fb_err_str((fb_err)e), names[e], strlen(names[e])), 0, "%s", fb_err_str((fb_err)e));
  cr_assert_eq(strncmp(fb_err_str(FB_ERR_NUM), "FB_ERR_?", 8), 0);
  cr_assert_eq(strncmp(fb_err_str((fb_err)-1), "FB_ERR_?", 8), 0);
}

/* ---- arbiter ------------------------------------------------------------ */

static void arb_reqs(fb_arb_req req[FB_NSP]) {
  memset(req, 0, sizeof(fb_arb_req) * FB_NSP);
  for (int s = 0; s < FB_NSP; s++) {
    req[s].valid = 1;
    req[s].ports = 0x1;
    req[s].row[0] = (uint8_t)s;       /* four rows on port 0: only the first wins */
  }
}

/* Why: the SPEC-fixed arbiter functions cannot return a code; a NULL
 * argument must be harmless (no grant, nothing changes). */
Test(fiber_api, arb_null_plain) {
  fb_arb a;
  fb_arb_req req[FB_NSP];
  fb_arb_out o;
  arb_reqs(req);
  fb_arb_reset(NULL);
  fb_arb_reset(&a);
  cr_assert_eq(fb_arb_step(NULL, req), 0);
  cr_assert_eq(fb_arb_step(&a, NULL), 0);
  cr_assert_eq(a.start, 0, "a NULL request does not advance start");
  memset(&o, 0xA5, sizeof o);
  cr_assert_eq(fb_arb_step_detail(&a, NULL, &o), 0);
  cr_assert_eq(o.grant, 0);
  cr_assert_eq(o.occ, 0, "out zeroed");
  cr_assert_eq(fb_arb_step_detail(NULL, req, NULL), 0);
  cr_assert_eq(fb_arb_eval(0, NULL, &o), FB_ERR_NULL);
  cr_assert_eq(fb_arb_eval(0, req, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_arb_eval(0, req, &o), FB_OK);
  cr_assert_eq(o.grant, 0x1);
}

Test(fiber_api, arb_checked_null) {
  fb_arb a;
  fb_arb_req req[FB_NSP];
  fb_arb_out o;
  arb_reqs(req);
  fb_arb_reset(&a);
  cr_assert_eq(fb_arb_step_checked(NULL, req, &o), FB_ERR_NULL);
  cr_assert_eq(fb_arb_step_checked(&a, NULL, &o), FB_ERR_NULL);
  cr_assert_eq(fb_arb_step_checked(&a, req, NULL), FB_ERR_NULL);
  cr_assert_eq(a.start, 0, "nothing changed");
}

/* Why: a start above 3 cannot come out of fb_arb_reset / a step: the state
 * was never reset (or was overwritten). */
Test(fiber_api, arb_checked_state) {
  fb_arb a = {7};
  fb_arb_req req[FB_NSP];
  fb_arb_out o;
  arb_reqs(req);
  cr_assert_eq(fb_arb_step_checked(&a, req, &o), FB_ERR_STATE);
  cr_assert_eq(a.start, 7, "nothing changed");
  cr_assert_eq(o.grant, 0);
}

/* Why: valid = 2 is masked to 0 by the plain step (a 1-bit port), and
 * rejected by the strict twin. */
Test(fiber_api, arb_valid_width) {
  fb_arb a;
  fb_arb_req req[FB_NSP];
  fb_arb_out o;
  arb_reqs(req);
  req[0].valid = 2;
  fb_arb_reset(&a);
  cr_assert_eq(fb_arb_step(&a, req), 0x2, "plain: SP 0's valid = 2 is 0, SP 1 is first");
  fb_arb_reset(&a);
  cr_assert_eq(fb_arb_step_checked(&a, req, &o), FB_ERR_WIDTH);
  cr_assert_eq(a.start, 0, "nothing changed");
  req[0].valid = 1;
  cr_assert_eq(fb_arb_step_checked(&a, req, &o), FB_OK);
  cr_assert_eq(o.grant, 0x1);
  cr_assert_eq(a.start, 1);
}

/* Why: port = 2*sp + bank and row = r[8:1] come from the library, with the
 * selector's claim/defer rule (docs/fiber.md 4). */
Test(fiber_api, arb_req_from_regs) {
  fb_arb_req q;
  uint8_t defer = 0xFF;
  /* SP1.R6 (row 3, bank 0: port 2), SP3.R7 (row 3, bank 1: port 7),
   * SP1.R2 (row 1, port 2: deferred), SP1.R6 again (same row: no conflict) */
  uint16_t regs[4] = {fb_reg_make(1, 3, 0), fb_reg_make(3, 3, 1), fb_reg_make(1, 1, 0), fb_reg_make(1, 3, 0)};
  cr_assert_eq(fb_arb_req_from_regs(&q, 1, regs, 4, &defer), FB_OK);
  cr_assert_eq(q.valid, 1);
  cr_assert_eq(q.ports, (1u << 2) | (1u << 7));
  cr_assert_eq(q.row[2], 3);
  cr_assert_eq(q.row[7], 3);
  cr_assert_eq(defer, 0x4);
  /* the same as the selector's request for the same registers */
  fb_sel_in si;
  fb_sel_out so;
  memset(&si, 0, sizeof si);
  fb_issue_sp_in ii;
  memset(&ii, 0, sizeof ii);
  cr_assert_eq(fb_issue_insn(&ii, 1, regs, 4, -1), FB_OK);
  si.mode = ii.mode;
  si.sp = 1;
  si.src_valid = ii.src_valid;
  memcpy(si.src_orig, ii.src_orig, sizeof si.src_orig);
  si.ext = ii.ext;
  cr_assert_eq(fb_sel_eval(&si, &so), FB_OK);
  fb_arb_req qs = fb_sel_arb_req(&so, 1);
  cr_assert_eq(memcmp(&qs, &q, sizeof q), 0);
  cr_assert_eq(so.defer, defer);
  for (int k = 0; k < 4; k++) cr_assert_eq(so.src_reg[k], regs[k]);
  cr_assert_eq(fb_arb_req_from_regs(&q, 0, NULL, 0, NULL), FB_OK, "no source: an empty request");
  cr_assert_eq(q.ports, 0);
}

Test(fiber_api, arb_req_from_regs_errors) {
  fb_arb_req q;
  uint16_t regs[5] = {1, 2, 3, 4, 5};
  cr_assert_eq(fb_arb_req_from_regs(NULL, 1, regs, 1, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_arb_req_from_regs(&q, 1, NULL, 1, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_arb_req_from_regs(&q, 1, regs, 5, NULL), FB_ERR_RANGE, "five sources");
  regs[1] = 5000;  /* not 904 (5000 mod 2048) */
  cr_assert_eq(fb_arb_req_from_regs(&q, 1, regs, 2, NULL), FB_ERR_RANGE, "register 5000");
  cr_assert_eq(q.valid, 0);
  cr_assert_eq(q.ports, 0);
  regs[1] = 2;
  cr_assert_eq(fb_arb_req_from_regs(&q, 2, regs, 2, NULL), FB_ERR_WIDTH, "valid = 2");
}

/* ---- selector ----------------------------------------------------------- */

Test(fiber_api, sel_null) {
  fb_sel_in si;
  fb_sel_out so;
  memset(&si, 0, sizeof si);
  cr_assert_eq(fb_sel_eval(NULL, &so), FB_ERR_NULL);
  cr_assert_eq(fb_sel_eval(&si, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_sel_eval_checked(NULL, &so), FB_ERR_NULL);
  cr_assert_eq(fb_sel_eval_checked(&si, NULL), FB_ERR_NULL);
  fb_arb_req q = fb_sel_arb_req(NULL, 1);
  cr_assert_eq(q.valid, 0, "NULL selector output: an invalid request");
  cr_assert_eq(q.ports, 0);
}

/* Why: each field wider than its port is masked by fb_sel_eval and rejected
 * by the strict twin. */
Test(fiber_api, sel_width) {
  fb_sel_in si;
  fb_sel_out so, sm;
  memset(&si, 0, sizeof si);
  si.mode = FB_MODE_FIBER;
  si.src_valid = 0x3;
  si.src_orig[0] = 4;
  si.src_orig[1] = 9;
  cr_assert_eq(fb_sel_eval_checked(&si, &so), FB_OK);
  struct { const char *why; fb_sel_in v; } c[4];
  for (int i = 0; i < 4; i++) { c[i].v = si; }
  c[0].why = "mode 2";      c[0].v.mode = 2;
  c[1].why = "sp 5";        c[1].v.sp = 5;
  c[2].why = "src_valid";   c[2].v.src_valid = 0x13;
  c[3].why = "ext 0x2000";  c[3].v.ext = 0x2000;
  for (int i = 0; i < 4; i++) {
    cr_assert_eq(fb_sel_eval_checked(&c[i].v, &so), FB_ERR_WIDTH, "%s", c[i].why);
    cr_assert_eq(so.port_en, 0, "%s: out zeroed", c[i].why);
    cr_assert_eq(fb_sel_eval(&c[i].v, &sm), FB_OK, "%s: plain masks", c[i].why);
  }
  /* the plain model masks: sp 5 is SP 1 */
  fb_sel_in m = si;
  m.sp = 1;
  memset(&so, 0, sizeof so);    /* (padding) */
  memset(&sm, 0, sizeof sm);
  fb_sel_eval(&m, &so);
  fb_sel_eval(&c[1].v, &sm);
  cr_assert_eq(memcmp(&so, &sm, sizeof so), 0, "sp 5 == sp 1");
}

/* ---- decoder / encoder -------------------------------------------------- */

Test(fiber_api, dec_null) {
  fb_dec_cfg cfg = fb_dec_cfg_default();
  fb_dec_out o;
  fb_word w = {0, 0};
  cr_assert_eq(fb_dec_eval(w, FB_MODE_FIBER, &cfg, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_dec_eval(w, FB_MODE_FIBER, NULL, &o), FB_ERR_NULL);
  cr_assert_eq(fb_dec_eval_checked(w, FB_MODE_FIBER, NULL, &o), FB_ERR_NULL);
  cr_assert_eq(fb_dec_eval_checked(w, FB_MODE_FIBER, &cfg, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_dec_eval(w, FB_MODE_FIBER, &cfg, &o), FB_OK);
}

Test(fiber_api, dec_width) {
  fb_dec_cfg cfg = fb_dec_cfg_default();
  fb_dec_out o;
  fb_word w = {0x7000u | FB_OPC_SET_FIBER_NUM_DEFAULT | (64u << 16), 0};
  cr_assert_eq(fb_dec_eval_checked(w, 2, &cfg, &o), FB_ERR_WIDTH, "mode 2");
  cr_assert_eq(o.kind, 0, "out zeroed");
  cr_assert_eq(fb_dec_eval(w, 2, &cfg, &o), FB_OK, "plain: mode 2 is CUDA-native");
  cr_assert_eq(o.kind, FB_KIND_SFN);
  fb_dec_cfg big = cfg;
  big.opc_sfn = 0x19F0;
  cr_assert_eq(fb_dec_eval_checked(w, FB_MODE_FIBER, &big, &o), FB_ERR_WIDTH, "13-bit opcode parameter");
  cr_assert_eq(fb_dec_eval_checked(w, FB_MODE_FIBER, &cfg, &o), FB_OK);
  cr_assert_eq(o.sfn_wefts, 2);
}

Test(fiber_api, enc_null) {
  fb_dec_cfg cfg = fb_dec_cfg_default();
  fb_dec_out f;
  fb_word base = {0x1234, 0x5678}, w;
  memset(&f, 0, sizeof f);
  w = fb_enc(base, NULL, &cfg);
  cr_assert(w.lo == base.lo && w.hi == base.hi, "plain: base unchanged");
  w = fb_enc(base, &f, NULL);
  cr_assert(w.lo == base.lo && w.hi == base.hi);
  cr_assert_eq(fb_enc_checked(base, NULL, &cfg, &w), FB_ERR_NULL);
  cr_assert_eq(fb_enc_checked(base, &f, NULL, &w), FB_ERR_NULL);
  cr_assert_eq(fb_enc_checked(base, &f, &cfg, NULL), FB_ERR_NULL);
}

Test(fiber_api, enc_width_range) {
  fb_dec_cfg cfg = fb_dec_cfg_default();
  fb_dec_out f;
  fb_word base = {0, 0}, w;
  memset(&f, 0, sizeof f);
  f.kind = FB_KIND_DEPBAR_X;
  f.pred = FB_PRED_PT;
  f.dep_reg = 5000;
  cr_assert_eq(fb_enc_checked(base, &f, &cfg, &w), FB_ERR_RANGE, "DEPBAR register 5000");
  cr_assert(w.lo == 0 && w.hi == 0, "*out = base");
  f.dep_reg = 904;
  f.dep_set = 2;
  cr_assert_eq(fb_enc_checked(base, &f, &cfg, &w), FB_ERR_WIDTH, "dep_set 2");
  f.dep_set = 1;
  cr_assert_eq(fb_enc_checked(base, &f, &cfg, &w), FB_OK);
  fb_dec_out d;
  fb_dec_eval(w, FB_MODE_FIBER, &cfg, &d);
  cr_assert_eq(d.dep_reg, 904);
  cr_assert_eq(d.dep_set, 1);
  f.kind = 3;
  cr_assert_eq(fb_enc_checked(base, &f, &cfg, &w), FB_ERR_RANGE, "kind 3");
  f.kind = FB_KIND_OTHER;
  f.ext = 0x2000;
  cr_assert_eq(fb_enc_checked(base, &f, &cfg, &w), FB_ERR_WIDTH, "ext 0x2000");
  f.kind = FB_KIND_SFN;
  f.pred = 0x17;
  cr_assert_eq(fb_enc_checked(base, &f, &cfg, &w), FB_ERR_WIDTH, "pred 0x17");
}

/* ---- weft controller ---------------------------------------------------- */

Test(fiber_api, wc_null) {
  fb_wc w;
  fb_wc_in in;
  fb_wc_out o;
  memset(&in, 0, sizeof in);
  cr_assert_eq(fb_wc_reset(NULL), FB_ERR_NULL);
  cr_assert_eq(fb_wc_reset(&w), FB_OK);
  cr_assert_eq(fb_wc_step(NULL, &in, &o), FB_ERR_NULL);
  cr_assert_eq(fb_wc_step(&w, NULL, &o), FB_ERR_NULL);
  cr_assert_eq(fb_wc_step(&w, &in, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_wc_step_checked(&w, &in, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_wc_step(&w, &in, &o), FB_OK);
}

/* Why: a controller never reset is refused, not stepped on garbage. */
Test(fiber_api, wc_never_reset) {
  fb_wc w;
  fb_wc_in in;
  fb_wc_out o;
  memset(&w, 0xA5, sizeof w);
  memset(&in, 0, sizeof in);
  fb_wc before = w;
  cr_assert_eq(fb_wc_step(&w, &in, &o), FB_ERR_STATE);
  cr_assert_eq(fb_wc_step_checked(&w, &in, &o), FB_ERR_STATE);
  cr_assert_eq(memcmp(&before, &w, sizeof w), 0, "nothing changed");
  memset(&w, 0, sizeof w);   /* zeroed is not reset either */
  cr_assert_eq(fb_wc_step(&w, &in, &o), FB_ERR_STATE);
}

Test(fiber_api, wc_width) {
  fb_wc w;
  fb_wc_in in;
  fb_wc_out o;
  fb_wc_reset(&w);
  memset(&in, 0, sizeof in);
  in.launch = 1;
  in.launch_wefts = 8;
  cr_assert_eq(fb_wc_step_checked(&w, &in, &o), FB_OK);
  fb_wc_in c = in;
  c.launch = 0;
  c.sp[2].op = FB_WC_ARRIVE;
  c.sp[2].weft = 64;            /* 6-bit slot: plain takes slot 0 */
  c.sp[2].wefts = 8;
  fb_wc before = w;
  cr_assert_eq(fb_wc_step_checked(&w, &c, &o), FB_ERR_WIDTH, "weft 64");
  cr_assert_eq(memcmp(&before, &w, sizeof w), 0, "nothing changed");
  c.sp[2].weft = 0;
  c.sp[2].pc = 1ull << 48;
  cr_assert_eq(fb_wc_step_checked(&w, &c, &o), FB_ERR_WIDTH, "pc beyond 48 bits");
  c.sp[2].pc = 0;
  c.sp[2].all = 2;
  cr_assert_eq(fb_wc_step_checked(&w, &c, &o), FB_ERR_WIDTH, "all = 2");
  c.sp[2].all = 0;
  c.launch_wefts = 512;
  cr_assert_eq(fb_wc_step_checked(&w, &c, &o), FB_ERR_WIDTH, "launch_wefts 512");
  c.launch_wefts = 8;
  cr_assert_eq(fb_wc_step_checked(&w, &c, &o), FB_OK);
  cr_assert_eq(o.err[2], FB_WC_OK);
  cr_assert_eq(w.arrived[2], 1);
}

/* ---- composed issue stage ----------------------------------------------- */

Test(fiber_api, issue_reset_errors) {
  fb_issue st;
  fb_issue_cfg c;
  cr_assert_eq(fb_issue_reset(NULL, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_issue_reset(&st, NULL), FB_OK, "NULL cfg: defaults");
  cr_assert_eq(st.cfg.nreg, FB_NVREG);
  cr_assert_eq(st.cfg.nrep, FB_BM_NREP);
  struct { const char *why; unsigned field, value; } bad[] = {
    {"nreg 2049", 0, 2049}, {"nrep 5", 1, 5}, {"lanes 33", 2, 33}, {"width 65", 3, 65},
    {"start 4", 4, 4}, {"baseline 2", 5, 2},
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    memset(&c, 0, sizeof c);
    switch (bad[i].field) {
      case 0: c.nreg = (uint16_t)bad[i].value; break;
      case 1: c.nrep = (uint8_t)bad[i].value; break;
      case 2: c.lanes = (uint8_t)bad[i].value; break;
      case 3: c.width = (uint8_t)bad[i].value; c.lanes = 1; break;
      case 4: c.start = (uint8_t)bad[i].value; break;
      default: c.baseline = (uint8_t)bad[i].value; break;
    }
    cr_assert_eq(fb_issue_reset(&st, &c), FB_ERR_RANGE, "%s", bad[i].why);
  }
}

Test(fiber_api, issue_null) {
  fb_issue st;
  fb_issue_in in;
  fb_issue_out o;
  memset(&in, 0, sizeof in);
  fb_issue_reset(&st, NULL);
  cr_assert_eq(fb_issue_step(NULL, &in, &o), FB_ERR_NULL);
  cr_assert_eq(fb_issue_step(&st, NULL, &o), FB_ERR_NULL);
  cr_assert_eq(fb_issue_step(&st, &in, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_issue_step_data(&st, &in, NULL, NULL, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_issue_insn(NULL, 0, NULL, 0, -1), FB_ERR_NULL);
  cr_assert_eq(fb_issue_insn(&in.sp[0], 0, NULL, 2, -1), FB_ERR_NULL);
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
}

/* Why: fb_bm_step on a bitmap never reset used to read out of bounds;
 * the composition refuses a state its reset did not set up. */
Test(fiber_api, issue_never_reset) {
  static fb_issue st;
  fb_issue_in in;
  fb_issue_out o;
  memset(&st, 0xA5, sizeof st);
  memset(&in, 0, sizeof in);
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_STATE);
  memset(&st, 0, sizeof st);
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_STATE);
  fb_issue_reset(&st, NULL);
  fb_xbar_word data[FB_NPORT];
  memset(data, 0, sizeof data);
  cr_assert_eq(fb_issue_step_data(&st, &in, data, &o, NULL), FB_ERR_STATE, "data without a data path");
  /* the step reads the bitmap without re-checking its parameters, so a
   * state whose bitmap was overwritten out of range is refused up front
   * (nrep 0 would divide by zero, nreg 4096 index past the words), and
   * nothing changes */
  static fb_issue before;
  static const unsigned bad[][2] = {{2048, 0}, {2048, 5}, {0, 4}, {4096, 4}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    fb_issue_reset(&st, NULL);
    st.bm.nreg = (uint16_t)bad[i][0];
    st.bm.nrep = (uint8_t)bad[i][1];
    before = st;
    memset(&o, 0xA5, sizeof o);
    cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_STATE, "bitmap nreg %u nrep %u", bad[i][0], bad[i][1]);
    cr_assert_eq(memcmp(&st, &before, sizeof st), 0);
    cr_assert_eq(o.issue | o.stall | o.grant | o.eligible, 0);
  }
}

/* Why: valid = 2 (and every other over-wide field) is rejected, not taken
 * as 0; nothing changes. */
Test(fiber_api, issue_width) {
  static fb_issue st, before;
  fb_issue_in in;
  fb_issue_out o;
  fb_issue_reset(&st, NULL);
  memset(&in, 0, sizeof in);
  uint16_t src[1] = {fb_reg_make(1, 3, 0)};
  fb_issue_insn(&in.sp[0], 0, src, 1, 4);
  in.sp[0].valid = 2;
  before = st;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_WIDTH, "valid = 2");
  cr_assert_eq(memcmp(&before, &st, sizeof st), 0, "nothing changed");
  cr_assert_eq(o.grant, 0);
  in.sp[0].valid = 1;
  in.sp[3].dep_set = 3;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_WIDTH, "dep_set 3");
  in.sp[3].dep_set = 0;
  in.all_set = 2;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_WIDTH, "all_set 2");
  in.all_set = 0;
  in.sp[1].ext = 0x2000;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_WIDTH, "ext 0x2000");
  in.sp[1].ext = 0;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  cr_assert_eq(o.issue, 0x1);
}

/* Why: a register id beyond the register count is a range error and its
 * operation is dropped; 5000 is not taken as 904 (5000 mod 2^11). */
Test(fiber_api, issue_register_range) {
  static fb_issue st;
  fb_issue_in in;
  fb_issue_out o;
  fb_issue_reset(&st, NULL);
  memset(&in, 0, sizeof in);
  in.sp[1].dep_valid = 1;                     /* DEPBAR sets EMPTY[904] */
  in.sp[1].dep_reg = 904;
  in.sp[1].dep_set = 1;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  cr_assert_eq(fb_bm_get(&st.bm, 0, FB_BM_EMPTY, 904), 1);
  memset(&in, 0, sizeof in);
  in.sp[1].wb_valid = 1;                      /* writeback of "5000" */
  in.sp[1].wb_dst = 5000;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_RANGE);
  cr_assert_eq(o.upd_range_err, 0x2);
  cr_assert_eq(fb_bm_get(&st.bm, 0, FB_BM_EMPTY, 904), 1, "904 untouched");
  in.sp[1].wb_dst = 904;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_OK);
  cr_assert_eq(fb_bm_get(&st.bm, 0, FB_BM_EMPTY, 904), 0);

  /* a 64-register stage: SP 0's R100 does not exist */
  fb_issue_cfg c;
  memset(&c, 0, sizeof c);
  c.nreg = 64;
  fb_issue_reset(&st, &c);
  memset(&in, 0, sizeof in);
  uint16_t src[1] = {100};
  fb_issue_insn(&in.sp[0], 0, src, 1, -1);
  in.sp[0].valid = 1;
  cr_assert_eq(fb_issue_step(&st, &in, &o), FB_ERR_RANGE);
  cr_assert_eq(o.range_err, 0x1);
  cr_assert_eq(o.eligible & 1, 0);
  cr_assert_eq(o.grant, 0, "never eligible, never granted");
}

Test(fiber_api, issue_insn_errors) {
  fb_issue_sp_in p;
  uint16_t src[5] = {1, 2, 3, 4, 5};
  cr_assert_eq(fb_issue_insn(&p, 0, src, 5, -1), FB_ERR_RANGE, "five sources");
  cr_assert_eq(fb_issue_insn(&p, 4, src, 1, -1), FB_ERR_RANGE, "SP 4");
  src[0] = 2048;
  cr_assert_eq(fb_issue_insn(&p, 0, src, 1, -1), FB_ERR_RANGE, "source 2048");
  src[0] = 1;
  cr_assert_eq(fb_issue_insn(&p, 0, src, 1, 512 + 4), FB_ERR_RANGE, "remote destination");
  cr_assert_eq(fb_issue_insn(&p, 0, src, 1, 256), FB_ERR_RANGE, "destination with r[8] set");
  cr_assert_eq(fb_issue_insn(&p, 1, src, 1, 512 + 4), FB_OK);
  cr_assert_eq(p.dst_valid, 1);
  cr_assert_eq(p.dst_orig, 4);
  cr_assert_eq(p.ext & (1u << FB_EXT_EN_OFF), 1u << FB_EXT_EN_OFF, "SP0.R1 from SP 1: enable");
}

/* ---- busy bitmap and crossbar ------------------------------------------- */

/* Why: reset functions return named codes, not a bare -1. */
Test(fiber_api, bm_xbar_reset_codes) {
  static fb_bm bm;
  static fb_xbar x;
  cr_assert_eq(fb_bm_reset(NULL, 64, 1), FB_ERR_NULL);
  cr_assert_eq(fb_bm_reset(&bm, 0, 1), FB_ERR_RANGE);
  cr_assert_eq(fb_bm_reset(&bm, 64, 5), FB_ERR_RANGE);
  cr_assert_eq(fb_bm_reset(&bm, 64, 1), FB_OK);
  cr_assert_eq(fb_xbar_reset(NULL, 32, 32), FB_ERR_NULL);
  cr_assert_eq(fb_xbar_reset(&x, 33, 32), FB_ERR_RANGE);
  cr_assert_eq(fb_xbar_reset(&x, 32, 65), FB_ERR_RANGE);
  cr_assert_eq(fb_xbar_reset(&x, 32, 32), FB_OK);
}

/* Why: fb_bm_step / fb_bm_check on a bitmap never reset read out of bounds
 * (they used to); now they refuse it, and NULL. */
Test(fiber_api, bm_never_reset_and_null) {
  static fb_bm bm, before;
  fb_bm_in in;
  fb_bm_query q;
  fb_bm_elig e;
  uint8_t ue = 0x5A;
  memset(&in, 0, sizeof in);
  memset(&q, 0, sizeof q);
  memset(&bm, 0xA5, sizeof bm);        /* nreg 0xA5A5, nrep 0xA5 */
  before = bm;
  in.sp[0].dep_valid = 1;
  cr_assert_eq(fb_bm_step(&bm, &in), 0xFF);
  cr_assert_eq(fb_bm_step_checked(&bm, &in, &ue), FB_ERR_STATE);
  cr_assert_eq(ue, 0);
  cr_assert_eq(memcmp(&before, &bm, sizeof bm), 0, "nothing changed");
  memset(&e, 0xFF, sizeof e);
  cr_assert_eq(fb_bm_check(&bm, 0, &q, &e), FB_ERR_STATE);
  cr_assert_eq(e.eligible, 0, "not eligible");
  cr_assert_eq(fb_bm_get(&bm, 200, 0, 5), 0, "no read beyond the replicas");
  cr_assert_eq(fb_bm_replicas_equal(&bm), 0);
  memset(&bm, 0, sizeof bm);            /* zeroed is not reset either */
  cr_assert_eq(fb_bm_step_checked(&bm, &in, NULL), FB_ERR_STATE);
  cr_assert_eq(fb_bm_step(NULL, &in), 0xFF);
  cr_assert_eq(fb_bm_step_checked(NULL, &in, &ue), FB_ERR_NULL);
  cr_assert_eq(fb_bm_check(NULL, 0, &q, &e), FB_ERR_NULL);
  cr_assert_eq(fb_bm_check(&bm, 0, NULL, &e), FB_ERR_NULL);
  cr_assert_eq(fb_bm_check(&bm, 0, &q, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_bm_index(NULL, 3), -1);
  cr_assert_eq(fb_bm_reset(&bm, 64, 2), FB_OK);
  cr_assert_eq(fb_bm_step_checked(&bm, &in, &ue), FB_OK);
  cr_assert_eq(ue, 0);
  cr_assert_eq(fb_bm_check(&bm, 0, &q, &e), FB_OK);
  cr_assert_eq(e.eligible, 1);
}

Test(fiber_api, xbar_never_reset_and_null) {
  static fb_xbar x;
  static fb_xbar_in in;
  static fb_xbar_out o;
  memset(&in, 0, sizeof in);
  memset(&x, 0xFF, sizeof x);           /* lanes 255: would write past the words */
  cr_assert_eq(fb_xbar_step(&x, &in, &o), FB_ERR_STATE);
  cr_assert_eq(fb_xbar_step(NULL, &in, &o), FB_ERR_NULL);
  cr_assert_eq(fb_xbar_step(&x, NULL, &o), FB_ERR_NULL);
  cr_assert_eq(fb_xbar_step(&x, &in, NULL), FB_ERR_NULL);
  cr_assert_eq(fb_xbar_reset(&x, 4, 8), FB_OK);
  cr_assert_eq(fb_xbar_step(&x, &in, &o), FB_OK);
}
