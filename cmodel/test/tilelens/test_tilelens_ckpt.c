/*
 * test_tilelens_ckpt.c - the checkpoint promise of the TileLens library
 * (tilelens.h, "Checkpoint"): a copied or saved-and-restored tl_tma
 * continues bit-exactly mid-box, and a saved state of another layout
 * version, kind, size, byte order or a damaged one is refused.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "tilelens/tilelens.h"

static void start_box(tl_desc *d, tl_box *b) {
  /* Figure 9's tile-major FP8 384 x 128 matrix, box 128 x 64 at (256, 64) */
  cr_assert_eq(tl_desc_matrix_tiled(d, 0x100000, 384, 128, 1, 128, 32), TL_OK);
  cr_assert_eq(tl_box_2d(b, 256, 64, 128, 64, 0), TL_OK);
}

/* Why: a simulator checkpoints the TMA unit in the middle of a box (with
 * back-pressure on req_ready); the copy and the restored unit must emit the
 * same request every cycle to the end, with the same statistics and the
 * same final state as the original. */
Test(tilelens_ckpt, tma_continues_bit_exact) {
  tl_desc d;
  tl_box b;
  start_box(&d, &b);
  tl_tma u, c, r;
  cr_assert_eq(tl_tma_reset(&u), TL_OK);
  unsigned cyc = 0, ready_pat = 0x5B;
  cr_assert_eq(tl_tma_tick(&u, 1, 1, &d, &b), TL_OK);
  for (; cyc < 20; cyc++) cr_assert_eq(tl_tma_tick(&u, 0, (ready_pat >> (cyc % 8)) & 1u, &d, &b), TL_OK);
  cr_assert(u.busy, "mid-box");
  unsigned char buf[4096];
  size_t len = 0;
  cr_assert_eq(tl_tma_save(&u, buf, sizeof buf, &len), TL_OK);
  cr_assert_eq(len, TL_CKPT_HDR_BYTES + sizeof(tl_tma));
  c = u;
  cr_assert_eq(tl_tma_reset(&r), TL_OK);
  cr_assert_eq(tl_tma_restore(&r, buf, len), TL_OK);
  unsigned reqs = 0;
  for (; cyc < 400; cyc++) {
    unsigned rdy = (ready_pat >> (cyc % 8)) & 1u;
    cr_assert_eq(tl_tma_tick(&u, 0, rdy, &d, &b), TL_OK);
    cr_assert_eq(tl_tma_tick(&c, 0, rdy, &d, &b), TL_OK);
    cr_assert_eq(tl_tma_tick(&r, 0, rdy, &d, &b), TL_OK);
    cr_assert_eq(c.valid, u.valid, "cycle %u", cyc);
    cr_assert_eq(r.valid, u.valid, "cycle %u", cyc);
    if (u.valid) {
      cr_assert(c.req.src == u.req.src && c.req.dst == u.req.dst && c.req.bytes == u.req.bytes, "cycle %u", cyc);
      cr_assert(r.req.src == u.req.src && r.req.dst == u.req.dst && r.req.bytes == u.req.bytes, "cycle %u", cyc);
      reqs += rdy;
    }
    cr_assert_eq(r.done, u.done);
  }
  cr_assert(!u.busy, "the box finished");
  cr_assert_gt(reqs, 0);
  cr_assert(memcmp(&u.stats, &r.stats, sizeof u.stats) == 0);
  cr_assert(memcmp(&u, &c, sizeof u) == 0 && memcmp(&u, &r, sizeof u) == 0, "final state");
}

/* Why: a checkpoint of another version of the library (layout), of another
 * struct (kind, size), read in another byte order (magic) or damaged
 * (checksum, length) is refused and the unit is left as it was; a
 * never-reset unit is not saved; a small buffer is a named error. */
Test(tilelens_ckpt, refused) {
  tl_tma u, r, before;
  cr_assert_eq(tl_tma_reset(&u), TL_OK);
  unsigned char buf[4096], bad[4096];
  size_t len;
  cr_assert_eq(tl_tma_save(&u, buf, sizeof buf, &len), TL_OK);
  cr_assert_eq(tl_tma_init(&r, 2), TL_OK);
  before = r;
  static const struct { const char *why; unsigned off; unsigned char x; long dlen; } t[] = {
    {"magic", 0, 0x01, 0}, {"layout", 4, 0x01, 0}, {"kind", 6, 0x02, 0}, {"size", 8, 0x04, 0},
    {"checksum", 12, 0x80, 0}, {"payload", 40, 0x01, 0}, {"truncated", 0, 0, -1}, {"too long", 0, 0, 1},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    memcpy(bad, buf, len + 1);
    bad[t[i].off] ^= t[i].x;
    cr_assert_eq(tl_tma_restore(&r, bad, (size_t)((long)len + t[i].dlen)), TL_ERR_STATE, "%s", t[i].why);
    cr_assert(memcmp(&r, &before, sizeof r) == 0, "%s: unchanged", t[i].why);
  }
  memcpy(bad, buf, len);   /* another byte order: the magic reversed */
  for (unsigned k = 0; k < 4; k++) bad[k] = buf[3 - k];
  cr_assert_eq(tl_tma_restore(&r, bad, len), TL_ERR_STATE, "byte order");
  /* a well-formed checkpoint whose payload is no reset unit */
  tl_tma z;
  memset(&z, 0, sizeof z);
  cr_assert_eq(tl_ckpt_save(TL_CKPT_TMA, TL_CKPT_TMA_LAYOUT, &z, sizeof z, bad, sizeof bad, &len), TL_OK);
  cr_assert_eq(tl_tma_restore(&r, bad, len), TL_ERR_STATE, "payload not a reset unit");
  cr_assert(memcmp(&r, &before, sizeof r) == 0);
  cr_assert_eq(tl_tma_save(&z, buf, sizeof buf, &len), TL_ERR_STATE, "never reset");
  cr_assert_eq(tl_tma_save(&u, buf, 64, &len), TL_ERR_LIMIT, "buffer too small");
  cr_assert_eq(len, 0);
  cr_assert_eq(tl_tma_save(NULL, buf, sizeof buf, &len), TL_ERR_NULL);
  cr_assert_eq(tl_tma_restore(&r, NULL, 0), TL_ERR_NULL);
  cr_assert_eq(tl_ckpt_save(0, 1, &u, sizeof u, buf, sizeof buf, &len), TL_ERR_RANGE, "kind 0");
  cr_assert_eq(tl_ckpt_check(TL_CKPT_TMA, TL_CKPT_TMA_LAYOUT, 0, buf, len), TL_ERR_RANGE, "size 0");
}

/* Why: the generic pair is the mechanism other state structs reuse: any
 * kind and layout round-trip, and a load names the kind and layout it
 * expects. */
Test(tilelens_ckpt, generic_kind) {
  struct { uint64_t a; uint32_t b[3]; } x = {0x1234567890ull, {1, 2, 3}}, y;
  unsigned char buf[128];
  size_t len;
  cr_assert_eq(tl_ckpt_save(7, 3, &x, sizeof x, buf, sizeof buf, &len), TL_OK);
  memset(&y, 0, sizeof y);
  cr_assert_eq(tl_ckpt_load(7, 3, &y, sizeof y, buf, len), TL_OK);
  cr_assert(memcmp(&x, &y, sizeof x) == 0);
  cr_assert_eq(tl_ckpt_load(7, 4, &y, sizeof y, buf, len), TL_ERR_STATE, "another layout version");
  cr_assert_eq(tl_ckpt_load(8, 3, &y, sizeof y, buf, len), TL_ERR_STATE, "another kind");
}
