/*
 * fiber_insn.c - command-line front end of the FIBER decoder, encoder and
 * selector (libfiber): decodes the FIBER fields of a 128-bit SASS word and
 * encodes them. See --help.
 *
 * Exit status: 0 a legal word, 1 the decoder names an error (printed), 2 a
 * command-line error.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fiber.h"

static void usage(FILE *f) {
  fprintf(f,
    "usage: fiber-insn decode [options] WORD\n"
    "       fiber-insn encode sfn --count N [--all] [options]\n"
    "       fiber-insn encode depbar --reg REG --group empty|full --set|--clear [options]\n"
    "       fiber-insn encode operands --sp S SRC [SRC...] [options]\n"
    "       fiber-insn encode ext --ext X [options]\n"
    "Decodes or encodes the FIBER fields of a 128-bit SASS instruction word with the\n"
    "FIBER C model (libfiber): the operand extension word[99:87] (per source two\n"
    "high bits = the SP, an enable bit, one extra low bit), SET_FIBER_NUM (opcode,\n"
    "predicate, fiber count, ALL scope) and the extended DEPBAR (register, group,\n"
    "set/clear). Every encoded word is decoded back and checked.\n"
    "\n"
    "  WORD               0x followed by up to 32 hex digits, or HI:LO (two 64-bit\n"
    "                     hex halves)\n"
    "  REG, SRC           R<n> (register n, 0..511, of the issuing SP --sp) or\n"
    "                     SP<s>.R<n>; a raw 11-bit address as a number\n"
    "options:\n"
    "  --mode fiber|cuda  selector and decoder mode (default fiber)\n"
    "  --sp S             issuing SP 0..3 (default 0)\n"
    "  --orig A,B,C,D     decode: the instruction's original 8-bit source fields;\n"
    "                     with them the selector resolves each source register\n"
    "  --base WORD        encode: word to write the fields into (default: 0 with\n"
    "                     predicate PT)\n"
    "  --pred P           encode sfn/depbar: predicate field (default 7 = PT)\n"
    "  --opc-sfn X        SET_FIBER_NUM opcode (default 0x%03x)\n"
    "  --opc-depbar X     extended DEPBAR opcode (default 0x%03x)\n"
    "  --help             this text\n"
    "\n"
    "Exit status: 0 legal, 1 the decoder names the error (FB_DEC_ERR_*), 2 bad\n"
    "command line.\n"
    "examples:\n"
    "  fiber-insn encode sfn --count 256 --all\n"
    "  fiber-insn encode operands --sp 1 SP2.R261 R3\n"
    "  fiber-insn decode --mode cuda 0x00000000800000000000000000000000\n",
    FB_OPC_SET_FIBER_NUM_DEFAULT, FB_OPC_DEPBAR_X_DEFAULT);
}

static int fail_usage(const char *msg, const char *arg) {
  fprintf(stderr, "fiber-insn: %s%s%s\ntry 'fiber-insn --help'\n", msg, arg ? ": " : "", arg ? arg : "");
  return 2;
}

static int parse_u64(const char *s, uint64_t *v) {
  char *end;
  if (!*s || *s == '-') return 0;
  errno = 0;
  *v = strtoull(s, &end, 0);
  return !*end && !errno;
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = tolower(c);
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static int parse_word(const char *s, fb_word *w) {
  const char *colon = strchr(s, ':');
  if (colon) {
    char hi[40];
    size_t n = (size_t)(colon - s);
    if (n == 0 || n >= sizeof hi) return 0;
    memcpy(hi, s, n);
    hi[n] = '\0';
    return parse_u64(hi, &w->hi) && parse_u64(colon + 1, &w->lo);
  }
  if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !s[2]) return 0;
  s += 2;
  size_t n = strlen(s);
  if (n > 32) return 0;
  w->lo = w->hi = 0;
  for (size_t i = 0; i < n; i++) {
    int v = hexval((unsigned char)s[i]);
    if (v < 0) return 0;
    w->hi = (w->hi << 4) | (w->lo >> 60);
    w->lo = (w->lo << 4) | (uint64_t)v;
  }
  return 1;
}

/* R<n>, SP<s>.R<n> (n 0..511) or a raw 11-bit number. */
static int parse_reg(const char *s, unsigned own_sp, unsigned *r) {
  unsigned sp = own_sp;
  if (s[0] == 'S' && s[1] == 'P' && s[2] >= '0' && s[2] <= '3' && s[3] == '.') {
    sp = (unsigned)(s[2] - '0');
    s += 4;
  }
  char *end;
  if (s[0] == 'R' && isdigit((unsigned char)s[1])) {
    unsigned long n = strtoul(s + 1, &end, 10);
    if (*end || n > 511) return 0;
    *r = (sp << 9) | (unsigned)n;
    return 1;
  }
  uint64_t v;
  if (sp != own_sp || !parse_u64(s, &v) || v >= FB_NVREG) return 0;
  *r = (unsigned)v;
  return 1;
}

static void print_word(const char *label, fb_word w) {
  printf("%s 0x%016" PRIx64 "%016" PRIx64 "\n", label, w.hi, w.lo);
}

static const char *kind_name(unsigned k) {
  return k == FB_KIND_SFN ? "SET_FIBER_NUM" : k == FB_KIND_DEPBAR_X ? "extended DEPBAR" : "other";
}

static void print_reg(unsigned r) {
  printf("0x%03x = SP%u.R%u (row %u, bank %u, port %u)", r, fb_reg_sp(r), r & 511u, fb_reg_row(r),
         fb_reg_bank(r), fb_reg_port(r));
}

/* Prints the decoded fields; returns the decoder status. */
static unsigned show(fb_word w, unsigned mode, unsigned sp, const fb_dec_cfg *cfg, int have_orig,
                     const uint8_t orig[FB_NSRC], unsigned valid) {
  fb_dec_out d;
  fb_dec_eval(w, mode, cfg, &d);
  print_word("word", w);
  printf("mode %s, opcode 0x%03x (%s), predicate 0x%x%s\n", mode ? "FIBER-native" : "CUDA-native",
         d.opc, kind_name(d.kind), d.pred, d.pred == FB_PRED_PT ? " (PT)" : "");
  if (d.kind == FB_KIND_SFN) {
    printf("SET_FIBER_NUM: fiber count %u (%u wefts), ALL scope %u\n", d.sfn_count, d.sfn_wefts,
           d.sfn_all);
  } else if (d.kind == FB_KIND_DEPBAR_X) {
    printf("extended DEPBAR: %s %s of register ", d.dep_set ? "set" : "clear",
           d.dep_group == FB_BM_FULL ? "FULL" : "EMPTY");
    print_reg(d.dep_reg);
    printf("\n");
  } else {
    unsigned en = (d.ext >> FB_EXT_EN_OFF) & 1u;
    printf("ext word[99:87] 0x%04x: enable %u", d.ext, en);
    for (unsigned k = 0; k < FB_NSRC; k++)
      printf(", src%u hi2 %u ext1 %u", k, (d.ext >> (FB_EXT_HI_OFF + 2 * k)) & 3u,
             (d.ext >> (FB_EXT_LO_OFF + k)) & 1u);
    printf("\n");
    if (have_orig) {
      fb_sel_in si;
      fb_sel_out so;
      memset(&si, 0, sizeof si);
      si.mode = (uint8_t)mode;
      si.sp = (uint8_t)sp;
      si.src_valid = (uint8_t)valid;
      si.ext = d.ext;
      memcpy(si.src_orig, orig, FB_NSRC);
      fb_sel_eval(&si, &so);
      for (unsigned k = 0; k < FB_NSRC; k++) {
        if (!((valid >> k) & 1u)) continue;
        printf("  src%u orig8 0x%02x -> ", k, orig[k]);
        print_reg(so.src_reg[k]);
        printf("%s%s\n", (so.remote >> k) & 1u ? " remote" : "",
               (so.defer >> k) & 1u ? " deferred (port conflict)" : "");
      }
      printf("selector: port enable 0x%02x, remote 0x%x, conflict %u, illegal %u\n", so.port_en,
             so.remote, so.conflict, so.illegal);
    }
  }
  printf("status: %s\n", fb_dec_err_str(d.err));
  if (d.err) fprintf(stderr, "fiber-insn: %s\n", fb_dec_err_str(d.err));
  return d.err;
}

int main(int argc, char **argv) {
  if (argc < 2) { usage(stderr); return 2; }
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(stdout); return 0; }
  fb_dec_cfg cfg = fb_dec_cfg_default();
  unsigned mode = FB_MODE_FIBER, sp = 0, all = 0, set = 2, group = 2, have_orig = 0, nsrc = 0;
  uint64_t count = 0, pred = FB_PRED_PT, ext = 0, v;
  int have_count = 0, have_ext = 0, have_reg = 0;
  unsigned reg = 0, srcs[FB_NSRC];
  const char *src_txt[FB_NSRC];
  uint8_t orig[FB_NSRC] = {0};
  fb_word word = {0, 0}, base = {(uint64_t)FB_PRED_PT << FB_PRED_LSB, 0};
  int have_word = 0;
  const char *cmd = argv[1], *what = NULL;
  int i = 2;
  if (!strcmp(cmd, "encode")) {
    if (argc < 3) return fail_usage("encode what?", NULL);
    what = argv[2];
    i = 3;
    if (strcmp(what, "sfn") && strcmp(what, "depbar") && strcmp(what, "operands") && strcmp(what, "ext"))
      return fail_usage("unknown encode kind", what);
  } else if (strcmp(cmd, "decode")) {
    return fail_usage("unknown command", cmd);
  }
  const char *reg_txt = NULL;
  for (; i < argc; i++) {
    const char *o = argv[i];
    if (!strcmp(o, "--all")) { all = 1; continue; }
    if (!strcmp(o, "--set")) { set = 1; continue; }
    if (!strcmp(o, "--clear")) { set = 0; continue; }
    if (o[0] != '-' || !o[1] || isdigit((unsigned char)o[1])) {
      if (what && !strcmp(what, "operands")) {
        if (nsrc == FB_NSRC) return fail_usage("at most 4 sources", o);
        src_txt[nsrc++] = o;
      } else if (!what && !have_word) {
        if (!parse_word(o, &word)) return fail_usage("bad WORD", o);
        have_word = 1;
      } else {
        return fail_usage("unexpected argument", o);
      }
      continue;
    }
    if (i + 1 >= argc) return fail_usage("missing value for", o);
    const char *a = argv[++i];
    if (!strcmp(o, "--mode")) {
      if (!strcmp(a, "fiber")) mode = FB_MODE_FIBER;
      else if (!strcmp(a, "cuda")) mode = FB_MODE_CUDA;
      else return fail_usage("bad --mode", a);
    } else if (!strcmp(o, "--sp")) {
      if (!parse_u64(a, &v) || v > 3) return fail_usage("bad --sp (0..3)", a);
      sp = (unsigned)v;
    } else if (!strcmp(o, "--orig")) {
      char buf[64];
      if (strlen(a) >= sizeof buf) return fail_usage("bad --orig", a);
      strcpy(buf, a);
      unsigned k = 0;
      for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        if (k == FB_NSRC || !parse_u64(t, &v) || v > 255) return fail_usage("bad --orig (up to 4 values 0..255)", a);
        orig[k++] = (uint8_t)v;
      }
      have_orig = k;
    } else if (!strcmp(o, "--base")) {
      if (!parse_word(a, &base)) return fail_usage("bad --base", a);
    } else if (!strcmp(o, "--pred")) {
      if (!parse_u64(a, &pred) || pred > 15) return fail_usage("bad --pred (0..15)", a);
    } else if (!strcmp(o, "--count")) {
      if (!parse_u64(a, &count) || count > 0xFFFF) return fail_usage("bad --count (0..65535)", a);
      have_count = 1;
    } else if (!strcmp(o, "--ext")) {
      if (!parse_u64(a, &ext) || ext > 0x1FFF) return fail_usage("bad --ext (13 bits)", a);
      have_ext = 1;
    } else if (!strcmp(o, "--reg")) {
      reg_txt = a;
      have_reg = 1;
    } else if (!strcmp(o, "--group")) {
      if (!strcmp(a, "empty")) group = FB_BM_EMPTY;
      else if (!strcmp(a, "full")) group = FB_BM_FULL;
      else return fail_usage("bad --group (empty|full)", a);
    } else if (!strcmp(o, "--opc-sfn")) {
      if (!parse_u64(a, &v) || v > 0xFFF) return fail_usage("bad --opc-sfn (12 bits)", a);
      cfg.opc_sfn = (uint16_t)v;
    } else if (!strcmp(o, "--opc-depbar")) {
      if (!parse_u64(a, &v) || v > 0xFFF) return fail_usage("bad --opc-depbar (12 bits)", a);
      cfg.opc_depbar_x = (uint16_t)v;
    } else {
      return fail_usage("unknown option", o);
    }
  }

  if (!what) {
    if (!have_word) return fail_usage("decode needs a WORD", NULL);
    return show(word, mode, sp, &cfg, have_orig > 0, orig, (1u << have_orig) - 1u) ? 1 : 0;
  }

  fb_dec_out f;
  memset(&f, 0, sizeof f);
  f.pred = (uint8_t)pred;
  if (!strcmp(what, "sfn")) {
    if (!have_count) return fail_usage("encode sfn needs --count", NULL);
    f.kind = FB_KIND_SFN;
    f.sfn_count = (uint16_t)count;
    f.sfn_all = (uint8_t)all;
  } else if (!strcmp(what, "depbar")) {
    if (!have_reg || group > 1 || set > 1)
      return fail_usage("encode depbar needs --reg, --group and --set or --clear", NULL);
    if (!parse_reg(reg_txt, sp, &reg)) return fail_usage("bad --reg", reg_txt);
    f.kind = FB_KIND_DEPBAR_X;
    f.dep_reg = (uint16_t)reg;
    f.dep_group = (uint8_t)group;
    f.dep_set = (uint8_t)set;
  } else if (!strcmp(what, "ext")) {
    if (!have_ext) return fail_usage("encode ext needs --ext", NULL);
    f.kind = FB_KIND_OTHER;
    f.ext = (uint16_t)ext;
  } else {
    /* operands: the extension field and original fields of up to four sources */
    if (!nsrc) return fail_usage("encode operands needs at least one source", NULL);
    unsigned en = 0;
    for (unsigned k = 0; k < nsrc; k++) {
      if (!parse_reg(src_txt[k], sp, &srcs[k])) return fail_usage("bad source", src_txt[k]);
      en |= fb_reg_sp(srcs[k]) != sp;
    }
    for (unsigned k = 0; k < nsrc; k++) {
      if (en) ext |= (uint64_t)fb_reg_sp(srcs[k]) << (FB_EXT_HI_OFF + 2 * k);
      ext |= (uint64_t)((srcs[k] >> 8) & 1u) << (FB_EXT_LO_OFF + k);
      orig[k] = (uint8_t)(srcs[k] & 0xFFu);
    }
    ext |= (uint64_t)en << FB_EXT_EN_OFF;
    f.kind = FB_KIND_OTHER;
    f.ext = (uint16_t)ext;
    printf("sources from SP%u:", sp);
    for (unsigned k = 0; k < nsrc; k++) printf(" src%u = SP%u.R%u (orig8 0x%02x)", k, fb_reg_sp(srcs[k]),
                                               srcs[k] & 511u, orig[k]);
    printf("\n");
    have_orig = nsrc;
  }
  fb_word w = fb_enc(base, &f, &cfg);
  unsigned st = show(w, mode, sp, &cfg, have_orig > 0, orig, (1u << have_orig) - 1u);
  /* round trip: the decoded fields re-encode to the same word */
  fb_dec_out d;
  fb_dec_eval(w, mode, &cfg, &d);
  fb_word w2 = fb_enc(base, &d, &cfg);
  if (w2.lo != w.lo || w2.hi != w.hi || d.kind != f.kind) {
    fprintf(stderr, "fiber-insn: the word does not decode to the fields encoded\n");
    return 1;
  }
  if (!strcmp(what, "operands") && !st) {
    fb_sel_in si;
    fb_sel_out so;
    memset(&si, 0, sizeof si);
    si.mode = (uint8_t)mode;
    si.sp = (uint8_t)sp;
    si.src_valid = (uint8_t)((1u << nsrc) - 1u);
    si.ext = (uint16_t)ext;
    memcpy(si.src_orig, orig, FB_NSRC);
    fb_sel_eval(&si, &so);
    for (unsigned k = 0; k < nsrc; k++)
      if (so.src_reg[k] != srcs[k]) {
        fprintf(stderr, "fiber-insn: the selector resolves source %u to 0x%03x, not 0x%03x\n", k,
                so.src_reg[k], srcs[k]);
        return 1;
      }
  }
  return st ? 1 : 0;
}
