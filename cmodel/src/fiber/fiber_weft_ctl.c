/*
 * fiber_weft_ctl.c - model of fiber_weft_ctl, the SET_FIBER_NUM controller.
 *
 * Keeps, for each of the four SPs, which of its 64 weft contexts are active
 * and which have arrived at a pending SET_FIBER_NUM. Global weft w lives on
 * SP w % 4 in local slot w / 4 (the static weft-to-SP mapping), so an SM
 * weft count W gives SP s the local slots 0 .. n_s-1, n_s = (W + 3 - s) / 4
 * for W > s.
 *
 * SET_FIBER_NUM is an SM-wide synchronization. A weft that issues it is
 * marked arrived and stops issuing; the first arrival records the requested
 * weft count, the ALL-scope bit and the instruction's PC, and every later
 * arrival must match them (else it is divergent code and refused). When,
 * at the start of a cycle, every active context of every SP has arrived,
 * that cycle is the release: the active set becomes exactly wefts
 * 0 .. W-1; contexts beyond it are masked (stopped), missing ones are
 * spawned with fresh state at the instruction after the SET_FIBER_NUM, the
 * arrived marks are cleared, and the ALL-scope set (if requested) is driven
 * to the busy bitmap in that same cycle. From the next cycle all W wefts
 * are eligible. EXIT stops one context (and may complete a pending
 * synchronization); a kernel launch starts wefts 0 .. W-1 at the launch PC.
 * Operations that cannot happen in a correct program (from an inactive or
 * waiting weft, divergent, out of range) are refused with an error code and
 * change nothing.
 */
#include <string.h>

#include "fiber_internal.h"

#define WC_PC_MASK FB_MASK(FB_PC_W)

/* Set by fb_wc_reset; a state without it was never reset. */
#define WC_MAGIC FB_WC_MAGIC

fb_err fb_wc_reset(fb_wc *w) {
  if (!w) return FB_ERR_NULL;
  memset(w, 0, sizeof *w);
  w->magic = WC_MAGIC;
  return FB_OK;
}

unsigned fb_wc_sp_wefts(unsigned wefts, unsigned sp) {
  sp &= 0x3u;
  if (wefts > FB_SM_WEFTS) wefts = FB_SM_WEFTS;
  return wefts > sp ? (wefts - sp + 3u) / 4u : 0u;
}

static uint64_t prefix(unsigned n) { return n >= 64 ? ~0ull : (1ull << n) - 1u; }

fb_err fb_wc_step(fb_wc *w, const fb_wc_in *in, fb_wc_out *o) {
  if (o) memset(o, 0, sizeof *o);
  if (!w || !in || !o) return FB_ERR_NULL;
  if (w->magic != WC_MAGIC) return FB_ERR_STATE;
  fb_wc nx = *w;

  unsigned release = w->pend;
  for (unsigned s = 0; s < FB_NSP; s++) {
    o->active[s] = w->active[s];
    o->eligible[s] = w->active[s] & ~w->arrived[s];
    if (o->eligible[s]) release = 0;
  }

  unsigned launch = in->launch & 1u;
  unsigned lw = in->launch_wefts & 0x1FFu;
  if (launch && lw > FB_SM_WEFTS) {
    o->launch_err = 1;
    launch = 0;
  }

  if (launch) {
    for (unsigned s = 0; s < FB_NSP; s++) {
      uint64_t na = prefix(fb_wc_sp_wefts(lw, s));
      o->spawn[s] = na;                  /* a new kernel: every context fresh */
      o->mask[s] = w->active[s] & ~na;
      nx.active[s] = na;
      nx.arrived[s] = 0;
      if (in->sp[s].op & 0x3u) o->err[s] = FB_WC_ERR_LAUNCH;
    }
    nx.pend = 0;
    nx.pend_wefts = 0;
    nx.pend_all = 0;
    nx.pend_pc = 0;
    o->spawn_pc = in->launch_pc & WC_PC_MASK;
    *w = nx;
    return FB_OK;
  }

  if (release) {
    for (unsigned s = 0; s < FB_NSP; s++) {
      uint64_t na = prefix(fb_wc_sp_wefts(w->pend_wefts, s));
      o->spawn[s] = na & ~w->active[s];
      o->mask[s] = w->active[s] & ~na;
      nx.active[s] = na;
      nx.arrived[s] = 0;
    }
    o->release = 1;
    o->all_set = w->pend_all;
    o->spawn_pc = (w->pend_pc + FB_INSN_BYTES) & WC_PC_MASK;
    nx.pend = 0;
    nx.pend_wefts = 0;
    nx.pend_all = 0;
    nx.pend_pc = 0;
  }

  /* SP operations, checked against the state at the start of the cycle. In
   * a release cycle every active context has arrived, so every operation is
   * refused (inactive or waiting) and the release is unaffected. */
  unsigned pend = w->pend;
  unsigned pw = w->pend_wefts, pa = w->pend_all;
  uint64_t ppc = w->pend_pc;
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_wc_sp_in *p = &in->sp[s];
    unsigned op = p->op & 0x3u;
    if (op == FB_WC_NONE) continue;
    uint64_t bit = 1ull << (p->weft & 0x3Fu);
    if (op != FB_WC_ARRIVE && op != FB_WC_EXIT) {
      o->err[s] = FB_WC_ERR_OP;
      continue;
    }
    if (!(w->active[s] & bit)) {
      o->err[s] = FB_WC_ERR_INACTIVE;
      continue;
    }
    if (w->arrived[s] & bit) {
      o->err[s] = FB_WC_ERR_WAITING;
      continue;
    }
    if (op == FB_WC_EXIT) {
      nx.active[s] &= ~bit;
      continue;
    }
    unsigned wefts = p->wefts & 0x1FFu, all = p->all & 1u;
    uint64_t pc = p->pc & WC_PC_MASK;
    if (wefts == 0 || wefts > FB_SM_WEFTS) {
      o->err[s] = FB_WC_ERR_COUNT;
      continue;
    }
    if (pend && (wefts != pw || all != pa || pc != ppc)) {
      o->err[s] = FB_WC_ERR_DIVERGENT;
      continue;
    }
    if (!pend) { /* the first arrival records the request */
      pend = 1;
      pw = wefts;
      pa = all;
      ppc = pc;
      nx.pend = 1;
      nx.pend_wefts = (uint16_t)wefts;
      nx.pend_all = (uint8_t)all;
      nx.pend_pc = pc;
    }
    nx.arrived[s] |= bit;
  }
  *w = nx;
  return FB_OK;
}

fb_err fb_wc_step_checked(fb_wc *w, const fb_wc_in *in, fb_wc_out *o) {
  if (o) memset(o, 0, sizeof *o);
  if (!w || !in || !o) return FB_ERR_NULL;
  if (w->magic != WC_MAGIC) return FB_ERR_STATE;
  if (in->launch > 1u || in->launch_wefts > 0x1FFu || in->launch_pc > WC_PC_MASK) return FB_ERR_WIDTH;
  for (unsigned s = 0; s < FB_NSP; s++) {
    const fb_wc_sp_in *p = &in->sp[s];
    if (p->op > 3u || p->weft > 0x3Fu || p->wefts > 0x1FFu || p->all > 1u || p->pc > WC_PC_MASK)
      return FB_ERR_WIDTH;
  }
  return fb_wc_step(w, in, o);
}

const char *fb_wc_err_str(unsigned err) {
  static const char *const s[FB_WC_ERR_NUM] = {
    "FB_WC_OK: accepted",
    "FB_WC_ERR_INACTIVE: operation from an inactive weft context",
    "FB_WC_ERR_WAITING: operation from a weft waiting at SET_FIBER_NUM",
    "FB_WC_ERR_DIVERGENT: SET_FIBER_NUM differs from the pending one",
    "FB_WC_ERR_COUNT: weft count 0 or above 256",
    "FB_WC_ERR_LAUNCH: operation in a launch cycle",
    "FB_WC_ERR_OP: undefined operation code",
  };
  return err < FB_WC_ERR_NUM ? s[err] : "FB_WC_ERR_?: unknown code";
}
