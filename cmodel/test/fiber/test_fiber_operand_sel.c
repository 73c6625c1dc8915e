/*
 * test_fiber_operand_sel.c - Criterion tests of the selector model.
 *
 * The selector turns extension bits into register addresses and port
 * enables. The tests enumerate every field combination of one operand in
 * every position, prove CUDA-native isolation over every input of one
 * operand and every SP, enumerate every address pair of two operands for
 * the conflict flag, and check hand-written multi-operand cases. Expected
 * values come from the SPEC's arithmetic (sp*512 + lo*256 + orig8), not
 * from the model's bit slicing.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "fiber.h"
#include "fiber_test_util.h"

/* ext = word[99:87]: hi2 of source k at bits 2k+1..2k, enable at 8, extra
 * low bit of source k at 9+k (SPEC B.1, written out independently). */
static unsigned mk_ext(const unsigned hi[4], unsigned en, const unsigned lo[4]) {
  unsigned e = 0;
  for (int k = 0; k < 4; k++) e += hi[k] * (1u << (2 * k)) + lo[k] * (1u << (9 + k));
  return e + en * 256u;
}

/* Expected address of source k: SPEC B.1 in arithmetic form. */
static unsigned exp_reg(unsigned mode, unsigned sp, unsigned en, unsigned hi, unsigned lo,
                        unsigned orig) {
  if (mode == FB_MODE_CUDA) return sp * 512u + orig;
  if (en) return hi * 512u + lo * 256u + orig;
  return sp * 512u + lo * 256u + orig;
}

/* Rationale: SPEC part C asks for all selector field combinations for one
 * operand. For each operand position k, every mode, SP, orig8, hi2, ext1,
 * enable and valid value (65,536 combinations per position), with the other
 * three operands invalid and their extension bits random, the address,
 * port, enables, remote, illegal and destination must match the SPEC. */
Test(fiber_operand_sel, exhaustive_one_operand_fields) {
  fbt_rng r = fbt_rng_for("fiber_operand_sel.exhaustive_one_operand_fields");
  unsigned long n = 0;
  for (unsigned k = 0; k < 4; k++)
    for (unsigned mode = 0; mode < 2; mode++)
      for (unsigned sp = 0; sp < 4; sp++)
        for (unsigned hi = 0; hi < 4; hi++)
          for (unsigned lo = 0; lo < 2; lo++)
            for (unsigned en = 0; en < 2; en++)
              for (unsigned v = 0; v < 2; v++)
                for (unsigned orig = 0; orig < 256; orig++) {
                  unsigned his[4], los[4];
                  for (int j = 0; j < 4; j++) {
                    his[j] = fbt_below(&r, 4);
                    los[j] = fbt_below(&r, 2);
                  }
                  his[k] = hi;
                  los[k] = lo;
                  fb_sel_in in;
                  memset(&in, 0, sizeof in);
                  in.mode = (uint8_t)mode;
                  in.sp = (uint8_t)sp;
                  in.src_valid = (uint8_t)(v << k);
                  for (int j = 0; j < 4; j++) in.src_orig[j] = (uint8_t)fbt_below(&r, 256);
                  in.src_orig[k] = (uint8_t)orig;
                  in.ext = (uint16_t)mk_ext(his, en, los);
                  in.dst_orig = (uint8_t)(orig ^ 0x5A);
                  fb_sel_out o;
                  fb_sel_eval(&in, &o);
                  unsigned er = exp_reg(mode, sp, en, hi, lo, orig);
                  unsigned esp = er / 512, eport = 2 * esp + er % 2, erow = (er % 512) / 2;
                  if (o.src_reg[k] != er || o.src_port[k] != eport)
                    cr_assert_fail("k=%u mode=%u sp=%u hi=%u lo=%u en=%u orig=%u: reg 0x%x port %u, "
                                   "expected 0x%x port %u",
                                   k, mode, sp, hi, lo, en, orig, o.src_reg[k], o.src_port[k], er,
                                   eport);
                  cr_assert_eq(o.port_en, v ? 1u << eport : 0u);
                  for (unsigned p = 0; p < 8; p++)
                    cr_assert_eq(o.port_row[p], (v && p == eport) ? erow : 0u);
                  cr_assert_eq(o.remote, (v && esp != sp) ? 1u << k : 0u);
                  cr_assert_eq(o.defer, 0);
                  cr_assert_eq(o.conflict, 0);
                  cr_assert_eq(o.illegal, (mode == FB_MODE_CUDA && en) ? 1 : 0);
                  cr_assert_eq(o.dst_reg, sp * 512u + (orig ^ 0x5A));
                  n++;
                }
  cr_assert_eq(n, 4ul * 65536);
}

/* Rationale: CUDA-native isolation (SPEC B.1): whatever the
 * extension bits (all 8192 values of the 13-bit field, enable included),
 * the original field (all 256) and the valid bit, for every SP, no address
 * (source or destination) leaves the issuing SP and nothing is remote.
 * Every input of operand 0 and every SP is enumerated; the other operands'
 * fields are fixed so that their addresses are checked too. */
Test(fiber_operand_sel, cuda_native_isolation_exhaustive) {
  for (unsigned sp = 0; sp < 4; sp++)
    for (unsigned ext = 0; ext < 8192; ext++)
      for (unsigned v = 0; v < 2; v++)
        for (unsigned orig = 0; orig < 256; orig++) {
          fb_sel_in in;
          in.mode = FB_MODE_CUDA;
          in.sp = (uint8_t)sp;
          in.src_valid = (uint8_t)(0xE | v);
          in.src_orig[0] = (uint8_t)orig;
          in.src_orig[1] = 0xFF;
          in.src_orig[2] = 0x00;
          in.src_orig[3] = (uint8_t)(orig + 1);
          in.ext = (uint16_t)ext;
          in.dst_orig = (uint8_t)orig;
          fb_sel_out o;
          fb_sel_eval(&in, &o);
          unsigned bad = o.remote != 0 || o.dst_reg / 512u != sp ||
                         (o.port_en & ~(3u << (2 * sp))) != 0;
          for (int k = 0; k < 4; k++) bad |= o.src_reg[k] / 512u != sp || o.src_reg[k] % 512u >= 256u;
          if (bad)
            cr_assert_fail("sp=%u ext=0x%x orig=0x%x escapes: regs 0x%x 0x%x 0x%x 0x%x port_en 0x%x",
                           sp, ext, orig, o.src_reg[0], o.src_reg[1], o.src_reg[2], o.src_reg[3],
                           o.port_en);
          cr_assert_eq(o.illegal, (ext >> 8) & 1);
        }
}

/* Rationale: the intra-instruction conflict flag is exactly "two operands of
 * one instruction on the same port with different rows" (SPEC B.2). Every
 * pair of 11-bit addresses for sources 0 and 1 (FIBER-native, enable set:
 * 4,194,304 pairs) is checked: conflict and defer of source 1, the two port
 * enables, and the row kept on a shared port (source 0's). */
Test(fiber_operand_sel, exhaustive_two_operand_conflict) {
  fb_sel_in in;
  memset(&in, 0, sizeof in);
  in.mode = FB_MODE_FIBER;
  in.sp = 2;
  in.src_valid = 0x3;
  for (unsigned r0 = 0; r0 < 2048; r0++)
    for (unsigned r1 = 0; r1 < 2048; r1++) {
      unsigned hi[4] = {r0 / 512, r1 / 512, 3, 1}, lo[4] = {(r0 / 256) % 2, (r1 / 256) % 2, 1, 0};
      in.ext = (uint16_t)mk_ext(hi, 1, lo);
      in.src_orig[0] = (uint8_t)(r0 % 256);
      in.src_orig[1] = (uint8_t)(r1 % 256);
      fb_sel_out o;
      fb_sel_eval(&in, &o);
      unsigned p0 = 2 * (r0 / 512) + r0 % 2, p1 = 2 * (r1 / 512) + r1 % 2;
      unsigned w0 = (r0 % 512) / 2, w1 = (r1 % 512) / 2;
      unsigned conflict = p0 == p1 && w0 != w1;
      if (o.conflict != conflict || o.defer != (conflict ? 2u : 0u) ||
          o.port_en != ((1u << p0) | (1u << p1)) || o.port_row[p0] != w0 ||
          (p1 != p0 && o.port_row[p1] != w1))
        cr_assert_fail("r0=0x%x r1=0x%x: conflict %u defer 0x%x port_en 0x%x", r0, r1, o.conflict,
                       o.defer, o.port_en);
    }
}

/* Multi-operand cases written by hand. */
typedef struct {
  const char *why;
  unsigned mode, sp, valid;
  unsigned orig[4];
  unsigned hi[4], en, lo[4];
  unsigned reg[4];          /* expected addresses */
  unsigned port_en, remote, defer, illegal;
} sel_case;

static const sel_case sel_cases[] = {
  {"the header's worked example: source 0 = 0x505 (SP 2, row 0x82, port 5)",
   FB_MODE_FIBER, 1, 0x1, {0x05, 0, 0, 0}, {2, 3, 0, 0}, 1, {1, 0, 1, 1},
   {0x505, 0x600, 0x100, 0x100}, 0x20, 0x1, 0x0, 0},
  {"FFMA R2, R4, R6 in CUDA-native mode on SP 0: one bank, three rows, two deferred",
   FB_MODE_CUDA, 0, 0x7, {2, 4, 6, 0}, {0, 0, 0, 0}, 0, {0, 0, 0, 0},
   {2, 4, 6, 0}, 0x01, 0x0, 0x6, 0},
  {"rows X, Y, X on one port: only the Y source is deferred (X is read once)",
   FB_MODE_FIBER, 3, 0x7, {0x10, 0x20, 0x10, 0}, {1, 1, 1, 0}, 1, {0, 0, 0, 0},
   {0x210, 0x220, 0x210, 0x000}, 0x04, 0x7, 0x2, 0},
  {"an invalid lower source claims nothing: no conflict with it",
   FB_MODE_FIBER, 0, 0xE, {0x31, 0x33, 0x40, 0x33}, {0, 0, 0, 0}, 0, {0, 0, 0, 0},
   {0x31, 0x33, 0x40, 0x33}, 0x03, 0x0, 0x0, 0},
  {"the same register four times: one port, no conflict",
   FB_MODE_FIBER, 1, 0xF, {7, 7, 7, 7}, {2, 2, 2, 2}, 1, {1, 1, 1, 1},
   {0x507, 0x507, 0x507, 0x507}, 0x20, 0xF, 0x0, 0},
  {"enable set with hi2 equal to the own SP: addressed through hi2 but local",
   FB_MODE_FIBER, 2, 0x3, {0x80, 0x81}, {2, 1, 0, 0}, 1, {1, 0, 0, 0},
   {0x580, 0x281, 0x000, 0x000}, 0x18, 0x2, 0x0, 0},
  {"FIBER-native, enable clear: hi2 ignored, the extra low bit still used",
   FB_MODE_FIBER, 1, 0xF, {1, 2, 3, 4}, {3, 2, 0, 1}, 0, {1, 0, 1, 0},
   {0x301, 0x202, 0x303, 0x204}, 0x0C, 0x0, 0xC, 0},
  {"CUDA-native with enable set: illegal, yet every address stays local",
   FB_MODE_CUDA, 3, 0xF, {0xFF, 0xFE, 1, 0}, {0, 1, 2, 3}, 1, {1, 1, 1, 1},
   {0x6FF, 0x6FE, 0x601, 0x600}, 0xC0, 0x0, 0xC, 1},
  {"four sources over the four SPs of the A/B placement: no conflict, three remote",
   FB_MODE_FIBER, 0, 0xF, {0x10, 0x21, 0x30, 0x41}, {0, 1, 2, 3}, 1, {0, 0, 1, 1},
   {0x010, 0x221, 0x530, 0x741}, 0x99, 0xE, 0x0, 0},
};

/* Rationale: each row isolates one rule of SPEC B.1/B.2 on a full
 * instruction (real bank conflicts of local code, the deferral of only the
 * differing rows, invalid sources, hi2 with and without enable, CUDA-native
 * illegal input); expected values are written by hand. The arbiter request
 * built from the selector must carry the same ports and rows. */
Test(fiber_operand_sel, directed_instructions) {
  for (size_t i = 0; i < sizeof sel_cases / sizeof sel_cases[0]; i++) {
    const sel_case *c = &sel_cases[i];
    fb_sel_in in;
    memset(&in, 0, sizeof in);
    in.mode = (uint8_t)c->mode;
    in.sp = (uint8_t)c->sp;
    in.src_valid = (uint8_t)c->valid;
    for (int k = 0; k < 4; k++) in.src_orig[k] = (uint8_t)c->orig[k];
    in.ext = (uint16_t)mk_ext(c->hi, c->en, c->lo);
    fb_sel_out o;
    fb_sel_eval(&in, &o);
    for (int k = 0; k < 4; k++)
      cr_assert_eq(o.src_reg[k], c->reg[k], "%s: src %d reg 0x%x", c->why, k, o.src_reg[k]);
    cr_assert_eq(o.port_en, c->port_en, "%s: port_en 0x%x", c->why, o.port_en);
    cr_assert_eq(o.remote, c->remote, "%s: remote 0x%x", c->why, o.remote);
    cr_assert_eq(o.defer, c->defer, "%s: defer 0x%x", c->why, o.defer);
    cr_assert_eq(o.conflict, c->defer != 0, "%s", c->why);
    cr_assert_eq(o.illegal, c->illegal, "%s", c->why);
    fb_arb_req q = fb_sel_arb_req(&o, 1);
    cr_assert_eq(q.valid, 1);
    cr_assert_eq(q.ports, c->port_en);
    /* The row on each enabled port is the lowest valid source's. */
    for (unsigned p = 0; p < 8; p++) {
      unsigned row = 0;
      for (int k = 3; k >= 0; k--)
        if ((c->valid >> k & 1) && 2 * (c->reg[k] / 512) + c->reg[k] % 2 == p)
          row = (c->reg[k] % 512) / 2;
      cr_assert_eq(q.row[p], row, "%s: row of port %u", c->why, p);
    }
  }
  fb_sel_out o;
  memset(&o, 0, sizeof o);
  cr_assert_eq(fb_sel_arb_req(&o, 0).valid, 0, "valid is passed through");
}

/* Rationale: four random operands at once, against the arithmetic rule and
 * a recomputation of defer (source k is deferred iff the lowest-numbered
 * valid source on its port has a different row). Inputs wider than their
 * ports must be used modulo the port width. */
Test(fiber_operand_sel, random_instructions) {
  fbt_rng r = fbt_rng_for("fiber_operand_sel.random_instructions");
  for (int it = 0; it < 300000; it++) {
    fb_sel_in in;
    uint64_t x = fbt_next(&r);
    in.mode = (uint8_t)(x & 0xFF);     /* upper bits must be ignored */
    in.sp = (uint8_t)(x >> 8);
    in.src_valid = (uint8_t)(x >> 16);
    in.ext = (uint16_t)(x >> 24);
    in.dst_orig = (uint8_t)(x >> 40);
    uint64_t y = fbt_next(&r);
    unsigned few = fbt_chance(&r, 1, 2);
    for (int k = 0; k < 4; k++) in.src_orig[k] = (uint8_t)(few ? (y >> (8 * k)) & 0x13 : y >> (8 * k));
    fb_sel_out o;
    fb_sel_eval(&in, &o);
    unsigned mode = in.mode & 1, sp = in.sp & 3, v = in.src_valid & 15, ext = in.ext & 8191;
    unsigned en = (ext >> 8) & 1;
    unsigned reg[4], port[4], row[4];
    for (int k = 0; k < 4; k++) {
      reg[k] = exp_reg(mode, sp, en, (ext >> (2 * k)) & 3, (ext >> (9 + k)) & 1, in.src_orig[k]);
      port[k] = 2 * (reg[k] / 512) + reg[k] % 2;
      row[k] = (reg[k] % 512) / 2;
      cr_assert_eq(o.src_reg[k], reg[k]);
      cr_assert_eq(o.src_port[k], port[k]);
    }
    unsigned defer = 0, pen = 0, remote = 0;
    for (int k = 0; k < 4; k++) {
      if (!(v >> k & 1)) continue;
      pen |= 1u << port[k];
      if (reg[k] / 512 != sp) remote |= 1u << k;
      for (int j = 0; j < k; j++) {
        if (!(v >> j & 1) || port[j] != port[k]) continue;
        if (row[j] != row[k]) defer |= 1u << k;  /* j is the port's lowest valid source */
        break;
      }
    }
    cr_assert_eq(o.port_en, pen);
    cr_assert_eq(o.remote, remote);
    cr_assert_eq(o.defer, defer, "it %d: defer 0x%x exp 0x%x", it, o.defer, defer);
    cr_assert_eq(o.illegal, mode == FB_MODE_CUDA && en);
    cr_assert_eq(o.dst_reg, sp * 512u + in.dst_orig);
  }
}
