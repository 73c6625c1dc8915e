/*
 * test_fiber_busy_bitmap.c - Criterion tests of the register busy bitmap.
 *
 * The bitmap gates issue (destination clear in FULL, sources clear in
 * EMPTY) and is updated by four kinds of hardware events, the extended
 * DEPBAR of each SP and the ALL-scope set. The tests cover the eligibility
 * rule, every same-cycle collision on one register, the start-of-cycle
 * timing, parameter limits and small sizes, and compare the model with a
 * deliberately simple per-register reference over a million random cycles,
 * checking every replica every cycle.
 */
#include <criterion/criterion.h>
#include <limits.h>
#include <string.h>

#include "fiber.h"
#include "fiber_test_util.h"

/* ---------------------------------------------------------------------- */
/* Independent reference: one byte per register id (11 bits) and group.   */
/* Registers r < nreg with offset r & 511 below part (0: 512) exist; an issue or */
/* writeback of SP s (and SP s's query destination) must lie in SP s's     */
/* partition; an operand read comes by read port p (register               */
/* {p / 2, row, p % 2}). The cycle's events are first marked per register, */
/* then the next value of each register is written as the priority        */
/* formula of SPEC B.2:                                                     */
/*   EMPTY' = ALL ? 1 : last DEPBAR on it ? its value : issue ? 1 : wb ? 0 : EMPTY */
/*   FULL'  = last DEPBAR on it ? its value : read ? 1 : consume ? 0 : FULL */
/* ---------------------------------------------------------------------- */
typedef struct {
  unsigned nreg, part;   /* part: registers per partition, 0 for 512 */
  uint8_t e[FB_NVREG], f[FB_NVREG];
} ref_bm;

static int ref_exists(const ref_bm *m, unsigned r) { return r < m->nreg && (r & 511u) < (m->part ? m->part : 512u); }
static int ref_local(unsigned r, unsigned s) { return ((r >> 9) & 3) == s; }

static unsigned ref_step(ref_bm *m, const fb_bm_in *in) {
  /* Per register: which events name it this cycle (-1: no DEPBAR). */
  static uint8_t issue[FB_NVREG], wb[FB_NVREG], rd[FB_NVREG], cons[FB_NVREG];
  static int8_t depe[FB_NVREG], depf[FB_NVREG];
  unsigned err = 0;
  memset(issue, 0, sizeof issue); memset(wb, 0, sizeof wb); memset(rd, 0, sizeof rd);
  memset(cons, 0, sizeof cons); memset(depe, -1, sizeof depe); memset(depf, -1, sizeof depf);
  for (unsigned s = 0; s < 4; s++) {   /* SP order: a later DEPBAR overwrites */
    const fb_bm_sp_in *p = &in->sp[s];
    unsigned r;
    if (p->issue_valid & 1) {
      r = p->issue_dst;
      if (ref_exists(m, r) && ref_local(r, s)) issue[r] = 1; else err |= 1u << s;
    }
    if (p->wb_valid & 1) {
      r = p->wb_dst;
      if (ref_exists(m, r) && ref_local(r, s)) wb[r] = 1; else err |= 1u << s;
    }
    for (int k = 0; k < 4; k++)
      if (p->cons_valid >> k & 1) { r = p->cons_src[k]; if (ref_exists(m, r)) cons[r] = 1; else err |= 1u << s; }
    if (p->dep_valid & 1) {
      r = p->dep_reg;
      if (!ref_exists(m, r)) err |= 1u << s;
      else if (p->dep_group & 1) depf[r] = (int8_t)(p->dep_set & 1);
      else depe[r] = (int8_t)(p->dep_set & 1);
    }
  }
  for (unsigned port = 0; port < 8; port++)
    if (in->read_valid >> port & 1) {
      unsigned r = ((port / 2) << 9) | ((unsigned)in->read_row[port] << 1) | (port % 2);
      if (ref_exists(m, r)) rd[r] = 1; else err |= 1u << (port / 2);
    }
  for (unsigned r = 0; r < FB_NVREG; r++) {
    if (!ref_exists(m, r)) continue;
    m->e[r] = (in->all_set & 1) ? 1 : depe[r] >= 0 ? (uint8_t)depe[r] : issue[r] ? 1 : wb[r] ? 0 : m->e[r];
    m->f[r] = depf[r] >= 0 ? (uint8_t)depf[r] : rd[r] ? 1 : cons[r] ? 0 : m->f[r];
  }
  return err;
}

static void ref_check(const ref_bm *m, unsigned sp, const fb_bm_query *q, fb_bm_elig *o) {
  memset(o, 0, sizeof *o);
  if (q->dst_valid & 1) {
    unsigned d = q->dst;
    if (!ref_exists(m, d) || !ref_local(d, sp)) o->range_err = 1;
    else o->dst_busy = m->f[d];
  }
  for (int k = 0; k < 4; k++) {
    if (!(q->src_valid >> k & 1)) continue;
    unsigned s = q->src[k];
    if (!ref_exists(m, s)) o->range_err = 1;
    else if (m->e[s]) o->src_busy |= (uint8_t)(1u << k);
  }
  o->eligible = !o->dst_busy && !o->src_busy && !o->range_err;
}

/* The register id of stored bit i (the documented layout: bit r is r). */
static unsigned id_of(unsigned nreg, unsigned i) { (void)nreg; return i; }

/* Every replica of the model equals the reference; bits at and above nreg
 * stay 0 in the stored words. */
static void expect_state(const fb_bm *bm, const ref_bm *m, unsigned long cyc) {
  for (unsigned rep = 0; rep < bm->nrep; rep++) {
    for (unsigned r = 0; r < FB_NVREG; r++) {
      unsigned e = ref_exists(m, r) ? m->e[r] : 0, f = ref_exists(m, r) ? m->f[r] : 0;
      if (fb_bm_get(bm, rep, FB_BM_EMPTY, r) != e || fb_bm_get(bm, rep, FB_BM_FULL, r) != f)
        cr_assert_fail("cyc %lu replica %u reg %u: model E%u F%u, reference E%u F%u", cyc, rep, r,
                       fb_bm_get(bm, rep, FB_BM_EMPTY, r), fb_bm_get(bm, rep, FB_BM_FULL, r), e, f);
    }
    for (unsigned g = 0; g < 2; g++)
      for (unsigned w = 0; w < FB_NVREG / 64; w++) {
        uint64_t above = w * 64 >= m->nreg ? ~0ull
                         : (w + 1) * 64 > m->nreg ? ~((1ull << (m->nreg % 64)) - 1) : 0;
        if (bm->bits[rep][g][w] & above)
          cr_assert_fail("cyc %lu replica %u group %u word %u: a bit above nreg is set", cyc, rep, g, w);
      }
    for (unsigned r = 0; r < FB_NVREG; r++)   /* the bits of missing registers stay 0 */
      if (!ref_exists(m, r) && ((bm->bits[rep][0][r / 64] | bm->bits[rep][1][r / 64]) >> (r % 64) & 1u))
        cr_assert_fail("cyc %lu replica %u: the bit of missing register %u is set", cyc, rep, r);
  }
  cr_assert(fb_bm_replicas_equal(bm), "cyc %lu: replicas differ", cyc);
}

/* Rationale: parameter limits. The register count is 1..2048 and the
 * replica count 1..4; anything else is refused, and a fresh bitmap has
 * every bit of every replica clear. Register r is bit r; ids >= nreg do
 * not exist. */
Test(fiber_busy_bitmap, reset_and_parameters) {
  static const struct { unsigned nreg, nrep; int ok; } t[] = {
    {2048, 4, 0}, {16, 4, 0}, {64, 1, 0}, {1, 1, 0}, {100, 3, 0},
    {0, 4, FB_ERR_RANGE}, {2049, 4, FB_ERR_RANGE}, {16, 0, FB_ERR_RANGE}, {16, 5, FB_ERR_RANGE},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    fb_bm bm;
    memset(&bm, 0xFF, sizeof bm);
    int rc = fb_bm_reset(&bm, t[i].nreg, t[i].nrep);
    cr_assert_eq(rc, t[i].ok, "nreg %u nrep %u", t[i].nreg, t[i].nrep);
    if (rc) continue;
    for (unsigned rep = 0; rep < FB_BM_MAX_NREP; rep++)
      for (unsigned g = 0; g < 2; g++)
        for (unsigned w = 0; w < FB_NVREG / 64; w++) cr_assert_eq(bm.bits[rep][g][w], 0);
  }
  fb_bm bm;
  cr_assert_eq(fb_bm_reset(&bm, 2048, 1), 0);
  for (unsigned r = 0; r < 2048; r++) cr_assert_eq(fb_bm_index(&bm, r), (int)r);
  cr_assert_eq(fb_bm_reset(&bm, 48, 3), 0);
  cr_assert_eq(fb_bm_index(&bm, 47), 47);
  cr_assert_eq(fb_bm_index(&bm, 48), -1);
  cr_assert_eq(fb_bm_index(&bm, 2048 + 5), -1, "ids are never taken modulo 2^11");
}

/* Rationale: docs/fiber_simulator.md 1: a register id that does not fit 11 bits is
 * out of range, never taken modulo 2^11 (5000 is not register 904, 2048 not
 * register 0): fb_bm_index answers -1, fb_bm_get 0, fb_bm_check a range
 * error, the strict fb_bm_step_checked FB_ERR_RANGE with nothing changed,
 * and the plain fb_bm_step drops the operation with its SP's error bit. */
Test(fiber_busy_bitmap, ids_beyond_11_bits) {
  fb_bm bm, before;
  cr_assert_eq(fb_bm_reset(&bm, 2048, 4), FB_OK);
  static const unsigned big[] = {2048, 2048 + 904, 5000, 65535, UINT_MAX};
  for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
    cr_assert_eq(fb_bm_index(&bm, big[i]), -1, "fb_bm_index(%u)", big[i]);
  /* register 904 (SP 1) EMPTY, register 0 FULL */
  fb_bm_in in;
  memset(&in, 0, sizeof in);
  in.sp[1].dep_valid = 1; in.sp[1].dep_reg = 904; in.sp[1].dep_set = 1; in.sp[1].dep_group = FB_BM_EMPTY;
  in.sp[0].dep_valid = 1; in.sp[0].dep_reg = 0; in.sp[0].dep_set = 1; in.sp[0].dep_group = FB_BM_FULL;
  cr_assert_eq(fb_bm_step(&bm, &in), 0);
  cr_assert_eq(fb_bm_get(&bm, 0, FB_BM_EMPTY, 904), 1);
  cr_assert_eq(fb_bm_get(&bm, 0, FB_BM_EMPTY, 5000), 0, "5000 is not register 904");
  cr_assert_eq(fb_bm_get(&bm, 0, FB_BM_FULL, 2048), 0, "2048 is not register 0");
  fb_bm_query q = {0, 0, 0x1, {5000, 0, 0, 0}};
  fb_bm_elig o;
  cr_assert_eq(fb_bm_check(&bm, 0, &q, &o), FB_OK);
  cr_assert_eq(o.range_err, 1, "source 5000");
  cr_assert_eq(o.src_busy, 0, "source 5000 does not read register 904");
  cr_assert_eq(o.eligible, 0);
  fb_bm_query qd = {1, 2048, 0x0, {0}};
  cr_assert_eq(fb_bm_check(&bm, 0, &qd, &o), FB_OK);
  cr_assert_eq(o.range_err, 1, "destination 2048");
  cr_assert_eq(o.dst_busy, 0, "destination 2048 is not register 0");
  static const unsigned ids[] = {2048, 5000, 65535};
  for (size_t i = 0; i < 3; i++) {
    for (unsigned field = 0; field < 4; field++) {
      memset(&in, 0, sizeof in);
      fb_bm_sp_in *p = &in.sp[2];
      if (field == 0) { p->issue_valid = 1; p->issue_dst = (uint16_t)ids[i]; }
      if (field == 1) { p->wb_valid = 1; p->wb_dst = (uint16_t)ids[i]; }
      if (field == 2) { p->cons_valid = 0x4; p->cons_src[2] = (uint16_t)ids[i]; }
      if (field == 3) { p->dep_valid = 1; p->dep_reg = (uint16_t)ids[i]; p->dep_set = 1; }
      before = bm;
      uint8_t e = 0;
      cr_assert_eq(fb_bm_step_checked(&bm, &in, &e), FB_ERR_RANGE, "id %u field %u", ids[i], field);
      cr_assert_eq(e, 0x4, "the SP that named it");
      cr_assert(memcmp(&bm, &before, sizeof bm) == 0, "id %u field %u: nothing changed", ids[i], field);
      cr_assert_eq(fb_bm_step(&bm, &in), 0x4, "plain step: dropped, error bit of SP 2");
      cr_assert(memcmp(&bm, &before, sizeof bm) == 0, "id %u field %u: plain step dropped it", ids[i], field);
    }
  }
  memset(&in, 0, sizeof in);
  in.sp[0].wb_valid = 2;
  cr_assert_eq(fb_bm_step_checked(&bm, &in, NULL), FB_ERR_WIDTH, "strict: a 1-bit field of 2");
}

/* Rationale: the issue rule of the paper (Sec. VI-D): eligible exactly
 * when the destination is clear in FULL and every source is clear in
 * EMPTY. A destination that is EMPTY (a pending write) and a source that is
 * FULL (other readers) do not block; invalid fields are not looked at;
 * sources may be any SP's registers, the destination must be in the
 * querying SP's partition (no remote write); an id >= nreg (64 here) is a
 * range error and not eligible. */
Test(fiber_busy_bitmap, eligibility_rule) {
  fb_bm bm;
  cr_assert_eq(fb_bm_reset(&bm, 2048, 4), 0);
  fb_bm_in in;
  memset(&in, 0, sizeof in);
  for (unsigned s = 0; s < 4; s++) {   /* FULL[10] of every partition */
    in.sp[s].dep_valid = 1; in.sp[s].dep_reg = (uint16_t)((s << 9) | 10);
    in.sp[s].dep_group = FB_BM_FULL; in.sp[s].dep_set = 1;
  }
  cr_assert_eq(fb_bm_step(&bm, &in), 0);
  memset(&in, 0, sizeof in);
  in.sp[0].dep_valid = 1; in.sp[0].dep_reg = 13; in.sp[0].dep_group = FB_BM_EMPTY; in.sp[0].dep_set = 1;
  in.sp[1].dep_valid = 1; in.sp[1].dep_reg = 1030; in.sp[1].dep_group = FB_BM_EMPTY; in.sp[1].dep_set = 1;
  cr_assert_eq(fb_bm_step(&bm, &in), 0);
  /* now FULL[{s, 10}] for every s, EMPTY[13] and EMPTY[1030] (SP 2) are set;
   * the destination below is the SP-local part, placed in each SP's partition */
  static const struct {
    const char *why;
    fb_bm_query q;
    uint8_t eligible, dst_busy, src_busy, range;
  } t[] = {
    {"all clear", {1, 1, 0xF, {2, 3, 4, 5}}, 1, 0, 0x0, 0},
    {"destination in use (FULL)", {1, 10, 0x1, {2, 0, 0, 0}}, 0, 1, 0x0, 0},
    {"destination FULL but not written", {0, 10, 0x1, {2, 0, 0, 0}}, 1, 0, 0x0, 0},
    {"source not ready (EMPTY) in slot 2", {1, 1, 0x7, {2, 3, 13, 0}}, 0, 0, 0x4, 0},
    {"source EMPTY but slot invalid", {1, 1, 0x3, {2, 3, 13, 0}}, 1, 0, 0x0, 0},
    {"destination EMPTY (pending write) does not block", {1, 13, 0x0, {0}}, 1, 0, 0x0, 0},
    {"source FULL (being read) does not block", {1, 1, 0x1, {10}}, 1, 0, 0x0, 0},
    {"both reasons at once", {1, 10, 0x9, {13, 0, 0, 1030}}, 0, 1, 0x9, 0},
    {"remote source (SP 2) not ready", {1, 1, 0x2, {0, 1030, 0, 0}}, 0, 0, 0x2, 0},
    {"ids never modulo 11 bits: 2048+10 is not register 10", {1, 2048 + 10, 0x0, {0}}, 0, 0, 0x0, 1},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    for (unsigned sp = 0; sp < 4; sp++) {
      fb_bm_elig o;
      fb_bm_query q = t[i].q;
      q.dst = (uint16_t)(q.dst | (sp << 9));
      fb_bm_check(&bm, sp, &q, &o);
      cr_assert_eq(o.eligible, t[i].eligible, "%s (SP %u)", t[i].why, sp);
      cr_assert_eq(o.dst_busy, t[i].dst_busy, "%s", t[i].why);
      cr_assert_eq(o.src_busy, t[i].src_busy, "%s", t[i].why);
      cr_assert_eq(o.range_err, t[i].range, "%s", t[i].why);
    }
  for (unsigned sp = 0; sp < 4; sp++) {   /* a destination in another partition */
    fb_bm_elig o;
    fb_bm_query q = {1, (uint16_t)((((sp + 1) % 4) << 9) | 1), 0x0, {0}};
    fb_bm_check(&bm, sp, &q, &o);
    cr_assert_eq(o.range_err, 1, "SP %u: remote destination", sp);
    cr_assert_eq(o.eligible, 0);
    cr_assert_eq(o.dst_busy, 0);
    q.dst_valid = 0;
    fb_bm_check(&bm, sp, &q, &o);
    cr_assert_eq(o.range_err, 0, "SP %u: invalid destination not looked at", sp);
  }
  /* 64 registers: SP 0's ids 0..63 exist, nothing else */
  cr_assert_eq(fb_bm_reset(&bm, 64, 4), 0);
  static const struct { const char *why; unsigned sp; fb_bm_query q; uint8_t range; } u[] = {
    {"destination 63 exists", 0, {1, 63, 0x0, {0}}, 0},
    {"destination 64 beyond nreg", 0, {1, 64, 0x0, {0}}, 1},
    {"SP 1 has no register", 1, {1, 512, 0x0, {0}}, 1},
    {"source beyond nreg", 2, {0, 0, 0x2, {0, 2047, 0, 0}}, 1},
    {"source 63 from SP 3", 3, {0, 0, 0x1, {63, 0, 0, 0}}, 0},
  };
  for (size_t i = 0; i < sizeof u / sizeof u[0]; i++) {
    fb_bm_elig o;
    fb_bm_check(&bm, u[i].sp, &u[i].q, &o);
    cr_assert_eq(o.range_err, u[i].range, "%s", u[i].why);
    cr_assert_eq(o.eligible, !u[i].range, "%s", u[i].why);
  }
}

/* Rationale: eligibility reads the state at the start of the cycle: an
 * update driven in cycle t (here an issue setting EMPTY and a port read
 * setting FULL) changes nothing that is checked in cycle t and is seen from
 * t+1. A writeback clearing EMPTY likewise frees the consumer one cycle
 * later. */
Test(fiber_busy_bitmap, updates_visible_next_cycle) {
  fb_bm bm;
  cr_assert_eq(fb_bm_reset(&bm, 2048, 4), 0);
  fb_bm_query consumer = {1, 100, 0x1, {1500, 0, 0, 0}};   /* SP 0; 1500 is SP 2's */
  fb_bm_query writer = {1, 1500, 0x0, {0}};
  fb_bm_elig o;
  fb_bm_in in;
  memset(&in, 0, sizeof in);
  in.sp[2].issue_valid = 1; in.sp[2].issue_dst = 1500;            /* producer issues   */
  in.read_valid = 0x1; in.read_row[0] = 50;                        /* port 0 reads 100  */
  fb_bm_check(&bm, 0, &consumer, &o);
  cr_assert_eq(o.eligible, 1, "cycle t: the update is not visible yet");
  cr_assert_eq(fb_bm_step(&bm, &in), 0);
  fb_bm_check(&bm, 0, &consumer, &o);
  cr_assert_eq(o.eligible, 0, "t+1: source 1500 not ready and dst 100 in use");
  cr_assert_eq(o.src_busy, 1);
  cr_assert_eq(o.dst_busy, 1);
  fb_bm_check(&bm, 2, &writer, &o);
  cr_assert_eq(o.eligible, 1, "a second writer of 1500 is not blocked by EMPTY");
  memset(&in, 0, sizeof in);
  in.sp[2].wb_valid = 1; in.sp[2].wb_dst = 1500;
  in.sp[0].cons_valid = 0x8; in.sp[0].cons_src[3] = 100;
  fb_bm_check(&bm, 0, &consumer, &o);
  cr_assert_eq(o.eligible, 0, "writeback cycle: still the old state");
  cr_assert_eq(fb_bm_step(&bm, &in), 0);
  fb_bm_check(&bm, 0, &consumer, &o);
  cr_assert_eq(o.eligible, 1, "t+2: value written back and no longer in use");
}

/* Rationale: the operand read comes by read port: port p with row x sets
 * FULL of register {p / 2, x, p % 2}, for all 8 ports at once, and nothing
 * else; a row that does not exist is dropped and raises the update error
 * of the SP owning the port's bank (ids >= nreg). */
Test(fiber_busy_bitmap, read_by_port) {
  fb_bm bm;
  cr_assert_eq(fb_bm_reset(&bm, 2048, 2), 0);
  fb_bm_in in;
  memset(&in, 0, sizeof in);
  in.read_valid = 0xFF;
  for (unsigned p = 0; p < 8; p++) in.read_row[p] = (uint8_t)(p * 31 + 7);
  cr_assert_eq(fb_bm_step(&bm, &in), 0);
  unsigned n = 0;
  for (unsigned r = 0; r < 2048; r++) {
    unsigned p = fb_reg_port(r);
    unsigned exp = fb_reg_row(r) == p * 31 + 7;
    cr_assert_eq(fb_bm_get(&bm, 1, FB_BM_FULL, r), exp, "register %u", r);
    cr_assert_eq(fb_bm_get(&bm, 1, FB_BM_EMPTY, r), 0);
    n += exp;
  }
  cr_assert_eq(n, 8);
  cr_assert_eq(fb_bm_reset(&bm, 48, 3), 0);   /* SP 0's registers 0..47 */
  memset(&in, 0, sizeof in);
  in.read_valid = 0x26; in.read_row[1] = 23; in.read_row[2] = 0;   /* 47; port 2 is SP 1's */
  in.read_row[5] = 0;                                               /* port 5: SP 2's       */
  in.read_row[0] = 1;                                               /* port 0 not valid     */
  cr_assert_eq(fb_bm_step(&bm, &in), 0x6, "ports 2 and 5 name registers >= 48");
  for (unsigned i = 0; i < 48; i++) cr_assert_eq(fb_bm_get(&bm, 2, FB_BM_FULL, i), i == 47);
  memset(&in, 0, sizeof in);
  in.read_valid = 0x1; in.read_row[0] = 24;                         /* register 48 */
  cr_assert_eq(fb_bm_step(&bm, &in), 0x1);
}

/* Rationale: destinations are local: an issue or writeback of SP s names
 * a register of SP s's partition. One naming another partition (or a row
 * that does not exist) is dropped and raises SP s's update error; the
 * same register from its own SP is written. Consumption and DEPBAR may
 * name any register. */
Test(fiber_busy_bitmap, local_issue_and_writeback) {
  fb_bm bm;
  cr_assert_eq(fb_bm_reset(&bm, 2048, 4), 0);
  fb_bm_in in;
  memset(&in, 0, sizeof in);
  in.sp[0].issue_valid = 1; in.sp[0].issue_dst = fb_reg_make(1, 3, 0);   /* remote: error */
  in.sp[1].issue_valid = 1; in.sp[1].issue_dst = fb_reg_make(1, 4, 0);   /* local         */
  in.sp[2].wb_valid = 1; in.sp[2].wb_dst = fb_reg_make(3, 4, 1);         /* remote: error */
  in.sp[3].cons_valid = 1; in.sp[3].cons_src[0] = fb_reg_make(0, 9, 1);  /* any register  */
  in.sp[3].dep_valid = 1; in.sp[3].dep_reg = fb_reg_make(2, 200, 1);     /* any register  */
  in.sp[3].dep_group = FB_BM_EMPTY; in.sp[3].dep_set = 1;
  cr_assert_eq(fb_bm_step(&bm, &in), 0x5);
  cr_assert_eq(fb_bm_get(&bm, 0, FB_BM_EMPTY, fb_reg_make(1, 3, 0)), 0);
  cr_assert_eq(fb_bm_get(&bm, 0, FB_BM_EMPTY, fb_reg_make(1, 4, 0)), 1);
  cr_assert_eq(fb_bm_get(&bm, 0, FB_BM_EMPTY, fb_reg_make(2, 200, 1)), 1);
  /* the writeback from the owner clears; from another SP it is refused */
  memset(&in, 0, sizeof in);
  in.sp[0].wb_valid = 1; in.sp[0].wb_dst = fb_reg_make(1, 4, 0);
  cr_assert_eq(fb_bm_step(&bm, &in), 0x1);
  cr_assert_eq(fb_bm_get(&bm, 3, FB_BM_EMPTY, fb_reg_make(1, 4, 0)), 1);
  in.sp[0].wb_valid = 0; in.sp[1].wb_valid = 1; in.sp[1].wb_dst = fb_reg_make(1, 4, 0);
  cr_assert_eq(fb_bm_step(&bm, &in), 0);
  cr_assert_eq(fb_bm_get(&bm, 3, FB_BM_EMPTY, fb_reg_make(1, 4, 0)), 0);
}

/* Rationale: SPEC part C asks for every same-cycle collision. On one
 * register, every combination of: initial EMPTY and FULL bits (4), each
 * hardware event present or not (writeback clear, consume clear, issue set,
 * read set: 16), each SP's DEPBAR absent / set EMPTY / clear EMPTY / set
 * FULL / clear FULL (5^4 = 625) and the ALL-scope bit (2): 80,000 cycles.
 * The result must follow clear < set < DEPBAR SP0 < ... < SP3 < ALL, the
 * neighbouring registers (same word and another word) must not move except
 * under ALL, and every replica must agree. Run at full size and at 16
 * registers (SP 0's ids 0..15), on a register in the middle of a word and on
 * the last one. Issue and writeback come from the register's own SP (the
 * only one allowed to), the read from its read port. */
Test(fiber_busy_bitmap, every_same_cycle_collision) {
  fbt_rng rng = fbt_rng_for("fiber_busy_bitmap.every_same_cycle_collision");
  static const struct { unsigned nreg, r, n1, n2; } sizes[] = {{2048, 1000, 1001, 37}, {16, 15, 14, 1}};
  unsigned long cases = 0;
  for (size_t z = 0; z < 2; z++) {
    unsigned r = sizes[z].r, nb[2] = {sizes[z].n1, sizes[z].n2};
    for (unsigned init = 0; init < 4; init++)
      for (unsigned hw = 0; hw < 16; hw++)
        for (unsigned dep = 0; dep < 625; dep++)
          for (unsigned all = 0; all < 2; all++) {
            fb_bm bm;
            fb_bm_in in;
            cr_assert_eq(fb_bm_reset(&bm, sizes[z].nreg, 4), 0);
            /* Set-up cycle: register r from `init` (SP 0 sets EMPTY, SP 1
             * sets FULL), the two neighbours at random (SPs 2 and 3). */
            unsigned nbv[2][2];
            memset(&in, 0, sizeof in);
            for (int g = 0; g < 2; g++) {
              in.sp[g].dep_valid = (uint8_t)((init >> g) & 1);
              in.sp[g].dep_reg = (uint16_t)r;
              in.sp[g].dep_group = (uint8_t)g;
              in.sp[g].dep_set = 1;
            }
            for (int j = 0; j < 2; j++) {
              nbv[j][0] = fbt_below(&rng, 2);  /* EMPTY, by SP 2+j's DEPBAR   */
              nbv[j][1] = fbt_below(&rng, 2);  /* FULL, through its read port */
              in.sp[2 + j].dep_valid = (uint8_t)nbv[j][0];
              in.sp[2 + j].dep_reg = (uint16_t)nb[j];
              in.sp[2 + j].dep_group = FB_BM_EMPTY;
              in.sp[2 + j].dep_set = 1;
              in.read_valid |= (uint8_t)(nbv[j][1] << fb_reg_port(nb[j]));
              in.read_row[fb_reg_port(nb[j])] = (uint8_t)fb_reg_row(nb[j]);
            }
            cr_assert_eq(fb_bm_step(&bm, &in), 0);
            /* the collision cycle */
            memset(&in, 0, sizeof in);
            unsigned s, k;
            if (hw & 1) { s = fb_reg_sp(r); in.sp[s].wb_valid = 1; in.sp[s].wb_dst = (uint16_t)r; }
            if (hw & 2) {
              s = fbt_below(&rng, 4); k = fbt_below(&rng, 4);
              in.sp[s].cons_valid = (uint8_t)(1u << k); in.sp[s].cons_src[k] = (uint16_t)r;
            }
            if (hw & 4) { s = fb_reg_sp(r); in.sp[s].issue_valid = 1; in.sp[s].issue_dst = (uint16_t)r; }
            if (hw & 8) {
              in.read_valid = (uint8_t)(1u << fb_reg_port(r));
              in.read_row[fb_reg_port(r)] = (uint8_t)fb_reg_row(r);
            }
            int exp_e = init & 1, exp_f = (init >> 1) & 1;
            /* hand-derived priority: clear, then set ... */
            if (hw & 1) exp_e = 0;
            if (hw & 2) exp_f = 0;
            if (hw & 4) exp_e = 1;
            if (hw & 8) exp_f = 1;
            unsigned d = dep;
            for (unsigned sp = 0; sp < 4; sp++, d /= 5) {
              unsigned op = d % 5; /* 0 none, 1 set E, 2 clear E, 3 set F, 4 clear F */
              if (op == 0) continue;
              in.sp[sp].dep_valid = 1;
              in.sp[sp].dep_reg = (uint16_t)r;
              in.sp[sp].dep_group = op >= 3 ? FB_BM_FULL : FB_BM_EMPTY;
              in.sp[sp].dep_set = (op == 1 || op == 3);
              if (op == 1) exp_e = 1;         /* ... then DEPBAR in SP order ... */
              if (op == 2) exp_e = 0;
              if (op == 3) exp_f = 1;
              if (op == 4) exp_f = 0;
            }
            in.all_set = (uint8_t)all;
            if (all) exp_e = 1;                /* ... then ALL-scope */
            cr_assert_eq(fb_bm_step(&bm, &in), 0);
            for (unsigned rep = 0; rep < 4; rep++) {
              if (fb_bm_get(&bm, rep, FB_BM_EMPTY, r) != (unsigned)exp_e ||
                  fb_bm_get(&bm, rep, FB_BM_FULL, r) != (unsigned)exp_f)
                cr_assert_fail("nreg %u init %u hw 0x%x dep %u all %u rep %u: E%u F%u, expected E%d F%d",
                               sizes[z].nreg, init, hw, dep, all, rep,
                               fb_bm_get(&bm, rep, FB_BM_EMPTY, r), fb_bm_get(&bm, rep, FB_BM_FULL, r),
                               exp_e, exp_f);
              for (int j = 0; j < 2; j++) {
                unsigned e = fb_bm_get(&bm, rep, FB_BM_EMPTY, nb[j]);
                unsigned f = fb_bm_get(&bm, rep, FB_BM_FULL, nb[j]);
                if (e != (all ? 1u : nbv[j][0]) || f != nbv[j][1])
                  cr_assert_fail("neighbour %u moved: E%u F%u (all %u)", nb[j], e, f, all);
              }
            }
            cases++;
          }
  }
  cr_assert_eq(cases, 2ul * 4 * 16 * 625 * 2);
}

/* Rationale: each SP's eligibility reads its own replica (replica
 * sp % nrep), as the hardware's per-SP read ports do. Replicas are always
 * equal through the API, so the test writes one replica's stored word
 * directly (as a fault would) and checks which SPs see it, for 4, 2 and 1
 * replicas, and that fb_bm_replicas_equal notices. */
Test(fiber_busy_bitmap, each_sp_reads_its_replica) {
  static const unsigned nreps[] = {4, 2, 1};
  for (size_t i = 0; i < 3; i++) {
    unsigned nrep = nreps[i];
    fb_bm bm;
    cr_assert_eq(fb_bm_reset(&bm, 64, nrep), 0);
    unsigned victim = nrep - 1;
    bm.bits[victim][FB_BM_EMPTY][0] |= 1ull << 7;   /* only this replica */
    fb_bm_query q = {0, 0, 0x1, {7, 0, 0, 0}};
    for (unsigned sp = 0; sp < 4; sp++) {
      fb_bm_elig o;
      fb_bm_check(&bm, sp, &q, &o);
      cr_assert_eq(o.src_busy, (sp % nrep == victim) ? 1 : 0, "nrep %u SP %u", nrep, sp);
    }
    cr_assert_eq(fb_bm_replicas_equal(&bm), nrep == 1, "the difference must be reported");
  }
}

/* Rationale: a small instance (16 registers, ids 0..15 of SP 0) reports
 * ids at or above 16 as update errors of the SP that drove them (a read
 * port's error goes to the SP owning its bank), drops those operations,
 * and the ALL-scope set touches only the 16 existing bits. */
Test(fiber_busy_bitmap, small_size_range_errors) {
  fb_bm bm;
  cr_assert_eq(fb_bm_reset(&bm, 16, 2), 0);
  fb_bm_in in;
  memset(&in, 0, sizeof in);
  in.sp[1].issue_valid = 1; in.sp[1].issue_dst = 512 + 3;     /* SP 1 has no register */
  in.read_valid = 0x10; in.read_row[4] = 0;                   /* SP 2's port          */
  in.sp[3].dep_valid = 1; in.sp[3].dep_reg = 15; in.sp[3].dep_group = FB_BM_FULL; in.sp[3].dep_set = 1;
  in.sp[0].wb_valid = 1; in.sp[0].wb_dst = 15;                /* in range             */
  cr_assert_eq(fb_bm_step(&bm, &in), 0x6);
  cr_assert_eq(fb_bm_get(&bm, 0, FB_BM_FULL, 15), 1);
  cr_assert_eq(fb_bm_get(&bm, 1, FB_BM_FULL, 15), 1);
  for (unsigned r = 0; r < 15; r++) cr_assert_eq(fb_bm_get(&bm, 0, FB_BM_FULL, r) | fb_bm_get(&bm, 0, FB_BM_EMPTY, r), 0);
  memset(&in, 0, sizeof in);
  in.sp[0].cons_valid = 0x2; in.sp[0].cons_src[1] = 16;
  in.sp[2].dep_valid = 1; in.sp[2].dep_reg = 2047;
  in.sp[1].wb_valid = 1; in.sp[1].wb_dst = 3;                 /* SP 0's register: refused */
  cr_assert_eq(fb_bm_step(&bm, &in), 0x7);
  memset(&in, 0, sizeof in);
  in.all_set = 1;
  cr_assert_eq(fb_bm_step(&bm, &in), 0);
  cr_assert_eq(bm.bits[0][FB_BM_EMPTY][0], 0xFFFFull);
  cr_assert_eq(bm.bits[1][FB_BM_EMPTY][0], 0xFFFFull);
  cr_assert_eq(bm.bits[0][FB_BM_EMPTY][1], 0);
}

/* Random stimulus for one cycle: ids mostly in range (a few beyond, to
 * raise range errors), concentrated on few registers so that collisions
 * are frequent. Bits are taken from a pool to keep the generator cheap. */
typedef struct { fbt_rng *r; uint64_t pool; unsigned left; unsigned part; } bit_pool;

static inline unsigned take(bit_pool *b, unsigned n) {
  if (b->left < n) {
    b->pool = fbt_next(b->r);
    b->left = 64;
  }
  unsigned v = (unsigned)(b->pool & ((1ull << n) - 1));
  b->pool >>= n;
  b->left -= n;
  return v;
}

/* A register: mostly one of a few existing ones (the last among them),
 * ~1% any 11-bit id; issue and writeback ask for SP sp's own (sp < 4), and
 * get another SP's 1 time in 8. */
static inline unsigned rnd_reg(bit_pool *b, unsigned nreg, unsigned sp) {
  if (take(b, 7) == 0) return take(b, 11);
  unsigned r;
  if (take(b, 3) == 0) r = nreg - 1;
  else {
    unsigned span = nreg < 24 ? nreg : 24, i = take(b, 5);
    while (i >= span) i -= span;
    r = i * (nreg >= 24 ? nreg / 24 : 1);
  }
  if (sp < 4 && take(b, 3) != 0) r = (r & 0x1FFu) | (sp << 9);
  /* partitions of b->part registers: mostly a register that exists, of
   * any SP (the offset folded into the partition) */
  if (b->part && take(b, 3) != 0) r = (r & ~0x1FFu) | (r & (b->part - 1u));
  return r;
}

static void rnd_in(bit_pool *b, unsigned nreg, fb_bm_in *in) {
  memset(in, 0, sizeof *in);
  for (unsigned s = 0; s < 4; s++) {
    fb_bm_sp_in *p = &in->sp[s];
    p->issue_valid = (uint8_t)take(b, 1);
    p->issue_dst = (uint16_t)rnd_reg(b, nreg, s);
    p->wb_valid = (uint8_t)take(b, 1);
    p->wb_dst = (uint16_t)rnd_reg(b, nreg, s);
    p->cons_valid = (uint8_t)take(b, 4);
    for (int k = 0; k < 4; k++) p->cons_src[k] = (uint16_t)rnd_reg(b, nreg, 4);
    p->dep_valid = (uint8_t)(take(b, 2) == 0);
    p->dep_reg = (uint16_t)rnd_reg(b, nreg, 4);
    p->dep_group = (uint8_t)take(b, 1);
    p->dep_set = (uint8_t)take(b, 1);
  }
  in->read_valid = (uint8_t)take(b, 8);
  for (unsigned p = 0; p < 8; p++) in->read_row[p] = (uint8_t)fb_reg_row(rnd_reg(b, nreg, 4));
  in->all_set = (uint8_t)(take(b, 6) == 0);
}

/* Quick state comparison through the documented storage layout
 * (bits[rep][group][i / 64] bit i % 64, i the register's index): every replica, both groups, every
 * word including the bits above nreg, which must be 0. */
static void expect_words(const fb_bm *bm, const ref_bm *m, unsigned long cyc) {
  for (unsigned g = 0; g < 2; g++) {
    const uint8_t *v = g ? m->f : m->e;
    for (unsigned w = 0; w < (m->nreg + 63) / 64; w++) {
      uint64_t x = 0;
      for (unsigned i = 0; i < 64 && w * 64 + i < m->nreg; i++) x |= (uint64_t)v[id_of(m->nreg, w * 64 + i)] << i;
      for (unsigned rep = 0; rep < bm->nrep; rep++)
        if (bm->bits[rep][g][w] != x)
          cr_assert_fail("cyc %lu replica %u group %u word %u: 0x%llx, reference 0x%llx", cyc, rep, g,
                         w, (unsigned long long)bm->bits[rep][g][w], (unsigned long long)x);
    }
  }
}

static void random_run_part(const char *name, unsigned nreg, unsigned nrep, unsigned part, unsigned long cycles) {
  fbt_rng r = fbt_rng_for(name);
  bit_pool b = {&r, 0, 0, part < 512 ? part : 0};
  fb_bm bm;
  static ref_bm m;
  cr_assert_eq(fb_bm_reset_part(&bm, nreg, nrep, part), 0);
  memset(&m, 0, sizeof m);
  m.nreg = nreg;
  m.part = part < 512 ? part : 0;
  unsigned long n_err = 0, n_block = 0, n_elig = 0;
  for (unsigned long cyc = 0; cyc < cycles; cyc++) {
    /* eligibility of four queries against the state at the start of the cycle */
    for (unsigned s = 0; s < 4; s++) {
      fb_bm_query q;
      q.dst_valid = (uint8_t)(take(&b, 2) != 0);
      q.dst = (uint16_t)rnd_reg(&b, nreg, s);
      q.src_valid = (uint8_t)take(&b, 4);
      for (int k = 0; k < 4; k++) q.src[k] = (uint16_t)rnd_reg(&b, nreg, 4);
      fb_bm_elig got, exp;
      fb_bm_check(&bm, s, &q, &got);
      ref_check(&m, s, &q, &exp);
      if (memcmp(&got, &exp, sizeof got) != 0)
        cr_assert_fail("cyc %lu SP %u: eligible %u/%u dst_busy %u/%u src_busy 0x%x/0x%x range %u/%u",
                       cyc, s, got.eligible, exp.eligible, got.dst_busy, exp.dst_busy, got.src_busy,
                       exp.src_busy, got.range_err, exp.range_err);
      n_block += !got.eligible;
      n_elig += got.eligible;
    }
    fb_bm_in in;
    rnd_in(&b, nreg, &in);
    unsigned eg = fb_bm_step(&bm, &in);
    unsigned ee = ref_step(&m, &in);
    cr_assert_eq(eg, ee, "cyc %lu: range errors 0x%x, expected 0x%x", cyc, eg, ee);
    n_err += eg != 0;
    if (nreg <= 64 || cyc % 16 == 0) expect_words(&bm, &m, cyc);
    if (cyc % 1024 == 0 || cyc + 1 == cycles) expect_state(&bm, &m, cyc);
  }
  cr_assert_gt(n_err, 0ul, "update errors must occur (remote destinations, rows beyond nreg / 8)");
  cr_assert_gt(n_block, cycles / 10);
  cr_assert_gt(n_elig, cycles / 10);
}

static void random_run(const char *name, unsigned nreg, unsigned nrep, unsigned long cycles) {
  random_run_part(name, nreg, nrep, 512, cycles);
}

/* Rationale: SPEC part C: a million seeded random cycles against the
 * independent reference at the RTL's fast-simulation size (16 registers,
 * 4 replicas), where collisions are dense; issue and writeback name
 * another SP's register 1 time in 8 (an update error). The eligibility of four queries
 * and the stored words of every replica are compared every cycle, and the
 * state through fb_bm_get every 1024 cycles and at the end. */
Test(fiber_busy_bitmap, random_vs_reference_1M_small, .timeout = 120) {
  random_run("fiber_busy_bitmap.random_vs_reference_1M_small", 16, 4, 1000000ul);
}

/* Rationale: the same comparison at the full size (2048 registers) and at
 * other register and replica counts, including sizes that are not a
 * multiple of 64 (the last word of the ALL-scope set is partial) and a
 * size with a partial second partition (1000). Above 64
 * registers the stored words are compared every 16 cycles (each cycle's
 * state also feeds the next cycle's eligibility checks). */
Test(fiber_busy_bitmap, random_vs_reference_sizes, .timeout = 120) {
  random_run("fiber_busy_bitmap.random_vs_reference_sizes.2048", 2048, 4, 20000ul);
  random_run("fiber_busy_bitmap.random_vs_reference_sizes.64", 64, 1, 50000ul);
  random_run("fiber_busy_bitmap.random_vs_reference_sizes.100", 100, 3, 50000ul);
  random_run("fiber_busy_bitmap.random_vs_reference_sizes.1000", 1000, 2, 20000ul);
  random_run("fiber_busy_bitmap.random_vs_reference_sizes.1", 1, 2, 20000ul);
}

/* Rationale: partitions of part_regs registers (RTL PartRegs, the small
 * verification sizes): register r exists iff r < nreg and (r & 511) <
 * part_regs. Every SP has registers, every other offset is missing: its
 * index is -1, its bit reads 0, a query naming it is a range error, an
 * update naming it is dropped with its SP's error bit; reset_part refuses a
 * part_regs that is not a power of two 1..512, or below 512 with nreg other
 * than 2048 (the RTL's elaboration check). */
Test(fiber_busy_bitmap, partition_existence_and_reset) {
  static const struct { unsigned nreg, nrep, part; int ok; } t[] = {
    {2048, 4, 512, 0}, {2048, 4, 1, 0}, {2048, 3, 2, 0}, {2048, 1, 16, 0}, {2048, 2, 256, 0}, {48, 3, 512, 0},
    {2048, 4, 0, FB_ERR_RANGE}, {2048, 4, 3, FB_ERR_RANGE}, {2048, 4, 12, FB_ERR_RANGE},
    {2048, 4, 1024, FB_ERR_RANGE}, {2048, 4, 513, FB_ERR_RANGE}, {64, 4, 16, FB_ERR_RANGE},
    {1024, 4, 256, FB_ERR_RANGE}, {2048, 5, 16, FB_ERR_RANGE},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    fb_bm bm;
    memset(&bm, 0xFF, sizeof bm);
    cr_assert_eq(fb_bm_reset_part(&bm, t[i].nreg, t[i].nrep, t[i].part), t[i].ok, "nreg %u nrep %u part %u",
                 t[i].nreg, t[i].nrep, t[i].part);
  }
  cr_assert_eq(fb_bm_reset_part(NULL, 2048, 4, 16), FB_ERR_NULL);
  fb_bm bm;
  cr_assert_eq(fb_bm_reset_part(&bm, 2048, 4, 16), 0);
  for (unsigned r = 0; r < 2048; r++)
    cr_assert_eq(fb_bm_index(&bm, r), (r & 511u) < 16u ? (int)r : -1, "register %u", r);
  cr_assert_eq(fb_bm_index(&bm, 2048 + 3), -1, "ids are never taken modulo 2^11");
  /* a never-reset (or hand-changed) partition size is refused */
  fb_bm bad = bm;
  bad.part_regs = 24;
  fb_bm_elig el;
  fb_bm_query q0 = {0, 0, 0, {0, 0, 0, 0}};
  cr_assert_eq(fb_bm_check(&bad, 0, &q0, &el), FB_ERR_STATE);
  bad.part_regs = 16;
  bad.nreg = 1024;
  cr_assert_eq(fb_bm_check(&bad, 0, &q0, &el), FB_ERR_STATE);

  /* SP 3's register 3*512+5 exists: issue, read by port 7 (row 2, bank
   * 1), and a query of SP 3 sees it; offset 16 of SP 3 does not exist */
  const unsigned r3 = 3u * 512u + 5u, m3 = 3u * 512u + 16u;
  fb_bm_in in;
  memset(&in, 0, sizeof in);
  in.sp[3].issue_valid = 1; in.sp[3].issue_dst = (uint16_t)r3;
  in.read_valid = 1u << 7; in.read_row[7] = 2;
  cr_assert_eq(fb_bm_step(&bm, &in), 0);
  cr_assert_eq(fb_bm_get(&bm, 3, FB_BM_EMPTY, r3), 1);
  cr_assert_eq(fb_bm_get(&bm, 0, FB_BM_FULL, r3), 1);
  fb_bm_query q = {1, (uint16_t)r3, 1, {(uint16_t)r3, 0, 0, 0}};
  cr_assert_eq(fb_bm_check(&bm, 3, &q, &el), 0);
  cr_assert(!el.eligible && el.dst_busy && el.src_busy == 1 && !el.range_err);
  q.dst = (uint16_t)m3;
  q.src[0] = (uint16_t)(m3 - 1024u);
  fb_bm_check(&bm, 3, &q, &el);
  cr_assert(!el.eligible && !el.dst_busy && el.src_busy == 0 && el.range_err, "a missing id reads nothing");
  /* every update port naming a missing register: dropped, its SP's bit */
  fb_bm before = bm;
  memset(&in, 0, sizeof in);
  in.sp[0].issue_valid = 1; in.sp[0].issue_dst = 16;
  in.sp[1].wb_valid = 1; in.sp[1].wb_dst = 512 + 100;
  in.sp[2].cons_valid = 1; in.sp[2].cons_src[0] = (uint16_t)(m3 + 7);
  in.sp[3].dep_valid = 1; in.sp[3].dep_reg = 40; in.sp[3].dep_set = 1;
  cr_assert_eq(fb_bm_step(&bm, &in), 0xF);
  cr_assert(memcmp(&bm, &before, sizeof bm) == 0, "nothing changes");
  memset(&in, 0, sizeof in);
  in.read_valid = 1u << 5; in.read_row[5] = 8;   /* {2, 8, 1}: offset 17 */
  cr_assert_eq(fb_bm_step(&bm, &in), 1u << 2);
  cr_assert(memcmp(&bm, &before, sizeof bm) == 0, "nothing changes");
  /* the ALL-scope set sets exactly the registers that exist */
  memset(&in, 0, sizeof in);
  in.all_set = 1;
  cr_assert_eq(fb_bm_step(&bm, &in), 0);
  for (unsigned r = 0; r < 2048; r++)
    cr_assert_eq(fb_bm_get(&bm, 1, FB_BM_EMPTY, r), (r & 511u) < 16u, "register %u", r);
  for (unsigned w = 0; w < FB_NVREG / 64; w++)
    cr_assert_eq(bm.bits[2][FB_BM_EMPTY][w], w % 8 == 0 ? 0xFFFFull : 0, "word %u", w);
}

/* Rationale: the comparison with the independent reference at the
 * partition sizes of the small RTL configurations and the proofs (16, 8, 2
 * and 1 registers per SP; 128 for partitions of two whole words). */
Test(fiber_busy_bitmap, random_vs_reference_partitions, .timeout = 120) {
  random_run_part("fiber_busy_bitmap.random_vs_reference_partitions.16", 2048, 3, 16, 100000ul);
  random_run_part("fiber_busy_bitmap.random_vs_reference_partitions.8", 2048, 3, 8, 50000ul);
  random_run_part("fiber_busy_bitmap.random_vs_reference_partitions.2", 2048, 4, 2, 50000ul);
  random_run_part("fiber_busy_bitmap.random_vs_reference_partitions.1", 2048, 2, 1, 20000ul);
  random_run_part("fiber_busy_bitmap.random_vs_reference_partitions.128", 2048, 4, 128, 20000ul);
}
