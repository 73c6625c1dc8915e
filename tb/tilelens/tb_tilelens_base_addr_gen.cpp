/*
 * tb_tilelens_base_addr_gen.cpp - lockstep harness of the baseline generator
 * tilelens_base_addr_gen against the C model's incremental generator on
 * linear descriptors (tl_gen_begin / tl_gen_next), cycle by cycle through
 * the library's unit model (tl_tma_eval / tl_tma_commit).
 *
 * Each started box is a supported linear (descriptor, box) pair; its tile
 * base is the plain sum of products. Stimulus: the paper's Figure 9 views and
 * section 6.5 in linear mode with the request always ready; then seeded
 * random boxes (any start, in or out of bounds in every dimension), random
 * gaps between boxes, start requests while busy, random back-pressure
 * profiles per box (always ready, 90 %, 50 %, 10 %, bursts), resets at
 * idle cycles and rare asynchronous resets in the middle of a box
 * (tl_gen_tb.h, tb/common/stim.h). Inputs are held from
 * a start until done_o, as the block requires; while idle they change.
 * The payload is compared whenever req_valid_o is expected high; every other
 * output every cycle.
 */
#include "Vtilelens_base_addr_gen.h"
#include "lockstep.h"
#include "tilelens.h"
#include "tl_gen_tb.h"
#include "tl_stim.h"

struct TbBaseAddrGen : tlstim::GenTb<TbBaseAddrGen, Vtilelens_base_addr_gen> {
  static constexpr const char *kName = "tilelens_base_addr_gen";
  static const bool kTileModes = false;
  explicit TbBaseAddrGen(lockstep::Env &env) : GenTb(env) {}

  std::vector<tlstim::Case> directed_cases() {
    std::vector<tlstim::Case> directed;
    for (uint32_t r = 2; r <= 4; r++) directed.push_back(tlstim::fig9(r, 0, 7, 5));
    directed.push_back(tlstim::sec65(0));
    directed.push_back(tlstim::rank1_column(0));
    return directed;
  }

  // A supported (descriptor, box) pair.
  tlstim::Case random_case(lockstep::Rng &rng) {
    for (;;) {
      tlstim::Case c = tlstim::random_supported(rng, 0);
      if (tl_request_check(&c.d, &c.b) == TL_OK) return c;
    }
  }

  template <class V> void ports(V &v, Dut &d, Exp &e) {
    v.in("rst_ni", 1, d.rst_ni);
    v.in("start_valid_i", 1, d.start_valid_i);
    v.in("base_i", 64, d.base_i);
    v.in("tile_base_i", 64, d.tile_base_i);
    v.in("elem_bytes_i", 4, d.elem_bytes_i);
    v.in("rank_i", 3, d.rank_i);
    v.in("coord_i", 160, d.coord_i);
    v.in("dim_i", 165, d.dim_i);
    v.in("box_i", 45, d.box_i);
    v.in("stride_i", 200, d.stride_i);
    v.in("smem_base_i", 32, d.smem_base_i);
    v.in("req_ready_i", 1, d.req_ready_i);
    v.out("start_ready_o", 1, d.start_ready_o, e.start_ready);
    v.out("req_valid_o", 1, d.req_valid_o, e.valid);
    v.out_if(e.valid, "req_src_o", 64, d.req_src_o, e.src);
    v.out_if(e.valid, "req_dst_o", 32, d.req_dst_o, e.dst);
    v.out_if(e.valid, "req_bytes_o", 12, d.req_bytes_o, e.bytes);
    v.out("busy_o", 1, d.busy_o, e.busy);
    v.out("done_o", 1, d.done_o, e.done);
  }

  // Drive a (valid, linear) case on the descriptor and box inputs.
  void drive_case(Dut &dut, const tlstim::Case &c) {
    tlstim::SumIn si = tlstim::sum_input(c, 1);
    si.in.tile_major = 0;
    tl_split_sum_out so;
    tl_split_sum_masked(&si.in, 1, &so);
    dut.base_i = c.d.base;
    dut.tile_base_i = (uint64_t)so.tile_base;
    dut.elem_bytes_i = (uint8_t)c.d.elem_bytes;
    dut.rank_i = (uint8_t)c.d.rank;
    int32_t co[5] = {0, 0, 0, 0, 0};
    uint64_t bx = 0;
    for (uint32_t k = 0; k < 5; k++) {
      if (k < c.d.rank) co[k] = c.b.coord[k];
      lockstep::set_bits(dut.dim_i, 33 * k, 33, k < c.d.rank ? c.d.dim[k] : 1);
      lockstep::set_bits(dut.stride_i, 40 * k, 40, (k && k < c.d.rank) ? c.d.stride[k] : 0);
      bx |= (uint64_t)(k < c.d.rank ? c.b.box[k] : 1) << (9 * k);
    }
    tlstim::put_coords(dut.coord_i, co);
    dut.box_i = bx;
    dut.smem_base_i = c.b.smem_base;
  }

};

int main(int argc, char **argv) { return lockstep::run<TbBaseAddrGen>(argc, argv); }
