// tma_tick.cpp - the TileLens TMA address unit inside a cycle simulator's
// tick loop, as a C++ simulator (gem5, Accel-Sim, Macsim) embeds it, built
// against the installed package only (find_package(tilelens)).
//
// One weight matrix (K x N FP16, K contiguous) is stored linearly and
// tile-major in 64 x 32 memory tiles (4 KB granules). Each box load is a
// start handshake, then one tick per cycle: the unit offers at most one
// request per tick, the memory side accepts it unless its queue is full
// (every fourth cycle here: back-pressure), and each accepted request is
// split into the 4 KB pages and 32 B sectors it touches. Printed per load:
// cycles, requests, bubbles, stall cycles, distinct pages, sectors and the
// read amplification; the page count is checked against tl_box_pages().
// Exit status 0, or 1 if the tick loop and the library summary disagree.
#include <cinttypes>
#include <cstdio>
#include <set>

#include "tilelens/tilelens.h"

namespace {

struct Load { const char *what; int32_t i, j; uint32_t box_i, box_j; };

const uint64_t kK = 4096, kN = 1024, kBase = 1ull << 32;
const uint32_t kElem = 2, kTileA = 64, kTileB = 32, kLog2Page = 12;

// The memory side of the simulator: accepts a request unless its queue is
// full, and records the pages and sectors it is asked for.
struct MemorySide {
  std::set<uint64_t> pages;
  uint64_t sectors = 0;
  bool ready(uint64_t cycle) const { return cycle % 4 != 3; }
  void accept(const tl_req &r) {
    uint64_t blk[160];
    size_t n = tl_req_blocks(&r, kLog2Page, blk, 160);
    for (size_t k = 0; k < n; k++) pages.insert(blk[k]);
    sectors += tl_req_blocks(&r, 5, nullptr, 0);
  }
};

// One box load through the unit, tick by tick. Returns false on a mismatch.
bool run_load(const char *layout, const tl_desc &d, const Load &ld) {
  tl_box box;
  tl_box_2d(&box, ld.i, ld.j, ld.box_i, ld.box_j, 0);
  tl_tma unit;
  tl_tma_reset(&unit);
  MemorySide mem;
  uint64_t cycle = 0;
  tl_tma_eval(&unit);  // cycle 0: the start handshake
  tl_status st = tl_tma_commit(&unit, 1, 1, mem.ready(cycle), &d, &box);
  if (st != TL_OK) {
    tl_rule rule;
    tl_box_check_rule(&d, &box, &rule);
    std::printf("  %-6s %-26s rejected: %s (%s)\n", layout, ld.what, tl_status_str(st), tl_rule_str(rule));
    return true;
  }
  while (unit.busy) {  // the simulator's tick loop
    cycle++;
    uint32_t ready = mem.ready(cycle);
    tl_tma_tick(&unit, 0, ready, nullptr, nullptr);
    if (unit.valid && ready) mem.accept(unit.req);
  }
  const tl_tma_stats &s = unit.stats;
  tl_page_stats ps;
  tl_box_pages(&d, &box, kLog2Page, nullptr, 0, &ps);
  uint64_t used = ps.bytes_used, fetched = mem.pages.size() << kLog2Page;
  std::printf("  %-6s %-26s %5" PRIu64 " cycles %4" PRIu64 " req %3" PRIu64 " bubbles %4" PRIu64
              " stalls %4zu pages %5" PRIu64 " sectors %6.2fx\n",
              layout, ld.what, cycle, s.requests, s.bubbles, s.stalls, mem.pages.size(), mem.sectors,
              used ? double(fetched) / double(used) : 0.0);
  return ps.pages == mem.pages.size() && ps.requests == s.requests && ps.bubbles == s.bubbles;
}

}  // namespace

int main() {
  std::printf("tilelens %s: %" PRIu64 " x %" PRIu64 " FP16 matrix, %u x %u tiles, 4 KB pages\n",
              tl_version(), kK, kN, kTileA, kTileB);
  tl_desc linear, tiled;
  if (tl_desc_matrix_linear(&linear, kBase, kK, kN, kElem) != TL_OK ||
      tl_desc_matrix_tiled(&tiled, kBase, kK, kN, kElem, kTileA, kTileB) != TL_OK)
    return 1;
  static const Load loads[] = {
    {"64 x 64 box (u = a)", 128, 64, 64, 64},
    {"128 x 32 box (u > a)", 256, 32, 128, 32},
    {"32 x 64 box (u < a)", 32, 96, 32, 64},
    {"64 x 64 box past column N", 0, 992, 64, 64},
    {"64 x 64 box at row 65", 65, 0, 64, 64},
  };
  bool ok = true;
  for (const Load &ld : loads) {
    ok = run_load("linear", linear, ld) && ok;
    ok = run_load("tiled", tiled, ld) && ok;
  }
  std::printf("%s\n", ok ? "tick loop and tl_box_pages agree" : "MISMATCH with tl_box_pages");
  return ok ? 0 : 1;
}
