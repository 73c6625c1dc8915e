/*
 * tb_tilelens_desc_check.cpp - lockstep harness of tilelens_desc_check
 * against tl_desc_info_get() (tl_desc_check() and the per-dimension classes).
 *
 * Compared at the handshakes, not against a model of the RTL's state
 * machine: a start accepted (start_valid_i while start_ready_o) opens a
 * check whose result is tl_desc_info_get() of the descriptor given; busy_o
 * stays high until the DUT's done_o pulse, which must come after the
 * documented latency (5 * 41 busy cycles; env.check) and only for a check
 * in flight; at done_o the status and classes must equal the reference,
 * and they hold until the next done_o; start_ready_o is !busy_o;
 * asynchronous reset clears everything and drops the check in flight.
 * Stimulus: the paper's Figure 9 descriptors (2-D, 3-D, 4-D views, linear
 * and both tile shapes), the two edges of the overflow rule (a tensor whose
 * last byte is exactly 2^64 - 1, ok, and exactly 2^64, OVERFLOW, with every
 * element size and through a stride; random descriptors come within one
 * byte of 2^64 too rarely), one descriptor per two-fault coverage bin (a fixed
 * search over ordered pairs of one-rule breaks), then seeded random supported descriptors (linear and tile-major, rank 1..5,
 * every element size and tile shape), the same broken in one way (every
 * descriptor rule, extreme dims and strides, column strides m*L with m a
 * multiple of b, a power of two below b, or neither), the same broken in
 * two to four ways at once (error priority: one coverage bin per pair of
 * rules broken together, fault_cross.h), random inputs while idle, starts
 * while busy, resets at idle cycles and rare resets in the middle of a
 * check (tb/common/stim.h).
 */
#include "Vtilelens_desc_check.h"
#include "fault_cross.h"
#include "lockstep.h"
#include "stim.h"
#include "tl_stim.h"

struct TbDescCheck {
  using Dut = Vtilelens_desc_check;
  static constexpr const char *kName = "tilelens_desc_check";
  static constexpr bool kClocked = true;
  static constexpr uint64_t kDefaultCycles = 10000000;
  static constexpr int kLatency = 5 * 41;
  struct Exp { uint8_t start_ready, busy, done, err, row_mask, split_mask; uint32_t lm; };

  // the handshake state: a check in flight (started, not yet reported),
  // cycles since its start, its reference result, the last one reported
  bool pending = false;
  uint64_t since = 0;
  tl_status pend_st = TL_OK;
  tl_desc_info pend{};
  struct Result { uint8_t err, rmask, smask; uint32_t lm; } held{0, 0, 0, 0};
  lockstep::ResetSchedule resets{4000, 50000};

  std::vector<tl_desc> directed;   // Fig. 9 (the first n_fig9), the overflow edges, one per two-fault bin
  size_t next_directed = 0, n_fig9 = 0;
  tl_desc cur;
  bool rst_n = true, directed_start = false;
  int b_err[TL_STATUS_COUNT], b_align_g, b_view_row, b_ok_lin, b_ok_tm, b_row, b_col, b_split0, b_splitk,
      b_rank[6], b_elem[4], b_reset_busy, b_idle_reset, b_start_busy, b_fig9, b_dim_max, b_last_max,
      b_last_ovf;
  lockstep::FaultCross cross;

  // The descriptor rules as the RTL reports them (docs/tilelens.md rules
  // 2-12), in priority order; rule 7 (base alignment) and rule 10 (granule
  // alignment) are separate faults with the same code.
  enum { F_RANK, F_ELEM, F_DIM, F_STRIDE, F_FEAT, F_BASE, F_OVF, F_SHAPE, F_GBASE, F_LEAD, F_VIEW, F_NUM };

  explicit TbDescCheck(lockstep::Env &env) {
    static const uint32_t shapes[][3] = {{0, 7, 5}, {1, 7, 5}, {1, 6, 6}};
    for (auto &sh : shapes)
      for (uint32_t r = 2; r <= 4; r++) directed.push_back(tlstim::fig9(r, (int)sh[0], sh[1], sh[2]).d);
    auto &c = env.cov;
    for (int s = 0; s < TL_STATUS_COUNT; s++) {
      bool reach = s != TL_ERR_NULL && s != TL_ERR_BOX && s != TL_ERR_ROW_RANGE;  // box rules: not here
      std::string n = tl_status_str((tl_status)s);
      b_err[s] = reach ? c.bin("err_o = " + n.substr(0, n.find(':'))) : -1;
    }
    b_align_g = c.bin("ALIGN: base not granule aligned (tile-major)");
    b_view_row = c.bin("VIEW: row dims leave the column");
    b_ok_lin = c.bin("ok, linear");
    b_ok_tm = c.bin("ok, tile-major");
    b_row = c.bin("class: row dim (d >= 1)");
    b_col = c.bin("class: column dim (b | m)");
    b_split0 = c.bin("class: split dim, m = 1");
    b_splitk = c.bin("class: split dim, m = 2^k > 1");
    for (int r = 1; r <= 5; r++) b_rank[r] = c.bin("valid rank " + std::to_string(r));
    for (int s = 0; s < 4; s++) b_elem[s] = c.bin("valid element size " + std::to_string(1 << s));
    b_reset_busy = c.bin("reset while busy");
    b_idle_reset = c.bin("reset while idle (a gate-level window begins)");
    b_start_busy = c.bin("start_valid while busy (ignored)");
    b_fig9 = c.bin("paper Fig. 9 descriptors (directed)");
    b_dim_max = c.bin("dimension of exactly 2^32 (ok)");
    b_last_max = c.bin("last byte exactly 2^64 - 1 (ok)");
    b_last_ovf = c.bin("last byte exactly 2^64 (OVERFLOW)");
    // Every pair can occur: rank 6 or 7 still checks the five dimensions,
    // and tile_major = 1 with a bad shape still checks rules 10-12.
    cross.declare(c, "two faults", {"RANK", "ELEM_SIZE", "DIM", "STRIDE", "FEATURE", "ALIGN (base)", "OVERFLOW",
                                    "TILE_SHAPE", "ALIGN (granule)", "LEAD_STRIDE", "VIEW"});
    // Then one descriptor per two-fault bin, from every ordered pair of
    // one-rule breaks on supported descriptors (a fixed search, the same in
    // every run). Some pairs need two breaks in one order: a base near 2^64
    // and then misaligned (ALIGN (base) over OVERFLOW) came about once per
    // 600 multi-rule descriptors, and a 2,000,000-cycle run (make's cap)
    // missed a bin for 3 seeds in 150.
    n_fig9 = directed.size();
    for (const tl_desc &d : overflow_edges()) directed.push_back(d);
    lockstep::Rng search;
    search.seed(0x7e57);
    auto pairs = cross.directed<tl_desc>(
        [&](uint64_t k) { return broken(search, broken(search, fresh(search), (int)(k % 24)), (int)(k / 24 % 24)); },
        [](const tl_desc &d) { return faults(d); }, 24 * 24 * 16);
    directed.insert(directed.end(), pairs.begin(), pairs.end());
    cur = directed[0];
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("start_valid_i", 1, d.start_valid_i);
    v.in("base_i", 64, d.base_i);
    v.in("rank_i", 3, d.rank_i);
    v.in("elem_bytes_i", 4, d.elem_bytes_i);
    v.in("dim_i", 165, d.dim_i);
    v.in("stride_i", 200, d.stride_i);
    v.in("elem_stride_i", 15, d.elem_stride_i);
    v.in("interleave_i", 2, d.interleave_i);
    v.in("swizzle_i", 2, d.swizzle_i);
    v.in("tile_major_i", 2, d.tile_major_i);
    v.in("log2_a_i", 5, d.log2_a_i);
    v.in("log2_b_i", 5, d.log2_b_i);
    v.in("log2_granule_i", 5, d.log2_granule_i);
    v.in("lead_stride_i", 40, d.lead_stride_i);
    v.out("start_ready_o", 1, d.start_ready_o, e.start_ready);
    v.out("busy_o", 1, d.busy_o, e.busy);
    v.out("done_o", 1, d.done_o, e.done);
    v.out("err_o", 4, d.err_o, e.err);
    v.out("row_mask_o", 5, d.row_mask_o, e.row_mask);
    v.out("split_mask_o", 5, d.split_mask_o, e.split_mask);
    v.out("split_log2_m_o", 20, d.split_log2_m_o, e.lm);
  }

  void init(Dut &d) { d.rst_ni = 1; d.eval(); d.rst_ni = 0; d.eval(); }

  static bool representable(const tl_desc &d) {
    if (d.rank > 7 || d.elem_bytes > 15 || d.tile_major > 3 || d.log2_a > 31 || d.log2_b > 31 ||
        d.log2_granule > 31 || d.lead_stride >> 40 || d.interleave > 3 || d.swizzle > 3)
      return false;
    for (int k = 0; k < 5; k++)
      if (d.dim[k] >> 33 || d.stride[k] >> 40 || d.elem_stride[k] > 7) return false;
    return true;
  }

  // The tensor's last byte, base + s - 1 + sum over dims of (dim - 1) *
  // stride (s for dim 0), exact: rule 8 (OVERFLOW) is last >= 2^64. Dims
  // at or above the rank and dims of 0 add nothing.
  static unsigned __int128 last_byte(const tl_desc &d) {
    uint32_t r = d.rank < 5 ? d.rank : 5, s = d.elem_bytes;
    unsigned __int128 last = (unsigned __int128)d.base + s - 1;
    for (uint32_t k = 0; k < r; k++)
      if (d.dim[k]) last += (unsigned __int128)(d.dim[k] - 1) * (k ? d.stride[k] : s);
    return last;
  }

  // Linear descriptors at the two edges of rule 8, otherwise supported:
  // the last byte exactly 2^64 - 1 (ok) and exactly 2^64 (OVERFLOW). A
  // last byte computed one too small, or without its - 1, changes the
  // status of only these; random descriptors reach them a few times in
  // ten million cycles at best. Rank 1 with each element size (2^64 itself
  // needs 1-byte elements: the base is a multiple of 16), rank 2 through
  // a stride of 16, and the smallest tensor (base 0, one byte: last 0).
  static std::vector<tl_desc> overflow_edges() {
    std::vector<tl_desc> v;
    tl_desc d;
    std::memset(&d, 0, sizeof d);
    d.rank = 1; d.elem_bytes = 1; d.log2_granule = 12; d.lead_stride = 16;
    const uint64_t top = ~0ull << 4;               // 2^64 - 16
    for (uint64_t n : {16ull, 17ull}) { d.base = top; d.dim[0] = n; v.push_back(d); }   // 2^64 - 1, 2^64
    d.base = 0; d.dim[0] = 1; v.push_back(d);                                        // last byte 0
    for (uint32_t s : {2u, 4u, 8u}) { d.elem_bytes = s; d.base = top; d.dim[0] = 16 / s; v.push_back(d); }
    d.elem_bytes = 8; d.dim[0] = 3; v.push_back(d);                                  // 2^64 + 7
    d.rank = 2; d.elem_bytes = 1; d.base = top - 16; d.dim[0] = 16; d.stride[1] = 16;
    for (uint64_t n : {2ull, 3ull}) { d.dim[1] = n; v.push_back(d); }                // 2^64 - 1, 2^64 + 15
    d.dim[0] = 17; d.dim[1] = 2; v.push_back(d);                                     // 2^64
    return v;
  }

  // Which rules d breaks, each evaluated on its own (no priority): bit F_x.
  // Dimensions at or above the rank take part in nothing (a rank of 6 or 7
  // checks all five); a dimension of 0 adds no extent.
  static uint32_t faults(const tl_desc &d) {
    uint32_t m = 0, r = d.rank < 5 ? d.rank : 5, s = d.elem_bytes;
    uint32_t ls = s & 8 ? 3 : s & 4 ? 2 : s & 2 ? 1 : 0;
    if (d.rank < 1 || d.rank > 5) m |= 1u << F_RANK;
    if (s != 1 && s != 2 && s != 4 && s != 8) m |= 1u << F_ELEM;
    for (uint32_t k = 0; k < r; k++)
      if (d.dim[k] == 0 || d.dim[k] > (1ull << 32)) m |= 1u << F_DIM;
    for (uint32_t k = 1; k < r; k++)
      if (d.stride[k] == 0 || d.stride[k] % 16) m |= 1u << F_STRIDE;
    for (int k = 0; k < 5; k++)
      if (d.elem_stride[k] > 1) m |= 1u << F_FEAT;
    if (d.interleave || d.swizzle) m |= 1u << F_FEAT;
    if (d.base % 16) m |= 1u << F_BASE;
    if (last_byte(d) >> 64) m |= 1u << F_OVF;
    bool tm = d.tile_major == 1;
    uint32_t lg = d.log2_granule, la = d.log2_a, lb = d.log2_b;
    if (d.tile_major > 1 || (tm && (lg < 4 || lg > 16 || la > lg || lb > lg || la + lb + ls != lg)))
      m |= 1u << F_SHAPE;
    if (!tm) return m;
    if (d.base & ((1ull << (lg < 16 ? lg : 16)) - 1)) m |= 1u << F_GBASE;
    uint64_t L = d.lead_stride;
    if (L == 0 || (la + ls < 40 && L % (1ull << (la + ls)))) m |= 1u << F_LEAD;
    if (L) {
      unsigned __int128 rowx = d.dim[0] ? (unsigned __int128)(d.dim[0] - 1) * s : 0;
      for (uint32_t k = 1; k < r; k++) {
        uint64_t st = d.stride[k], q = st / L, b = 1ull << lb;
        bool row = st < L, col = st % L == 0 && q % b == 0, split = st % L == 0 && !(q & (q - 1)) && q < b;
        if (!row && !col && !split) m |= 1u << F_VIEW;
        if (row && d.dim[k]) rowx += (unsigned __int128)(d.dim[k] - 1) * st;
      }
      if (rowx >= L) m |= 1u << F_VIEW;
    }
    return m;
  }

  // Several rules broken at once (a random number of one-rule breaks).
  tl_desc multi_broken(lockstep::Rng &rng, tl_desc d) {
    for (int n = 2 + (int)rng.below(3); n > 0; n--) d = broken(rng, d);
    return d;
  }

  tl_desc fresh(lockstep::Rng &rng) {
    tl_desc d = tlstim::random_supported(rng, rng.chance(2, 3)).d;
    for (uint32_t k = d.rank; k < 5; k++) { d.dim[k] = rng.below(3); d.stride[k] = rng.below(1ull << 40); }
    return d;
  }

  // One rule broken: break c (0..23; c < 0: a random one; 21..23 break nothing).
  tl_desc broken(lockstep::Rng &rng, tl_desc d, int c = -1) {
    tl_desc o = d;
    uint32_t r = d.rank < 5 ? d.rank : 5;  // a rank of 6 or 7 (an earlier break) checks five dims
    uint32_t k = (uint32_t)rng.below(r ? r : 1), k1 = r > 1 ? 1 + (uint32_t)rng.below(r - 1) : 0;
    uint64_t L = d.lead_stride, b = 1ull << d.log2_b;
    switch (c < 0 ? rng.below(24) : (uint64_t)c) {
      case 0: d.rank = rng.chance(1, 2) ? 0 : 6 + (uint32_t)rng.below(2); break;
      case 1: d.elem_bytes = (uint32_t)rng.range(0, 15); break;
      case 2: d.dim[k] = rng.chance(1, 2) ? 0 : (1ull << 32) + rng.below(3); break;
      case 3: if (k1) d.stride[k1] = rng.chance(1, 3) ? 0 : d.stride[k1] | (1 + rng.below(15)); break;
      case 4: d.elem_stride[rng.below(5)] = (uint32_t)rng.range(2, 7); break;
      case 5: if (rng.chance(1, 2)) d.interleave = 1 + (uint32_t)rng.below(3); else d.swizzle = 1 + (uint32_t)rng.below(3); break;
      case 6: d.base |= 1 + rng.below(15); break;
      case 7: d.base = (~0ull << 4) - (rng.below(1 << 12) << 4); break;   // extent past 2^64 (or just fits)
      case 8: d.dim[k] = 1ull << 32; break;                                 // largest dimension
      case 9: d.tile_major = 2 + (uint32_t)rng.below(2); break;
      case 10: d.log2_granule = rng.chance(1, 2) ? (uint32_t)rng.below(4) : 17 + (uint32_t)rng.below(15); break;
      case 11: if (rng.chance(1, 2)) d.log2_a += 1; else d.log2_b = (uint32_t)rng.below(32); break;
      case 12: d.base += 16ull << rng.below(12); break;                     // granule alignment
      case 13: d.lead_stride = rng.chance(1, 3) ? 0 : L + 16 * (1 + rng.below(8)); break;
      case 14: if (k1) d.stride[k1] = L * (1 + rng.below(5)) + (rng.chance(1, 2) ? 16 : 0); break;  // m*L or off
      case 15: if (k1) d.stride[k1] = L << rng.below(d.log2_b + 2); break;  // m = 2^k: split or column
      case 16: if (k1) d.stride[k1] = L * b * (1 + rng.below(3)); break;    // column
      case 17: if (k1) d.stride[k1] = L * 3; break;                         // neither
      case 18: if (k1) d.dim[k1] += 1 + rng.below(d.dim[k1] + 2); break;    // rows may leave the column
      case 19: d.dim[0] += rng.below(4); break;
      case 20: d.tile_major ^= 1; break;
      default: break;
    }
    return representable(d) ? d : o;
  }

  void drive(Dut &dut, const tl_desc &d) {
    dut.base_i = d.base;
    dut.rank_i = (uint8_t)d.rank;
    dut.elem_bytes_i = (uint8_t)d.elem_bytes;
    uint32_t es = 0;
    for (int k = 0; k < 5; k++) {
      lockstep::set_bits(dut.dim_i, 33 * k, 33, d.dim[k]);
      lockstep::set_bits(dut.stride_i, 40 * k, 40, k ? d.stride[k] : 0);
      es |= d.elem_stride[k] << (3 * k);
    }
    dut.elem_stride_i = (uint16_t)es;
    dut.interleave_i = (uint8_t)d.interleave;
    dut.swizzle_i = (uint8_t)d.swizzle;
    dut.tile_major_i = (uint8_t)d.tile_major;
    dut.log2_a_i = (uint8_t)d.log2_a;
    dut.log2_b_i = (uint8_t)d.log2_b;
    dut.log2_granule_i = (uint8_t)d.log2_granule;
    dut.lead_stride_i = d.lead_stride;
  }

  void step(lockstep::Env &env, Dut &dut, Exp &e) {
    auto &rng = env.rng;
    auto &cv = env.cov;
    // The DUT's done_o of this cycle is a flop: read before this cycle's
    // inputs, unless a reset clears it below.
    const bool dut_done = dut.done_o;
    const bool busy = pending && !dut_done;
    rst_n = resets.step(rng, env.cyc, !busy, next_directed >= directed.size());
    if (resets.began) cv.hit(busy ? b_reset_busy : b_idle_reset);
    dut.rst_ni = rst_n;
    bool start;
    if (!busy) {
      if (next_directed < directed.size()) {
        cur = directed[next_directed];
      } else if (rng.chance(3, 4)) {
        tl_desc d = fresh(rng);
        uint64_t w = rng.below(12);  // 1/3 supported, 5/12 one rule broken, 1/4 several
        cur = w < 4 ? d : w < 9 ? broken(rng, d) : multi_broken(rng, d);
      }
      drive(dut, cur);
      start = next_directed < directed.size() || rng.chance(1, 2);
      if (start && rst_n && next_directed < directed.size()) directed_start = next_directed++ < n_fig9;
    } else {
      start = rng.chance(1, 16);
      if (start) cv.hit(b_start_busy);
    }
    dut.start_valid_i = start;

    // Expected outputs of this cycle.
    if (!rst_n) {
      pending = false;
      held = Result{0, 0, 0, 0};
      e = Exp{1, 0, 0, 0, 0, 0, 0};  // idle, nothing reported
      return;
    }
    e.done = 0;
    if (dut_done) {  // the done handshake: only for a check in flight, after the documented latency
      env.check(pending, "done_o with no check in flight");
      if (pending) {
        if (since != kLatency + 1)
          env.check(false, "done_o " + std::to_string(since) + " cycles after the start (documented: " +
                               std::to_string(kLatency) + " busy cycles, then done_o)");
        held.err = (uint8_t)pend_st;
        held.rmask = (uint8_t)pend.row_mask;
        held.smask = (uint8_t)pend.split_mask;
        held.lm = 0;
        for (int k = 0; k < 5; k++) held.lm |= (pend.split_log2_m[k] & 15) << (4 * k);
        pending = false;
        e.done = 1;
      }
    } else if (pending) {
      if (since > kLatency) env.check(false, "no done_o " + std::to_string(since) + " cycles after the start");
    }
    e.busy = pending;
    e.start_ready = !pending;
    e.err = held.err;
    e.row_mask = held.rmask;
    e.split_mask = held.smask;
    e.lm = held.lm;
    // The start handshake at this cycle's edge.
    if (pending) since++;
    else if (start) {
      pending = true;
      since = 1;
      pend_st = tl_desc_info_get(&cur, &pend);
      cover(env);
    }
  }

  void cover(lockstep::Env &env) {
    auto &cv = env.cov;
    const tl_desc &d = cur;
    if (b_err[pend_st] >= 0) cv.hit(b_err[pend_st]);
    cross.hit(env, faults(d));
    if (directed_start) cv.hit(b_fig9);
    directed_start = false;
    if (pend_st == TL_ERR_ALIGN && (d.base & 15) == 0) cv.hit(b_align_g);
    if (pend_st == TL_ERR_UNSUPPORTED_VIEW) {
      bool cls_bad = false;
      for (uint32_t k = 1; k < d.rank; k++) {
        uint64_t st = d.stride[k], L = d.lead_stride, m = st / L;
        if (st >= L && (st % L || (m % (1ull << d.log2_b) && (m & (m - 1) || m >= (1ull << d.log2_b))))) cls_bad = true;
      }
      if (!cls_bad) cv.hit(b_view_row);
    }
    if (pend_st == TL_ERR_OVERFLOW && last_byte(d) == (unsigned __int128)1 << 64) cv.hit(b_last_ovf);
    if (pend_st != TL_OK) return;
    cv.hit(d.tile_major ? b_ok_tm : b_ok_lin);
    cv.hit(b_rank[d.rank]);
    cv.hit(b_elem[__builtin_ctz(d.elem_bytes)]);
    for (uint32_t k = 0; k < d.rank; k++) if (d.dim[k] == (1ull << 32)) cv.hit(b_dim_max);
    if (last_byte(d) == (unsigned __int128)~0ull) cv.hit(b_last_max);
    if (!d.tile_major) return;
    for (uint32_t k = 1; k < d.rank; k++) {
      if (pend.row_mask >> k & 1) cv.hit(b_row);
      else if (pend.split_mask >> k & 1) cv.hit(pend.split_log2_m[k] ? b_splitk : b_split0);
      else cv.hit(b_col);
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbDescCheck>(argc, argv); }
