/*
 * tb_tilelens_counter_cfg.cpp - lockstep harness of tilelens_counter_cfg
 * against tl_counter_hw().
 *
 * Input domain of the block: a descriptor that passed tl_desc_info_get()
 * (its classes drive row_mask_i, split_mask_i, split_log2_m_i) and a box that
 * passed tl_box_shape_check(). Stimulus: the paper's Figure 9 views in every
 * mode and tile shape, the case-2 example, section 6.5, the C error tests'
 * box-level cases; then seeded random supported cases and mutations of them
 * that stay in the domain but break the view (u not a power of two, row
 * strides not a multiple of a'*s, two stepped split dimensions, split boxes
 * not a multiple of b/m) or the start alignment (row, column). err_o is
 * compared every cycle, the nest whenever err_o is not UNSUPPORTED_VIEW.
 */
#include "Vtilelens_counter_cfg.h"
#include "lockstep.h"
#include "tl_stim.h"

struct TbCounterCfg {
  using Dut = Vtilelens_counter_cfg;
  static constexpr const char *kName = "tilelens_counter_cfg";
  static constexpr bool kClocked = false;
  static constexpr uint64_t kDefaultCycles = 10000000;
  struct Exp {
    uint8_t err, mode, run_elems_hi, perm_row, perm_col, perm_sub, split_level;
    uint32_t shift;
    uint16_t run_elems, run_bytes;
    uint64_t count;
    VlWide<8> stride;
    uint32_t vdim, weight;
  };
  struct Entry { tlstim::Case c; tl_desc_info info; };

  std::vector<Entry> directed, pool;
  uint64_t row_start = 0;
  int b_mode[4], b_rank[6], b_elem[4], b_split_outer, b_split_small, b_split_v1, b_err_u, b_err_row,
      b_err_two, b_err_split, b_mis_row, b_mis_col, b_ok_tm, b_fig9, b_case2, b_level5, b_wb_split;

  static bool in_domain(const tlstim::Case &c, tl_desc_info *info) {
    return tl_desc_info_get(&c.d, info) == TL_OK && tl_box_shape_check(&c.d, &c.b) == TL_OK;
  }
  void add(std::vector<Entry> &v, const tlstim::Case &c) {
    Entry e{c, {}};
    if (in_domain(c, &e.info)) v.push_back(e);
  }

  explicit TbCounterCfg(lockstep::Env &env) {
    static const uint32_t shapes[][3] = {{0, 7, 5}, {1, 7, 5}, {1, 6, 6}, {1, 5, 7}};
    for (auto &sh : shapes)
      for (uint32_t r = 2; r <= 4; r++) add(directed, tlstim::fig9(r, (int)sh[0], sh[1], sh[2]));
    add(directed, tlstim::case2_example());
    add(directed, tlstim::sec65(0));
    add(directed, tlstim::sec65(1));
    // C error tests' base: BF16 64 x 16 x 512 view, 64 x 32 tiles
    tlstim::Case v;
    std::memset(&v, 0, sizeof v);
    v.d.base = 0x10000000; v.d.rank = 3; v.d.elem_bytes = 2;
    v.d.dim[0] = 64; v.d.dim[1] = 16; v.d.dim[2] = 512; v.d.stride[1] = 128; v.d.stride[2] = 2048;
    v.d.tile_major = 1; v.d.log2_a = 6; v.d.log2_b = 5; v.d.log2_granule = 12; v.d.lead_stride = 2048;
    v.b.coord[1] = 2; v.b.coord[2] = 64; v.b.box[0] = 64; v.b.box[1] = 2; v.b.box[2] = 64; v.b.smem_base = 0x100;
    add(directed, v);
    tlstim::Case w = v; w.b.box[0] = 24; add(directed, w);                    // u not a power of two
    w = v; w.b.box[2] = 48; add(directed, w);                                  // split box not a multiple of b
    w = v; w.b.coord[0] = 32; add(directed, w);                                // row start misaligned
    w = v; w.b.coord[2] = 48; add(directed, w);                                // column start misaligned
    w = v; w.d.rank = 4; w.d.dim[2] = 16; w.d.dim[3] = 32; w.d.stride[3] = 16 * 2048;
    w.b.box[3] = 2; w.b.box[2] = 16; w.b.coord[2] = 0; w.b.coord[3] = 0; add(directed, w);  // two splits
    w = v; w.b.box[0] = 128; w.d.dim[0] = 128; w.d.dim[1] = 8; w.d.log2_a = 7; w.d.log2_b = 4;
    w.b.coord[1] = 0; w.b.box[2] = 16; w.b.coord[2] = 0; add(directed, w);     // row stride not a multiple
    // A small pool (cache-resident), refreshed with a new case every 16 cycles.
    for (int k = 0; pool.size() < 1024; k++) add(pool, tlstim::random_supported(env.rng, (k & 3) != 0));
    auto &c = env.cov;
    static const char *mn[4] = {"linear", "case 1 (u = a)", "case 2 (u < a)", "u > a"};
    for (int m = 0; m < 4; m++) b_mode[m] = c.bin(std::string("mode ") + mn[m]);
    for (int r = 1; r <= 5; r++) b_rank[r] = c.bin("rank " + std::to_string(r));
    for (int s = 0; s < 4; s++) b_elem[s] = c.bin("element size " + std::to_string(1 << s));
    b_split_outer = c.bin("split dim: outer counter > 1");
    b_split_small = c.bin("split dim: box <= b/m (outer count 1)");
    b_split_v1 = c.bin("split dim with box 1 (no outer level)");
    b_level5 = c.bin("level 5 in use");
    b_wb_split = c.bin("u > a with a split dimension");
    b_ok_tm = c.bin("tile-major ok");
    b_err_u = c.bin("VIEW: u not a power of two");
    b_err_row = c.bin("VIEW: row stride not a multiple of a'*s");
    b_err_two = c.bin("VIEW: two stepped split dimensions");
    b_err_split = c.bin("VIEW: split box not a multiple of b/m");
    b_mis_row = c.bin("ALIGN: row start");
    b_mis_col = c.bin("ALIGN: column start");
    b_fig9 = c.bin("paper Fig. 9 views (directed)");
    b_case2 = c.bin("paper case-2 example (directed)");
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("tile_major_i", 1, d.tile_major_i);
    v.in("rank_i", 3, d.rank_i);
    v.in("elem_bytes_i", 4, d.elem_bytes_i);
    v.in("log2_a_i", 5, d.log2_a_i);
    v.in("log2_b_i", 5, d.log2_b_i);
    v.in("log2_granule_i", 5, d.log2_granule_i);
    v.in("lead_stride_i", 40, d.lead_stride_i);
    v.in("stride_i", 160, d.stride_i);
    v.in("row_mask_i", 5, d.row_mask_i);
    v.in("split_mask_i", 5, d.split_mask_i);
    v.in("split_log2_m_i", 20, d.split_log2_m_i);
    v.in("coord_i", 160, d.coord_i);
    v.in("box_i", 45, d.box_i);
    v.in("row_i", 16, d.row_i);
    bool nest = e.err != TL_ERR_UNSUPPORTED_VIEW;
    v.out("err_o", 4, d.err_o, e.err);
    v.out_if(nest, "mode_o", 2, d.mode_o, e.mode);
    v.out_if(nest, "count_o", 54, d.count_o, e.count);
    v.out_if(nest, "stride_o", 240, d.stride_o, e.stride);
    v.out_if(nest, "shift_o", 30, d.shift_o, e.shift);
    v.out_if(nest, "vdim_o", 18, d.vdim_o, e.vdim);
    v.out_if(nest, "log2_weight_o", 30, d.log2_weight_o, e.weight);
    v.out_if(nest, "run_elems_o", 9, d.run_elems_o, e.run_elems);
    v.out_if(nest, "run_bytes_o", 12, d.run_bytes_o, e.run_bytes);
    v.out_if(nest, "perm_row_o", 5, d.perm_row_o, e.perm_row);
    v.out_if(nest, "perm_col_o", 5, d.perm_col_o, e.perm_col);
    v.out_if(nest, "perm_sub_o", 5, d.perm_sub_o, e.perm_sub);
    v.out_if(nest, "split_level_o", 3, d.split_level_o, e.split_level);
  }

  // A mutation that stays in the block's domain (or the entry unchanged).
  Entry mutate(lockstep::Rng &rng, const Entry &src) {
    Entry m = src;
    tl_box &b = m.c.b;
    const tl_desc &d = m.c.d;
    switch (rng.below(6)) {
      case 0: {  // box width: any legal TMA width
        uint32_t s = d.elem_bytes, unit = 16 / s ? 16 / s : 1;
        b.box[0] = unit * (uint32_t)rng.range(1, 256 / unit);
        break;
      }
      case 1: {  // a box size of a view dimension
        uint32_t k = 1 + (uint32_t)rng.below(d.rank > 1 ? d.rank - 1 : 1);
        b.box[k] = rng.chance(1, 2) ? (uint32_t)rng.range(1, 256) : 1u << rng.below(9);
        break;
      }
      case 2: {  // a start coordinate moved
        uint32_t k = (uint32_t)rng.below(d.rank);
        b.coord[k] += (int32_t)rng.range(-5, 5);
        break;
      }
      case 3: {  // any start coordinate
        uint32_t k = (uint32_t)rng.below(d.rank);
        b.coord[k] = tlstim::any_coord(rng);
        break;
      }
      default:
        break;
    }
    b.smem_base = 0;
    return tl_box_shape_check(&m.c.d, &m.c.b) == TL_OK ? m : src;  // the descriptor is unchanged
  }

  void step(lockstep::Env &env, Dut &dut, Exp &e) {
    if (env.cyc % 16 == 0) {
      Entry f{tlstim::random_supported(env.rng, env.rng.chance(3, 4)), {}};
      if (in_domain(f.c, &f.info)) pool[env.rng.below(pool.size())] = f;
    }
    Entry en = env.cyc < directed.size() ? directed[env.cyc] : mutate(env.rng, pool[env.rng.below(pool.size())]);
    const tl_desc &d = en.c.d;
    const tl_box &b = en.c.b;
    const tl_desc_info &info = en.info;
    dut.tile_major_i = (uint8_t)d.tile_major;
    dut.rank_i = (uint8_t)d.rank;
    dut.elem_bytes_i = (uint8_t)d.elem_bytes;
    dut.log2_a_i = (uint8_t)d.log2_a;
    dut.log2_b_i = (uint8_t)d.log2_b;
    dut.log2_granule_i = (uint8_t)d.log2_granule;
    dut.lead_stride_i = d.lead_stride;
    uint64_t st[4];  // stride_i holds stride[1..4] (dimension 0's stride is s)
    for (int k = 1; k < 5; k++) st[k - 1] = k < (int)d.rank ? d.stride[k] : 0;
    tlstim::put_fields(dut.stride_i, st, 4, 40);
    dut.row_mask_i = (uint8_t)info.row_mask;
    dut.split_mask_i = (uint8_t)info.split_mask;
    uint32_t lm = 0;
    for (int k = 0; k < 5; k++) lm |= (info.split_log2_m[k] & 15) << (4 * k);
    dut.split_log2_m_i = lm;
    int32_t co[5] = {0, 0, 0, 0, 0};
    uint64_t bx = 0;
    for (uint32_t k = 0; k < 5; k++) {
      if (k < d.rank) co[k] = b.coord[k];
      bx |= (uint64_t)(k < d.rank ? b.box[k] : 1) << (9 * k);
    }
    tlstim::put_coords(dut.coord_i, co);
    dut.box_i = bx;
    tlstim::SumIn si = tlstim::sum_input(en.c, info.row_mask);
    tl_split_sum_out so;
    tl_split_sum_masked(&si.in, info.row_mask, &so);
    dut.row_i = (uint16_t)(so.row & 0xffff);

    tl_counter_hw_out o;
    tl_counter_hw(&d, &info, &b, &o);
    e.err = (uint8_t)(o.view != TL_OK ? o.view : o.start);
    const tl_counters &n = o.nest;
    e.mode = (uint8_t)n.mode;
    e.count = 0; e.shift = 0; e.vdim = 0; e.weight = 0;
    lockstep::clear(e.stride);
    for (int k = 0; k < TL_MAX_LEVELS; k++) {
      e.count |= (uint64_t)n.count[k] << (9 * k);
      lockstep::set_bits(e.stride, 40 * k, 40, o.stride_raw[k]);
      e.shift |= o.shift[k] << (5 * k);
      e.vdim |= n.vdim[k] << (3 * k);
      e.weight |= n.log2_weight[k] << (5 * k);
    }
    e.run_elems = (uint16_t)n.run_elems;
    e.run_bytes = (uint16_t)n.run_bytes;
    e.perm_row = (uint8_t)n.perm_row_bits;
    e.perm_col = (uint8_t)n.perm_col_bits;
    e.perm_sub = (uint8_t)n.perm_sub_bits;
    e.split_level = (uint8_t)n.split_level;
    row_start = so.row;
    cover(env, en, o);
  }

  void cover(lockstep::Env &env, const Entry &en, const tl_counter_hw_out &o) {
    auto &c = env.cov;
    const tl_desc &d = en.c.d;
    const tl_box &b = en.c.b;
    if (env.cyc < 12) c.hit(b_fig9);
    if (env.cyc == 12) c.hit(b_case2);
    if (o.view == TL_OK) {
      c.hit(b_mode[o.nest.mode]);
      c.hit(b_rank[d.rank]);
      c.hit(b_elem[__builtin_ctz(d.elem_bytes)]);
      if (d.tile_major && o.start == TL_OK) c.hit(b_ok_tm);
      if (o.nest.split_level) {
        uint32_t sl = o.nest.split_level;
        c.hit(o.nest.count[sl + 1] > 1 ? b_split_outer : b_split_small);
        if (o.nest.mode == TL_MODE_WIDE_BOX) c.hit(b_wb_split);
      }
      for (uint32_t k = 1; k < d.rank; k++)
        if ((en.info.split_mask >> k & 1) && b.box[k] == 1) c.hit(b_split_v1);
      if (o.nest.count[5] > 1) c.hit(b_level5);
      if (d.tile_major && o.start != TL_OK) {
        uint64_t s = d.elem_bytes, a = 1ull << d.log2_a, ap = b.box[0] < a ? b.box[0] : a;
        c.hit(row_start % (ap * s) ? b_mis_row : b_mis_col);
      }
    } else if (d.tile_major) {
      uint32_t u = b.box[0];
      uint64_t s = d.elem_bytes, a = 1ull << d.log2_a;
      if (u & (u - 1)) { c.hit(b_err_u); return; }
      uint64_t ap = u < a ? u : a;
      int splits = 0, bad_split = 0, bad_row = 0;
      for (uint32_t k = 1; k < d.rank; k++) {
        if (b.box[k] == 1) continue;
        if ((en.info.row_mask >> k & 1) && d.stride[k] % (ap * s)) bad_row = 1;
        if (en.info.split_mask >> k & 1) {
          splits++;
          uint64_t pt = 1ull << (d.log2_b - en.info.split_log2_m[k]);
          if (b.box[k] > pt && b.box[k] % pt) bad_split = 1;
        }
      }
      if (bad_row) c.hit(b_err_row);
      if (splits > 1) c.hit(b_err_two);
      if (bad_split) c.hit(b_err_split);
    }
  }
};

int main(int argc, char **argv) { return lockstep::run<TbCounterCfg>(argc, argv); }
