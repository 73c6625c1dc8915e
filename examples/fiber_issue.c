/*
 * fiber_issue.c - one FIBER SM's issue stage stepped cycle by cycle with the
 * library's composed model (fb_issue_reset / fb_issue_step), the way a
 * cycle-level GPU simulator's tick loop calls it: four subpartitions (SPs),
 * one weft each, running a small instruction trace (traces/issue_mix.txt),
 * the paper's HMMA.FP16.1688 loop among them.
 *
 * The simulator's part is only the program and the pipeline: each cycle it
 * presents every weft's head instruction (fb_issue_insn builds the fields
 * from register ids; fb_enc / fb_dec_eval check the encoding, and a weft
 * whose instruction the mode forbids traps on the decoder's named error),
 * feeds back writebacks (after the instruction's latency, one per SP per
 * cycle), consumptions (the cycle after the operands are delivered) and
 * extended DEPBARs, and reads the stage's outputs: issue, grant, stall,
 * busy (another read pass follows), the bitmap's eligibility, the
 * pending-read guard, the bank reads, the delivered operands. Selection,
 * eligibility, the guard, arbitration, passes and the bitmap updates are
 * the library's (docs/fiber.md section 11).
 *
 * It prints per cycle the grants, each SP's event and the bitmap events,
 * and per scenario the totals.
 *
 * Usage: fiber_issue [--scenario NAME] TRACE.txt
 * Exit status: 0, 1 if a scenario deadlocks or the model reports an error,
 * 2 on a bad trace. Only the installed headers are needed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fiber/fiber.h>

#define MAX_INSN 64
#define MAX_SCEN 8
#define MAX_CYCLES 1000
#define WBQ 16
#define DEFAULT_LAT 4

typedef struct {
  char text[64];             /* mnemonic as written */
  int is_depbar;
  uint8_t nsrc;
  uint16_t src[FB_NSRC];     /* 11-bit source registers (DEPBAR.X: src[0] = its register) */
  int dst;                   /* 11-bit destination, -1: none */
  unsigned lat;
  fb_issue_sp_in f;          /* the stage's instruction inputs */
  fb_dec_out dec;            /* the encoded word, decoded back */
  uint8_t ports, defer;      /* its first read pass */
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
  int trapped;
  wb_entry wb[WBQ];
  unsigned nwb;
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


/* One instruction: its fields from register ids (fb_issue_insn), the mode,
 * the 128-bit word (fb_enc) decoded back in the scenario's mode
 * (fb_dec_eval: an encoding the mode forbids is a named error), and the
 * ports of its first pass (fb_arb_req_from_regs). */
static int make_insn(insn *in, unsigned sp, unsigned mode, const fb_dec_cfg *cfg) {
  fb_dec_out f;
  memset(&f, 0, sizeof f);
  f.pred = FB_PRED_PT;
  fb_word base = {0, 0};
  if (in->is_depbar) {
    f.kind = FB_KIND_DEPBAR_X;
    f.dep_reg = in->src[0];
    f.dep_group = in->dec.dep_group;
    f.dep_set = in->dec.dep_set;
    in->f.mode = (uint8_t)mode;
  } else {
    if (fb_issue_insn(&in->f, sp, in->src, in->nsrc, in->dst) != FB_OK) return 0;
    in->f.mode = (uint8_t)mode;
    f.kind = FB_KIND_OTHER;
    f.ext = in->f.ext;
    fb_arb_req q;
    fb_arb_req_from_regs(&q, 1, in->src, in->nsrc, &in->defer);
    in->ports = q.ports;
  }
  fb_dec_eval(fb_enc(base, &f, cfg), mode, cfg, &in->dec);
  return 1;
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
    in->dst = -1;
    char *semi = strchr(p, ';');
    if (semi) {
      *semi = '\0';
      if (sscanf(semi + 1, " lat %u", &in->lat) != 1 || in->lat < 1 || in->lat > 64) goto bad;
    }
    char *tok = strtok(p + 2, " \t,");
    if (!tok || strlen(tok) >= sizeof in->text) goto bad;
    strcpy(in->text, tok);
    unsigned rs, rn;
    if (!strcmp(tok, "DEPBAR.X")) {
      /* DEPBAR.X <set|clear>.<EMPTY|FULL> <reg> */
      char *op = strtok(NULL, " \t,"), *reg = strtok(NULL, " \t,");
      if (!op || !reg || !parse_reg(reg, sp, &rs, &rn) || strtok(NULL, " \t,")) goto bad;
      if (!strcmp(op, "set.EMPTY")) { in->dec.dep_set = 1; in->dec.dep_group = FB_BM_EMPTY; }
      else if (!strcmp(op, "clear.EMPTY")) { in->dec.dep_set = 0; in->dec.dep_group = FB_BM_EMPTY; }
      else if (!strcmp(op, "set.FULL")) { in->dec.dep_set = 1; in->dec.dep_group = FB_BM_FULL; }
      else if (!strcmp(op, "clear.FULL")) { in->dec.dep_set = 0; in->dec.dep_group = FB_BM_FULL; }
      else goto bad;
      snprintf(in->text, sizeof in->text, "DEPBAR.X %s", op);
      in->is_depbar = 1;
      in->src[0] = (uint16_t)((rs << 9) | rn);
    } else {
      /* <op> <dst|-> [, src]... ; destinations are local, R0..R255 */
      char *dst = strtok(NULL, " \t,");
      if (!dst) goto bad;
      if (strcmp(dst, "-") != 0) {
        if (dst[0] != 'R' || !parse_reg(dst, sp, &rs, &rn) || rn > 255) goto bad;
        in->dst = (int)((sp << 9) | rn);
      }
      while ((tok = strtok(NULL, " \t,"))) {
        if (in->nsrc == FB_NSRC || !parse_reg(tok, sp, &rs, &rn)) goto bad;
        in->src[in->nsrc++] = (uint16_t)((rs << 9) | rn);
      }
    }
    if (!make_insn(in, sp, cur->mode, &cfg)) goto bad;
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
        if (in->dst >= 0) { reg_name((unsigned)in->dst, a, sizeof a); printf(" %s <-", a); }
        else printf(" - <-");
        unsigned remote = 0;
        for (unsigned k = 0; k < in->nsrc; k++) {
          reg_name(in->src[k], a, sizeof a);
          printf(" %s", a);
          remote |= (unsigned)((in->src[k] >> 9) != s) << k;
        }
        printf("  ext 0x%04x ports 0x%02x", in->f.ext, in->ports);
        if (remote) printf(" remote 0x%x", remote);
        if (in->defer) printf(" defer 0x%x", in->defer);
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
  if (sc->all_empty) {
    /* The SET_FIBER_NUM that opens the scenario: 4 wefts (128 fibers), ALL. */
    fb_dec_cfg cfg = fb_dec_cfg_default();
    fb_dec_out f, d;
    memset(&f, 0, sizeof f);
    f.kind = FB_KIND_SFN; f.pred = FB_PRED_PT; f.sfn_count = 128; f.sfn_all = 1;
    fb_word zero = {0, 0};
    fb_dec_eval(fb_enc(zero, &f, &cfg), sc->mode, &cfg, &d);
    printf("  SET_FIBER_NUM 128 ALL: %s, %u wefts\n", fb_dec_err_str(d.err), d.sfn_wefts);
    if (d.err) return 1;
  }

  static fb_issue st;
  fb_issue_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.start = (uint8_t)sc->start;              /* (the RTL resets to 0) */
  if (fb_issue_reset(&st, &cfg) != FB_OK) return 1;
  weft w[FB_NSP];
  memset(w, 0, sizeof w);
  fb_issue_out o, prev;
  memset(&prev, 0, sizeof prev);
  unsigned cyc = 0, grant_cycles = 0, broadcasts = 0, depbars = 0, bad = 0;
  char a[16];

  for (;; cyc++) {
    int busy = 0;
    for (unsigned s = 0; s < FB_NSP; s++)
      busy |= (!w[s].trapped && w[s].pc < sc->n[s]) || w[s].nwb || prev.opnd_valid[s];
    if (!busy && !(sc->all_empty && cyc == 0)) break;
    if (cyc == MAX_CYCLES) { printf("DEADLOCK: still waiting after %u cycles\n", cyc); return 1; }

    /* ---- the simulator's side: instructions, writebacks, consumptions */
    fb_issue_in in;
    memset(&in, 0, sizeof in);
    char ev[FB_NSP][96];
    const insn *head[FB_NSP] = {0};
    in.all_set = (uint8_t)(sc->all_empty && cyc == 0);
    for (unsigned s = 0; s < FB_NSP; s++) {
      fb_issue_sp_in *p = &in.sp[s];
      snprintf(ev[s], sizeof ev[s], "-");
      /* operands delivered last cycle are consumed now */
      p->cons_valid = prev.opnd_valid[s];
      memcpy(p->cons_src, prev.opnd_reg[s], sizeof p->cons_src);
      /* one writeback per SP per cycle, oldest first */
      if (w[s].nwb && w[s].wb[0].due <= cyc) {
        p->wb_valid = 1;
        p->wb_dst = w[s].wb[0].reg;
        memmove(w[s].wb, w[s].wb + 1, (w[s].nwb - 1) * sizeof w[s].wb[0]);
        w[s].nwb--;
      }
      if (in.all_set) { snprintf(ev[s], sizeof ev[s], "SET_FIBER_NUM ALL"); continue; }
      if (w[s].trapped || w[s].pc >= sc->n[s]) continue;
      const insn *ins = &sc->prog[s][w[s].pc];
      if (ins->dec.err) {
        snprintf(ev[s], sizeof ev[s], "trap: %.*s", (int)strcspn(fb_dec_err_str(ins->dec.err), ":"),
                 fb_dec_err_str(ins->dec.err));
        w[s].trapped = 1;
        continue;
      }
      head[s] = ins;
      uint8_t wbv = p->wb_valid, cv = p->cons_valid;
      uint16_t wbd = p->wb_dst, cs[FB_NSRC];
      memcpy(cs, p->cons_src, sizeof cs);
      *p = ins->f;                             /* the instruction's fields */
      p->valid = 1;
      p->wb_valid = wbv; p->wb_dst = wbd; p->cons_valid = cv;
      memcpy(p->cons_src, cs, sizeof cs);
      if (ins->is_depbar) {                    /* no operand: it issues now */
        p->dep_valid = 1;
        p->dep_reg = ins->dec.dep_reg;
        p->dep_group = ins->dec.dep_group;
        p->dep_set = ins->dec.dep_set;
      }
    }

    /* ---- one cycle of the issue stage */
    fb_err e = fb_issue_step(&st, &in, &o);
    if (e != FB_OK) { printf("fb_issue_step: %s\n", fb_err_str(e)); return 1; }

    /* ---- what happened to each SP */
    if (o.grant) grant_cycles++;
    if (o.arb.shared) broadcasts++;
    for (unsigned s = 0; s < FB_NSP; s++) {
      const insn *ins = head[s];
      if (!ins) continue;
      unsigned bit = 1u << s;
      if (o.illegal & bit) { snprintf(ev[s], sizeof ev[s], "trap: selector illegal"); w[s].trapped = 1; bad = 1; continue; }
      if (!(o.grant & bit)) {
        if (!(o.busy & bit) && !(o.eligible & bit)) {
          unsigned k = 0;
          if (o.elig[s].src_busy) {
            while (!((o.elig[s].src_busy >> k) & 1u)) k++;
            reg_name(o.sel[s].src_reg[k], a, sizeof a);
            snprintf(ev[s], sizeof ev[s], "wait EMPTY %s", a);
            w[s].stall_empty++;
          } else {
            reg_name(o.dst_reg[s], a, sizeof a);
            snprintf(ev[s], sizeof ev[s], "wait FULL %s", a);
            w[s].stall_full++;
          }
        } else if (o.pend_block & bit) {
          snprintf(ev[s], sizeof ev[s], "held: pending read");
        } else {
          /* the requested ports an SP granted earlier in the scan holds with another row */
          int n = snprintf(ev[s], sizeof ev[s], "stall ports");
          for (unsigned p = 0; p < FB_NPORT && n < (int)sizeof ev[s]; p++)
            if ((o.sel[s].port_en >> p & 1u) && (o.arb.occ >> p & 1u) && o.arb.row[p] != o.sel[s].port_row[p] &&
                ((o.arb.owner[p] - o.arb.start) & 3u) < ((s - o.arb.start) & 3u))
              n += snprintf(ev[s] + n, sizeof ev[s] - (size_t)n, " %u(SP%u)", p, o.arb.owner[p]);
          w[s].stall_port++;
        }
        continue;
      }
      w[s].passes++;
      for (unsigned k = 0; k < FB_NSRC; k++)
        if ((o.pass_src[s] & ~o.sel[s].defer & o.sel[s].remote) >> k & 1u) w[s].remote_reads++;
      if (!(o.issue & bit)) {                  /* another pass for the deferred sources */
        snprintf(ev[s], sizeof ev[s], "%s pass (defer 0x%x)", ins->text, o.sel[s].defer);
        continue;
      }
      snprintf(ev[s], sizeof ev[s], "%s", ins->text);
      if (ins->is_depbar) depbars++;
      if (ins->dst >= 0) {
        if (w[s].nwb == WBQ) { printf("writeback queue overflow\n"); return 1; }
        w[s].wb[w[s].nwb].due = cyc + ins->lat;
        w[s].wb[w[s].nwb].reg = o.dst_reg[s];
        w[s].nwb++;
      }
      w[s].issued++;
      w[s].pc++;
    }

    printf("t=%-3u start %u grant 0x%x stall 0x%x%s |", cyc, o.arb.start, o.grant, o.stall,
           o.arb.shared ? " bcast" : "      ");
    for (unsigned s = 0; s < FB_NSP; s++) printf(" SP%u %-28s|", s, ev[s]);
    printf("\n");
    /* bitmap events of the cycle, in update order */
    char evb[512];
    size_t n = 0;
    evb[0] = '\0';
#define ADD(...) do { if (n < sizeof evb) n += (size_t)snprintf(evb + n, sizeof evb - n, __VA_ARGS__); } while (0)
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_issue_sp_in *p = &in.sp[s];
      if (p->wb_valid) { reg_name(p->wb_dst, a, sizeof a); ADD(" -EMPTY %s(wb)", a); }
      for (unsigned k = 0; k < FB_NSRC; k++)
        if ((p->cons_valid >> k) & 1u) { reg_name(p->cons_src[k], a, sizeof a); ADD(" -FULL %s", a); }
    }
    for (unsigned s = 0; s < FB_NSP; s++)
      if ((o.issue >> s) & in.sp[s].dst_valid & 1u) { reg_name(o.dst_reg[s], a, sizeof a); ADD(" +EMPTY %s", a); }
    for (unsigned p = 0; p < FB_NPORT; p++)    /* last cycle's bank reads: operand read */
      if ((prev.arb.occ >> p) & 1u) {
        reg_name((p / 2u) << 9 | (unsigned)prev.arb.row[p] << 1 | (p % 2u), a, sizeof a);
        ADD(" +FULL %s", a);
      }
    for (unsigned s = 0; s < FB_NSP; s++) {
      const fb_issue_sp_in *p = &in.sp[s];
      if (p->dep_valid) {
        reg_name(p->dep_reg, a, sizeof a);
        ADD(" DEPBAR %s%s %s", p->dep_set ? "+" : "-", p->dep_group == FB_BM_FULL ? "FULL" : "EMPTY", a);
      }
    }
    if (in.all_set) ADD(" +EMPTY all");
#undef ADD
    if (evb[0]) printf("      bitmap:%s\n", evb);
    prev = o;
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
             "Steps the FIBER issue stage (selectors, pending-read guard, read-port arbiter,\n"
             "register busy bitmap) of one SM over the instruction trace and prints per\n"
             "cycle the grants, the stalls and the bitmap events, with totals per scenario.\n");
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
