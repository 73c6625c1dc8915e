/*
 * fiber_issue.c - the issue stage of one FIBER SM stepped cycle by cycle
 * with the FIBER C model, the way a cycle-level GPU simulator would call it:
 * four subpartitions (SPs), one weft each, running a small instruction trace
 * (see traces/issue_mix.txt).
 *
 * Each instruction is encoded into its 128-bit SASS word (fb_enc: the
 * extension field word[99:87] carries the SP and extra bit of every shared
 * source) and decoded back (fb_dec_eval), so an encoding the mode forbids is
 * caught as the decoder's named error and the weft traps there. Per cycle,
 * for the instruction at the head of each weft:
 *
 *   1. selector (fb_sel_eval): register address, read port and row of each
 *      source; sources on a port already used by another row of the same
 *      instruction are deferred to a further pass;
 *   2. busy bitmap (fb_bm_check, state at the start of the cycle): the
 *      instruction may issue only if its destination is clear in FULL and
 *      its sources are clear in EMPTY;
 *   3. read-port arbiter (fb_arb_step_detail) over the eligible SPs: grants,
 *      port stalls, broadcasts (two SPs reading the same row of one port);
 *   4. bitmap updates of the cycle (fb_bm_step): issue sets EMPTY[dst],
 *      operand read (next cycle) sets FULL[src], consumption (the cycle
 *      after) clears FULL[src], writeback (after the instruction's latency,
 *      one per SP per cycle) clears EMPTY[dst], extended DEPBAR sets or
 *      clears one entry, and a SET_FIBER_NUM with ALL scope sets all of EMPTY.
 *
 * It prints per cycle the grants, each SP's event and the bitmap events, and
 * per scenario the totals.
 *
 * Usage: fiber_issue [--scenario NAME] TRACE.txt
 * Exit status: 0, 1 if a scenario deadlocks or the model is inconsistent,
 * 2 on a bad trace.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fiber.h"

#define MAX_INSN 64
#define MAX_SCEN 8
#define MAX_CYCLES 1000
#define WBQ 16
#define DEFAULT_LAT 4

typedef struct {
  char text[64];             /* mnemonic as written */
  int is_depbar;
  uint8_t nsrc;
  uint16_t src[FB_NSRC];     /* intended 11-bit addresses (for the listing) */
  int has_dst;
  uint16_t dst_n;            /* local register number 0..511 */
  unsigned lat;
  fb_sel_in sel;             /* selector inputs (src_valid = all sources) */
  fb_word word;              /* encoded SASS word */
  fb_dec_out dec;            /* decoded back */
} insn;

typedef struct {
  char name[48];
  unsigned mode, start, all_empty;
  insn prog[FB_NSP][MAX_INSN];
  unsigned n[FB_NSP];
} scenario;

typedef struct { unsigned due; uint16_t reg; } wb_entry;

typedef struct {
  unsigned pc;               /* index of the head instruction */
  uint8_t remaining;         /* sources still to read (multi-pass issue) */
  int trapped;
  /* pipeline: sources read at t+1 and consumed at t+2 of each pass */
  uint8_t read_mask[2];
  uint16_t read_reg[2][FB_NSRC];
  wb_entry wb[WBQ];
  unsigned nwb;
  /* totals */
  unsigned issued, passes, stall_port, stall_empty, stall_full, remote_reads;
} weft;

static int parse_reg(const char *s, unsigned own_sp, unsigned *sp, unsigned *n) {
  *sp = own_sp;
  if (s[0] == 'S' && s[1] == 'P' && isdigit((unsigned char)s[2]) && s[3] == '.') {
    *sp = (unsigned)(s[2] - '0');
    s += 4;
  }
  if (*s != 'R' || !isdigit((unsigned char)s[1])) return 0;
  char *end;
  unsigned long v = strtoul(s + 1, &end, 10);
  if (*end || v > 511 || *sp >= FB_NSP) return 0;
  *n = (unsigned)v;
  return 1;
}

static void reg_name(unsigned r, char *buf, size_t len) {
  snprintf(buf, len, "SP%u.R%u", r >> 9, r & 511u);
}

/* Encodes the sources into the selector inputs and the extension field:
 * enable when any source lies in another SP; then every source carries its
 * SP in hi2 (r = {hi2, ext1, orig8}); ext1 is bit 8 of the SP-local number. */
static void encode(insn *in, unsigned sp, unsigned mode, const unsigned *src_sp,
                   const unsigned *src_n, const fb_dec_cfg *cfg) {
  unsigned en = 0, ext = 0;
  for (unsigned k = 0; k < in->nsrc; k++) en |= src_sp[k] != sp;
  memset(&in->sel, 0, sizeof in->sel);
  in->sel.mode = (uint8_t)mode;
  in->sel.sp = (uint8_t)sp;
  in->sel.src_valid = (uint8_t)((1u << in->nsrc) - 1u);
  for (unsigned k = 0; k < in->nsrc; k++) {
    in->sel.src_orig[k] = (uint8_t)(src_n[k] & 0xFFu);
    if (en) ext |= src_sp[k] << (FB_EXT_HI_OFF + 2 * k);
    ext |= ((src_n[k] >> 8) & 1u) << (FB_EXT_LO_OFF + k);
    in->src[k] = (uint16_t)((src_sp[k] << 9) | src_n[k]);
  }
  ext |= en << FB_EXT_EN_OFF;
  in->sel.ext = (uint16_t)ext;
  in->sel.dst_orig = (uint8_t)(in->dst_n & 0xFFu);
  fb_dec_out f;
  memset(&f, 0, sizeof f);
  f.kind = FB_KIND_OTHER;
  f.ext = (uint16_t)ext;
  fb_word base = {(uint64_t)FB_PRED_PT << FB_PRED_LSB, 0};
  in->word = fb_enc(base, &f, cfg);
  fb_dec_eval(in->word, mode, cfg, &in->dec);
}

static int parse_trace(const char *path, scenario *sc, int *nsc) {
  FILE *f = fopen(path, "r");
  if (!f) { fprintf(stderr, "fiber_issue: cannot open %s\n", path); return 0; }
  fb_dec_cfg cfg = fb_dec_cfg_default();
  char line[256];
  int lineno = 0;
  scenario *cur = NULL;
  *nsc = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    char *p = line;
    char *hash = strchr(p, '#');
    if (hash) *hash = '\0';
    while (isspace((unsigned char)*p)) p++;
    size_t L = strlen(p);
    while (L && isspace((unsigned char)p[L - 1])) p[--L] = '\0';
    if (!*p) continue;
    if (!strncmp(p, "scenario ", 9)) {
      if (*nsc == MAX_SCEN) goto bad;
      cur = &sc[(*nsc)++];
      memset(cur, 0, sizeof *cur);
      cur->mode = FB_MODE_FIBER;
      char *tok = strtok(p + 9, " \t");
      if (!tok || strlen(tok) >= sizeof cur->name) goto bad;
      strcpy(cur->name, tok);
      while ((tok = strtok(NULL, " \t"))) {
        if (!strcmp(tok, "mode=fiber")) cur->mode = FB_MODE_FIBER;
        else if (!strcmp(tok, "mode=cuda")) cur->mode = FB_MODE_CUDA;
        else if (!strncmp(tok, "start=", 6)) cur->start = (unsigned)atoi(tok + 6) & 3u;
        else if (!strcmp(tok, "all_empty")) cur->all_empty = 1;
        else goto bad;
      }
      continue;
    }
    /* "<sp>: <op> [operands] [; lat N]" */
    if (!cur || !isdigit((unsigned char)p[0]) || p[1] != ':') goto bad;
    unsigned sp = (unsigned)(p[0] - '0');
    if (sp >= FB_NSP || cur->n[sp] == MAX_INSN) goto bad;
    insn *in = &cur->prog[sp][cur->n[sp]];
    memset(in, 0, sizeof *in);
    in->lat = DEFAULT_LAT;
    char *semi = strchr(p, ';');
    if (semi) {
      *semi = '\0';
      if (sscanf(semi + 1, " lat %u", &in->lat) != 1 || in->lat < 1 || in->lat > 64) goto bad;
    }
    char *tok = strtok(p + 2, " \t,");
    if (!tok || strlen(tok) >= sizeof in->text) goto bad;
    strcpy(in->text, tok);
    if (!strcmp(tok, "DEPBAR.X")) {
      /* DEPBAR.X <set|clear>.<EMPTY|FULL> <reg> */
      char *op = strtok(NULL, " \t,"), *reg = strtok(NULL, " \t,");
      unsigned rs, rn;
      if (!op || !reg || !parse_reg(reg, sp, &rs, &rn) || strtok(NULL, " \t,")) goto bad;
      fb_dec_out d;
      memset(&d, 0, sizeof d);
      d.kind = FB_KIND_DEPBAR_X;
      d.pred = FB_PRED_PT;
      d.dep_reg = (uint16_t)((rs << 9) | rn);
      if (!strcmp(op, "set.EMPTY")) { d.dep_set = 1; d.dep_group = FB_BM_EMPTY; }
      else if (!strcmp(op, "clear.EMPTY")) { d.dep_set = 0; d.dep_group = FB_BM_EMPTY; }
      else if (!strcmp(op, "set.FULL")) { d.dep_set = 1; d.dep_group = FB_BM_FULL; }
      else if (!strcmp(op, "clear.FULL")) { d.dep_set = 0; d.dep_group = FB_BM_FULL; }
      else goto bad;
      snprintf(in->text, sizeof in->text, "DEPBAR.X %s", op);
      in->is_depbar = 1;
      fb_word zero = {0, 0};
      in->word = fb_enc(zero, &d, &cfg);
      fb_dec_eval(in->word, cur->mode, &cfg, &in->dec);
      in->src[0] = d.dep_reg;
      memset(&in->sel, 0, sizeof in->sel);
      in->sel.mode = (uint8_t)cur->mode;
      in->sel.sp = (uint8_t)sp;
    } else {
      /* <op> <dst|-> [, src]... */
      char *dst = strtok(NULL, " \t,");
      unsigned ssp[FB_NSRC], sn[FB_NSRC], dsp, dn;
      if (!dst) goto bad;
      if (strcmp(dst, "-") != 0) {
        /* destinations are local and have no extension bit: R0..R255 */
        if (dst[0] != 'R' || !parse_reg(dst, sp, &dsp, &dn) || dn > 255) goto bad;
        in->has_dst = 1;
        in->dst_n = (uint16_t)dn;
      }
      while ((tok = strtok(NULL, " \t,"))) {
        if (in->nsrc == FB_NSRC || !parse_reg(tok, sp, &ssp[in->nsrc], &sn[in->nsrc])) goto bad;
        in->nsrc++;
      }
      encode(in, sp, cur->mode, ssp, sn, &cfg);
    }
    cur->n[sp]++;
  }
  fclose(f);
  return 1;
bad:
  fprintf(stderr, "%s:%d: bad trace line\n", path, lineno);
  fclose(f);
  return 0;
}

static void print_listing(const scenario *sc) {
  char a[16];
  for (unsigned s = 0; s < FB_NSP; s++)
    for (unsigned i = 0; i < sc->n[s]; i++) {
      const insn *in = &sc->prog[s][i];
      printf("  SP%u %2u %-12s", s, i, in->is_depbar ? "DEPBAR.X" : in->text);
      if (in->is_depbar) {
        reg_name(in->dec.dep_reg, a, sizeof a);
        printf(" %s %s %s", in->dec.dep_set ? "set" : "clear",
               in->dec.dep_group == FB_BM_FULL ? "FULL" : "EMPTY", a);
      } else {
        if (in->has_dst) { reg_name((s << 9) | in->dst_n, a, sizeof a); printf(" %s <-", a); }
        else printf(" - <-");
        fb_sel_out o;
        fb_sel_eval(&in->sel, &o);
        for (unsigned k = 0; k < in->nsrc; k++) {
          reg_name(o.src_reg[k], a, sizeof a);
          printf(" %s", a);
        }
        printf("  ext 0x%04x ports 0x%02x", in->sel.ext, o.port_en);
        if (o.remote) printf(" remote 0x%x", o.remote);
        if (o.conflict) printf(" defer 0x%x", o.defer);
        for (unsigned k = 0; k < in->nsrc; k++)
          if (o.src_reg[k] != in->src[k] && !in->dec.err) printf(" MISMATCH");
      }
      if (in->lat != DEFAULT_LAT && !in->is_depbar) printf("  lat %u", in->lat);
      if (in->dec.err) printf("  %s", fb_dec_err_str(in->dec.err));
      printf("\n");
    }
}

/* Runs one scenario; returns 0, or 1 on a deadlock or an inconsistency. */
static int run(const scenario *sc) {
  static const char *const mode_name[2] = {"CUDA-native", "FIBER-native"};
  printf("\n=== scenario %s: %s, arbiter start %u%s\n", sc->name, mode_name[sc->mode], sc->start,
         sc->all_empty ? ", EMPTY all set by SET_FIBER_NUM (ALL scope) at cycle 0" : "");
  print_listing(sc);
  fb_dec_cfg cfg = fb_dec_cfg_default();
  if (sc->all_empty) {
    /* The SET_FIBER_NUM that opens the scenario: 4 wefts (128 fibers), ALL. */
    fb_dec_out f, d;
    memset(&f, 0, sizeof f);
    f.kind = FB_KIND_SFN; f.pred = FB_PRED_PT; f.sfn_count = 128; f.sfn_all = 1;
    fb_word zero = {0, 0};
    fb_dec_eval(fb_enc(zero, &f, &cfg), sc->mode, &cfg, &d);
    printf("  SET_FIBER_NUM 128 ALL: %s, %u wefts\n", fb_dec_err_str(d.err), d.sfn_wefts);
    if (d.err) return 1;
  }

  fb_arb arb;
  fb_bm bm;
  fb_arb_reset(&arb);
  arb.start = (uint8_t)sc->start;
  fb_bm_reset(&bm, FB_NVREG, FB_BM_NREP);
  weft w[FB_NSP];
  memset(w, 0, sizeof w);
  for (unsigned s = 0; s < FB_NSP; s++)
    w[s].remaining = sc->n[s] ? sc->prog[s][0].sel.src_valid : 0;
  unsigned cyc = 0, grant_cycles = 0, broadcasts = 0, depbars = 0, bad = 0;
  char a[16];

  for (;; cyc++) {
    int busy = 0;
    for (unsigned s = 0; s < FB_NSP; s++)
      busy |= (!w[s].trapped && w[s].pc < sc->n[s]) || w[s].nwb || w[s].read_mask[0] || w[s].read_mask[1];
    if (!busy && !(sc->all_empty && cyc == 0)) break;
    if (cyc == MAX_CYCLES) { printf("DEADLOCK: still waiting after %u cycles\n", cyc); return 1; }

    fb_arb_req req[FB_NSP];
    fb_sel_out so[FB_NSP];
    char ev[FB_NSP][64];
    uint8_t pass_src[FB_NSP] = {0};
    for (unsigned s = 0; s < FB_NSP; s++) {
      memset(&req[s], 0, sizeof req[s]);
      ev[s][0] = '\0';
      if (sc->all_empty && cyc == 0) { snprintf(ev[s], 64, "SET_FIBER_NUM ALL"); continue; }
      if (w[s].trapped || w[s].pc >= sc->n[s]) { snprintf(ev[s], 64, "-"); continue; }
      const insn *in = &sc->prog[s][w[s].pc];
      if (in->dec.err) {
        snprintf(ev[s], 64, "trap: %.*s", (int)strcspn(fb_dec_err_str(in->dec.err), ":"),
                 fb_dec_err_str(in->dec.err));
        w[s].trapped = 1;
        continue;
      }
      fb_sel_in si = in->sel;
      si.src_valid = w[s].remaining;
      fb_sel_eval(&si, &so[s]);
      if (so[s].illegal) { snprintf(ev[s], 64, "trap: selector illegal"); w[s].trapped = 1; bad = 1; continue; }
      /* eligibility: at the first pass, from the state at the start of the cycle */
      if (w[s].remaining == in->sel.src_valid) {
        fb_bm_query q;
        fb_bm_elig e;
        memset(&q, 0, sizeof q);
        q.dst_valid = (uint8_t)in->has_dst;
        q.dst = so[s].dst_reg;
        q.src_valid = in->is_depbar ? 0 : in->sel.src_valid;
        for (unsigned k = 0; k < FB_NSRC; k++) q.src[k] = so[s].src_reg[k];
        fb_bm_check(&bm, s, &q, &e);
        if (!e.eligible) {
          if (e.src_busy) {
            unsigned k = 0;
            while (!((e.src_busy >> k) & 1u)) k++;
            reg_name(so[s].src_reg[k], a, sizeof a);
            snprintf(ev[s], 64, "wait EMPTY %s", a);
            w[s].stall_empty++;
          } else {
            reg_name(so[s].dst_reg, a, sizeof a);
            snprintf(ev[s], 64, "wait FULL %s", a);
            w[s].stall_full++;
          }
          continue;
        }
      }
      pass_src[s] = (uint8_t)(w[s].remaining & ~so[s].defer);
      req[s] = fb_sel_arb_req(&so[s], 1);
    }

    fb_arb_out ao;
    fb_arb_step_detail(&arb, req, &ao);
    if (ao.grant) grant_cycles++;
    if (ao.shared) broadcasts++;

    fb_bm_in bi;
    memset(&bi, 0, sizeof bi);
    bi.all_set = (uint8_t)(sc->all_empty && cyc == 0);
    for (unsigned s = 0; s < FB_NSP; s++) {
      fb_bm_sp_in *u = &bi.sp[s];
      /* operand read of last cycle's pass, consumption of the one before */
      /* the read set by read port: the arbiter grants one row per port */
      u->cons_valid = w[s].read_mask[1];
      for (unsigned k = 0; k < FB_NSRC; k++) {
        if ((w[s].read_mask[0] >> k) & 1u) {
          unsigned r = w[s].read_reg[0][k];
          bi.read_valid |= (uint8_t)(1u << fb_reg_port(r));
          bi.read_row[fb_reg_port(r)] = (uint8_t)fb_reg_row(r);
        }
        u->cons_src[k] = w[s].read_reg[1][k];
      }
      w[s].read_mask[1] = w[s].read_mask[0];
      memcpy(w[s].read_reg[1], w[s].read_reg[0], sizeof w[s].read_reg[1]);
      w[s].read_mask[0] = 0;
      /* one writeback per SP per cycle, oldest first */
      if (w[s].nwb && w[s].wb[0].due <= cyc) {
        u->wb_valid = 1;
        u->wb_dst = w[s].wb[0].reg;
        memmove(w[s].wb, w[s].wb + 1, (w[s].nwb - 1) * sizeof w[s].wb[0]);
        w[s].nwb--;
      }
      if (!req[s].valid) continue;
      const insn *in = &sc->prog[s][w[s].pc];
      if (!((ao.grant >> s) & 1u)) {
        /* the requested ports an SP granted earlier in the scan holds with
         * another row */
        int o = snprintf(ev[s], 64, "stall ports");
        for (unsigned p = 0; p < FB_NPORT && o < 64; p++)
          if ((req[s].ports >> p & 1u) && (ao.occ >> p & 1u) && ao.row[p] != req[s].row[p] &&
              ((ao.owner[p] - ao.start) & 3u) < ((s - ao.start) & 3u))
            o += snprintf(ev[s] + o, 64 - (size_t)o, " %u(SP%u)", p, ao.owner[p]);
        w[s].stall_port++;
        continue;
      }
      w[s].passes++;
      w[s].read_mask[0] = pass_src[s];
      for (unsigned k = 0; k < FB_NSRC; k++) w[s].read_reg[0][k] = so[s].src_reg[k];
      for (unsigned k = 0; k < FB_NSRC; k++)
        if ((pass_src[s] >> k) & (so[s].remote >> k) & 1u) w[s].remote_reads++;
      if (so[s].defer) {  /* another pass for the deferred sources */
        snprintf(ev[s], 64, "%s pass (defer 0x%x)", in->text, so[s].defer);
        w[s].remaining = so[s].defer;
        continue;
      }
      snprintf(ev[s], 64, "%s", in->text);
      if (in->is_depbar) {
        u->dep_valid = 1;
        u->dep_reg = in->dec.dep_reg;
        u->dep_group = in->dec.dep_group;
        u->dep_set = in->dec.dep_set;
        depbars++;
      } else if (in->has_dst) {
        u->issue_valid = 1;
        u->issue_dst = so[s].dst_reg;
        if (w[s].nwb == WBQ) { printf("writeback queue overflow\n"); return 1; }
        w[s].wb[w[s].nwb].due = cyc + in->lat;
        w[s].wb[w[s].nwb].reg = so[s].dst_reg;
        w[s].nwb++;
      }
      w[s].issued++;
      w[s].pc++;
      w[s].remaining = w[s].pc < sc->n[s] ? sc->prog[s][w[s].pc].sel.src_valid : 0;
    }
    uint8_t range = fb_bm_step(&bm, &bi);
    if (range || !fb_bm_replicas_equal(&bm)) { printf("bitmap range error or replicas differ\n"); bad = 1; }

    printf("t=%-3u start %u grant 0x%x stall 0x%x%s |", cyc, ao.start, ao.grant, ao.stall,
           ao.shared ? " bcast" : "      ");
    for (unsigned s = 0; s < FB_NSP; s++) printf(" SP%u %-28s|", s, ev[s]);
    printf("\n");
    /* bitmap events of the cycle, in update order */
    char evb[512];
    size_t o = 0;
    evb[0] = '\0';
#define ADD(...) do { if (o < sizeof evb) o += (size_t)snprintf(evb + o, sizeof evb - o, __VA_ARGS__); } while (0)
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_bm_sp_in *u = &bi.sp[s];
      if (u->wb_valid) { reg_name(u->wb_dst, a, sizeof a); ADD(" -EMPTY %s(wb)", a); }
      for (unsigned k = 0; k < FB_NSRC; k++)
        if ((u->cons_valid >> k) & 1u) { reg_name(u->cons_src[k], a, sizeof a); ADD(" -FULL %s", a); }
    }
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_bm_sp_in *u = &bi.sp[s];
      if (u->issue_valid) { reg_name(u->issue_dst, a, sizeof a); ADD(" +EMPTY %s", a); }
    }
    for (unsigned p = 0; p < FB_NPORT; p++)
      if ((bi.read_valid >> p) & 1u) {
        reg_name(fb_reg_make(p / 2u, bi.read_row[p], p % 2u), a, sizeof a);
        ADD(" +FULL %s", a);
      }
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_bm_sp_in *u = &bi.sp[s];
      if (u->dep_valid) {
        reg_name(u->dep_reg, a, sizeof a);
        ADD(" DEPBAR %s%s %s", u->dep_set ? "+" : "-", u->dep_group == FB_BM_FULL ? "FULL" : "EMPTY", a);
      }
    }
    if (bi.all_set) ADD(" +EMPTY all");
#undef ADD
    if (evb[0]) printf("      bitmap:%s\n", evb);
  }

  printf("totals %s: %u cycles, %u with a grant, %u broadcast, %u DEPBAR.X\n", sc->name, cyc,
         grant_cycles, broadcasts, depbars);
  unsigned tot[6] = {0};
  for (unsigned s = 0; s < FB_NSP; s++) {
    printf("  SP%u: %2u issued (%2u passes), stalls: %2u port, %2u EMPTY, %2u FULL; %2u remote reads%s\n",
           s, w[s].issued, w[s].passes, w[s].stall_port, w[s].stall_empty, w[s].stall_full,
           w[s].remote_reads, w[s].trapped ? "; trapped" : "");
    tot[0] += w[s].issued; tot[1] += w[s].stall_port; tot[2] += w[s].stall_empty;
    tot[3] += w[s].stall_full; tot[4] += w[s].remote_reads;
  }
  printf("  all: %u issued, %u port stalls, %u EMPTY stalls, %u FULL stalls, %u remote reads, "
         "IPC %.2f\n", tot[0], tot[1], tot[2], tot[3], tot[4], cyc ? (double)tot[0] / cyc : 0.0);
  return (int)bad;
}

static void usage(FILE *f) {
  fprintf(f, "usage: fiber_issue [--scenario NAME] TRACE.txt\n"
             "Steps the FIBER selector, read-port arbiter and register busy bitmap of one\n"
             "SM over the instruction trace and prints per cycle the grants, the stalls\n"
             "and the bitmap events, with totals per scenario.\n");
}

int main(int argc, char **argv) {
  const char *path = NULL, *only = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(stdout); return 0; }
    if (!strcmp(argv[i], "--scenario") && i + 1 < argc) only = argv[++i];
    else if (argv[i][0] != '-' && !path) path = argv[i];
    else { usage(stderr); return 2; }
  }
  if (!path) { usage(stderr); return 2; }
  static scenario sc[MAX_SCEN];
  int nsc = 0;
  if (!parse_trace(path, sc, &nsc)) return 2;
  int bad = 0, ran = 0;
  printf("FIBER issue stage: 4 SPs, one weft each, %u vector registers, %u bitmap replicas\n",
         FB_NVREG, FB_BM_NREP);
  for (int k = 0; k < nsc; k++) {
    if (only && strcmp(only, sc[k].name) != 0) continue;
    bad |= run(&sc[k]);
    ran++;
  }
  if (!ran) { fprintf(stderr, "fiber_issue: no scenario %s\n", only ? only : ""); return 2; }
  return bad ? 1 : 0;
}
