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
#include <string.h>

#include "fiber.h"
#include "fiber_test_util.h"

/* ---------------------------------------------------------------------- */
/* Independent reference: one byte per register and group. The cycle's    */
/* events are first marked per register, then the next value of each      */
/* register is written as the priority formula of SPEC B.2:               */
/*   EMPTY' = ALL ? 1 : last DEPBAR on it ? its value : issue ? 1 : wb ? 0 : EMPTY */
/*   FULL'  = last DEPBAR on it ? its value : read ? 1 : consume ? 0 : FULL */
/* ---------------------------------------------------------------------- */
typedef struct {
  unsigned nreg;
  uint8_t e[FB_NVREG], f[FB_NVREG];
} ref_bm;

static unsigned ref_step(ref_bm *m, const fb_bm_in *in) {
  /* Per register: which events name it this cycle (-1: no DEPBAR). */
  static uint8_t issue[FB_NVREG], wb[FB_NVREG], rd[FB_NVREG], cons[FB_NVREG];
  static int8_t depe[FB_NVREG], depf[FB_NVREG];
  unsigned n = m->nreg, err = 0;
  memset(issue, 0, n); memset(wb, 0, n); memset(rd, 0, n); memset(cons, 0, n);
  memset(depe, -1, n); memset(depf, -1, n);
  for (unsigned s = 0; s < 4; s++) {   /* SP order: a later DEPBAR overwrites */
    const fb_bm_sp_in *p = &in->sp[s];
    unsigned r;
    if (p->issue_valid & 1) { r = p->issue_dst & 0x7FF; if (r < n) issue[r] = 1; else err |= 1u << s; }
    if (p->wb_valid & 1) { r = p->wb_dst & 0x7FF; if (r < n) wb[r] = 1; else err |= 1u << s; }
    for (int k = 0; k < 4; k++) {
      if (p->read_valid >> k & 1) { r = p->read_src[k] & 0x7FF; if (r < n) rd[r] = 1; else err |= 1u << s; }
      if (p->cons_valid >> k & 1) { r = p->cons_src[k] & 0x7FF; if (r < n) cons[r] = 1; else err |= 1u << s; }
    }
    if (p->dep_valid & 1) {
      r = p->dep_reg & 0x7FF;
      if (r >= n) err |= 1u << s;
      else if (p->dep_group & 1) depf[r] = (int8_t)(p->dep_set & 1);
      else depe[r] = (int8_t)(p->dep_set & 1);
    }
  }
  for (unsigned r = 0; r < n; r++) {
    m->e[r] = (in->all_set & 1) ? 1 : depe[r] >= 0 ? (uint8_t)depe[r] : issue[r] ? 1 : wb[r] ? 0 : m->e[r];
    m->f[r] = depf[r] >= 0 ? (uint8_t)depf[r] : rd[r] ? 1 : cons[r] ? 0 : m->f[r];
  }
  return err;
}

static void ref_check(const ref_bm *m, const fb_bm_query *q, fb_bm_elig *o) {
  memset(o, 0, sizeof *o);
  if (q->dst_valid & 1) {
    unsigned d = q->dst & 0x7FF;
    if (d >= m->nreg) o->range_err = 1;
    else o->dst_busy = m->f[d];
  }
  for (int k = 0; k < 4; k++) {
    if (!(q->src_valid >> k & 1)) continue;
    unsigned s = q->src[k] & 0x7FF;
    if (s >= m->nreg) o->range_err = 1;
    else if (m->e[s]) o->src_busy |= (uint8_t)(1u << k);
  }
  o->eligible = !o->dst_busy && !o->src_busy && !o->range_err;
}

/* Every replica of the model equals the reference; bits at and above nreg
 * stay 0 in the stored words. */
static void expect_state(const fb_bm *bm, const ref_bm *m, unsigned long cyc) {
  for (unsigned rep = 0; rep < bm->nrep; rep++) {
    for (unsigned r = 0; r < m->nreg; r++) {
      if (fb_bm_get(bm, rep, FB_BM_EMPTY, r) != m->e[r] || fb_bm_get(bm, rep, FB_BM_FULL, r) != m->f[r])
        cr_assert_fail("cyc %lu replica %u reg %u: model E%u F%u, reference E%u F%u", cyc, rep, r,
                       fb_bm_get(bm, rep, FB_BM_EMPTY, r), fb_bm_get(bm, rep, FB_BM_FULL, r),
                       m->e[r], m->f[r]);
    }
    for (unsigned g = 0; g < 2; g++)
      for (unsigned w = 0; w < FB_NVREG / 64; w++) {
        uint64_t above = w * 64 >= m->nreg ? ~0ull
                         : (w + 1) * 64 > m->nreg ? ~((1ull << (m->nreg % 64)) - 1) : 0;
        if (bm->bits[rep][g][w] & above)
          cr_assert_fail("cyc %lu replica %u group %u word %u: a bit above nreg is set", cyc, rep, g, w);
      }
  }
  cr_assert(fb_bm_replicas_equal(bm), "cyc %lu: replicas differ", cyc);
}

/* Rationale: parameter limits. The register count is 1..2048 and the
 * replica count 1..4; anything else is refused, and a fresh bitmap has
 * every bit of every replica clear. */
Test(fiber_busy_bitmap, reset_and_parameters) {
  static const struct { unsigned nreg, nrep; int ok; } t[] = {
    {2048, 4, 0}, {16, 4, 0}, {64, 1, 0}, {1, 1, 0}, {100, 3, 0},
    {0, 4, -1}, {2049, 4, -1}, {16, 0, -1}, {16, 5, -1},
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
}

/* Rationale: the issue rule of the paper (Sec. VI-D): eligible exactly
 * when the destination is clear in FULL and every source is clear in
 * EMPTY. A destination that is EMPTY (a pending write) and a source that is
 * FULL (other readers) do not block; invalid fields are not looked at; an
 * id beyond the register count is a range error and not eligible. */
Test(fiber_busy_bitmap, eligibility_rule) {
  fb_bm bm;
  cr_assert_eq(fb_bm_reset(&bm, 64, 4), 0);
  fb_bm_in in;
  memset(&in, 0, sizeof in);
  in.sp[0].dep_valid = 1; in.sp[0].dep_reg = 10; in.sp[0].dep_group = FB_BM_FULL; in.sp[0].dep_set = 1;
  in.sp[1].dep_valid = 1; in.sp[1].dep_reg = 20; in.sp[1].dep_group = FB_BM_EMPTY; in.sp[1].dep_set = 1;
  cr_assert_eq(fb_bm_step(&bm, &in), 0);
  /* now FULL[10] and EMPTY[20] are set */
  static const struct {
    const char *why;
    fb_bm_query q;
    uint8_t eligible, dst_busy, src_busy, range;
  } t[] = {
    {"all clear", {1, 1, 0xF, {2, 3, 4, 5}}, 1, 0, 0x0, 0},
    {"destination in use (FULL)", {1, 10, 0x1, {2, 0, 0, 0}}, 0, 1, 0x0, 0},
    {"destination FULL but not written", {0, 10, 0x1, {2, 0, 0, 0}}, 1, 0, 0x0, 0},
    {"source not ready (EMPTY) in slot 2", {1, 1, 0x7, {2, 3, 20, 0}}, 0, 0, 0x4, 0},
    {"source EMPTY but slot invalid", {1, 1, 0x3, {2, 3, 20, 0}}, 1, 0, 0x0, 0},
    {"destination EMPTY (pending write) does not block", {1, 20, 0x0, {0}}, 1, 0, 0x0, 0},
    {"source FULL (being read) does not block", {1, 1, 0x1, {10}}, 1, 0, 0x0, 0},
    {"both reasons at once", {1, 10, 0x9, {20, 0, 0, 20}}, 0, 1, 0x9, 0},
    {"destination beyond nreg", {1, 64, 0x0, {0}}, 0, 0, 0x0, 1},
    {"source beyond nreg", {0, 0, 0x2, {0, 2047, 0, 0}}, 0, 0, 0x0, 1},
    {"ids used modulo 11 bits: 2048+10 is register 10", {1, 2048 + 10, 0x0, {0}}, 0, 1, 0x0, 0},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    for (unsigned sp = 0; sp < 4; sp++) {
      fb_bm_elig o;
      fb_bm_check(&bm, sp, &t[i].q, &o);
      cr_assert_eq(o.eligible, t[i].eligible, "%s (SP %u)", t[i].why, sp);
      cr_assert_eq(o.dst_busy, t[i].dst_busy, "%s", t[i].why);
      cr_assert_eq(o.src_busy, t[i].src_busy, "%s", t[i].why);
      cr_assert_eq(o.range_err, t[i].range, "%s", t[i].why);
    }
}

/* Rationale: eligibility reads the state at the start of the cycle: an
 * update driven in cycle t (here an issue setting EMPTY and a read setting
 * FULL) changes nothing that is checked in cycle t and is seen from t+1. A
 * writeback clearing EMPTY likewise frees the consumer one cycle later. */
Test(fiber_busy_bitmap, updates_visible_next_cycle) {
  fb_bm bm;
  cr_assert_eq(fb_bm_reset(&bm, 2048, 4), 0);
  fb_bm_query consumer = {1, 100, 0x1, {1500, 0, 0, 0}};
  fb_bm_query writer = {1, 1500, 0x0, {0}};
  fb_bm_elig o;
  fb_bm_in in;
  memset(&in, 0, sizeof in);
  in.sp[2].issue_valid = 1; in.sp[2].issue_dst = 1500;            /* producer issues  */
  in.sp[3].read_valid = 0x2; in.sp[3].read_src[1] = 100;          /* someone reads 100 */
  fb_bm_check(&bm, 0, &consumer, &o);
  cr_assert_eq(o.eligible, 1, "cycle t: the update is not visible yet");
  cr_assert_eq(fb_bm_step(&bm, &in), 0);
  fb_bm_check(&bm, 0, &consumer, &o);
  cr_assert_eq(o.eligible, 0, "t+1: source 1500 not ready and dst 100 in use");
  cr_assert_eq(o.src_busy, 1);
  cr_assert_eq(o.dst_busy, 1);
  fb_bm_check(&bm, 1, &writer, &o);
  cr_assert_eq(o.eligible, 1, "a second writer of 1500 is not blocked by EMPTY");
  memset(&in, 0, sizeof in);
  in.sp[2].wb_valid = 1; in.sp[2].wb_dst = 1500;
  in.sp[0].cons_valid = 0x8; in.sp[0].cons_src[3] = 100;
  fb_bm_check(&bm, 0, &consumer, &o);
  cr_assert_eq(o.eligible, 0, "writeback cycle: still the old state");
  fb_bm_step(&bm, &in);
  fb_bm_check(&bm, 0, &consumer, &o);
  cr_assert_eq(o.eligible, 1, "t+2: value written back and no longer in use");
}

/* Rationale: SPEC part C asks for every same-cycle collision. On one
 * register, every combination of: initial EMPTY and FULL bits (4), each
 * hardware event present or not (writeback clear, consume clear, issue set,
 * read set: 16), each SP's DEPBAR absent / set EMPTY / clear EMPTY / set
 * FULL / clear FULL (5^4 = 625) and the ALL-scope bit (2): 80,000 cycles.
 * The result must follow clear < set < DEPBAR SP0 < ... < SP3 < ALL, the
 * neighbouring registers (same word and another word) must not move except
 * under ALL, and every replica must agree. Run at full size and at 16
 * registers, on a register in the middle of a word and on the last one. */
Test(fiber_busy_bitmap, every_same_cycle_collision) {
  fbt_rng rng = fbt_rng_for("fiber_busy_bitmap.every_same_cycle_collision");
  static const struct { unsigned nreg, r, n1, n2; } sizes[] = {{2048, 1000, 1001, 37}, {16, 15, 14, 0}};
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
              nbv[j][0] = fbt_below(&rng, 2);  /* EMPTY, through issue */
              nbv[j][1] = fbt_below(&rng, 2);  /* FULL, through a read */
              in.sp[2 + j].issue_valid = (uint8_t)nbv[j][0];
              in.sp[2 + j].issue_dst = (uint16_t)nb[j];
              in.sp[2 + j].read_valid = (uint8_t)nbv[j][1];
              in.sp[2 + j].read_src[0] = (uint16_t)nb[j];
            }
            cr_assert_eq(fb_bm_step(&bm, &in), 0);
            /* the collision cycle */
            memset(&in, 0, sizeof in);
            unsigned s, k;
            if (hw & 1) { s = fbt_below(&rng, 4); in.sp[s].wb_valid = 1; in.sp[s].wb_dst = (uint16_t)r; }
            if (hw & 2) {
              s = fbt_below(&rng, 4); k = fbt_below(&rng, 4);
              in.sp[s].cons_valid = (uint8_t)(1u << k); in.sp[s].cons_src[k] = (uint16_t)r;
            }
            if (hw & 4) { s = fbt_below(&rng, 4); in.sp[s].issue_valid = 1; in.sp[s].issue_dst = (uint16_t)r; }
            if (hw & 8) {
              s = fbt_below(&rng, 4); k = fbt_below(&rng, 4);
              in.sp[s].read_valid = (uint8_t)(1u << k); in.sp[s].read_src[k] = (uint16_t)r;
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

/* Rationale: a small instance (16 registers, the RTL's fast simulation
 * size) reports ids at or above 16 as range errors of the SP that drove
 * them, drops those operations, and the ALL-scope set touches only the 16
 * existing bits. */
Test(fiber_busy_bitmap, small_size_range_errors) {
  fb_bm bm;
  cr_assert_eq(fb_bm_reset(&bm, 16, 2), 0);
  fb_bm_in in;
  memset(&in, 0, sizeof in);
  in.sp[1].issue_valid = 1; in.sp[1].issue_dst = 16;      /* out of range */
  in.sp[2].read_valid = 0x4; in.sp[2].read_src[2] = 2047; /* out of range */
  in.sp[3].dep_valid = 1; in.sp[3].dep_reg = 15; in.sp[3].dep_group = FB_BM_FULL; in.sp[3].dep_set = 1;
  in.sp[3].wb_valid = 1; in.sp[3].wb_dst = 15;             /* in range */
  cr_assert_eq(fb_bm_step(&bm, &in), 0x6);
  cr_assert_eq(fb_bm_get(&bm, 0, FB_BM_FULL, 15), 1);
  cr_assert_eq(fb_bm_get(&bm, 1, FB_BM_FULL, 15), 1);
  for (unsigned r = 0; r < 15; r++) cr_assert_eq(fb_bm_get(&bm, 0, FB_BM_FULL, r) | fb_bm_get(&bm, 0, FB_BM_EMPTY, r), 0);
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
typedef struct { fbt_rng *r; uint64_t pool; unsigned left; } bit_pool;

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

static inline unsigned rnd_reg(bit_pool *b, unsigned nreg) {
  if (take(b, 7) == 0) return take(b, 11);     /* ~1%: any 11-bit id */
  unsigned span = nreg < 24 ? nreg : 24, i = take(b, 5);
  while (i >= span) i -= span;
  return i * (nreg >= 24 ? nreg / 24 : 1);
}

static void rnd_in(bit_pool *b, unsigned nreg, fb_bm_in *in) {
  memset(in, 0, sizeof *in);
  for (int s = 0; s < 4; s++) {
    fb_bm_sp_in *p = &in->sp[s];
    p->issue_valid = (uint8_t)take(b, 1);
    p->issue_dst = (uint16_t)rnd_reg(b, nreg);
    p->wb_valid = (uint8_t)take(b, 1);
    p->wb_dst = (uint16_t)rnd_reg(b, nreg);
    p->read_valid = (uint8_t)take(b, 4);
    p->cons_valid = (uint8_t)take(b, 4);
    for (int k = 0; k < 4; k++) {
      p->read_src[k] = (uint16_t)rnd_reg(b, nreg);
      p->cons_src[k] = (uint16_t)rnd_reg(b, nreg);
    }
    p->dep_valid = (uint8_t)(take(b, 2) == 0);
    p->dep_reg = (uint16_t)rnd_reg(b, nreg);
    p->dep_group = (uint8_t)take(b, 1);
    p->dep_set = (uint8_t)take(b, 1);
  }
  in->all_set = (uint8_t)(take(b, 6) == 0);
}

/* Quick state comparison through the documented storage layout
 * (bits[rep][group][r / 64] bit r % 64): every replica, both groups, every
 * word including the bits above nreg, which must be 0. */
static void expect_words(const fb_bm *bm, const ref_bm *m, unsigned long cyc) {
  for (unsigned g = 0; g < 2; g++) {
    const uint8_t *v = g ? m->f : m->e;
    for (unsigned w = 0; w < (m->nreg + 63) / 64; w++) {
      uint64_t x = 0;
      for (unsigned i = 0; i < 64 && w * 64 + i < m->nreg; i++) x |= (uint64_t)v[w * 64 + i] << i;
      for (unsigned rep = 0; rep < bm->nrep; rep++)
        if (bm->bits[rep][g][w] != x)
          cr_assert_fail("cyc %lu replica %u group %u word %u: 0x%llx, reference 0x%llx", cyc, rep, g,
                         w, (unsigned long long)bm->bits[rep][g][w], (unsigned long long)x);
    }
  }
}

static void random_run(const char *name, unsigned nreg, unsigned nrep, unsigned long cycles) {
  fbt_rng r = fbt_rng_for(name);
  bit_pool b = {&r, 0, 0};
  fb_bm bm;
  static ref_bm m;
  cr_assert_eq(fb_bm_reset(&bm, nreg, nrep), 0);
  memset(&m, 0, sizeof m);
  m.nreg = nreg;
  unsigned long n_err = 0, n_block = 0, n_elig = 0;
  for (unsigned long cyc = 0; cyc < cycles; cyc++) {
    /* eligibility of four queries against the state at the start of the cycle */
    for (unsigned s = 0; s < 4; s++) {
      fb_bm_query q;
      q.dst_valid = (uint8_t)(take(&b, 2) != 0);
      q.dst = (uint16_t)rnd_reg(&b, nreg);
      q.src_valid = (uint8_t)take(&b, 4);
      for (int k = 0; k < 4; k++) q.src[k] = (uint16_t)rnd_reg(&b, nreg);
      fb_bm_elig got, exp;
      fb_bm_check(&bm, s, &q, &got);
      ref_check(&m, &q, &exp);
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
  if (nreg < 2048) cr_assert_gt(n_err, 0ul, "range errors must occur below full size");
  cr_assert_gt(n_block, cycles / 10);
  cr_assert_gt(n_elig, cycles / 10);
}

/* Rationale: SPEC part C: a million seeded random cycles against the
 * independent reference at the RTL's fast-simulation size (16 registers,
 * 4 replicas), where collisions are dense. The eligibility of four queries
 * and the stored words of every replica are compared every cycle, and the
 * state through fb_bm_get every 1024 cycles and at the end. */
Test(fiber_busy_bitmap, random_vs_reference_1M_small, .timeout = 120) {
  random_run("fiber_busy_bitmap.random_vs_reference_1M_small", 16, 4, 1000000ul);
}

/* Rationale: the same comparison at the full size (2048 registers) and at
 * other register and replica counts, including sizes that are not a
 * multiple of 64 (the last word of the ALL-scope set is partial). Above 64
 * registers the stored words are compared every 16 cycles (each cycle's
 * state also feeds the next cycle's eligibility checks). */
Test(fiber_busy_bitmap, random_vs_reference_sizes, .timeout = 120) {
  random_run("fiber_busy_bitmap.random_vs_reference_sizes.2048", 2048, 4, 20000ul);
  random_run("fiber_busy_bitmap.random_vs_reference_sizes.64", 64, 1, 50000ul);
  random_run("fiber_busy_bitmap.random_vs_reference_sizes.100", 100, 3, 50000ul);
  random_run("fiber_busy_bitmap.random_vs_reference_sizes.1", 1, 2, 20000ul);
}
