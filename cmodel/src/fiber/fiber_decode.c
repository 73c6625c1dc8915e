/*
 * fiber_decode.c - model of fiber_decode, the FIBER extended-field decoder.
 *
 * Reads the FIBER fields of one 128-bit SASS word (docs/fiber.md, "Encoding"):
 *   any instruction   word[99:87] = ext: hi2 of source k at 87+2k, enable at
 *                     95, extra low bit of source k at 96+k;
 *   SET_FIBER_NUM     opcode word[11:0] = OpcSetFiberNum, predicate [15:12],
 *                     fiber count [31:16], ALL-scope set of EMPTY [87],
 *                     every other bit of [99:16] reserved (zero);
 *   extended DEPBAR   opcode = OpcDepbarX, predicate [15:12], register
 *                     [97:87], group [98] (0 EMPTY, 1 FULL), set [99],
 *                     bits [86:16] reserved (zero).
 * Bits [127:100] are the baseline's scheduling-control bits and are neither
 * read nor written here. Each illegal encoding has its own error code; when
 * several apply the lowest-numbered one is reported. The encoder writes the
 * same fields back into a base word, so decode and encode are inverse on
 * every legal word.
 */
#include <string.h>

#include "fiber_internal.h"

fb_dec_cfg fb_dec_cfg_default(void) {
  fb_dec_cfg c = {FB_OPC_SET_FIBER_NUM_DEFAULT, FB_OPC_DEPBAR_X_DEFAULT};
  return c;
}

/* Reserved regions as bit ranges {lsb, width}. */
static unsigned any_set(fb_word w, unsigned lsb, unsigned width) {
  unsigned hit = 0;
  while (width) {
    unsigned n = width > 64 ? 64 : width;
    hit |= fb_word_get(w, lsb, n) != 0;
    lsb += n;
    width -= n;
  }
  return hit;
}

fb_err fb_dec_eval(fb_word w, unsigned mode, const fb_dec_cfg *cfg, fb_dec_out *o) {
  if (!o) return FB_ERR_NULL;
  memset(o, 0, sizeof *o);
  if (!cfg) return FB_ERR_NULL;
  mode &= 1u;
  o->opc = (uint16_t)fb_word_get(w, FB_OPC_LSB, FB_OPC_W);
  o->pred = (uint8_t)fb_word_get(w, FB_PRED_LSB, FB_PRED_W);
  unsigned ext = (unsigned)fb_word_get(w, FB_EXT_LSB, FB_EXT_W);

  if (o->opc == (cfg->opc_sfn & 0xFFFu)) {
    unsigned count = (unsigned)fb_word_get(w, FB_SFN_CNT_LSB, FB_SFN_CNT_W);
    o->kind = FB_KIND_SFN;
    o->sfn_count = (uint16_t)count;
    o->sfn_all = (uint8_t)fb_word_bit(w, FB_SFN_ALL_BIT);
    o->sfn_wefts = (uint16_t)(count >> 5);
    if (o->pred != FB_PRED_PT) o->err = FB_DEC_ERR_SFN_PRED;
    else if (any_set(w, 32, FB_SFN_ALL_BIT - 32) || any_set(w, FB_SFN_ALL_BIT + 1, 99 - FB_SFN_ALL_BIT))
      o->err = FB_DEC_ERR_SFN_RESERVED;
    else if (count == 0) o->err = FB_DEC_ERR_SFN_ZERO;
    else if (count % FB_LANES) o->err = FB_DEC_ERR_SFN_PARTIAL;
    else if (count > FB_MAX_FIBERS) o->err = FB_DEC_ERR_SFN_RANGE;
    else if (mode == FB_MODE_CUDA && o->sfn_all) o->err = FB_DEC_ERR_CUDA_ALL;
  } else if (o->opc == (cfg->opc_depbar_x & 0xFFFu)) {
    o->kind = FB_KIND_DEPBAR_X;
    o->dep_reg = (uint16_t)fb_word_get(w, FB_DEP_REG_LSB, FB_REG_W);
    o->dep_group = (uint8_t)fb_word_bit(w, FB_DEP_GRP_BIT);
    o->dep_set = (uint8_t)fb_word_bit(w, FB_DEP_SET_BIT);
    if (any_set(w, 16, FB_DEP_REG_LSB - 16)) o->err = FB_DEC_ERR_DEP_RESERVED;
    else if (mode == FB_MODE_CUDA) o->err = FB_DEC_ERR_CUDA_DEPBAR;
  } else {
    unsigned en = (ext >> FB_EXT_EN_OFF) & 1u;
    unsigned hi = ext & 0xFFu; /* the four hi2 fields */
    o->kind = FB_KIND_OTHER;
    o->ext = (uint16_t)ext;
    if (mode == FB_MODE_CUDA) {
      if (en) o->err = FB_DEC_ERR_CUDA_REMOTE;
      else if (ext) o->err = FB_DEC_ERR_CUDA_EXT;
    } else if (!en && hi) {
      o->err = FB_DEC_ERR_HI_NO_EN;
    }
  }
  return FB_OK;
}

fb_err fb_dec_eval_checked(fb_word w, unsigned mode, const fb_dec_cfg *cfg, fb_dec_out *o) {
  if (!o) return FB_ERR_NULL;
  memset(o, 0, sizeof *o);
  if (!cfg) return FB_ERR_NULL;
  if (mode > 1u || cfg->opc_sfn > 0xFFFu || cfg->opc_depbar_x > 0xFFFu) return FB_ERR_WIDTH;
  return fb_dec_eval(w, mode, cfg, o);
}

fb_word fb_enc(fb_word base, const fb_dec_out *f, const fb_dec_cfg *cfg) {
  fb_word w = base;
  if (!f || !cfg) return base;
  switch (f->kind) {
  case FB_KIND_SFN:
    w = fb_word_put(w, FB_OPC_LSB, FB_OPC_W, cfg->opc_sfn);
    w = fb_word_put(w, FB_PRED_LSB, FB_PRED_W, f->pred);
    w = fb_word_put(w, FB_SFN_CNT_LSB, FB_SFN_CNT_W, f->sfn_count);
    w = fb_word_put(w, 32, 55, 0);                             /* [86:32] */
    w = fb_word_put(w, FB_SFN_ALL_BIT, 1, f->sfn_all);
    w = fb_word_put(w, FB_SFN_ALL_BIT + 1, 99 - FB_SFN_ALL_BIT, 0); /* [99:88] */
    break;
  case FB_KIND_DEPBAR_X:
    w = fb_word_put(w, FB_OPC_LSB, FB_OPC_W, cfg->opc_depbar_x);
    w = fb_word_put(w, FB_PRED_LSB, FB_PRED_W, f->pred);
    w = fb_word_put(w, 16, 64, 0);                             /* [79:16] */
    w = fb_word_put(w, 80, FB_DEP_REG_LSB - 80, 0);            /* [86:80] */
    w = fb_word_put(w, FB_DEP_REG_LSB, FB_REG_W, f->dep_reg);
    w = fb_word_put(w, FB_DEP_GRP_BIT, 1, f->dep_group);
    w = fb_word_put(w, FB_DEP_SET_BIT, 1, f->dep_set);
    break;
  default:
    w = fb_word_put(w, FB_EXT_LSB, FB_EXT_W, f->ext);
    break;
  }
  return w;
}

fb_err fb_enc_checked(fb_word base, const fb_dec_out *f, const fb_dec_cfg *cfg, fb_word *out) {
  if (!out) return FB_ERR_NULL;
  *out = base;
  if (!f || !cfg) return FB_ERR_NULL;
  if (f->kind > FB_KIND_DEPBAR_X) return FB_ERR_RANGE;
  if (cfg->opc_sfn > 0xFFFu || cfg->opc_depbar_x > 0xFFFu) return FB_ERR_WIDTH;
  switch (f->kind) {
  case FB_KIND_SFN:
    if (f->pred > 0xFu || f->sfn_all > 1u) return FB_ERR_WIDTH;
    break;
  case FB_KIND_DEPBAR_X:
    if (f->pred > 0xFu || f->dep_group > 1u || f->dep_set > 1u) return FB_ERR_WIDTH;
    if (f->dep_reg > 0x7FFu) return FB_ERR_RANGE;
    break;
  default:
    if (f->ext > 0x1FFFu) return FB_ERR_WIDTH;
    break;
  }
  *out = fb_enc(base, f, cfg);
  return FB_OK;
}

const char *fb_dec_err_str(unsigned err) {
  static const char *const s[FB_DEC_ERR_NUM] = {
    "FB_DEC_OK: legal",
    "FB_DEC_ERR_CUDA_REMOTE: enable bit set in CUDA-native mode",
    "FB_DEC_ERR_CUDA_EXT: extension bits set in CUDA-native mode",
    "FB_DEC_ERR_HI_NO_EN: high address bits set without the enable bit",
    "FB_DEC_ERR_SFN_PRED: SET_FIBER_NUM predicate is not PT",
    "FB_DEC_ERR_SFN_RESERVED: SET_FIBER_NUM reserved bit set",
    "FB_DEC_ERR_SFN_ZERO: SET_FIBER_NUM fiber count is 0",
    "FB_DEC_ERR_SFN_PARTIAL: SET_FIBER_NUM fiber count not a multiple of 32",
    "FB_DEC_ERR_SFN_RANGE: SET_FIBER_NUM fiber count above 8192",
    "FB_DEC_ERR_CUDA_ALL: ALL-scope set in CUDA-native mode",
    "FB_DEC_ERR_DEP_RESERVED: extended DEPBAR reserved bit set",
    "FB_DEC_ERR_CUDA_DEPBAR: extended DEPBAR in CUDA-native mode",
  };
  return err < FB_DEC_ERR_NUM ? s[err] : "FB_DEC_ERR_?: unknown code";
}
