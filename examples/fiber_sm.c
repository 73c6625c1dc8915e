/*
 * fiber_sm.c - a multi-warp SM around the two libraries, as a simulator
 * embeds them: 4 subpartitions (SPs) x 4 warps, each SP's scheduler picks
 * one of its warps per cycle with the FIBER issue stage's eligibility query
 * (fb_issue_query), presents it to fb_issue_step, and keeps presenting it
 * while `again` says passes remain. A TileLens TMA unit (tl_tma_tick) loads
 * the B tile of the HMMA warps meanwhile; an extended DEPBAR holds them
 * until it is done. At cycle CKPT the whole SM (issue stage, TMA unit and
 * the example's own plain state) is checkpointed; at the end the run is
 * replayed from the checkpoint and must match cycle for cycle.
 *
 * Warps of SP s (slot j):
 *   j = 0, 1  HMMA warps: LDSM of the TMA-loaded tile (waits on EMPTY of the
 *             tile's flag register until the TMA unit is done), then 4
 *             HMMA k-steps acc += A_k * B_k reading A from SP s/2 and B from
 *             SP 2 + s%2 (FIBER shared registers, paper Fig. 6(c) placement)
 *             and the two accumulator registers: where A or B lies in the
 *             SP's own banks it shares a port with an accumulator at another
 *             row, so the read takes two passes.
 *   j = 2, 3  FFMA chains: 6 x f = a * b + f, b in the next SP's registers.
 * Pipeline: operands delivered in cycle t are consumed in t+1 (that clears
 * FULL); results are written back `latency` cycles after issue (HMMA 8,
 * FFMA 4, LDSM 2), one writeback per SP per cycle.
 *
 * Uses only the installed headers and documented API: the FIBER state is
 * reached through functions only (fb_issue_query, fb_issue_get_stats,
 * fb_issue_progress, fb_ckpt_*); of the TMA unit it reads the documented
 * outputs of the cycle (valid, req, done, stats), as tilelens.h describes.
 *
 * Usage: fiber_sm [--trace N]   (N: cycles of per-cycle trace, default 12)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fiber/fiber.h>
#include <tilelens/tilelens.h>

#define WARPS 4          /* per SP */
#define MAXI 8           /* instructions per warp */
#define WBQ 32           /* pending writebacks per SP */
#define CKPT 24          /* the checkpoint cycle */
#define MAX_CYCLES 2000
#define DEADLOCK_LIMIT 500

typedef struct {
  uint16_t src[FB_NSRC];
  uint8_t n;
  int16_t dst;           /* -1: none */
  uint8_t lat;
  const char *op;
} insn;

typedef struct {
  insn prog[MAXI];
  uint8_t len, pc;
} warp;

/* The example's own state: plain data, copied by assignment. */
typedef struct {
  warp w[FB_NSP][WARPS];
  uint16_t wb_reg[FB_NSP][WBQ];
  uint64_t wb_at[FB_NSP][WBQ];
  uint8_t wb_n[FB_NSP];
  int8_t cur[FB_NSP];            /* warp presented last cycle, -1 none */
  uint8_t rr[FB_NSP];            /* round-robin start */
  fb_issue_out last;             /* last cycle's outputs (again, operands) */
  uint8_t tma_started, tma_done, flag_cleared;
  uint64_t cycle, done_cycle;
} sm_state;

/* Library objects: caller-owned structs. */
typedef struct {
  fb_issue st;
  tl_tma tma;
  sm_state s;
} sm;

static tl_desc tile_desc;
static tl_box tile_box;
static const uint16_t kFlag = (2u << 9) | (200u << 1);   /* SP 2: the tile's flag register */

static insn mk(const char *op, const uint16_t *src, unsigned n, int dst, unsigned lat) {
  insn i;
  memset(&i, 0, sizeof i);
  for (unsigned k = 0; k < n; k++) i.src[k] = src[k];
  i.n = (uint8_t)n;
  i.dst = (int16_t)dst;
  i.lat = (uint8_t)lat;
  i.op = op;
  return i;
}

static void build_programs(sm_state *s) {
  for (unsigned sp = 0; sp < FB_NSP; sp++)
    for (unsigned j = 0; j < WARPS; j++) {
      warp *w = &s->w[sp][j];
      memset(w, 0, sizeof *w);
      if (j < 2) {
        unsigned acc0 = fb_reg_make(sp, 100 + 2 * j, 0), acc1 = fb_reg_make(sp, 100 + 2 * j, 1);
        uint16_t ld[1] = {kFlag};
        w->prog[w->len++] = mk("LDSM", ld, 1, (int)fb_reg_make(sp, 120 + j, 0), 2);
        for (unsigned k = 0; k < 4; k++) {
          uint16_t src[4] = {(uint16_t)fb_reg_make(sp / 2, 10 + 8 * sp + 2 * j + k / 2, k % 2),
                             (uint16_t)fb_reg_make(2 + sp % 2, 50 + 8 * sp + 2 * j + k / 2, k % 2), (uint16_t)acc0,
                             (uint16_t)acc1};
          w->prog[w->len++] = mk("HMMA", src, 4, (int)acc0, 8);
        }
      } else {
        unsigned f = fb_reg_make(sp, 80 + j, j % 2);
        for (unsigned k = 0; k < 6; k++) {
          uint16_t src[3] = {(uint16_t)fb_reg_make(sp, 90 + k, 0), (uint16_t)fb_reg_make((sp + 1) % 4, 96 + j, k % 2),
                             (uint16_t)f};
          w->prog[w->len++] = mk("FFMA", src, 3, (int)f, 4);
        }
      }
    }
  for (unsigned sp = 0; sp < FB_NSP; sp++) s->cur[sp] = -1;
}

static void fill(fb_issue_sp_in *p, unsigned sp, const insn *i) {
  if (fb_issue_insn(p, sp, i->src, i->n, i->dst) != FB_OK) {
    fprintf(stderr, "bad instruction on SP %u\n", sp);
    exit(2);
  }
  p->valid = 1;
}

/* The scheduler of SP sp: the instruction in flight while `again`, else the
 * first warp (round robin) the query finds eligible, else the first warp
 * with work left (it waits; its stall reason is counted). */
static int pick(const sm *m, unsigned sp, fb_issue_sp_in *p) {
  const sm_state *s = &m->s;
  if ((s->last.again >> sp) & 1u) {
    int j = s->cur[sp];
    fill(p, sp, &s->w[sp][j].prog[s->w[sp][j].pc]);
    return j;
  }
  int first = -1;
  for (unsigned n = 0; n < WARPS; n++) {
    unsigned j = (s->rr[sp] + n) % WARPS;
    const warp *w = &s->w[sp][j];
    if (w->pc >= w->len) continue;
    fb_issue_sp_in c;
    memset(&c, 0, sizeof c);
    fill(&c, sp, &w->prog[w->pc]);
    fb_issue_elig why;
    if (fb_issue_query(&m->st, sp, &c, &why) != FB_OK) exit(3);
    if (why.eligible) {
      fill(p, sp, &w->prog[w->pc]);   /* (keeps the SP's pipeline fields) */
      return (int)j;
    }
    if (first < 0) first = (int)j;
  }
  if (first >= 0) fill(p, sp, &s->w[sp][first].prog[s->w[sp][first].pc]);
  return first;
}

static uint32_t fnv(uint32_t h, const void *v, size_t n) {
  const unsigned char *p = (const unsigned char *)v;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
  return h;
}

/* One SM cycle; returns 1 while work remains. Adds the cycle's trace line
 * and TMA request to *hash; prints the trace line when print is set. */
static int sm_cycle(sm *m, uint32_t *hash, int print) {
  sm_state *s = &m->s;
  fb_issue_in in;
  memset(&in, 0, sizeof in);
  int work = 0;
  for (unsigned sp = 0; sp < FB_NSP; sp++) {
    fb_issue_sp_in *p = &in.sp[sp];
    /* consumption of last cycle's operands */
    p->cons_valid = s->last.opnd_valid[sp];
    memcpy(p->cons_src, s->last.opnd_reg[sp], sizeof p->cons_src);
    /* the earliest due writeback */
    for (unsigned q = 0; q < s->wb_n[sp]; q++)
      if (s->wb_at[sp][q] <= s->cycle) {
        p->wb_valid = 1;
        p->wb_dst = s->wb_reg[sp][q];
        s->wb_n[sp]--;
        s->wb_reg[sp][q] = s->wb_reg[sp][s->wb_n[sp]];
        s->wb_at[sp][q] = s->wb_at[sp][s->wb_n[sp]];
        break;
      }
    work |= s->wb_n[sp] != 0 || p->wb_valid || p->cons_valid;
  }
  /* cycle 0 sets EMPTY of the tile's flag (SP 2's DEPBAR); the cycle after
   * the TMA unit is done clears it */
  if (s->cycle == 0) {
    in.sp[2].dep_valid = 1; in.sp[2].dep_reg = kFlag; in.sp[2].dep_group = FB_BM_EMPTY; in.sp[2].dep_set = 1;
  } else if (s->tma_done && !s->flag_cleared) {
    in.sp[2].dep_valid = 1; in.sp[2].dep_reg = kFlag; in.sp[2].dep_group = FB_BM_EMPTY; in.sp[2].dep_set = 0;
    s->flag_cleared = 1;
  }
  for (unsigned sp = 0; sp < FB_NSP; sp++) {
    s->cur[sp] = s->cycle == 0 ? -1 : (int8_t)pick(m, sp, &in.sp[sp]);
    for (unsigned j = 0; j < WARPS; j++) work |= s->w[sp][j].pc < s->w[sp][j].len;
  }
  fb_issue_out o;
  fb_err e = fb_issue_step(&m->st, &in, &o);
  if (e != FB_OK) {
    fprintf(stderr, "cycle %llu: fb_issue_step: %s\n", (unsigned long long)s->cycle, fb_err_str(e));
    exit(4);
  }
  for (unsigned sp = 0; sp < FB_NSP; sp++) {
    if (!((o.issue >> sp) & 1u)) continue;
    warp *w = &m->s.w[sp][s->cur[sp]];
    const insn *i = &w->prog[w->pc++];
    if (i->dst >= 0) {
      s->wb_reg[sp][s->wb_n[sp]] = (uint16_t)i->dst;
      s->wb_at[sp][s->wb_n[sp]++] = s->cycle + i->lat;
    }
    s->rr[sp] = (uint8_t)((s->cur[sp] + 1) % WARPS);
  }
  /* the TMA unit: the tile load starts in cycle 0, req_ready always */
  tl_status ts = tl_tma_tick(&m->tma, s->cycle == 0, 1, &tile_desc, &tile_box);
  if (ts != TL_OK) {
    fprintf(stderr, "tl_tma_tick: %s\n", tl_status_str(ts));
    exit(5);
  }
  /* its documented outputs of the cycle (tilelens.h: valid, req, done) */
  tl_req r = m->tma.req;
  uint32_t tma_valid = m->tma.valid;
  if (!s->tma_done && m->tma.done) {
    s->tma_done = 1;
    s->done_cycle = s->cycle;
  }
  work |= !s->flag_cleared;
  char line[160];
  fb_issue_trace(&o, s->cycle, line, sizeof line);
  *hash = fnv(*hash, line, strlen(line));
  *hash = fnv(*hash, &tma_valid, sizeof tma_valid);
  if (tma_valid) *hash = fnv(fnv(*hash, &r.src, sizeof r.src), &r.dst, sizeof r.dst);
  if (print) printf("  %s%s\n", line, tma_valid ? "  tma=req" : "");
  uint8_t stuck;
  if (fb_issue_progress(&m->st, DEADLOCK_LIMIT, &stuck) == FB_ERR_DEADLOCK) {
    fprintf(stderr, "deadlock: SPs 0x%x waited %d cycles\n", stuck, DEADLOCK_LIMIT);
    exit(6);
  }
  work |= o.again != 0;
  s->last = o;
  s->cycle++;
  return work;
}

int main(int argc, char **argv) {
  unsigned trace = 12;
  if (argc == 3 && strcmp(argv[1], "--trace") == 0) trace = (unsigned)strtoul(argv[2], NULL, 10);
  else if (argc != 1) {
    fprintf(stderr, "usage: fiber_sm [--trace N]\n");
    return 2;
  }
  /* B tile: FP16 256 x 128 matrix in 64 x 32 tiles (4 KB), box 64 x 32 at (64, 32) */
  if (tl_desc_matrix_tiled(&tile_desc, 0x200000, 256, 128, 2, 64, 32) != TL_OK ||
      tl_box_2d(&tile_box, 64, 32, 64, 32, 0) != TL_OK)
    return 2;
  static sm m, r;
  static unsigned char ck_issue[1 << 14], ck_tma[1 << 12];
  static sm_state ck_state;
  unsigned long ck_issue_len = 0;
  size_t ck_tma_len = 0;
  if (fb_issue_reset(&m.st, NULL) != FB_OK || tl_tma_reset(&m.tma) != TL_OK) return 2;
  memset(&m.s, 0, sizeof m.s);
  build_programs(&m.s);
  printf("fiber_sm: 4 SPs x %d warps (2 HMMA, 2 FFMA chains each), TMA tile load 64x32 FP16 tile-major\n", WARPS);
  printf("trace (docs/fiber_simulator.md 6), first %u cycles:\n", trace);
  uint32_t hash_after = 2166136261u, dummy = 2166136261u;
  for (;;) {
    if (m.s.cycle == CKPT) {   /* checkpoint: library states saved as bytes, own state copied */
      if (fb_ckpt_save(FB_CKPT_ISSUE, &m.st, ck_issue, sizeof ck_issue, &ck_issue_len) != FB_OK ||
          tl_tma_save(&m.tma, ck_tma, sizeof ck_tma, &ck_tma_len) != TL_OK)
        return 7;
      ck_state = m.s;
    }
    int more = sm_cycle(&m, m.s.cycle >= CKPT ? &hash_after : &dummy, m.s.cycle < trace);
    if (!more) break;
    if (m.s.cycle >= MAX_CYCLES) {
      fprintf(stderr, "did not finish in %d cycles\n", MAX_CYCLES);
      return 6;
    }
  }
  uint64_t end = m.s.cycle;
  fb_issue_stats st;
  if (fb_issue_get_stats(&m.st, &st) != FB_OK) return 8;
  printf("finished in %llu cycles; TMA tile load done in cycle %llu\n", (unsigned long long)end,
         (unsigned long long)m.s.done_cycle);
  printf("SP  issued passes  port empty  full guard  opnd local remote\n");
  uint64_t tot[FB_WHY_NUM] = {0};
  for (unsigned sp = 0; sp < FB_NSP; sp++) {
    const fb_issue_sp_stats *p = &st.sp[sp];
    for (unsigned w = 0; w < FB_WHY_NUM; w++) tot[w] += p->by[w];
    printf("%2u %7llu %6llu %5llu %5llu %5llu %5llu %11llu %6llu\n", sp, (unsigned long long)p->by[FB_WHY_ISSUE],
           (unsigned long long)(p->by[FB_WHY_ISSUE] + p->by[FB_WHY_PASS]), (unsigned long long)p->by[FB_WHY_PORT],
           (unsigned long long)p->by[FB_WHY_EMPTY], (unsigned long long)p->by[FB_WHY_FULL],
           (unsigned long long)p->by[FB_WHY_GUARD], (unsigned long long)p->opnd_local,
           (unsigned long long)p->opnd_remote);
  }
  printf("stall cycles by reason:");
  for (unsigned w = FB_WHY_PASS; w < FB_WHY_NUM; w++) printf(" %s %llu", fb_issue_reason_str(w), (unsigned long long)tot[w]);
  printf("\n");
  tl_tma_stats ts = m.tma.stats;
  printf("TMA: %llu requests, %llu bubbles, %llu busy cycles\n", (unsigned long long)ts.requests,
         (unsigned long long)ts.bubbles, (unsigned long long)ts.busy_cycles);

  /* replay from the checkpoint into fresh objects */
  if (fb_issue_reset(&r.st, NULL) != FB_OK || tl_tma_reset(&r.tma) != TL_OK) return 9;
  if (fb_ckpt_restore(FB_CKPT_ISSUE, &r.st, ck_issue, ck_issue_len) != FB_OK ||
      tl_tma_restore(&r.tma, ck_tma, ck_tma_len) != TL_OK)
    return 9;
  r.s = ck_state;
  uint32_t hash_replay = 2166136261u;
  while (sm_cycle(&r, &hash_replay, 0)) {
  }
  fb_issue_stats st2;
  tl_tma_stats ts2 = r.tma.stats;
  if (fb_issue_get_stats(&r.st, &st2) != FB_OK) return 9;
  int same = r.s.cycle == end && hash_replay == hash_after && memcmp(&st, &st2, sizeof st) == 0 &&
             memcmp(&ts, &ts2, sizeof ts) == 0;
  printf("checkpoint at cycle %d (issue stage and TMA unit saved as bytes): replay %s (%llu cycles, trace hash "
         "0x%08x)\n",
         CKPT, same ? "matches bit-exactly" : "DIFFERS", (unsigned long long)(r.s.cycle - CKPT), hash_replay);
  /* a checkpoint of another layout version is refused */
  ck_issue[4] ^= 1;
  fb_err e = fb_ckpt_restore(FB_CKPT_ISSUE, &r.st, ck_issue, ck_issue_len);
  printf("a checkpoint with another layout version: %s\n", fb_err_str(e));
  return same && e == FB_ERR_CKPT ? 0 : 1;
}
