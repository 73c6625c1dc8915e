// tilelens_pf_gen - the stride prefetch generator of paper section 5.3, with
// the two tiers of section 6.1: for each demand access at address a, K
// iteration iter, it issues the prefetches a + k*s for k = 1..d (tier 0,
// the L2) and, with the SRAM buffer configured, k = d+1..2d (tier 1, the
// buffer), never past the tensor: k <= kiters - 1 - iter.
//
// Behaviour:
//   demand  taken when dem_valid_i && dem_ready_o; dem_ready_o = idle.
//           stride_i, kiters_i, degree_i and buffer_i are sampled with it.
//           err_o (a tl_status value) then holds its status:
//             kiters_i or stride_i zero        TL_ERR_PF_CONFIG
//             dem_iter_i >= kiters_i           TL_ERR_PF_ITER
//             a + s >= 2^AddrWidth             TL_ERR_OVERFLOW
//           A rejected demand, or one with no distance left (iter the last
//           iteration, or d = 0), leaves the unit idle.
//   issue   one candidate per clock, k = 1, 2, ..., last. Its 4 KB page
//           (address >> Log2Page) is compared with the pages of the last
//           FilterEntries prefetches issued: on a match the candidate is
//           merged (skipped, no output, one clock); otherwise pf_valid_o is
//           high until pf_ready_i, and the transfer writes the page into the
//           filter (FIFO order). pf_tier_o = (k > d). A candidate past
//           2^AddrWidth ends the run: err_o = TL_ERR_OVERFLOW. The next
//           candidate and its overflow are computed a clock ahead (a + 2s
//           with the demand, then one add per step) so that no adder's
//           carry reaches the control in the clock it is used.
// Reset: rst_ni low (asynchronous): idle, filter empty, err_o 0 (the
// filter's page registers keep their values, unused until written).
// Twin: tl_pf_gen_step() (cmodel/src/tilelens/tilelens_pf_gen.c).
//
// Worked example (Llama-3.1 64x128 BF16 tile, tile-major 4 KB tiles: the
// K step s = 16 KB; d = 2, buffer on, kiters = 4): a demand at 0x10000,
// iter 1 issues 0x14000 (tier 0), 0x18000 (tier 0); k = 3, 4 would be
// iterations 4, 5: dropped at the tensor's end.
//
// Parameters:
//   AddrWidth      byte address width (TL_PF_ADDR_BITS 48)
//   KitWidth       K / TILE_K, the K iteration and d (TL_PF_KIT_BITS 16)
//   FilterEntries  pages remembered (TL_PF_FILTER_DEFAULT 8; 1..16)
//   Log2Page       the filter's page (TL_PF_LOG2_PAGE 12)
`default_nettype none

module tilelens_pf_gen #(
  parameter integer AddrWidth     = 48,
  parameter integer KitWidth      = 16,
  parameter integer FilterEntries = 8,
  parameter integer Log2Page      = 12
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 dem_valid_i,   // a demand access
  output wire                 dem_ready_o,   // idle: a demand is taken
  input  wire [AddrWidth-1:0] dem_addr_i,    // its byte address a
  input  wire [KitWidth-1:0]  dem_iter_i,    // its K iteration, 0..kiters-1
  input  wire [AddrWidth-1:0] stride_i,      // s: the compute tile's K step, bytes
  input  wire [KitWidth-1:0]  kiters_i,      // K / TILE_K
  input  wire [KitWidth-1:0]  degree_i,      // d (tilelens_pf_degree)
  input  wire                 buffer_i,      // the SRAM buffer tier is on
  output wire                 pf_valid_o,    // a prefetch
  input  wire                 pf_ready_i,
  output wire [AddrWidth-1:0] pf_addr_o,     // its byte address a + k*s
  output wire                 pf_tier_o,     // 0: L2 (k <= d), 1: SRAM buffer
  output wire [4:0]           err_o          // status of the last demand
);

  localparam integer KW   = KitWidth + 1;                 // distances up to 2d
  localparam integer TagW = AddrWidth - Log2Page;
  localparam integer PW   = FilterEntries > 1 ? $clog2(FilterEntries) : 1;
  localparam integer LastE = FilterEntries - 1;
  localparam [PW-1:0] LastEntry = LastE[PW-1:0];

  // tl_status values (cmodel/include/tilelens/tilelens.h)
  localparam [4:0] ErrOk       = 5'd0;
  localparam [4:0] ErrOverflow = 5'd10;  // TL_ERR_OVERFLOW
  localparam [4:0] ErrConfig   = 5'd22;  // TL_ERR_PF_CONFIG
  localparam [4:0] ErrIter     = 5'd23;  // TL_ERR_PF_ITER

  reg                     busy_q, busy_d;
  reg [AddrWidth-1:0]     cand_q, cand_d;
  reg [AddrWidth-1:0]     stride_q, stride_d;
  reg [AddrWidth-1:0]     nxt_q, nxt_d;       // the next candidate, a + (k+1)*s
  reg                     novf_q, novf_d;     // ... lies past 2^AddrWidth
  reg [KW-1:0]            k_q, k_d;
  reg [KW-1:0]            last_q, last_d;
  reg [KitWidth-1:0]      d_q, d_d;
  reg [4:0]               err_q, err_d;
  reg [FilterEntries-1:0] fvalid_q, fvalid_d;
  reg [PW-1:0]            wptr_q, wptr_d;
  reg [FilterEntries*TagW-1:0] fpage_q;

  // ---- the demand's run
  wire [KW-1:0]       span   = buffer_i ? {degree_i, 1'b0} : {1'b0, degree_i};
  wire                cfg_bad  = ~|kiters_i | ~|stride_i;
  wire                iter_bad = dem_iter_i >= kiters_i;
  wire [KitWidth-1:0] room   = kiters_i - dem_iter_i - {{(KitWidth-1){1'b0}}, 1'b1};
  wire [KW-1:0]       room_w = {1'b0, room};
  wire [KW-1:0]       last   = (span < room_w) ? span : room_w;
  wire [AddrWidth:0]  first;                   // a + s
  wire [AddrWidth+1:0] second;                 // a + 2s
  tilelens_prefix_add #(.Width(AddrWidth)) u_first (
    .a_i(dem_addr_i), .b_i(stride_i), .cin_i(1'b0), .sum_o(first[AddrWidth-1:0]), .cout_o(first[AddrWidth])
  );
  tilelens_prefix_add #(.Width(AddrWidth + 1)) u_second (
    .a_i({1'b0, dem_addr_i}), .b_i({stride_i, 1'b0}), .cin_i(1'b0), .sum_o(second[AddrWidth:0]),
    .cout_o(second[AddrWidth+1])
  );
  wire                run    = |last;

  // ---- the filter
  wire [TagW-1:0]          cand_page = cand_q[AddrWidth-1:Log2Page];
  wire [FilterEntries-1:0] match;
  genvar e;
  generate
    for (e = 0; e < FilterEntries; e = e + 1) begin : gen_filter
      assign match[e] = fvalid_q[e] & (fpage_q[e*TagW +: TagW] == cand_page);
      always @(posedge clk_i) begin
        if (busy_q && ~|match && pf_ready_i && wptr_q == e) fpage_q[e*TagW +: TagW] <= cand_page;
      end
    end
  endgenerate
  wire hit   = |match;
  wire issue = busy_q & ~hit & pf_ready_i;
  wire adv   = busy_q & (hit | pf_ready_i);
  wire fin   = k_q == last_q;
  // the candidate after next, precomputed a clock ahead: the adder's carry
  // goes to a register, not to the control of this clock
  // a structural parallel-prefix adder (a behavioural `+` mapped to a
  // 36-cell ripple: 46 FO4)
  wire [AddrWidth:0] next;
  tilelens_prefix_add #(.Width(AddrWidth)) u_next (
    .a_i(nxt_q), .b_i(stride_q), .cin_i(1'b0), .sum_o(next[AddrWidth-1:0]), .cout_o(next[AddrWidth])
  );

  always @* begin
    busy_d   = busy_q;
    cand_d   = cand_q;
    stride_d = stride_q;
    nxt_d    = nxt_q;
    novf_d   = novf_q;
    k_d      = k_q;
    last_d   = last_q;
    d_d      = d_q;
    err_d    = err_q;
    fvalid_d = fvalid_q;
    wptr_d   = wptr_q;
    if (!busy_q) begin
      if (dem_valid_i) begin
        if (cfg_bad)                  err_d = ErrConfig;
        else if (iter_bad)            err_d = ErrIter;
        else if (run && first[AddrWidth]) err_d = ErrOverflow;
        else                          err_d = ErrOk;
        if (!cfg_bad && !iter_bad && run && !first[AddrWidth]) begin
          busy_d   = 1'b1;
          cand_d   = first[AddrWidth-1:0];
          nxt_d    = second[AddrWidth-1:0];
          novf_d   = |second[AddrWidth+1:AddrWidth];
          stride_d = stride_i;
          k_d      = {{(KW-1){1'b0}}, 1'b1};
          last_d   = last;
          d_d      = degree_i;
        end
      end
    end else if (adv) begin
      if (issue) begin
        fvalid_d[wptr_q] = 1'b1;
        wptr_d = (wptr_q == LastEntry) ? {PW{1'b0}} : wptr_q + {{(PW-1){1'b0}}, 1'b1};
      end
      if (fin) begin
        busy_d = 1'b0;
      end else if (novf_q) begin
        busy_d = 1'b0;
        err_d  = ErrOverflow;
      end else begin
        cand_d = nxt_q;
        nxt_d  = next[AddrWidth-1:0];
        novf_d = next[AddrWidth];
        k_d    = k_q + {{(KW-1){1'b0}}, 1'b1};
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q   <= 1'b0;
      cand_q   <= {AddrWidth{1'b0}};
      stride_q <= {AddrWidth{1'b0}};
      nxt_q    <= {AddrWidth{1'b0}};
      novf_q   <= 1'b0;
      k_q      <= {KW{1'b0}};
      last_q   <= {KW{1'b0}};
      d_q      <= {KitWidth{1'b0}};
      err_q    <= ErrOk;
      fvalid_q <= {FilterEntries{1'b0}};
      wptr_q   <= {PW{1'b0}};
    end else begin
      busy_q   <= busy_d;
      cand_q   <= cand_d;
      stride_q <= stride_d;
      nxt_q    <= nxt_d;
      novf_q   <= novf_d;
      k_q      <= k_d;
      last_q   <= last_d;
      d_q      <= d_d;
      err_q    <= err_d;
      fvalid_q <= fvalid_d;
      wptr_q   <= wptr_d;
    end
  end

  assign dem_ready_o = ~busy_q;
  assign pf_valid_o  = busy_q & ~hit;
  assign pf_addr_o   = cand_q;
  assign pf_tier_o   = k_q > {1'b0, d_q};
  assign err_o       = err_q;

endmodule

`default_nettype wire
