/*
 * test_fiber_xbar.c - Criterion tests of the operand crossbar model.
 *
 * The crossbar routes bank-port words to requesting SPs with a one-hot
 * select that is decoded and registered at issue. The tests check the
 * decode (fb_xbar_onehot), the parameter limits, the one-cycle select
 * latency, every (SP, operand, port) route, lane and width masking, the
 * AND-OR on a select with several bits, a random comparison with a
 * reference that picks the port by its index, and the composition selector
 * -> arbiter -> banks -> crossbar: every granted SP receives exactly the
 * registers it named, broadcasts included.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "fiber.h"
#include "fiber_test_util.h"

/* A recognisable value for port p, lane l, cycle c. */
static uint64_t tag(unsigned p, unsigned l, unsigned c) {
  return 0x9E3779B97F4A7C15ull * (1 + p) ^ ((uint64_t)l << 40) ^ ((uint64_t)c << 8) ^ (p << 4) ^ l;
}

static fb_xbar_in in_buf, in_buf2;
static fb_xbar_out out_buf;

/* Rationale: the issue stage decodes (valid, port) once into the one-hot
 * select the crossbar registers; valid is bit 0 and the port its low three
 * bits, like the RTL ports of those widths. */
Test(fiber_xbar, onehot_decode) {
  for (unsigned v = 0; v < 4; v++)
    for (unsigned p = 0; p < 16; p++)
      cr_assert_eq(fb_xbar_onehot(v, p), (v & 1) ? 1u << (p % 8) : 0u, "valid %u port %u", v, p);
}

/* Rationale: lanes 1..32 and width 1..64 are the legal parameters; reset
 * refuses the rest and clears the select register, so the first cycle
 * after reset routes nothing. */
Test(fiber_xbar, reset_and_parameters) {
  static const struct { unsigned lanes, width; int ok; } t[] = {
    {32, 32, 0}, {1, 1, 0}, {32, 64, 0}, {4, 8, 0}, {0, 32, FB_ERR_RANGE}, {33, 32, FB_ERR_RANGE},
    {32, 0, FB_ERR_RANGE}, {32, 65, FB_ERR_RANGE},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    fb_xbar x;
    memset(&x, 0xFF, sizeof x);
    int rc = fb_xbar_reset(&x, t[i].lanes, t[i].width);
    cr_assert_eq(rc, t[i].ok, "lanes %u width %u", t[i].lanes, t[i].width);
    if (rc) continue;
    memset(&in_buf, 0xFF, sizeof in_buf);
    fb_xbar_step(&x, &in_buf, &out_buf);
    for (unsigned s = 0; s < 4; s++) {
      cr_assert_eq(out_buf.valid[s], 0);
      for (unsigned k = 0; k < 4; k++)
        for (unsigned l = 0; l < FB_XBAR_MAX_LANES; l++) cr_assert_eq(out_buf.opnd[s][k].lane[l], 0);
    }
  }
}

/* Rationale: the select is registered at issue (paper: "configured at issue
 * stage"): the route chosen in cycle t applies to the data of cycle t+1,
 * not to the data of cycle t. Every SP x operand x port combination is
 * driven once; the data change every cycle, so a zero-latency or two-cycle
 * crossbar would deliver the wrong cycle's tag. */
Test(fiber_xbar, every_route_one_cycle_later) {
  fb_xbar x;
  cr_assert_eq(fb_xbar_reset(&x, 32, 32), 0);
  unsigned cyc = 0;
  for (unsigned p = 0; p < 8; p++)
    for (unsigned s = 0; s < 4; s++)
      for (unsigned k = 0; k < 4; k++) {
        memset(&in_buf, 0, sizeof in_buf);
        in_buf.sel_oh[s][k] = fb_xbar_onehot(1, p);
        for (unsigned q = 0; q < 8; q++)
          for (unsigned l = 0; l < 32; l++) in_buf.port_data[q].lane[l] = tag(q, l, cyc);
        fb_xbar_step(&x, &in_buf, &out_buf);  /* cycle t: select registered */
        cyc++;
        memset(&in_buf2, 0, sizeof in_buf2);
        for (unsigned q = 0; q < 8; q++)
          for (unsigned l = 0; l < 32; l++) in_buf2.port_data[q].lane[l] = tag(q, l, cyc);
        fb_xbar_step(&x, &in_buf2, &out_buf); /* cycle t+1: data routed */
        for (unsigned s2 = 0; s2 < 4; s2++) {
          cr_assert_eq(out_buf.valid[s2], s2 == s ? 1u << k : 0u);
          for (unsigned k2 = 0; k2 < 4; k2++)
            for (unsigned l = 0; l < 32; l++) {
              uint64_t e = (s2 == s && k2 == k) ? tag(p, l, cyc) & 0xFFFFFFFFull : 0;
              cr_assert_eq(out_buf.opnd[s2][k2].lane[l], e, "p %u s %u k %u lane %u", p, s, k, l);
            }
        }
        cyc++;
      }
}

/* Rationale: lanes and width are parameters; an instance of 4 lanes x 8
 * bits carries only those bits, every other output bit is 0; a 64-bit
 * instance carries all 64. The decode uses the port modulo its 3-bit
 * width (port 11 is port 3). */
Test(fiber_xbar, lanes_width_masking) {
  static const struct { unsigned lanes, width; } t[] = {{4, 8}, {32, 64}, {1, 1}, {17, 33}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    fb_xbar x;
    cr_assert_eq(fb_xbar_reset(&x, t[i].lanes, t[i].width), 0);
    memset(&in_buf, 0, sizeof in_buf);
    in_buf.sel_oh[2][0] = fb_xbar_onehot(0xF1, 11); /* valid bit 0, port 3 */
    fb_xbar_step(&x, &in_buf, &out_buf);
    for (unsigned q = 0; q < 8; q++)
      for (unsigned l = 0; l < 32; l++) in_buf.port_data[q].lane[l] = tag(q, l, 7);
    fb_xbar_step(&x, &in_buf, &out_buf);
    cr_assert_eq(out_buf.valid[2], 0x1);
    uint64_t m = t[i].width == 64 ? ~0ull : (1ull << t[i].width) - 1;
    for (unsigned l = 0; l < 32; l++)
      cr_assert_eq(out_buf.opnd[2][0].lane[l], l < t[i].lanes ? tag(3, l, 7) & m : 0,
                   "lanes %u width %u lane %u", t[i].lanes, t[i].width, l);
  }
}

/* Rationale: the routing is an AND-OR of the registered select and the
 * port words, so a select with several bits (never produced by the issue
 * stage) delivers the OR of their words, and valid is set; the RTL does the
 * same, and the model states it so the two agree on every input. */
Test(fiber_xbar, several_bits_or) {
  fb_xbar x;
  cr_assert_eq(fb_xbar_reset(&x, 32, 32), 0);
  memset(&in_buf, 0, sizeof in_buf);
  in_buf.sel_oh[1][3] = 0x81; /* ports 0 and 7 */
  in_buf.sel_oh[3][0] = 0xFF; /* all ports */
  fb_xbar_step(&x, &in_buf, &out_buf);
  for (unsigned q = 0; q < 8; q++)
    for (unsigned l = 0; l < 32; l++) in_buf.port_data[q].lane[l] = tag(q, l, 3);
  fb_xbar_step(&x, &in_buf, &out_buf);
  cr_assert_eq(out_buf.valid[1], 0x8);
  cr_assert_eq(out_buf.valid[3], 0x1);
  for (unsigned l = 0; l < 32; l++) {
    uint64_t all = 0;
    for (unsigned q = 0; q < 8; q++) all |= tag(q, l, 3);
    cr_assert_eq(out_buf.opnd[1][3].lane[l], (tag(0, l, 3) | tag(7, l, 3)) & 0xFFFFFFFFull);
    cr_assert_eq(out_buf.opnd[3][0].lane[l], all & 0xFFFFFFFFull);
  }
}

/* Rationale: random one-hot or zero selects (and one cycle in 16 a random
 * byte) and data over 100,000 cycles against a reference that keeps last
 * cycle's select as a valid bit and a port index in plain arrays and reads
 * the port by its index (a multi-bit select: the OR over its bits). */
Test(fiber_xbar, random_vs_reference) {
  fbt_rng r = fbt_rng_for("fiber_xbar.random_vs_reference");
  fb_xbar x;
  unsigned lanes = 32, width = 32;
  cr_assert_eq(fb_xbar_reset(&x, lanes, width), 0);
  unsigned pv[4] = {0}, pp[4][4] = {{0}}, praw[4][4] = {{0}};
  for (int c = 0; c < 100000; c++) {
    unsigned v[4], pt[4][4];
    for (unsigned s = 0; s < 4; s++) {
      v[s] = (unsigned)fbt_below(&r, 16);
      for (unsigned k = 0; k < 4; k++) {
        pt[s][k] = (unsigned)fbt_below(&r, 8);
        in_buf.sel_oh[s][k] = fb_xbar_onehot(v[s] >> k, pt[s][k]);
      }
    }
    int raw = fbt_below(&r, 16) == 0;
    if (raw) in_buf.sel_oh[c & 3][(c >> 2) & 3] = (uint8_t)fbt_below(&r, 256);
    for (unsigned q = 0; q < 8; q++)
      for (unsigned l = 0; l < lanes; l++) in_buf.port_data[q].lane[l] = fbt_next(&r);
    fb_xbar_step(&x, &in_buf, &out_buf);
    for (unsigned s = 0; s < 4; s++) {
      unsigned ev = 0;
      for (unsigned k = 0; k < 4; k++) ev |= (praw[s][k] ? praw[s][k] != 0 : (pv[s] >> k & 1)) << k;
      cr_assert_eq(out_buf.valid[s], ev);
      for (unsigned k = 0; k < 4; k++)
        for (unsigned l = 0; l < lanes; l++) {
          uint64_t e = 0;
          if (praw[s][k]) {
            for (unsigned q = 0; q < 8; q++)
              if (praw[s][k] >> q & 1) e |= in_buf.port_data[q].lane[l];
          } else if (pv[s] >> k & 1) {
            e = in_buf.port_data[pp[s][k]].lane[l];
          }
          e %= 1ull << width;
          if (out_buf.opnd[s][k].lane[l] != e) cr_assert_fail("cycle %d s %u k %u lane %u", c, s, k, l);
        }
    }
    for (unsigned s = 0; s < 4; s++) {
      pv[s] = v[s];
      for (unsigned k = 0; k < 4; k++) {
        pp[s][k] = pt[s][k];
        praw[s][k] = 0;
      }
    }
    if (raw) {
      unsigned s = c & 3, k = (c >> 2) & 3;
      praw[s][k] = in_buf.sel_oh[s][k];
      if (!praw[s][k]) pv[s] &= ~(1u << k);
      else if (__builtin_popcount(praw[s][k]) == 1) {
        praw[s][k] = 0;
        pv[s] |= 1u << k;
        pp[s][k] = (unsigned)__builtin_ctz(in_buf.sel_oh[s][k]);
      }
    }
  }
}

/* ---------------------------------------------------------------------- */
/* Composition: selector -> arbiter -> banks -> crossbar.                 */
/* ---------------------------------------------------------------------- */
static uint64_t reg_value(unsigned reg, unsigned lane) { return (reg * 2654435761u + lane * 40503u) & 0xFFFFFFFFu; }

/* Rationale: the blocks must compose as Fig. 6(a) draws them. Four SPs
 * present random FIBER-native instructions with no intra-instruction
 * conflict; the selectors form arbiter requests; each bank port reads the
 * row the arbiter reports for it; the granted SPs' selects (their source
 * ports) go to the crossbar at issue, and one cycle later every granted
 * operand must equal the register it named, including the operands that
 * share a bank read (broadcast) with another SP. */
Test(fiber_xbar, composition_with_selector_and_arbiter) {
  fbt_rng r = fbt_rng_for("fiber_xbar.composition_with_selector_and_arbiter");
  fb_xbar x;
  fb_arb a;
  cr_assert_eq(fb_xbar_reset(&x, 32, 32), 0);
  fb_arb_reset(&a);
  unsigned pend_reg[4][4] = {{0}}, pend_valid[4] = {0};
  unsigned occ_q = 0, row_q[8] = {0};
  unsigned long checked = 0, broadcast = 0, remote = 0;
  for (int c = 0; c < 20000; c++) {
    fb_sel_in si[4];
    fb_sel_out so[4];
    fb_arb_req req[4];
    for (unsigned s = 0; s < 4; s++) {
      do { /* instructions without an intra-instruction conflict */
        memset(&si[s], 0, sizeof si[s]);
        si[s].mode = FB_MODE_FIBER;
        si[s].sp = (uint8_t)s;
        si[s].src_valid = (uint8_t)fbt_below(&r, 16);
        si[s].ext = (uint16_t)fbt_below(&r, 512);            /* hi2 and enable, ext1 = 0 */
        for (unsigned k = 0; k < 4; k++) si[s].src_orig[k] = (uint8_t)fbt_below(&r, 6); /* few rows */
        fb_sel_eval(&si[s], &so[s]);
      } while (so[s].conflict);
      req[s] = fb_sel_arb_req(&so[s], fbt_chance(&r, 3, 4));
    }
    fb_arb_out ao;
    fb_arb_step_detail(&a, req, &ao);
    broadcast += ao.shared != 0;
    /* Register read stage: the banks return the rows the arbiter chose
     * in the previous cycle. */
    for (unsigned p = 0; p < 8; p++)
      for (unsigned l = 0; l < 32; l++)
        in_buf.port_data[p].lane[l] =
            ((occ_q >> p) & 1) ? reg_value((p / 2) * 512 + row_q[p] * 2 + p % 2, l) : 0xDEAD;
    /* Issue: granted SPs register the ports of their valid sources. */
    for (unsigned s = 0; s < 4; s++) {
      unsigned g = (ao.grant >> s) & 1;
      for (unsigned k = 0; k < 4; k++) {
        in_buf.sel_oh[s][k] = fb_xbar_onehot(g & (si[s].src_valid >> k), so[s].src_port[k]);
        if (g && (si[s].src_valid >> k & 1)) {
          unsigned p = so[s].src_port[k];
          cr_assert((ao.occ >> p) & 1, "cycle %d: granted source port %u not read", c, p);
          cr_assert_eq(ao.row[p], (so[s].src_reg[k] % 512) / 2, "cycle %d: port %u reads another row", c, p);
        }
      }
      remote += g && so[s].remote;
    }
    fb_xbar_step(&x, &in_buf, &out_buf);
    /* The instructions issued last cycle receive their operands now. */
    for (unsigned s = 0; s < 4; s++) {
      cr_assert_eq(out_buf.valid[s], pend_valid[s]);
      for (unsigned k = 0; k < 4; k++) {
        if (!(pend_valid[s] >> k & 1)) continue;
        for (unsigned l = 0; l < 32; l++)
          if (out_buf.opnd[s][k].lane[l] != reg_value(pend_reg[s][k], l))
            cr_assert_fail("cycle %d: SP %u operand %u lane %u is not register 0x%x", c, s, k, l,
                           pend_reg[s][k]);
        checked++;
      }
      pend_valid[s] = 0;
      for (unsigned k = 0; k < 4; k++) pend_valid[s] |= (in_buf.sel_oh[s][k] != 0) << k;
      for (unsigned k = 0; k < 4; k++) pend_reg[s][k] = so[s].src_reg[k];
    }
    occ_q = ao.occ;
    for (unsigned p = 0; p < 8; p++) row_q[p] = ao.row[p];
  }
  cr_assert_gt(checked, 50000ul, "operands delivered %lu", checked);
  cr_assert_gt(broadcast, 1000ul, "broadcast cycles %lu", broadcast);
  cr_assert_gt(remote, 1000ul, "remote reads %lu", remote);
}
