/*
 * tilelens_pf_degree.c - cycle model of rtl/tilelens/tilelens_pf_degree.v:
 * the prefetch degree of paper Eq. 6 (section 5.3) with the plane-collision
 * factor, recomputed by a restoring divider whenever the grid's CTA count
 * changes. docs/tilelens_prefetch.md fixes the semantics; the header
 * (tilelens.h, "tilelens_pf") lists the ports.
 */
#include "tilelens_internal.h"

#define PF_DEG_TAG 0x54504644u /* "TPFD": initialized by tl_pf_degree_init */

uint64_t tl_pf_degree_eq6(uint64_t bl, uint64_t pwave, uint64_t kiters, uint64_t factor) {
  if (pwave == 0) return kiters;
  tl_u128 fq = (tl_u128)factor * (bl / pwave);
  return fq < kiters ? (uint64_t)fq : kiters;
}

static uint32_t pf_nbits(uint32_t qbits) { return (TL_PF_BL_BITS + qbits - 1u) / qbits * qbits; }

static void pf_degree_clear(tl_pf_degree *u) {
  u->slots = u->ptile = u->ctas_left = u->bl = u->kiters = 0;
  u->cnt = u->act = u->pwave = u->rem = u->quo = u->degree = 0;
  u->err = TL_OK;
}

tl_status tl_pf_degree_init(tl_pf_degree *u, uint32_t factor, uint32_t qbits) {
  if (!u) return TL_ERR_NULL;
  if (factor < 1 || factor > TL_PF_FACTOR_MAX || qbits < 1 || qbits > TL_PF_BL_BITS) return TL_ERR_RANGE;
  *u = (tl_pf_degree){0};
  u->factor = factor;
  u->qbits = qbits;
  u->tag = PF_DEG_TAG;
  pf_degree_clear(u);
  return TL_OK;
}

static uint32_t pf_active(const tl_pf_degree *u) { return u->ctas_left < u->slots ? u->ctas_left : u->slots; }

static void pf_degree_outputs(const tl_pf_degree *u, tl_pf_degree_out *out) {
  out->degree = u->degree;
  out->busy = u->cnt != 0;
  out->err = u->err;
  out->active = pf_active(u);
  out->ctas_left = u->ctas_left;
}

static int pf_bit(uint32_t v) { return v <= 1; }

tl_status tl_pf_degree_step(tl_pf_degree *u, const tl_pf_degree_in *in, tl_pf_degree_out *out) {
  if (out) *out = (tl_pf_degree_out){0};
  if (!u || !in || !out) return TL_ERR_NULL;
  if (u->tag != PF_DEG_TAG) return TL_ERR_STATE;
  if (!pf_bit(in->rst_n) || !pf_bit(in->cfg_valid) || !pf_bit(in->retire) || in->nsm >> TL_PF_NSM_BITS ||
      in->csm >> TL_PF_CSM_BITS || in->ptile >> TL_PF_PTILE_BITS || in->ctas >> TL_PF_CTA_BITS ||
      in->bl >> TL_PF_BL_BITS || in->kiters >> TL_PF_KIT_BITS)
    return TL_ERR_RANGE;
  if (!in->rst_n) {            /* asynchronous reset: cleared at once */
    pf_degree_clear(u);
    pf_degree_outputs(u, out);
    return TL_OK;
  }
  pf_degree_outputs(u, out);
  u->stats.cycles++;
  if (u->cnt) u->stats.busy_cycles++;
  /* the edge */
  tl_status ev = TL_OK;
  int start = 0;
  if (in->cfg_valid) {
    if (!in->nsm || !in->csm || !in->ptile || !in->ctas || !in->kiters) {
      ev = TL_ERR_PF_CONFIG;
    } else {
      u->slots = in->nsm * in->csm;
      u->ptile = in->ptile;
      u->ctas_left = in->ctas;
      u->bl = in->bl;
      u->kiters = in->kiters;
      u->stats.configs++;
      start = 1;
    }
    u->err = ev;
  } else if (in->retire) {
    if (!u->ctas_left) {
      ev = TL_ERR_PF_RETIRE;
    } else {
      u->ctas_left--;
      u->stats.retires++;
      start = 1;
    }
    u->err = ev;
  }
  if (ev != TL_OK) u->stats.rejected++;
  uint32_t nb = pf_nbits(u->qbits);
  if (start) {
    if (u->cnt) u->stats.restarts++;
    u->cnt = nb / u->qbits + 3u;
  } else if (u->cnt == nb / u->qbits + 3u) {   /* active CTAs registered */
    u->act = pf_active(u);
    u->cnt--;
  } else if (u->cnt == nb / u->qbits + 2u) {   /* p_wave formed, divider loaded */
    u->pwave = u->act * u->ptile;
    u->rem = 0;
    u->quo = u->bl;
    u->cnt--;
  } else if (u->cnt == 1u) {                   /* Eq. 6 from the quotient */
    uint64_t fq = (uint64_t)u->factor * u->quo;
    u->degree = fq < u->kiters ? (uint32_t)fq : u->kiters;
    u->stats.divisions++;
    u->cnt = 0;
  } else if (u->cnt) {                         /* qbits restoring steps */
    for (uint32_t i = 0; i < u->qbits; i++) {
      uint64_t t = ((uint64_t)u->rem << 1) | ((u->quo >> (nb - 1u)) & 1u);
      uint32_t ge = t >= u->pwave;
      if (ge) t -= u->pwave;
      u->rem = (uint32_t)(t & ((1u << TL_PF_BL_BITS) - 1u));
      u->quo = (uint32_t)((((uint64_t)u->quo << 1) | ge) & ((nb >= 32 ? 0xffffffffu : (1u << nb) - 1u)));
    }
    u->cnt--;
  }
  return ev;
}

/* ---- checkpoint ------------------------------------------------------------ */
tl_status tl_pf_degree_save(const tl_pf_degree *u, void *buf, size_t cap, size_t *len) {
  if (len) *len = 0;
  if (!u || !buf) return TL_ERR_NULL;
  if (u->tag != PF_DEG_TAG) return TL_ERR_STATE;
  return tl_ckpt_save(TL_CKPT_PF_DEGREE, TL_CKPT_PF_DEGREE_LAYOUT, u, sizeof *u, buf, cap, len);
}

/* A state the model can reach from its reset. */
static int pf_degree_valid(const tl_pf_degree *u) {
  if (u->tag != PF_DEG_TAG || u->factor < 1 || u->factor > TL_PF_FACTOR_MAX || u->qbits < 1 ||
      u->qbits > TL_PF_BL_BITS)
    return 0;
  uint32_t nb = pf_nbits(u->qbits);
  if (u->slots >> TL_PF_SLOT_BITS || u->ptile >> TL_PF_PTILE_BITS || u->ctas_left >> TL_PF_CTA_BITS ||
      u->bl >> TL_PF_BL_BITS || u->kiters >> TL_PF_KIT_BITS || u->act > u->slots ||
      u->pwave >> TL_PF_PWAVE_BITS || u->rem >> TL_PF_BL_BITS || (nb < 32 && u->quo >> nb) ||
      u->cnt > nb / u->qbits + 3u || u->degree >> TL_PF_KIT_BITS)
    return 0;
  return u->err == TL_OK || u->err == TL_ERR_PF_CONFIG || u->err == TL_ERR_PF_RETIRE;
}

tl_status tl_pf_degree_restore(tl_pf_degree *u, const void *buf, size_t len) {
  if (!u || !buf) return TL_ERR_NULL;
  tl_pf_degree tmp;
  tl_status st = tl_ckpt_load(TL_CKPT_PF_DEGREE, TL_CKPT_PF_DEGREE_LAYOUT, &tmp, sizeof tmp, buf, len);
  if (st != TL_OK) return st;
  if (!pf_degree_valid(&tmp)) return TL_ERR_STATE;
  *u = tmp;
  return TL_OK;
}
