/*
 * tilelens_ckpt.c - checkpoint of the library's state structs: a 16-byte
 * header (magic, layout version, kind, payload size, FNV-1a checksum) and
 * the struct's bytes. State structs hold no pointers, so a struct copy is
 * a checkpoint as well; the saved form adds the checks that a state from
 * another version of the library, another kind or a damaged file is
 * refused. One generic pair (tl_ckpt_save / tl_ckpt_load) serves every
 * state struct: a block adds a kind and its layout version (tilelens.h).
 */
#include "tilelens_internal.h"

#include <string.h>

/* FNV-1a, 32 bits. */
static uint32_t ckpt_sum(const unsigned char *p, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
  return h;
}

_Static_assert(sizeof(tl_ckpt_hdr) == TL_CKPT_HDR_BYTES, "checkpoint header is 16 bytes");

tl_status tl_ckpt_save(uint32_t kind, uint32_t layout, const void *obj, size_t size, void *buf, size_t cap,
                       size_t *len) {
  if (len) *len = 0;
  if (!obj || !buf) return TL_ERR_NULL;
  if (kind == 0 || kind > 0xFFFFu || layout > 0xFFFFu || size == 0 || size > 0xFFFFFFFFu) return TL_ERR_RANGE;
  if (cap < TL_CKPT_HDR_BYTES + size) return TL_ERR_LIMIT;
  tl_ckpt_hdr h = {TL_CKPT_MAGIC, (uint16_t)layout, (uint16_t)kind, (uint32_t)size,
                   ckpt_sum((const unsigned char *)obj, size)};
  memcpy(buf, &h, sizeof h);
  memcpy((unsigned char *)buf + TL_CKPT_HDR_BYTES, obj, size);
  if (len) *len = TL_CKPT_HDR_BYTES + size;
  return TL_OK;
}

tl_status tl_ckpt_check(uint32_t kind, uint32_t layout, size_t size, const void *buf, size_t len) {
  if (!buf) return TL_ERR_NULL;
  if (kind == 0 || kind > 0xFFFFu || layout > 0xFFFFu || size == 0 || size > 0xFFFFFFFFu) return TL_ERR_RANGE;
  tl_ckpt_hdr h;
  if (len < TL_CKPT_HDR_BYTES) return TL_ERR_STATE;
  memcpy(&h, buf, sizeof h);
  if (h.magic != TL_CKPT_MAGIC || h.layout != layout || h.kind != kind || h.size != size ||
      len != TL_CKPT_HDR_BYTES + size || h.sum != ckpt_sum((const unsigned char *)buf + TL_CKPT_HDR_BYTES, size))
    return TL_ERR_STATE;
  return TL_OK;
}

tl_status tl_ckpt_load(uint32_t kind, uint32_t layout, void *obj, size_t size, const void *buf, size_t len) {
  if (!obj) return TL_ERR_NULL;
  tl_status st = tl_ckpt_check(kind, layout, size, buf, len);
  if (st != TL_OK) return st;
  memcpy(obj, (const unsigned char *)buf + TL_CKPT_HDR_BYTES, size);
  return TL_OK;
}

tl_status tl_tma_save(const tl_tma *u, void *buf, size_t cap, size_t *len) {
  if (len) *len = 0;
  if (!u || !buf) return TL_ERR_NULL;
  tl_tma fresh;
  tl_tma_reset(&fresh);
  if (u->tag != fresh.tag) return TL_ERR_STATE;   /* never reset: nothing to save */
  return tl_ckpt_save(TL_CKPT_TMA, TL_CKPT_TMA_LAYOUT, u, sizeof *u, buf, cap, len);
}

tl_status tl_tma_restore(tl_tma *u, const void *buf, size_t len) {
  if (!u || !buf) return TL_ERR_NULL;
  tl_tma tmp, fresh;
  tl_status st = tl_ckpt_load(TL_CKPT_TMA, TL_CKPT_TMA_LAYOUT, &tmp, sizeof tmp, buf, len);
  if (st != TL_OK) return st;
  tl_tma_reset(&fresh);
  if (tmp.tag != fresh.tag || tmp.sum_stages > TL_SPLIT_SUM_STAGES_MAX) return TL_ERR_STATE;
  *u = tmp;
  return TL_OK;
}
