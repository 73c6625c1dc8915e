/*
 * test_fiber_decode.c - Criterion tests of the extended-field decoder and
 * its encoder.
 *
 * The tests pin every field position with hand-written 128-bit words, give
 * one illegal word per error code (each code must be reachable and
 * reported), compare the decoder with an independent classifier over random
 * words, and check that encoder and decoder are inverse on legal words.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "fiber.h"
#include "fiber_test_util.h"

/* Bit helpers written independently of the model: bit i of {hi, lo}. */
static unsigned bit(fb_word w, unsigned i) { return i < 64 ? (w.lo >> i) & 1 : (w.hi >> (i - 64)) & 1; }
static uint64_t field(fb_word w, unsigned lsb, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++) v |= (uint64_t)bit(w, lsb + i) << i;
  return v;
}
static fb_word setbit(fb_word w, unsigned i) {
  if (i < 64) w.lo |= 1ull << i;
  else w.hi |= 1ull << (i - 64);
  return w;
}

static const fb_dec_cfg DEF = {FB_OPC_SET_FIBER_NUM_DEFAULT, FB_OPC_DEPBAR_X_DEFAULT};

/* Rationale: the field positions written in docs/fiber.md, checked on
 * words assembled by hand in hex (word = hi:lo):
 *  - SET_FIBER_NUM, PT, 256 fibers, ALL-scope: lo = 0x0100_79F0
 *    (count 0x0100 at [31:16], pred 7 at [15:12], opcode 0x9F0), hi bit 23
 *    (= word bit 87);
 *  - extended DEPBAR, P2, set FULL of register 0x5A3: lo = 0x29F1,
 *    hi = 0x5A3 << 23 | 1 << 34 | 1 << 35 (bits 87..97, 98, 99);
 *  - an ordinary instruction whose ext is 0x1B0E: hi = 0x1B0E << 23.
 * The decoder must read the fields, and the encoder must rebuild the same
 * words from a zero base. */
Test(fiber_decode, field_positions_by_hand) {
  static const struct {
    const char *why;
    fb_word w;
    unsigned mode;
    fb_dec_out exp;
  } t[] = {
    {"SET_FIBER_NUM 256 fibers, ALL", {0x010079F0ull, 1ull << 23}, FB_MODE_FIBER,
     {FB_KIND_SFN, FB_DEC_OK, 0x9F0, 0x7, 0, 256, 1, 8, 0, 0, 0}},
    {"SET_FIBER_NUM 8192 fibers, no ALL, CUDA-native", {0x200079F0ull, 0}, FB_MODE_CUDA,
     {FB_KIND_SFN, FB_DEC_OK, 0x9F0, 0x7, 0, 8192, 0, 256, 0, 0, 0}},
    {"extended DEPBAR @P2 set FULL[0x5A3]", {0x29F1ull, (0x5A3ull << 23) | (1ull << 34) | (1ull << 35)},
     FB_MODE_FIBER, {FB_KIND_DEPBAR_X, FB_DEC_OK, 0x9F1, 0x2, 0, 0, 0, 0, 0x5A3, 1, 1}},
    {"extended DEPBAR clear EMPTY[0]", {0x79F1ull, 0}, FB_MODE_FIBER,
     {FB_KIND_DEPBAR_X, FB_DEC_OK, 0x9F1, 0x7, 0, 0, 0, 0, 0, 0, 0}},
    {"ordinary instruction, ext 0x1B0E", {0x7A24ull, 0x1B0Eull << 23}, FB_MODE_FIBER,
     {FB_KIND_OTHER, FB_DEC_OK, 0xA24, 0x7, 0x1B0E, 0, 0, 0, 0, 0, 0}},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    fb_dec_out o;
    fb_dec_eval(t[i].w, t[i].mode, &DEF, &o);
    cr_assert_eq(o.kind, t[i].exp.kind, "%s", t[i].why);
    cr_assert_eq(o.err, t[i].exp.err, "%s: %s", t[i].why, fb_dec_err_str(o.err));
    cr_assert_eq(o.opc, t[i].exp.opc, "%s", t[i].why);
    cr_assert_eq(o.pred, t[i].exp.pred, "%s", t[i].why);
    cr_assert_eq(o.ext, t[i].exp.ext, "%s", t[i].why);
    cr_assert_eq(o.sfn_count, t[i].exp.sfn_count, "%s", t[i].why);
    cr_assert_eq(o.sfn_all, t[i].exp.sfn_all, "%s", t[i].why);
    cr_assert_eq(o.sfn_wefts, t[i].exp.sfn_wefts, "%s", t[i].why);
    cr_assert_eq(o.dep_reg, t[i].exp.dep_reg, "%s", t[i].why);
    cr_assert_eq(o.dep_group, t[i].exp.dep_group, "%s", t[i].why);
    cr_assert_eq(o.dep_set, t[i].exp.dep_set, "%s", t[i].why);
    fb_word base = {0, 0};
    if (o.kind == FB_KIND_OTHER) base.lo = t[i].w.lo; /* the encoder owns only ext here */
    fb_word e = fb_enc(base, &o, &DEF);
    cr_assert_eq(e.lo, t[i].w.lo, "%s: encoded lo 0x%llx", t[i].why, (unsigned long long)e.lo);
    cr_assert_eq(e.hi, t[i].w.hi, "%s: encoded hi 0x%llx", t[i].why, (unsigned long long)e.hi);
  }
}

/* One illegal word per error code. */
typedef struct { unsigned err, mode; fb_word w; const char *why; } bad_case;

#define SFN(cnt, pred) (((uint64_t)(cnt) << 16) | ((uint64_t)(pred) << 12) | 0x9F0u)
#define DEP(pred) (((uint64_t)(pred) << 12) | 0x9F1u)
static const bad_case bad[] = {
  {FB_DEC_ERR_CUDA_REMOTE, FB_MODE_CUDA, {0x7A24, 1ull << (95 - 64)}, "enable bit in CUDA-native code"},
  {FB_DEC_ERR_CUDA_REMOTE, FB_MODE_CUDA, {0x7A24, 0x1FFFull << 23}, "enable wins over other ext bits"},
  {FB_DEC_ERR_CUDA_EXT, FB_MODE_CUDA, {0x7A24, 1ull << (96 - 64)}, "extra low bit in CUDA-native code"},
  {FB_DEC_ERR_CUDA_EXT, FB_MODE_CUDA, {0x7A24, 1ull << (87 - 64)}, "high bit in CUDA-native code"},
  {FB_DEC_ERR_HI_NO_EN, FB_MODE_FIBER, {0x7A24, 1ull << (94 - 64)}, "hi2 of source 3 without enable"},
  {FB_DEC_ERR_SFN_PRED, FB_MODE_FIBER, {SFN(32, 0x0), 0}, "SET_FIBER_NUM guarded by P0"},
  {FB_DEC_ERR_SFN_PRED, FB_MODE_FIBER, {SFN(32, 0xF), 0}, "SET_FIBER_NUM guarded by !PT"},
  {FB_DEC_ERR_SFN_RESERVED, FB_MODE_FIBER, {SFN(32, 7) | (1ull << 32), 0}, "bit 32 set"},
  {FB_DEC_ERR_SFN_RESERVED, FB_MODE_FIBER, {SFN(32, 7), 1ull << (86 - 64)}, "bit 86 set"},
  {FB_DEC_ERR_SFN_RESERVED, FB_MODE_FIBER, {SFN(32, 7), 1ull << (99 - 64)}, "bit 99 set"},
  {FB_DEC_ERR_SFN_ZERO, FB_MODE_FIBER, {SFN(0, 7), 0}, "no fibers"},
  {FB_DEC_ERR_SFN_PARTIAL, FB_MODE_FIBER, {SFN(33, 7), 0}, "a partial weft"},
  {FB_DEC_ERR_SFN_RANGE, FB_MODE_FIBER, {SFN(8192 + 32, 7), 0}, "257 wefts"},
  {FB_DEC_ERR_SFN_RANGE, FB_MODE_FIBER, {SFN(0xFFE0, 7), 0}, "the largest aligned count"},
  {FB_DEC_ERR_CUDA_ALL, FB_MODE_CUDA, {SFN(64, 7), 1ull << (87 - 64)}, "ALL-scope in CUDA-native mode"},
  {FB_DEC_ERR_DEP_RESERVED, FB_MODE_FIBER, {DEP(7) | (1ull << 16), 0}, "bit 16 set"},
  {FB_DEC_ERR_DEP_RESERVED, FB_MODE_CUDA, {DEP(7), 1ull << (86 - 64)}, "bit 86 set (reported first)"},
  {FB_DEC_ERR_CUDA_DEPBAR, FB_MODE_CUDA, {DEP(7), 0}, "extended DEPBAR in CUDA-native code"},
};
#undef SFN
#undef DEP

/* Rationale: SPEC part C: every illegal encoding gets its own clear error
 * code. Each row is a word with exactly that defect (or a documented
 * priority between two defects); every code from 1 to FB_DEC_ERR_NUM-1 must
 * be produced by at least one row, and every code has a distinct name. */
Test(fiber_decode, every_illegal_encoding_flagged) {
  unsigned seen = 0;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    fb_dec_out o;
    fb_dec_eval(bad[i].w, bad[i].mode, &DEF, &o);
    cr_assert_eq(o.err, bad[i].err, "%s: got %s, expected %s", bad[i].why, fb_dec_err_str(o.err),
                 fb_dec_err_str(bad[i].err));
    seen |= 1u << o.err;
  }
  for (unsigned e = 1; e < FB_DEC_ERR_NUM; e++) cr_assert(seen >> e & 1, "code %u never produced", e);
  for (unsigned a = 0; a < FB_DEC_ERR_NUM; a++) {
    cr_assert_not_null(fb_dec_err_str(a));
    cr_assert_eq(strncmp(fb_dec_err_str(a), "FB_DEC_", 7), 0);
    for (unsigned b = 0; b < a; b++) cr_assert_str_neq(fb_dec_err_str(a), fb_dec_err_str(b));
  }
  cr_assert_str_eq(fb_dec_err_str(FB_DEC_ERR_NUM), "FB_DEC_ERR_?: unknown code");
}

/* Independent classifier: the SPEC/docs rules from bit accessors above. */
static unsigned classify(fb_word w, unsigned mode, unsigned *kind) {
  unsigned opc = (unsigned)field(w, 0, 12), pred = (unsigned)field(w, 12, 4);
  if (opc == 0x9F0) {
    *kind = FB_KIND_SFN;
    unsigned cnt = (unsigned)field(w, 16, 16), resv = 0;
    for (unsigned i = 32; i <= 99; i++) if (i != 87) resv |= bit(w, i);
    if (pred != 7) return FB_DEC_ERR_SFN_PRED;
    if (resv) return FB_DEC_ERR_SFN_RESERVED;
    if (cnt == 0) return FB_DEC_ERR_SFN_ZERO;
    if (cnt % 32) return FB_DEC_ERR_SFN_PARTIAL;
    if (cnt / 32 > 256) return FB_DEC_ERR_SFN_RANGE;
    if (mode == FB_MODE_CUDA && bit(w, 87)) return FB_DEC_ERR_CUDA_ALL;
    return FB_DEC_OK;
  }
  if (opc == 0x9F1) {
    *kind = FB_KIND_DEPBAR_X;
    for (unsigned i = 16; i <= 86; i++) if (bit(w, i)) return FB_DEC_ERR_DEP_RESERVED;
    return mode == FB_MODE_CUDA ? FB_DEC_ERR_CUDA_DEPBAR : FB_DEC_OK;
  }
  *kind = FB_KIND_OTHER;
  unsigned en = bit(w, 95), hi = 0, lo = 0;
  for (unsigned i = 87; i <= 94; i++) hi |= bit(w, i);
  for (unsigned i = 96; i <= 99; i++) lo |= bit(w, i);
  if (mode == FB_MODE_CUDA) return en ? FB_DEC_ERR_CUDA_REMOTE : (hi || lo) ? FB_DEC_ERR_CUDA_EXT : FB_DEC_OK;
  return (!en && hi) ? FB_DEC_ERR_HI_NO_EN : FB_DEC_OK;
}

/* A random word: the special opcodes half the time, reserved and extension
 * regions often zero so that legal words are frequent. */
static fb_word rnd_word(fbt_rng *r) {
  fb_word w = {fbt_next(r), fbt_next(r)};
  unsigned k = fbt_below(r, 6);
  if (k == 0 || k == 1) w.lo = (w.lo & ~0xFFFull) | 0x9F0;
  if (k == 2 || k == 3) w.lo = (w.lo & ~0xFFFull) | 0x9F1;
  if (fbt_chance(r, 1, 2)) {
    /* clear the reserved areas, then refill the extension region with one
     * of: nothing, a random ext, the ALL / low-DEPBAR bit 87 alone, the
     * enable bit alone, enable with random hi2/ext1 bits */
    w.lo &= 0xFFFFFFFFull;
    uint64_t ext = 0;
    switch (fbt_below(r, 5)) {
    case 1: ext = fbt_below(r, 8192); break;
    case 2: ext = 1; break;
    case 3: ext = 0x100; break;
    case 4: ext = 0x100 | fbt_below(r, 8192); break;
    default: break;
    }
    w.hi = (w.hi & ~((1ull << 36) - 1)) | (ext << 23);
    if (fbt_chance(r, 1, 2)) w.lo = (w.lo & ~0xF000ull) | 0x7000;   /* PT */
    if (fbt_chance(r, 1, 2)) w.lo = (w.lo & ~0xFFFF0000ull) | ((uint64_t)(fbt_below(r, 300) * 32) << 16);
  }
  return w;
}

/* Rationale: 400,000 random words in both modes: the decoder's kind and
 * error must equal the independent classifier's; on every legal word the
 * encoder must rebuild the word from the decoded fields even when every
 * bit the encoder owns is scrambled in the base (so the fields carry all
 * the information of those bits), and on every word the fields must be the
 * raw bits. */
Test(fiber_decode, random_words_round_trip) {
  fbt_rng r = fbt_rng_for("fiber_decode.random_words_round_trip");
  unsigned long legal = 0, per_err[FB_DEC_ERR_NUM] = {0};
  for (int it = 0; it < 400000; it++) {
    fb_word w = rnd_word(&r);
    unsigned mode = fbt_below(&r, 2), kind;
    unsigned err = classify(w, mode, &kind);
    fb_dec_out o;
    fb_dec_eval(w, mode, &DEF, &o);
    if (o.kind != kind || o.err != err)
      cr_assert_fail("word %016llx:%016llx mode %u: kind %u err %s, expected kind %u err %s",
                     (unsigned long long)w.hi, (unsigned long long)w.lo, mode, o.kind,
                     fb_dec_err_str(o.err), kind, fb_dec_err_str(err));
    per_err[err]++;
    cr_assert_eq(o.opc, field(w, 0, 12));
    cr_assert_eq(o.pred, field(w, 12, 4));
    if (kind == FB_KIND_OTHER) cr_assert_eq(o.ext, field(w, 87, 13));
    if (kind == FB_KIND_SFN) {
      cr_assert_eq(o.sfn_count, field(w, 16, 16));
      cr_assert_eq(o.sfn_all, bit(w, 87));
      cr_assert_eq(o.sfn_wefts, field(w, 16, 16) / 32);
    }
    if (kind == FB_KIND_DEPBAR_X) {
      cr_assert_eq(o.dep_reg, field(w, 87, 11));
      cr_assert_eq(o.dep_group, bit(w, 98));
      cr_assert_eq(o.dep_set, bit(w, 99));
    }
    if (err != FB_DEC_OK) continue;
    legal++;
    /* scramble the owned bits: [99:87] for ordinary words, [99:0] else */
    fb_word base = w;
    uint64_t s1 = fbt_next(&r), s2 = fbt_next(&r);
    if (kind == FB_KIND_OTHER) {
      base.hi ^= s2 & (0x1FFFull << 23);
    } else {
      base.lo ^= s1;
      base.hi ^= s2 & ((1ull << 36) - 1);
    }
    fb_word e = fb_enc(base, &o, &DEF);
    if (e.lo != w.lo || e.hi != w.hi)
      cr_assert_fail("round trip of %016llx:%016llx gave %016llx:%016llx", (unsigned long long)w.hi,
                     (unsigned long long)w.lo, (unsigned long long)e.hi, (unsigned long long)e.lo);
  }
  cr_assert_gt(legal, 50000ul);
  for (unsigned e = 0; e < FB_DEC_ERR_NUM; e++) cr_assert_gt(per_err[e], 0ul, "code %u not drawn", e);
}

/* Rationale: the encoder direction: random legal field sets written into
 * random base words decode to exactly those fields, and the baseline bits
 * (the opcode of an ordinary instruction, everything above bit 99) pass
 * through untouched. */
Test(fiber_decode, random_fields_encode_decode) {
  fbt_rng r = fbt_rng_for("fiber_decode.random_fields_encode_decode");
  for (int it = 0; it < 200000; it++) {
    fb_dec_out f;
    memset(&f, 0, sizeof f);
    fb_word base = {fbt_next(&r), fbt_next(&r)};
    unsigned mode = FB_MODE_FIBER;
    f.kind = (uint8_t)fbt_below(&r, 3);
    if (f.kind == FB_KIND_SFN) {
      f.opc = 0x9F0; f.pred = 7;
      f.sfn_wefts = (uint16_t)(1 + fbt_below(&r, 256));
      f.sfn_count = (uint16_t)(f.sfn_wefts * 32);
      f.sfn_all = (uint8_t)fbt_below(&r, 2);
    } else if (f.kind == FB_KIND_DEPBAR_X) {
      f.opc = 0x9F1; f.pred = (uint8_t)fbt_below(&r, 16);
      f.dep_reg = (uint16_t)fbt_below(&r, 2048);
      f.dep_group = (uint8_t)fbt_below(&r, 2);
      f.dep_set = (uint8_t)fbt_below(&r, 2);
    } else {
      while ((base.lo & 0xFFE) == 0x9F0) base.lo ^= 0x100;   /* not a FIBER opcode */
      f.opc = (uint16_t)(base.lo & 0xFFF);
      f.pred = (uint8_t)((base.lo >> 12) & 0xF);
      f.ext = (uint16_t)fbt_below(&r, 8192);
      if (!(f.ext & 0x100)) f.ext &= 0x1F00;                   /* legal without enable */
    }
    fb_word w = fb_enc(base, &f, &DEF);
    fb_dec_out o;
    fb_dec_eval(w, mode, &DEF, &o);
    cr_assert_eq(o.err, FB_DEC_OK, "it %d: %s", it, fb_dec_err_str(o.err));
    cr_assert_eq(memcmp(&o, &f, sizeof o), 0, "it %d: fields differ", it);
    cr_assert_eq(w.hi >> 36, base.hi >> 36, "bits 127..100 must pass through");
    if (f.kind == FB_KIND_OTHER) {
      cr_assert_eq(w.lo, base.lo);
      cr_assert_eq(w.hi & ((1ull << 23) - 1), base.hi & ((1ull << 23) - 1));
    }
  }
}

/* Rationale: the opcodes are parameters: with other values the default
 * opcodes become ordinary instructions and the new ones decode; opcode
 * parameters are used modulo 12 bits; equal parameters decode as
 * SET_FIBER_NUM. */
Test(fiber_decode, opcode_parameters) {
  fb_dec_cfg c = {0x123, 0x456};
  fb_word sfn_def = {0x010079F0ull, 0}, sfn_new = {0x01007123ull, 0}, dep_new = {0x7456ull, 0};
  fb_dec_out o;
  fb_dec_eval(sfn_def, FB_MODE_FIBER, &c, &o);
  cr_assert_eq(o.kind, FB_KIND_OTHER);
  fb_dec_eval(sfn_new, FB_MODE_FIBER, &c, &o);
  cr_assert_eq(o.kind, FB_KIND_SFN);
  cr_assert_eq(o.sfn_count, 256);
  fb_dec_eval(dep_new, FB_MODE_FIBER, &c, &o);
  cr_assert_eq(o.kind, FB_KIND_DEPBAR_X);
  fb_dec_cfg wide = {0xF123, 0xF456};
  fb_dec_eval(sfn_new, FB_MODE_FIBER, &wide, &o);
  cr_assert_eq(o.kind, FB_KIND_SFN);
  fb_dec_cfg same = {0x456, 0x456};
  fb_dec_eval(dep_new, FB_MODE_FIBER, &same, &o);
  cr_assert_eq(o.kind, FB_KIND_SFN);
  fb_dec_cfg d = fb_dec_cfg_default();
  cr_assert_eq(d.opc_sfn, FB_OPC_SET_FIBER_NUM_DEFAULT);
  cr_assert_eq(d.opc_depbar_x, FB_OPC_DEPBAR_X_DEFAULT);
  cr_assert_eq(fb_word_bit(setbit((fb_word){0, 0}, 99), 99), 1);
}
