/*
 * tb_tilelens_tma_addr.cpp - lockstep harness of tilelens_tma_addr, the
 * composed TileLens TMA address unit, every output every cycle against the
 * library's unit model (tl_tma_init / tl_tma_eval / tl_tma_commit with the
 * RTL's default check latency, TL_TMA_SUM_STAGES): err_o (the box's status
 * in its verdict cycle, TL_OK otherwise; the status checked against
 * tl_request_check() of the box as well), the request stream against
 * tl_gen_begin() / tl_gen_next().
 *
 * The descriptor's status and classes (desc_err_i, row_mask_i, ...) are
 * driven from tl_desc_info_get(), as tilelens_desc_check stores them.
 * Stimulus: the paper's Figure 9 views (linear, case 1, u > a), the case-2
 * example and section 6.5, always ready; then seeded random supported cases,
 * and the same cases broken in one way (every rule of docs/tilelens.md:
 * descriptor rules through desc_err_i, box rules 13-19 through the unit
 * itself) or in two or three ways at once (error priority of the unit's
 * chain: one required coverage bin per pair of classes, the first broken
 * and another, fault_cross.h), starts of rejected boxes, random
 * back-pressure profiles per box, gaps, starts while busy, resets at idle
 * cycles and rare resets mid-box (tb/common/stim.h).
 * Inputs are held from a start until done_o (or the verdict of a rejected
 * box), as the unit requires; while idle they change freely.
 * Besides the per-cycle comparison, the RTL's own request streams of the
 * directed boxes are checked against the paper: Figure 9's 2-D, 3-D and 4-D
 * views give identical streams in each mode, section 6.5's tile touches 128
 * distinct 4 KB pages in linear and 16 in tile-major layout, and the case-2
 * example reads column k of its box at byte k*128 + 32 of the tile.
 */
#include "Vtilelens_tma_addr.h"
#include "fault_cross.h"
#include "lockstep.h"
#include "stim.h"
#include "tilelens.h"
#include "tl_stim.h"

#include <deque>
#include <set>

// The RTL's SumStages (its default unless the build sets both, for example
// make TB_DIR=build/tb-s2 TB_EXTRA_VFLAGS="-GSumStages=2 -CFLAGS -DTMA_SUM_STAGES=2"
// tb-tilelens_tma_addr).
#ifndef TMA_SUM_STAGES
#define TMA_SUM_STAGES TL_TMA_SUM_STAGES
#endif

struct TbTmaAddr {
  using Dut = Vtilelens_tma_addr;
  static constexpr const char *kName = "tilelens_tma_addr";
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = 10000000;
  // --workload tile-load (synth/power.py): after the reset, section 6.5's
  // 128 x 256 BF16 compute tile in tile-major layout (64 x 32 memory tiles),
  // loaded tile after tile across the 4096 x 4096 matrix (row block t % 16,
  // column block t / 16 % 32), each started as soon as the unit is idle,
  // always ready; no resets, no other cases.
  static constexpr const char *kWorkloads = "tile-load";
  bool wl_tile = false;
  uint32_t wl_tiles = 0;
  struct Exp {
    uint8_t start_ready, err, valid, busy, done;
    uint64_t src;
    uint32_t dst;
    uint16_t bytes;
  };

  std::deque<size_t> directed_started;             // directed boxes in flight
  std::vector<std::vector<tl_req>> directed_streams;
  std::vector<tl_req> stream;
  int b_paper_checks;
  tl_tma m{};  // the library's cycle model (tilelens.h: tl_tma_*)
  lockstep::StartDriver<tlstim::Case> drv;          // cases, start and ready (tb/common/stim.h)
  lockstep::ResetSchedule resets{4000, 200000};
  std::vector<tlstim::Case> &directed = drv.cases.directed;
  tl_status cur_err = TL_OK;
  bool rst_n = true;
  // The unit's error classes in priority order: the descriptor's status,
  // rules 13-15 (box check), 16 (view), 17 (row range), 18 (tile base
  // overflow), 19 (start alignment).
  enum { F_DESC, F_BOX, F_VIEW, F_ROW, F_OVF, F_START, F_NUM };
  lockstep::FaultCross cross;
  uint32_t cur_faults = 0;
  int b_err[TL_STATUS_COUNT], b_reject, b_mode[4], b_rank[6], b_elem[4], b_bubble, b_clip, b_stall,
      b_bp[lockstep::ReadyProfile::kCount], b_reset_busy, b_idle_reset, b_start_busy, b_done, b_fig9, b_case2, b_split, b_neg_col;

  explicit TbTmaAddr(lockstep::Env &env) {
    wl_tile = env.opt.workload == "tile-load";
    directed = tlstim::paper_cases();
    tlstim::check_supported(env, directed);
    directed_streams.resize(directed.size());
    drv.cases.fill(env.rng, 512, [this](lockstep::Rng &r) { return fresh(r); });
    auto &c = env.cov;
    for (int s = 0; s < TL_STATUS_COUNT; s++)
      b_err[s] = s == TL_ERR_NULL ? -1 : c.bin(std::string("err_o = ") + std::string(tl_status_str((tl_status)s)).substr(0, std::string(tl_status_str((tl_status)s)).find(':')));
    b_reject = c.bin("start of a rejected box (dropped)");
    static const char *mn[4] = {"linear", "case 1 (u = a)", "case 2 (u < a)", "u > a"};
    for (int i = 0; i < 4; i++) b_mode[i] = c.bin(std::string("box in mode ") + mn[i]);
    for (int r = 1; r <= 5; r++) b_rank[r] = c.bin("box of rank " + std::to_string(r));
    for (int s = 0; s < 4; s++) b_elem[s] = c.bin("element size " + std::to_string(1 << s));
    b_bubble = c.bin("bubble (step out of bounds)");
    b_clip = c.bin("request clipped along dim 0");
    b_neg_col = c.bin("tile-major box starting before column 0");
    b_stall = c.bin("back-pressure: valid and not ready");
    for (int i = 0; i < lockstep::ReadyProfile::kCount; i++)
      b_bp[i] = c.bin(std::string("box with ") + lockstep::ReadyProfile::name(i));
    b_reset_busy = c.bin("reset while busy");
    b_idle_reset = c.bin("reset while idle (a gate-level window begins)");
    b_start_busy = c.bin("start_valid while busy (ignored)");
    b_done = c.bin("done pulse");
    b_fig9 = c.bin("paper Fig. 9 / case 2 / sec. 6.5 streams (directed)");
    b_case2 = c.bin("case-2 permuted requests");
    b_split = c.bin("box with a split outer counter");
    b_paper_checks = c.bin("paper checks on the RTL's own streams (Fig. 9, sec. 6.5, case 2)");
    cross.declare(c, "two faults", {"DESC", "BOX", "VIEW", "ROW_RANGE", "OVERFLOW", "ALIGN (start)"});
  }

  // Which classes the case breaks, each on its own (no priority), with the
  // classes the unit is given (zero when the descriptor is invalid) and the
  // tile-major bit it is given.
  static uint32_t faults(const tl_desc &d, const tl_box &b, tl_status dst, const tl_desc_info &in) {
    uint32_t m = 0, r = d.rank < 5 ? d.rank : 5;
    if (dst != TL_OK) m |= 1u << F_DESC;
    if (tl_box_shape_check(&d, &b) != TL_OK) m |= 1u << F_BOX;
    bool tm = d.tile_major & 1;
    uint64_t s = d.elem_bytes, u = b.box[0], a = 1ull << (d.log2_a & 31), ap = u < a ? u : a, as = ap * s;
    __int128 row = 0, col = 0;
    bool neg = false, split_bad = false;
    uint32_t splits = 0;
    for (uint32_t k = 0; k < r; k++) {
      bool is_row = k == 0 || (in.row_mask >> k & 1), is_split = k && (in.split_mask >> k & 1);
      uint64_t st = k ? d.stride[k] : s;
      __int128 p = (__int128)b.coord[k] * (__int128)st;
      if (is_row) { row += p; neg |= b.coord[k] < 0; }
      else col += p;
      uint32_t lm = in.split_log2_m[k], pt_log = d.log2_b >= lm ? d.log2_b - lm : 0;
      uint64_t per_tile = 1ull << (pt_log & 63);
      if (is_split && ((uint64_t)(int64_t)b.coord[k] & (per_tile - 1))) split_bad = true;
      if (k == 0 || b.box[k] == 1) continue;
      if (tm && is_row && as && st % as) m |= 1u << F_VIEW;
      if (tm && is_split && (++splits > 1 || (b.box[k] > per_tile && b.box[k] % per_tile))) m |= 1u << F_VIEW;
    }
    if (tm && (u == 0 || (u & (u - 1)))) m |= 1u << F_VIEW;
    if (tm && (neg || row >= (__int128)d.lead_stride)) m |= 1u << F_ROW;
    __int128 tb = col + (tm ? row * ((__int128)1 << (d.log2_b & 31)) : row);
    if (tb > (__int128)INT64_MAX || tb < (__int128)INT64_MIN) m |= 1u << F_OVF;
    if (tm && ((as && (uint64_t)row % as) || split_bad)) m |= 1u << F_START;
    return m;
  }

  // The DUT's request stream of the directed boxes, checked when complete.
  void observe(lockstep::Env &env, Dut &d) {
    if (!d.rst_ni) { directed_started.clear(); stream.clear(); return; }
    if (directed_started.empty()) return;
    if (d.req_valid_o && d.req_ready_i) stream.push_back({d.req_src_o, d.req_dst_o, d.req_bytes_o});
    if (!d.done_o) return;
    size_t idx = directed_started.front();
    directed_started.pop_front();
    directed_streams[idx] = stream;
    stream.clear();
    if (idx == 8) paper_checks(env);
    if (idx == directed.size() - 1) late_checks(env);
  }
  static bool same(const std::vector<tl_req> &a, const std::vector<tl_req> &b) {
    if (a.size() != b.size()) return false;
    for (size_t k = 0; k < a.size(); k++)
      if (a[k].src != b[k].src || a[k].dst != b[k].dst || a[k].bytes != b[k].bytes) return false;
    return true;
  }
  static size_t pages(const std::vector<tl_req> &v) {
    std::set<uint64_t> p;
    for (auto &r : v) for (uint64_t a = r.src >> 12; a <= (r.src + r.bytes - 1) >> 12; a++) p.insert(a);
    return p.size();
  }
  void paper_checks(lockstep::Env &env) {
    // directed order: tlstim::paper_cases()
    for (size_t sh = 0; sh < 3; sh++) {
      auto &v2 = directed_streams[tlstim::kFig9First + 3 * sh];
      env.check(!v2.empty() && same(v2, directed_streams[tlstim::kFig9First + 3 * sh + 1]) &&
                    same(v2, directed_streams[tlstim::kFig9First + 3 * sh + 2]),
                "Fig. 9: the 2-D, 3-D and 4-D views of shape " + std::to_string(sh) + " give different streams");
    }
    env.check(directed_streams[tlstim::kFig9First].size() == 64 && directed_streams[tlstim::kFig9First + 3].size() == 64 &&
                  directed_streams[tlstim::kFig9First + 6].size() == 128,
              "Fig. 9: 64, 64 and 128 requests expected (linear, 128x32, 64x64)");
  }
  void late_checks(lockstep::Env &env) {
    auto &c2 = directed_streams[tlstim::kCase2];
    bool ok = c2.size() == 32;
    for (size_t k = 0; ok && k < c2.size(); k++) ok = c2[k].src == 0x200000 + k * 128 + 32 && c2[k].bytes == 32;
    env.check(ok, "case-2 example: column k must be read at tile byte k*128 + 32");
    env.check(pages(directed_streams[tlstim::kSec65Linear]) == 128, "sec. 6.5: linear layout must touch 128 pages");
    env.check(pages(directed_streams[tlstim::kSec65TileMajor]) == 16, "sec. 6.5: tile-major layout must touch 16 pages");
    env.cov.hit(b_paper_checks);
  }

  static bool representable(const tl_desc &d, const tl_box &b) {
    if (d.rank > 7 || d.elem_bytes > 15 || d.log2_a > 31 || d.log2_b > 31 || d.log2_granule > 31) return false;
    if (d.lead_stride >> 40) return false;
    for (int k = 0; k < 5; k++) {
      if (d.dim[k] >> 33 || d.stride[k] >> 40 || b.box[k] > 511) return false;
    }
    return true;
  }

  tlstim::Case fresh(lockstep::Rng &rng) {
    tlstim::Case c = tlstim::random_supported(rng, rng.chance(2, 3));
    for (int k = c.d.rank; k < 5; k++) { c.d.dim[k] = 0; c.d.stride[k] = 0; c.b.box[k] = 0; c.b.coord[k] = 0; }
    return c;
  }

  // One rule broken (or the case unchanged, 1 in 3).
  tlstim::Case broken(lockstep::Rng &rng, const tlstim::Case &src) {
    if (rng.chance(1, 3)) return src;
    return break_rule(rng, src, (int)rng.below(30));
  }
  // Two or three rules broken at once (kinds 0-25 and 30-32: no fresh case
  // between).
  tlstim::Case multi_broken(lockstep::Rng &rng, const tlstim::Case &src) {
    tlstim::Case c = src;
    for (int n = 2 + (int)rng.below(2); n > 0; n--)
      c = break_rule(rng, c, rng.chance(1, 3) ? 30 + (int)rng.below(3) : (int)rng.below(26));
    return c;
  }
  // Rule break number `kind` (26..29: a fresh case; 30..32: only in
  // multi_broken, the tile-major overflow, view and alignment breaks that
  // combine with the others).
  tlstim::Case break_rule(lockstep::Rng &rng, const tlstim::Case &src, int kind) {
    tlstim::Case c = src;
    tl_desc &d = c.d;
    tl_box &b = c.b;
    if (d.rank < 1 || d.rank > 5) return src;  // a previous break left no dimension to pick
    uint32_t k = (uint32_t)rng.below(d.rank), k1 = d.rank > 1 ? 1 + (uint32_t)rng.below(d.rank - 1) : 0;
    switch (kind) {
      case 0: d.rank = rng.chance(1, 2) ? 0 : 6 + (uint32_t)rng.below(2); break;
      case 1: d.elem_bytes = (uint32_t)rng.range(0, 15); break;
      case 2: d.dim[k] = rng.chance(1, 2) ? 0 : (1ull << 32) + 1 + rng.below(1000); break;
      case 3: if (k1) d.stride[k1] = rng.chance(1, 2) ? 0 : d.stride[k1] + 1 + rng.below(15); break;
      case 4: if (rng.chance(1, 2)) d.swizzle = 1; else if (rng.chance(1, 2)) d.interleave = 1; else d.elem_stride[k] = 2; break;
      case 5: d.base += 1 + rng.below(15); break;
      case 6: d.base = ~0ull << 4; break;                                       // extent past 2^64
      case 7: d.tile_major = 2; break;
      case 8: d.log2_granule = rng.chance(1, 2) ? (uint32_t)rng.below(4) : 17 + (uint32_t)rng.below(15); break;
      case 9: d.log2_b += 1; break;                                             // a*b*s != G
      case 10: d.base += 16; break;                                             // not G-aligned
      case 11: d.lead_stride = rng.chance(1, 2) ? 0 : d.lead_stride + 16; break;
      case 12: if (k1) d.stride[k1] = d.lead_stride * 3 + (rng.chance(1, 2) ? 16 : 0); break;
      case 13: if (k1) d.dim[k1] += 1 + rng.below(d.dim[k1] + 1); break;        // rows leave the column
      case 14: b.box[k] = rng.chance(1, 2) ? 0 : 257 + (uint32_t)rng.below(255); break;
      case 15: b.box[0] = b.box[0] ? b.box[0] - 1 : 1; break;                  // box[0]*s off 16 B / u not 2^n
      case 16: b.smem_base += 1 + (uint32_t)rng.below(15); break;
      case 17: b.smem_base = 0xfffffff0u & (uint32_t)-(int32_t)(rng.below(4096) * 16); break;
      case 18: if (k1) b.box[k1] = (uint32_t)rng.range(2, 256); break;          // view: split/row rules
      case 19: {                                                               // two stepped split dims
        for (uint32_t j = 1; j < d.rank; j++) if (b.box[j] == 1) b.box[j] = 2;
        break;
      }
      case 20: b.coord[0] = -(int32_t)rng.range(1, 64); break;                  // row negative
      case 21: b.coord[k] += (int32_t)rng.range(-3, 3); break;                  // misaligned / out of range
      case 22: b.coord[k] = tlstim::any_coord(rng); break;
      case 23: if (k1) b.coord[k1] = rng.chance(1, 2) ? INT32_MAX : INT32_MIN; break;   // tile base overflow
      case 24: {                                                               // linear overflow
        d.tile_major = 0;
        for (uint32_t j = 1; j < d.rank; j++) { d.stride[j] = ((1ull << 40) - 16); b.coord[j] = INT32_MAX; }
        if (d.rank == 1) { d.rank = 2; d.dim[1] = 1; d.stride[1] = (1ull << 40) - 16; b.coord[1] = INT32_MAX; b.box[1] = 1; }
        break;
      }
      case 25: if (d.elem_bytes) b.coord[0] = (int32_t)(d.lead_stride / d.elem_bytes) + (int32_t)rng.below(3); break;  // row >= L
      case 26: case 27: case 28: case 29: c = fresh(rng); break;
      case 30: {  // tile base past int64 through a column dim: stride m*L (b | m) near 2^40, extreme coordinate
        if (!k1 || !d.lead_stride || d.log2_b >= 40) break;
        uint64_t col = d.lead_stride << d.log2_b;
        if (!col || col >> 40) break;
        d.stride[k1] = ((1ull << 40) - 1) / col * col;
        d.dim[k1] = 1 + rng.below(4);
        b.coord[k1] = rng.chance(1, 2) ? INT32_MAX - (int32_t)rng.below(256) : INT32_MIN + (int32_t)rng.below(256);
        break;
      }
      case 31: {  // u not a power of two, box[0]*s still a multiple of 16 (view, not box)
        uint32_t unit = d.elem_bytes && d.elem_bytes < 16 ? 16 / d.elem_bytes : 1;
        b.box[0] = unit * (rng.chance(1, 2) ? 3 : 5);
        break;
      }
      case 32: b.coord[0] += 1 + (int32_t)rng.below(3); break;               // row start misaligned
      default: break;
    }
    return representable(c.d, c.b) ? c : src;
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("base_i", 64, d.base_i);
    v.in("rank_i", 3, d.rank_i);
    v.in("elem_bytes_i", 4, d.elem_bytes_i);
    v.in("dim_i", 165, d.dim_i);
    v.in("stride_i", 200, d.stride_i);
    v.in("tile_major_i", 1, d.tile_major_i);
    v.in("log2_a_i", 5, d.log2_a_i);
    v.in("log2_b_i", 5, d.log2_b_i);
    v.in("log2_granule_i", 5, d.log2_granule_i);
    v.in("lead_stride_i", 40, d.lead_stride_i);
    v.in("desc_err_i", 4, d.desc_err_i);
    v.in("row_mask_i", 5, d.row_mask_i);
    v.in("split_mask_i", 5, d.split_mask_i);
    v.in("split_log2_m_i", 20, d.split_log2_m_i);
    v.in("coord_i", 160, d.coord_i);
    v.in("box_i", 45, d.box_i);
    v.in("smem_base_i", 32, d.smem_base_i);
    v.in("start_valid_i", 1, d.start_valid_i);
    v.in("req_ready_i", 1, d.req_ready_i);
    v.out("start_ready_o", 1, d.start_ready_o, e.start_ready);
    v.out("err_o", 4, d.err_o, e.err);
    v.out("req_valid_o", 1, d.req_valid_o, e.valid);
    v.out_if(e.valid, "req_src_o", 64, d.req_src_o, e.src);
    v.out_if(e.valid, "req_dst_o", 32, d.req_dst_o, e.dst);
    v.out_if(e.valid, "req_bytes_o", 12, d.req_bytes_o, e.bytes);
    v.out("busy_o", 1, d.busy_o, e.busy);
    v.out("done_o", 1, d.done_o, e.done);
  }

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  void drive_case(Dut &dut, const tlstim::Case &c) {
    const tl_desc &d = c.d;
    const tl_box &b = c.b;
    tl_desc_info info;
    tl_status dst = tl_desc_info_get(&d, &info);
    dut.base_i = d.base;
    dut.rank_i = (uint8_t)(d.rank & 7);
    dut.elem_bytes_i = (uint8_t)(d.elem_bytes & 15);
    for (int k = 0; k < 5; k++) {
      lockstep::set_bits(dut.dim_i, 33 * k, 33, d.dim[k]);
      lockstep::set_bits(dut.stride_i, 40 * k, 40, k ? d.stride[k] : 0);
    }
    dut.tile_major_i = (uint8_t)(d.tile_major & 1);
    dut.log2_a_i = (uint8_t)d.log2_a;
    dut.log2_b_i = (uint8_t)d.log2_b;
    dut.log2_granule_i = (uint8_t)d.log2_granule;
    dut.lead_stride_i = d.lead_stride;
    dut.desc_err_i = (uint8_t)dst;
    dut.row_mask_i = (uint8_t)info.row_mask;
    dut.split_mask_i = (uint8_t)info.split_mask;
    uint32_t lm = 0;
    for (int k = 0; k < 5; k++) lm |= (info.split_log2_m[k] & 15) << (4 * k);
    dut.split_log2_m_i = lm;
    tlstim::put_coords(dut.coord_i, b.coord);
    uint64_t bx = 0;
    for (int k = 0; k < 5; k++) bx |= (uint64_t)(b.box[k] & 511) << (9 * k);
    dut.box_i = bx;
    dut.smem_base_i = b.smem_base;
    cur_err = tl_request_check(&d, &b);
    cur_faults = faults(d, b, dst, info);
  }

  // One cycle of --workload tile-load: a new tile on the inputs whenever the
  // unit is idle (inputs held while it is busy), start high, ready high.
  void workload_tile_step(uint64_t cyc, Dut &dut) {
    rst_n = cyc >= 2;
    dut.rst_ni = rst_n;
    drv.new_case = drv.started = drv.cur_directed = false;
    drv.ready.ready = true;
    drv.start = rst_n && !m.busy;
    if (!m.busy) {
      tlstim::Case c = tlstim::sec65(1);
      c.b.coord[0] = (int32_t)(256 * (wl_tiles % 16));
      c.b.coord[1] = (int32_t)(128 * (wl_tiles / 16 % 32));
      drv.cur = c;
      drv.new_case = true;
      drive_case(dut, drv.cur);
      if (drv.start) { drv.started = true; wl_tiles++; }
    }
  }

  void step(lockstep::Env &env, Dut &dut, Exp &e) {
    auto &rng = env.rng;
    auto &cv = env.cov;
    // no reset before the last directed box has finished (its stream feeds
    // the paper checks)
    if (wl_tile) {
      workload_tile_step(env.cyc, dut);
    } else {
    rst_n = resets.step(rng, env.cyc, !m.busy, !drv.cases.directed_phase() && directed_started.empty());
    if (resets.began) cv.hit(m.busy ? b_reset_busy : b_idle_reset);
    dut.rst_ni = rst_n;
    // a case: the next directed one, else a pool case broken in one way or
    // (one in four) in several; a pool slot is replaced one time in eight
    drv.step(rng, m.busy, rst_n, [this](lockstep::Rng &r) {
      if (drv.cases.directed_phase()) return drv.cases.draw(r, [this](lockstep::Rng &r2) { return fresh(r2); }, 1, 8);
      tlstim::Case c = drv.cases.draw(r, [this](lockstep::Rng &r2) { return fresh(r2); }, 1, 8);
      return r.chance(1, 4) ? multi_broken(r, c) : broken(r, c);
    });
    if (drv.new_case) drive_case(dut, drv.cur);
    }
    if (drv.started) {
      if (drv.cur_directed) directed_started.push_back(drv.cases.next_directed - 1);
      if (cur_err != TL_OK) cv.hit(b_reject);
    }
    if (m.busy && drv.start) cv.hit(b_start_busy);
    const bool start = drv.start, ready = drv.ready.ready;
    const tlstim::Case &cur = drv.cur;
    dut.start_valid_i = start;
    dut.req_ready_i = ready;

    if (!rst_n) tl_tma_init(&m, TMA_SUM_STAGES);  // the RTL's SumStages
    tl_tma_eval(&m);
    // the verdict cycle: SumStages + 1 clocks after the handshake (the
    // model's err_out), or with SumStages = 0 the handshake itself, where
    // err_o is combinational on the box (tilelens.h: commit's return value)
    const bool verdict = TMA_SUM_STAGES ? m.check == 1 : (start && m.start_ready);
    const tl_status status = TMA_SUM_STAGES ? m.err_out : (verdict ? cur_err : TL_OK);
    env.check(!verdict || status == cur_err, "the model's verdict differs from tl_request_check() of the box held");
    e.start_ready = m.start_ready;
    e.err = (uint8_t)status;
    e.valid = m.valid;
    e.busy = m.busy;
    e.done = m.done;
    e.src = m.req.src;
    e.dst = m.req.dst;
    e.bytes = (uint16_t)m.req.bytes;
    if (verdict) {
      if (b_err[status] >= 0) cv.hit(b_err[status]);
      cross.hit(env, cur_faults);
    }
    if (m.busy) {
      if (m.valid && !ready) cv.hit(b_stall);
      if (m.kind == TL_STEP_BUBBLE) cv.hit(b_bubble);
      if (m.valid && m.gen.cfg.mode == TL_MODE_WIDE_TILE) cv.hit(b_case2);
      if (m.valid && m.req.bytes != m.gen.cfg.run_bytes) cv.hit(b_clip);
    }
    const bool accepted = rst_n && verdict && status == TL_OK;  // the nest starts
    tl_tma_commit(&m, rst_n, start, ready, &cur.d, &cur.b);
    if (accepted && m.busy) {
      const tl_counters &n = m.gen.cfg;
      cv.hit(b_mode[n.mode]);
      cv.hit(b_rank[cur.d.rank]);
      cv.hit(b_elem[__builtin_ctz(cur.d.elem_bytes)]);
      cv.hit(b_bp[drv.ready.kind]);
      if (n.split_level && n.count[n.split_level + 1] > 1) cv.hit(b_split);
      if (cur.d.tile_major)
        for (uint32_t k = 1; k < cur.d.rank; k++) if (cur.b.coord[k] < 0) cv.hit(b_neg_col);
    }
    if (m.done) {
      cv.hit(b_done);
      if (drv.cur_directed) cv.hit(b_fig9);
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbTmaAddr>(argc, argv); }
