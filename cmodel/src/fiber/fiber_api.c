/*
 * fiber_api.c - the library-wide parts of the C API: error names, the
 * library's version and the checkpoint of the state structs.
 */
#include <string.h>

#include "fiber_internal.h"

const char *fb_err_str(fb_err e) {
  static const char *const s[FB_ERR_NUM] = {
    "FB_OK: no error",
    "FB_ERR_NULL: a NULL pointer argument",
    "FB_ERR_RANGE: a value out of range (register id >= register count, parameter outside its range)",
    "FB_ERR_WIDTH: a value wider than its port (strict mode)",
    "FB_ERR_STATE: an object never set up by its reset (or corrupted)",
    "FB_ERR_CONTRACT: a call the per-cycle contract forbids (another instruction while passes remain)",
    "FB_ERR_DEADLOCK: an SP presented an instruction for the limit of cycles without a grant",
    "FB_ERR_CKPT: a checkpoint refused (magic, layout version, kind, size or checksum)",
  };
  return (unsigned)e < FB_ERR_NUM ? s[e] : "FB_ERR_?: unknown code";
}

const char *fb_version(void) { return FIBER_VERSION_STRING; }

/* ---- checkpoint: a 16-byte header and the struct's bytes ---- */

/* Size of the struct of a kind, 0 for an unknown kind. */
static unsigned long ckpt_size(unsigned kind) {
  switch (kind) {
  case FB_CKPT_ISSUE: return sizeof(fb_issue);
  case FB_CKPT_BM: return sizeof(fb_bm);
  case FB_CKPT_ARB: return sizeof(fb_arb);
  case FB_CKPT_XBAR: return sizeof(fb_xbar);
  case FB_CKPT_WC: return sizeof(fb_wc);
  default: return 0;
  }
}

/* An object of the kind as its reset leaves it (never reset or corrupted
 * ones are refused, on save and on restore). */
static int ckpt_valid(unsigned kind, const void *obj) {
  switch (kind) {
  case FB_CKPT_ISSUE: return fb_issue_valid((const fb_issue *)obj);
  case FB_CKPT_BM: return fb_bm_ok((const fb_bm *)obj);
  case FB_CKPT_ARB: return ((const fb_arb *)obj)->start < FB_NSP;
  case FB_CKPT_XBAR: {
    const fb_xbar *x = (const fb_xbar *)obj;
    return x->lanes >= 1 && x->lanes <= FB_XBAR_MAX_LANES && x->width >= 1 && x->width <= FB_XBAR_MAX_WIDTH;
  }
  case FB_CKPT_WC: return ((const fb_wc *)obj)->magic == FB_WC_MAGIC;
  default: return 0;
  }
}

/* FNV-1a, 32 bits. */
static uint32_t ckpt_sum(const unsigned char *p, unsigned long n) {
  uint32_t h = 2166136261u;
  for (unsigned long i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
  return h;
}

unsigned long fb_ckpt_bytes(unsigned kind) {
  unsigned long n = ckpt_size(kind);
  return n ? FB_CKPT_HDR_BYTES + n : 0;
}

fb_err fb_ckpt_save(unsigned kind, const void *obj, void *buf, unsigned long cap, unsigned long *len) {
  if (len) *len = 0;
  if (!obj || !buf) return FB_ERR_NULL;
  unsigned long n = ckpt_size(kind);
  if (!n || cap < FB_CKPT_HDR_BYTES + n) return FB_ERR_RANGE;
  if (!ckpt_valid(kind, obj)) return FB_ERR_STATE;
  fb_ckpt_hdr h = {FB_CKPT_MAGIC, (uint16_t)FB_CKPT_LAYOUT, (uint16_t)kind, (uint32_t)n,
                   ckpt_sum((const unsigned char *)obj, n)};
  _Static_assert(sizeof(fb_ckpt_hdr) == FB_CKPT_HDR_BYTES, "checkpoint header is 16 bytes");
  memcpy(buf, &h, sizeof h);
  memcpy((unsigned char *)buf + FB_CKPT_HDR_BYTES, obj, n);
  if (len) *len = FB_CKPT_HDR_BYTES + n;
  return FB_OK;
}

fb_err fb_ckpt_restore(unsigned kind, void *obj, const void *buf, unsigned long len) {
  if (!obj || !buf) return FB_ERR_NULL;
  unsigned long n = ckpt_size(kind);
  if (!n) return FB_ERR_RANGE;
  fb_ckpt_hdr h;
  if (len < FB_CKPT_HDR_BYTES) return FB_ERR_CKPT;
  memcpy(&h, buf, sizeof h);
  const unsigned char *pay = (const unsigned char *)buf + FB_CKPT_HDR_BYTES;
  if (h.magic != FB_CKPT_MAGIC || h.layout != FB_CKPT_LAYOUT || h.kind != kind || h.size != n ||
      len != FB_CKPT_HDR_BYTES + n || h.sum != ckpt_sum(pay, n))
    return FB_ERR_CKPT;
  /* the payload must be a valid object before anything is written */
  union {
    fb_issue issue;
    fb_bm bm;
    fb_arb arb;
    fb_xbar xbar;
    fb_wc wc;
  } tmp;
  memcpy(&tmp, pay, n);
  if (!ckpt_valid(kind, &tmp)) return FB_ERR_STATE;
  memcpy(obj, &tmp, n);
  return FB_OK;
}
