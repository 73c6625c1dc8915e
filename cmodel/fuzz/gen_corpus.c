/*
 * gen_corpus.c - writes the seed corpus of fuzz_tilelens (cmodel/fuzz/corpus/):
 * supported random cases of the test reference's generator (linear and
 * tile-major), the paper's check points, and one case per error status made
 * by breaking a valid case in one field. Deterministic: the same files every
 * run. Each file is checked against the status it is meant to have.
 *
 * Usage: gen_corpus DIR   (make fuzz-corpus)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tl_fuzz_input.h"
#include "../test/tilelens/tl_test_ref.h"

#define NRANDOM 16

static int g_bad = 0, g_files = 0;

static void emit(const char *dir, const char *name, const tl_desc *d, const tl_box *b, tl_status want) {
  uint8_t buf[TLF_SIZE];
  tlf_encode(d, b, buf);
  /* the file must decode to the same case */
  tl_desc d2;
  tl_box b2;
  tlf_decode(buf, TLF_SIZE, &d2, &b2);
  if (memcmp(&d2, d, sizeof d2) || memcmp(&b2, b, sizeof b2)) {
    fprintf(stderr, "gen_corpus: %s does not round-trip through the input format\n", name);
    g_bad = 1;
  }
  size_t n = 0;
  tl_status st = tl_box_requests(d, b, NULL, 0, &n);
  if (st != want) {
    fprintf(stderr, "gen_corpus: %s: %s, meant to be %s\n", name, tl_status_str(st), tl_status_str(want));
    g_bad = 1;
  }
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(buf, 1, TLF_SIZE, f) != TLF_SIZE || fclose(f) != 0) {
    fprintf(stderr, "gen_corpus: cannot write %s\n", path);
    exit(1);
  }
  g_files++;
  printf("%-28s %-26.*s %zu requests\n", name, (int)strcspn(tl_status_str(st), ":"), tl_status_str(st), n);
}

/* A K x N column-major matrix as a 2-D view. */
static void matrix(tl_desc *d, tl_box *b, uint32_t s, uint64_t K, uint64_t N) {
  memset(d, 0, sizeof *d);
  memset(b, 0, sizeof *b);
  d->rank = 2;
  d->elem_bytes = s;
  d->dim[0] = K;
  d->dim[1] = N;
  d->stride[1] = K * s;
  d->lead_stride = K * s;
  d->base = 1ull << 32;
}

static void tile(tl_desc *d, uint32_t la, uint32_t lb, uint32_t lg) {
  d->tile_major = 1;
  d->log2_a = la;
  d->log2_b = lb;
  d->log2_granule = lg;
}

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: gen_corpus DIR\n"); return 2; }
  const char *dir = argv[1];
  tl_desc d;
  tl_box b;
  char name[64];

  for (int tm = 0; tm <= 1; tm++) {
    ref_rng r = {0x5EED0000u + (uint64_t)tm};
    for (int k = 0; k < NRANDOM;) {
      if (!ref_random_case(&r, tm, &d, &b)) continue;
      if (ref_box_elems(&d, &b) > 4096) continue; /* small seeds run fast */
      snprintf(name, sizeof name, "ok-%s-%02d", tm ? "tile" : "linear", k++);
      emit(dir, name, &d, &b, TL_OK);
    }
  }

  /* Paper Fig. 9: FP8 384 x 128, box 128 x 64 at (256, 64): 2-D, 3-D and 4-D views. */
  matrix(&d, &b, 1, 384, 128);
  tile(&d, 7, 5, 12);
  b.coord[0] = 256; b.coord[1] = 64; b.box[0] = 128; b.box[1] = 64;
  emit(dir, "paper-fig9-2d", &d, &b, TL_OK);
  d.rank = 3; d.dim[0] = 128; d.dim[1] = 128; d.dim[2] = 3; d.stride[1] = 384; d.stride[2] = 128;
  b.coord[0] = 0; b.coord[1] = 64; b.coord[2] = 2; b.box[2] = 1;
  emit(dir, "paper-fig9-3d", &d, &b, TL_OK);
  d.rank = 4; d.dim[1] = 64; d.dim[3] = 2; d.stride[3] = 64 * 384;
  b.coord[1] = 0; b.coord[3] = 1; b.box[3] = 1;
  emit(dir, "paper-fig9-4d", &d, &b, TL_OK);
  d.tile_major = 0;
  emit(dir, "paper-fig9-4d-linear", &d, &b, TL_OK);

  /* Section 6.5: 128 x 256 BF16 tile, 64 x 32 memory tiles; row-major twin. */
  matrix(&d, &b, 2, 2048, 4096);
  tile(&d, 6, 5, 12);
  b.coord[0] = 512; b.coord[1] = 1024; b.box[0] = 128; b.box[1] = 256;
  emit(dir, "paper-6.5-tile", &d, &b, TL_OK);
  matrix(&d, &b, 2, 4096, 2048);
  b.coord[0] = 1024; b.coord[1] = 512; b.box[0] = 256; b.box[1] = 128;
  emit(dir, "paper-6.5-row", &d, &b, TL_OK);

  /* Case 2: FP8 32 x 32 box in 128 x 32 memory tiles. */
  matrix(&d, &b, 1, 384, 128);
  tile(&d, 7, 5, 12);
  b.coord[0] = 32; b.box[0] = 32; b.box[1] = 32;
  emit(dir, "paper-case2", &d, &b, TL_OK);

  /* A box half past the end of the columns (bubbles), tile-major. */
  matrix(&d, &b, 2, 128, 64);
  tile(&d, 6, 5, 12);
  b.coord[1] = 32; b.box[0] = 64; b.box[1] = 64;
  emit(dir, "edge-bubbles", &d, &b, TL_OK);

  /* One case per error status, each from the valid 6.5 case broken once. */
  struct { const char *name; tl_status st; } errs[] = {
    {"err-rank", TL_ERR_RANK}, {"err-elem-size", TL_ERR_ELEM_SIZE}, {"err-dim", TL_ERR_DIM},
    {"err-stride", TL_ERR_STRIDE}, {"err-feature", TL_ERR_UNSUPPORTED_FEATURE},
    {"err-align-base", TL_ERR_ALIGN}, {"err-overflow-extent", TL_ERR_OVERFLOW},
    {"err-tile-shape", TL_ERR_TILE_SHAPE}, {"err-lead-stride", TL_ERR_LEAD_STRIDE},
    {"err-view", TL_ERR_UNSUPPORTED_VIEW}, {"err-box", TL_ERR_BOX},
    {"err-align-smem", TL_ERR_ALIGN}, {"err-overflow-smem", TL_ERR_OVERFLOW},
    {"err-view-box", TL_ERR_UNSUPPORTED_VIEW}, {"err-row-range", TL_ERR_ROW_RANGE},
    {"err-overflow-base", TL_ERR_OVERFLOW}, {"err-align-start", TL_ERR_ALIGN},
    {"err-align-split-sum", TL_ERR_ALIGN},
  };
  for (size_t e = 0; e < sizeof errs / sizeof errs[0]; e++) {
    matrix(&d, &b, 2, 2048, 4096);
    tile(&d, 6, 5, 12);
    b.coord[0] = 512; b.coord[1] = 1024; b.box[0] = 128; b.box[1] = 256;
    switch (e) {
      case 0: d.rank = 6; break;
      case 1: d.elem_bytes = 3; break;
      case 2: d.dim[1] = 0; break;
      case 3: d.stride[1] = 4104; break;
      case 4: d.swizzle = 1; break;
      case 5: d.base += 8; break;
      case 6: d.base = UINT64_MAX - 4095; break;
      case 7: d.log2_b = 6; break;
      case 8: d.lead_stride = 4096 + 64; d.stride[1] = 4096 + 64; d.dim[0] = 2048; break;
      case 9: d.stride[1] = 3 * 4096; break;
      case 10: b.box[1] = 0; break;
      case 11: b.smem_base = 8; break;
      case 12: b.smem_base = 0xFFFF0010u; break;
      case 13: b.box[0] = 96; break;
      case 14: d.rank = 3; d.dim[2] = 1; d.stride[2] = 16; b.box[2] = 1; b.coord[2] = -72; break;
      case 15: d.tile_major = 0; d.rank = 3; d.dim[2] = 1; d.stride[2] = (1ull << 40) - 16;
               b.box[2] = 1; b.coord[2] = INT32_MAX; break;
      case 16: b.coord[0] = 544; break;
      /* two split dimensions (m = 1 and m = 2) whose column starts are
       * misaligned each but sum to a multiple of b = 32: rule 19 asks each */
      default: d.rank = 3; d.dim[1] = 4; d.dim[2] = 2048; d.stride[2] = 2 * 4096;
               b.coord[1] = 2; b.coord[2] = 15; b.box[1] = 1; b.box[2] = 1; break;
    }
    emit(dir, errs[e].name, &d, &b, errs[e].st);
  }
  fprintf(stderr, "gen_corpus: %d files in %s\n", g_files, dir);
  return g_bad;
}
