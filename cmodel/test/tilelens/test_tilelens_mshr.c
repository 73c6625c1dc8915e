/*
 * test_tilelens_mshr.c - Criterion tests of the 4 KB-granularity MSHR cycle
 * model (tl_mshr_*, paper section 5.2; docs/tilelens_mshr.md).
 *
 * The directed tests spell out the expected outputs cycle by cycle by hand
 * (the module header's worked example among them); the random test checks
 * the model against an independent bookkeeping of waiters: a plain list of
 * (page, sector) pairs and the set of filled pages, with none of the
 * model's entry structure.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "tilelens.h"

static tl_mshr_in idle(void) {
  tl_mshr_in i;
  memset(&i, 0, sizeof i);
  i.rst_n = 1;
  i.mem_ready = 1;
  i.rel_ready = 1;
  return i;
}

static tl_mshr_in miss(uint64_t p, uint32_t s) {
  tl_mshr_in i = idle();
  i.miss_valid = 1;
  i.miss_page = p;
  i.miss_sector = s;
  return i;
}

static tl_mshr_in fill(uint64_t p) {
  tl_mshr_in i = idle();
  i.fill_valid = 1;
  i.fill_page = p;
  return i;
}

/* Why: bad parameters and bad objects are named errors, nothing written. */
Test(tilelens_mshr, init_errors) {
  tl_mshr m;
  memset(&m, 0x5a, sizeof m);
  static const struct { uint32_t e, w; tl_status st; } tab[] = {
    /* rationale: each bound of both parameters, just inside and just outside */
    {0, 36, TL_ERR_MSHR_PARAM},   {TL_MSHR_ENTRIES_MAX + 1, 36, TL_ERR_MSHR_PARAM},
    {64, 0, TL_ERR_MSHR_PARAM},   {64, TL_MSHR_PAGE_BITS_MAX + 1, TL_ERR_MSHR_PARAM},
    {1, 1, TL_OK},                {TL_MSHR_ENTRIES_MAX, TL_MSHR_PAGE_BITS_MAX, TL_OK},
  };
  for (size_t k = 0; k < sizeof tab / sizeof tab[0]; k++) {
    tl_mshr_in in = idle();
    tl_mshr_out o;
    memset(&m, 0x5a, sizeof m);
    cr_assert_eq(tl_mshr_init(&m, tab[k].e, tab[k].w), tab[k].st, "row %zu", k);
    if (tab[k].st != TL_OK) {
      cr_assert_eq(m.entries, 0x5a5a5a5au, "nothing written, row %zu", k);
      cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_ERR_STATE, "row %zu", k);
      cr_assert_eq(tl_mshr_reset(&m), TL_ERR_STATE, "row %zu", k);
      cr_assert_eq(tl_mshr_occupancy(&m), 0u);
    }
  }
  cr_assert_eq(tl_mshr_init(NULL, 64, 36), TL_ERR_NULL);
  cr_assert_eq(tl_mshr_reset(NULL), TL_ERR_NULL);
  cr_assert_eq(tl_mshr_occupancy(NULL), 0u);
  tl_mshr_in in = idle();
  tl_mshr_out o;
  cr_assert_eq(tl_mshr_init(&m, 4, 8), TL_OK);
  cr_assert_eq(tl_mshr_step(NULL, &in, &o), TL_ERR_NULL);
  cr_assert_eq(tl_mshr_step(&m, NULL, &o), TL_ERR_NULL);
  cr_assert_eq(tl_mshr_step(&m, &in, NULL), TL_ERR_NULL);
}

/* Why: an input outside its port width is refused with no state change. */
Test(tilelens_mshr, input_range) {
  tl_mshr m;
  cr_assert_eq(tl_mshr_init(&m, 4, 8), TL_OK);
  tl_mshr_out o;
  tl_mshr_in in = miss(5, 1);
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK);
  tl_mshr before = m;
  tl_mshr_in bad[8];
  for (int k = 0; k < 8; k++) bad[k] = miss(6, 2);
  bad[0].rst_n = 2;
  bad[1].miss_valid = 3;
  bad[2].mem_ready = 2;
  bad[3].fill_valid = 2;
  bad[4].rel_ready = 2;
  bad[5].miss_page = 256;   /* 2^page_bits */
  bad[6].fill_page = 1u << 9;
  bad[7].miss_sector = 32;
  for (int k = 0; k < 8; k++) {
    memset(&o, 0xff, sizeof o);
    cr_assert_eq(tl_mshr_step(&m, &bad[k], &o), TL_ERR_RANGE, "row %d", k);
    cr_assert_eq(memcmp(&m, &before, sizeof m), 0, "state unchanged, row %d", k);
    cr_assert_eq(o.miss_ready | o.mem_valid | o.rel_valid | o.fill_err, 0u, "out zeroed, row %d", k);
  }
}

typedef struct { tl_mshr_in in; uint32_t miss_ready, mem_valid; uint64_t mem_page; uint32_t fill_err, rel_valid;
                 uint64_t rel_page; uint32_t rel_sector; } cyc_row;

static void run_rows(tl_mshr *m, const cyc_row *rows, size_t n) {
  for (size_t k = 0; k < n; k++) {
    tl_mshr_out o;
    tl_status st = tl_mshr_step(m, &rows[k].in, &o);
    tl_status want = rows[k].fill_err == TL_MSHR_FILL_DUP ? TL_ERR_MSHR_DUP_FILL
                   : rows[k].fill_err == TL_MSHR_FILL_UNTRACKED ? TL_ERR_MSHR_UNTRACKED_FILL : TL_OK;
    cr_assert_eq(st, want, "cycle %zu status %s", k, tl_status_str(st));
    cr_assert_eq(o.miss_ready, rows[k].miss_ready, "cycle %zu miss_ready", k);
    cr_assert_eq(o.mem_valid, rows[k].mem_valid, "cycle %zu mem_valid", k);
    cr_assert_eq(o.mem_page, rows[k].mem_page, "cycle %zu mem_page", k);
    cr_assert_eq(o.fill_err, rows[k].fill_err, "cycle %zu fill_err", k);
    cr_assert_eq(o.rel_valid, rows[k].rel_valid, "cycle %zu rel_valid", k);
    cr_assert_eq(o.rel_page, rows[k].rel_page, "cycle %zu rel_page", k);
    cr_assert_eq(o.rel_sector, rows[k].rel_sector, "cycle %zu rel_sector", k);
  }
}

/* Why: the worked example of rtl/tilelens/tilelens_mshr.v's header, every
 * output of every cycle written by hand (Entries = 2). */
Test(tilelens_mshr, worked_example) {
  enum { P = 0x40, Q = 0x41, R = 0x42 };
  tl_mshr m;
  cr_assert_eq(tl_mshr_init(&m, 2, 12), TL_OK);
  cyc_row r[8];
  memset(r, 0, sizeof r);
  /* cycle 0: miss (P,3) allocates entry 0 (memory not ready) */
  r[0].in = miss(P, 3); r[0].in.mem_ready = 0; r[0].miss_ready = 1;
  /* cycle 1: miss (P,7) merges; memory takes P */
  r[1].in = miss(P, 7); r[1].miss_ready = 1; r[1].mem_valid = 1; r[1].mem_page = P;
  /* cycle 2: miss (Q,0) allocates entry 1; fill P */
  r[2].in = miss(Q, 0); r[2].in.fill_valid = 1; r[2].in.fill_page = P; r[2].in.mem_ready = 0; r[2].miss_ready = 1;
  /* cycle 3: miss (R,1): both entries in use, no match: stall; release (P,3);
   * memory is offered Q but not ready */
  r[3].in = miss(R, 1); r[3].in.mem_ready = 0; r[3].miss_ready = 0; r[3].mem_valid = 1; r[3].mem_page = Q;
  r[3].rel_valid = 1; r[3].rel_page = P; r[3].rel_sector = 3;
  /* cycle 4: release (P,7), the last: entry 0 frees at the edge; a fill Q
   * while memory has not taken Q is untracked */
  r[4].in = miss(R, 1); r[4].in.mem_ready = 0; r[4].in.fill_valid = 1; r[4].in.fill_page = Q;
  r[4].miss_ready = 0; r[4].mem_valid = 1; r[4].mem_page = Q; r[4].fill_err = TL_MSHR_FILL_UNTRACKED;
  r[4].rel_valid = 1; r[4].rel_page = P; r[4].rel_sector = 7;
  /* cycle 5: miss (R,1) allocates entry 0; a second fill P: no entry holds P */
  r[5].in = miss(R, 1); r[5].in.mem_ready = 0; r[5].in.fill_valid = 1; r[5].in.fill_page = P;
  r[5].miss_ready = 1; r[5].mem_valid = 1; r[5].mem_page = Q; r[5].fill_err = TL_MSHR_FILL_UNTRACKED;
  /* cycle 6: memory is offered R (entry 0, the lowest) and takes it */
  r[6].in = idle(); r[6].miss_ready = 0; r[6].mem_valid = 1; r[6].mem_page = R;
  /* cycle 7: then Q */
  r[7].in = idle(); r[7].miss_ready = 0; r[7].mem_valid = 1; r[7].mem_page = Q;
  /* miss_ready with no miss: both entries used, the miss page 0 matches none */
  run_rows(&m, r, 8);
  cr_assert_eq(m.stats.allocations, 3);
  cr_assert_eq(m.stats.merges, 1);
  cr_assert_eq(m.stats.stall_cycles, 2);
  cr_assert_eq(m.stats.releases, 2);
  cr_assert_eq(m.stats.untracked_fills, 2);
  cr_assert_eq(m.stats.fills, 1);
  cr_assert_eq(m.stats.mem_requests, 3);
  cr_assert_eq(m.stats.high_water, 2);
  cr_assert_eq(tl_mshr_occupancy(&m), 2);
  /* a fill R now (taken) is accepted, a second one is a duplicate */
  tl_mshr_out o;
  tl_mshr_in in = fill(R);
  in.rel_ready = 0;
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK);
  cr_assert_eq(o.fill_err, TL_MSHR_FILL_OK);
  tl_mshr before = m;
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_ERR_MSHR_DUP_FILL);
  cr_assert_eq(o.fill_err, TL_MSHR_FILL_DUP);
  cr_assert_eq(o.rel_valid, 1);
  cr_assert_eq(o.rel_page, R);
  cr_assert_eq(o.rel_sector, 1);
  cr_assert_eq(m.stats.dup_fills, 1);
  cr_assert_eq(memcmp(m.valid, before.valid, sizeof m.valid), 0, "a duplicate fill changes no entry");
  cr_assert_eq(memcmp(m.filled, before.filled, sizeof m.filled), 0);
  cr_assert_eq(memcmp(m.mask, before.mask, sizeof m.mask), 0);
}

/* Why: a full partition stalls (never drops) a miss to a new page, still
 * merges misses to tracked pages, and takes the stalled miss once an entry
 * frees; the statistics count the stall cycles and the high-water mark. */
Test(tilelens_mshr, full_stall_backpressure) {
  tl_mshr m;
  tl_mshr_out o;
  cr_assert_eq(tl_mshr_init(&m, 4, 16), TL_OK);
  for (uint32_t p = 1; p <= 4; p++) {
    tl_mshr_in in = miss(p, p);
    cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK);
    cr_assert_eq(o.miss_ready, 1);
  }
  tl_mshr_in in = miss(9, 0);
  for (int k = 0; k < 3; k++) {   /* memory takes pages 1, 2, 3 meanwhile */
    cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK);
    cr_assert_eq(o.miss_ready, 0, "stall %d", k);
  }
  tl_mshr_in mg = miss(2, 30);
  cr_assert_eq(tl_mshr_step(&m, &mg, &o), TL_OK);
  cr_assert_eq(o.miss_ready, 1, "a merge while full is accepted");
  cr_assert_eq(m.stats.stall_cycles, 3);
  cr_assert_eq(m.stats.high_water, 4);
  tl_mshr_in f = fill(1);
  cr_assert_eq(tl_mshr_step(&m, &f, &o), TL_OK);
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK);       /* releases (1,1): entry 0 frees */
  cr_assert_eq(o.rel_valid, 1);
  cr_assert_eq(o.rel_page, 1);
  cr_assert_eq(o.miss_ready, 0, "the entry frees at the edge, not before");
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK);
  cr_assert_eq(o.miss_ready, 1, "the stalled miss is taken");
  cr_assert_eq(m.page[0], 9u, "into the freed lowest entry");
  cr_assert_eq(m.stats.stall_cycles, 4);
  cr_assert_eq(m.stats.allocations, 5);
  cr_assert_eq(m.stats.merges, 1);
}

/* Why: one fill releases all 32 sectors of its page (the 32x of section
 * 5.2), one per cycle in ascending sector order, held while rel_ready is
 * low, and the entry frees with the last one. */
Test(tilelens_mshr, fill_releases_32_in_order) {
  tl_mshr m;
  tl_mshr_out o;
  cr_assert_eq(tl_mshr_init(&m, 2, 20), TL_OK);
  for (uint32_t s = 0; s < 32; s++) {   /* sectors in a scrambled order */
    tl_mshr_in in = miss(0xabcde, (s * 7u + 3u) % 32u);
    cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK);
  }
  cr_assert_eq(m.mask[0], 0xffffffffu);
  cr_assert_eq(m.stats.allocations, 1);
  cr_assert_eq(m.stats.merges, 31);
  tl_mshr_in f = fill(0xabcde);
  f.rel_ready = 0;
  cr_assert_eq(tl_mshr_step(&m, &f, &o), TL_OK);
  tl_mshr_in hold = idle();
  hold.rel_ready = 0;
  for (int k = 0; k < 3; k++) {
    cr_assert_eq(tl_mshr_step(&m, &hold, &o), TL_OK);
    cr_assert_eq(o.rel_valid, 1);
    cr_assert_eq(o.rel_sector, 0, "held while rel_ready is low");
  }
  tl_mshr_in go = idle();
  for (uint32_t s = 0; s < 32; s++) {
    cr_assert_eq(tl_mshr_step(&m, &go, &o), TL_OK);
    cr_assert_eq(o.rel_valid, 1);
    cr_assert_eq(o.rel_page, 0xabcdeu);
    cr_assert_eq(o.rel_sector, s);
    cr_assert_eq(tl_mshr_occupancy(&m), s == 31 ? 0u : 1u);
  }
  cr_assert_eq(tl_mshr_step(&m, &go, &o), TL_OK);
  cr_assert_eq(o.rel_valid, 0);
  cr_assert_eq(o.rel_page, 0, "payloads are 0 when not valid");
  cr_assert_eq(m.stats.releases, 32);
}

/* Why: the release order across entries is the lowest filled entry first,
 * whatever the fill order; a miss that merges into a filled entry joins its
 * releases; a merge in the cycle the last waiter leaves keeps the entry. */
Test(tilelens_mshr, release_order_and_late_merge) {
  tl_mshr m;
  tl_mshr_out o;
  cr_assert_eq(tl_mshr_init(&m, 4, 12), TL_OK);
  tl_mshr_in a = miss(10, 5), b = miss(11, 6);
  cr_assert_eq(tl_mshr_step(&m, &a, &o), TL_OK);           /* entry 0 */
  cr_assert_eq(tl_mshr_step(&m, &b, &o), TL_OK);           /* entry 1; memory takes 10 */
  tl_mshr_in x = idle();
  cr_assert_eq(tl_mshr_step(&m, &x, &o), TL_OK);           /* memory takes 11 */
  tl_mshr_in f = fill(11);
  f.rel_ready = 0;
  cr_assert_eq(tl_mshr_step(&m, &f, &o), TL_OK);
  f = fill(10);
  f.rel_ready = 0;
  cr_assert_eq(tl_mshr_step(&m, &f, &o), TL_OK);
  cr_assert_eq(o.rel_page, 11, "only 11 filled so far");
  /* both filled: entry 0 (page 10) first although it was filled later;
   * a miss (10, 5) in the cycle its last waiter leaves keeps the entry */
  tl_mshr_in mg = miss(10, 5);
  cr_assert_eq(tl_mshr_step(&m, &mg, &o), TL_OK);
  cr_assert_eq(o.rel_page, 10);
  cr_assert_eq(o.rel_sector, 5);
  cr_assert_eq(m.valid[0], 1, "entry kept");
  cr_assert_eq(m.mask[0], 1u << 5);
  tl_mshr_in mg2 = miss(10, 9);
  cr_assert_eq(tl_mshr_step(&m, &mg2, &o), TL_OK);
  cr_assert_eq(o.rel_page, 10);
  cr_assert_eq(o.rel_sector, 5, "the merged waiter is released");
  cr_assert_eq(tl_mshr_step(&m, &x, &o), TL_OK);
  cr_assert_eq(o.rel_page, 10);
  cr_assert_eq(o.rel_sector, 9, "the miss merged into the draining entry");
  cr_assert_eq(tl_mshr_step(&m, &x, &o), TL_OK);
  cr_assert_eq(o.rel_page, 11);
  cr_assert_eq(o.rel_sector, 6);
  cr_assert_eq(tl_mshr_step(&m, &x, &o), TL_OK);
  cr_assert_eq(o.rel_valid, 0);
  cr_assert_eq(m.stats.releases, 4);
  cr_assert_eq(m.stats.merges, 2);
}

/* Why: the three fill errors, each with no state change. */
Test(tilelens_mshr, fill_errors) {
  tl_mshr m;
  tl_mshr_out o;
  cr_assert_eq(tl_mshr_init(&m, 4, 12), TL_OK);
  tl_mshr_in in = fill(7);
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_ERR_MSHR_UNTRACKED_FILL, "empty MSHR");
  cr_assert_eq(o.fill_err, TL_MSHR_FILL_UNTRACKED);
  in = miss(7, 1);
  in.mem_ready = 0;
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK);
  in = fill(7);
  in.mem_ready = 1;   /* memory takes 7 in this cycle: still untracked now */
  tl_mshr before = m;
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_ERR_MSHR_UNTRACKED_FILL, "request not yet taken");
  cr_assert_eq(o.mem_valid, 1);
  cr_assert_eq(m.filled[0], before.filled[0]);
  cr_assert_eq(m.req[0], 0, "the memory port still moved");
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK, "taken: accepted");
  cr_assert_eq(o.fill_err, TL_MSHR_FILL_OK);
  in.rel_ready = 0;
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_ERR_MSHR_DUP_FILL);
  cr_assert_eq(o.fill_err, TL_MSHR_FILL_DUP);
  in = fill(8);
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_ERR_MSHR_UNTRACKED_FILL, "other page");
  cr_assert_eq(m.stats.untracked_fills, 3);
  cr_assert_eq(m.stats.dup_fills, 1);
  cr_assert_eq(m.stats.fills, 1);
  in = idle();
  in.fill_valid = 0;
  in.fill_page = 7;
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK);
  cr_assert_eq(o.fill_err, 0, "no fill, no error");
}

/* Why: rst_n = 0 empties the MSHR at once (asynchronous reset), ignores the
 * inputs and keeps the statistics; tl_mshr_reset clears both. */
Test(tilelens_mshr, reset) {
  tl_mshr m;
  tl_mshr_out o;
  cr_assert_eq(tl_mshr_init(&m, 2, 12), TL_OK);
  tl_mshr_in in = miss(1, 1);
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK);
  in = miss(2, 2);
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK);
  in = miss(3, 3);
  in.rst_n = 0;
  cr_assert_eq(tl_mshr_step(&m, &in, &o), TL_OK);
  cr_assert_eq(o.miss_ready, 1, "outputs of the empty MSHR");
  cr_assert_eq(o.mem_valid, 0);
  cr_assert_eq(tl_mshr_occupancy(&m), 0, "the miss in reset is ignored");
  cr_assert_eq(m.stats.allocations, 2, "statistics kept");
  cr_assert_eq(m.stats.high_water, 2);
  cr_assert_eq(tl_mshr_reset(&m), TL_OK);
  cr_assert_eq(m.stats.allocations, 0);
  cr_assert_eq(m.entries, 2);
}

/* Why: the model is a plain struct: a copy taken mid-run continues exactly
 * as the original (what a byte checkpoint needs). */
Test(tilelens_mshr, copy_continues) {
  tl_mshr a;
  cr_assert_eq(tl_mshr_init(&a, 3, 10), TL_OK);
  uint64_t x = 12345;
  tl_mshr b;
  for (int k = 0; k < 4000; k++) {
    if (k == 1500) b = a;
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    tl_mshr_in in = idle();
    in.miss_valid = (x >> 60) & 1;
    in.miss_page = (x >> 20) & 7;
    in.miss_sector = (uint32_t)(x >> 30) & 31;
    in.mem_ready = (x >> 40) & 1;
    in.fill_valid = (x >> 41) & 1;
    in.fill_page = (x >> 44) & 7;
    in.rel_ready = (x >> 50) & 1;
    tl_mshr_out oa, ob;
    tl_status sa = tl_mshr_step(&a, &in, &oa);
    if (k >= 1500) {
      tl_status sb = tl_mshr_step(&b, &in, &ob);
      cr_assert_eq(sa, sb);
      cr_assert_eq(memcmp(&oa, &ob, sizeof oa), 0, "cycle %d", k);
    }
  }
  cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
}

/* Why: against an independent waiter list. Every release is a waiting
 * (page, sector) of a page that was filled, never twice; every accepted
 * miss is a waiter until released; a fill of a page that has waiters is
 * accepted exactly when memory took the page; at the end, with memory and
 * releases always served, every waiter comes out. Counts tie together. */
#define REF_MAX 4096
typedef struct { uint64_t page; uint32_t sector; } ref_w;
Test(tilelens_mshr, random_against_waiter_list) {
  static ref_w w[REF_MAX];
  size_t nw = 0;
  uint64_t taken[64], filled[64];
  size_t nt = 0, nf = 0;
  tl_mshr m;
  cr_assert_eq(tl_mshr_init(&m, 4, 6), TL_OK);
  uint64_t x = 99;
  uint64_t rels = 0, accepted_new = 0;
  for (int k = 0; k < 400000; k++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const int drain = k >= 399000;
    tl_mshr_in in = idle();
    in.miss_valid = !drain && ((x >> 61) != 0);
    in.miss_page = (x >> 20) % 9;
    in.miss_sector = (uint32_t)(x >> 30) & 31;
    in.mem_ready = drain || ((x >> 40) & 3) != 0;
    in.rel_ready = drain || ((x >> 42) & 1);
    if (nt && (((x >> 43) & 3) == 0 || drain)) {   /* fill a taken page */
      size_t j = (x >> 45) % nt;
      in.fill_valid = 1;
      in.fill_page = taken[j];
    } else if (((x >> 47) & 63) == 0) {          /* a random (maybe bad) fill */
      in.fill_valid = 1;
      in.fill_page = (x >> 50) % 9;
    }
    tl_mshr_out o;
    tl_status st = tl_mshr_step(&m, &in, &o);
    /* reference: is the fill legal? */
    int is_taken = -1, is_filled = 0;
    for (size_t j = 0; j < nt; j++) if (taken[j] == in.fill_page) is_taken = (int)j;
    for (size_t j = 0; j < nf; j++) if (filled[j] == in.fill_page) is_filled = 1;
    if (in.fill_valid) {
      tl_status want = is_taken >= 0 ? TL_OK : is_filled ? TL_ERR_MSHR_DUP_FILL : TL_ERR_MSHR_UNTRACKED_FILL;
      cr_assert_eq(st, want, "cycle %d fill %llu", k, (unsigned long long)in.fill_page);
    } else {
      cr_assert_eq(st, TL_OK);
    }
    if (o.rel_valid && in.rel_ready) {
      size_t j = 0;
      while (j < nw && !(w[j].page == o.rel_page && w[j].sector == o.rel_sector)) j++;
      cr_assert_lt(j, nw, "cycle %d: release of a non-waiter", k);
      int pf = 0;
      for (size_t q = 0; q < nf; q++) pf |= filled[q] == o.rel_page;
      cr_assert(pf, "cycle %d: release of a page not filled", k);
      w[j] = w[--nw];
      rels++;
      /* the page stays filled until its last waiter leaves */
      int more = 0;
      for (size_t q = 0; q < nw; q++) more |= w[q].page == o.rel_page;
      int merging = in.miss_valid && o.miss_ready && in.miss_page == o.rel_page;
      if (!more && !merging)
        for (size_t q = 0; q < nf; q++) if (filled[q] == o.rel_page) { filled[q] = filled[--nf]; break; }
    }
    if (in.miss_valid && o.miss_ready) {
      size_t j = 0;
      while (j < nw && !(w[j].page == in.miss_page && w[j].sector == in.miss_sector)) j++;
      if (j == nw) { cr_assert_lt(nw, REF_MAX); w[nw].page = in.miss_page; w[nw].sector = in.miss_sector; nw++; accepted_new++; }
    }
    if (in.fill_valid && is_taken >= 0) { filled[nf++] = in.fill_page; taken[is_taken] = taken[--nt]; }
    if (o.mem_valid && in.mem_ready) { cr_assert_lt(nt, 64); taken[nt++] = o.mem_page; }
    /* distinct pages with waiters = entries in use */
    uint32_t pages = 0;
    for (size_t j = 0; j < nw; j++) {
      int first = 1;
      for (size_t q = 0; q < j; q++) first &= w[q].page != w[j].page;
      pages += (uint32_t)first;
    }
    cr_assert_eq(pages, tl_mshr_occupancy(&m), "cycle %d", k);
  }
  cr_assert_eq(nw, 0, "every waiter released");
  cr_assert_eq(rels, accepted_new);
  cr_assert_eq(m.stats.releases, rels);
  cr_assert_eq(m.stats.misses, m.stats.merges + m.stats.allocations);
  cr_assert_eq(m.stats.high_water, 4);
  cr_assert_gt(m.stats.stall_cycles, 0);
  cr_assert_gt(m.stats.dup_fills, 0);
  cr_assert_gt(m.stats.untracked_fills, 0);
}

/* Why: the new status codes have their own names. */
Test(tilelens_mshr, status_names) {
  cr_assert_eq(strncmp(tl_status_str(TL_ERR_MSHR_PARAM), "TL_ERR_MSHR_PARAM:", 18), 0);
  cr_assert_eq(strncmp(tl_status_str(TL_ERR_MSHR_DUP_FILL), "TL_ERR_MSHR_DUP_FILL:", 21), 0);
  cr_assert_eq(strncmp(tl_status_str(TL_ERR_MSHR_UNTRACKED_FILL), "TL_ERR_MSHR_UNTRACKED_FILL:", 27), 0);
  cr_assert_gt(TL_ERR_MSHR_PARAM, TL_ERR_RANGE, "appended after every existing code");
}

/* Why: a saved MSHR restores and continues exactly; damaged or impossible
 * states are refused with nothing written. */
Test(tilelens_mshr, checkpoint) {
  tl_mshr a, b, c;
  unsigned char buf[sizeof(tl_mshr) + TL_CKPT_HDR_BYTES];
  size_t len = 0;
  memset(&b, 0, sizeof b);
  cr_assert_eq(tl_mshr_save(&b, buf, sizeof buf, &len), TL_ERR_STATE, "never initialized");
  cr_assert_eq(tl_mshr_init(&a, 3, 10), TL_OK);
  cr_assert_eq(tl_mshr_save(&a, buf, sizeof buf - 1, &len), TL_ERR_LIMIT);
  cr_assert_eq(tl_mshr_save(NULL, buf, sizeof buf, &len), TL_ERR_NULL);
  uint64_t x = 777;
  tl_mshr_in ins[3000];
  for (int k = 0; k < 3000; k++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    tl_mshr_in in = idle();
    in.miss_valid = (x >> 60) & 1;
    in.miss_page = (x >> 20) & 7;
    in.miss_sector = (uint32_t)(x >> 30) & 31;
    in.mem_ready = (x >> 40) & 1;
    in.fill_valid = (x >> 41) & 1;
    in.fill_page = (x >> 44) & 7;
    in.rel_ready = (x >> 50) & 1;
    ins[k] = in;
  }
  tl_mshr_out oa, ob;
  for (int k = 0; k < 1000; k++) tl_mshr_step(&a, &ins[k], &oa);
  cr_assert_gt(tl_mshr_occupancy(&a), 0, "saved mid-run");
  cr_assert_eq(tl_mshr_save(&a, buf, sizeof buf, &len), TL_OK);
  cr_assert_eq(len, sizeof buf);
  cr_assert_eq(tl_mshr_restore(&b, buf, len), TL_OK);
  for (int k = 1000; k < 3000; k++) {
    tl_status sa = tl_mshr_step(&a, &ins[k], &oa), sb = tl_mshr_step(&b, &ins[k], &ob);
    cr_assert_eq(sa, sb);
    cr_assert_eq(memcmp(&oa, &ob, sizeof oa), 0, "cycle %d", k);
  }
  cr_assert_eq(memcmp(&a.stats, &b.stats, sizeof a.stats), 0);
  /* refused: a flipped payload byte (checksum), an impossible state */
  memcpy(&c, &b, sizeof c);
  buf[TL_CKPT_HDR_BYTES + 20] ^= 1;
  cr_assert_eq(tl_mshr_restore(&c, buf, len), TL_ERR_STATE);
  cr_assert_eq(memcmp(&c, &b, sizeof c), 0, "nothing written");
  tl_mshr bad;
  cr_assert_eq(tl_mshr_init(&bad, 3, 10), TL_OK);
  tl_mshr_in in = miss(4, 4);
  tl_mshr_step(&bad, &in, &oa);
  bad.mask[0] = 0;                 /* a used entry without a waiter */
  cr_assert_eq(tl_ckpt_save(TL_CKPT_MSHR, TL_CKPT_MSHR_LAYOUT, &bad, sizeof bad, buf, sizeof buf, &len), TL_OK);
  cr_assert_eq(tl_mshr_restore(&c, buf, len), TL_ERR_STATE);
  bad.mask[0] = 1;
  bad.valid[1] = 1; bad.page[1] = 4; bad.mask[1] = 2; bad.stats.occupancy = 2; bad.stats.high_water = 2;
  cr_assert_eq(tl_ckpt_save(TL_CKPT_MSHR, TL_CKPT_MSHR_LAYOUT, &bad, sizeof bad, buf, sizeof buf, &len), TL_OK);
  cr_assert_eq(tl_mshr_restore(&c, buf, len), TL_ERR_STATE, "two entries of one page");
  bad.page[1] = 5;
  cr_assert_eq(tl_ckpt_save(TL_CKPT_MSHR, TL_CKPT_MSHR_LAYOUT, &bad, sizeof bad, buf, sizeof buf, &len), TL_OK);
  cr_assert_eq(tl_mshr_restore(&c, buf, len), TL_OK, "the same with distinct pages is reachable");
}
