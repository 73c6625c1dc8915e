// tilelens_pf_gen_props - properties of tilelens_pf_gen.
//
// A checker beside the RTL: it records each demand the unit takes (address
// a, stride s, iteration, kiters, d, buffer) and counts the run's distance
// k itself from the outputs (k = 1 at the demand; +1 at each cycle the run
// moves on: a merged candidate, pf_valid_o low while busy, or a transfer).
// For every input sequence from the reset state (any reset pattern):
//   E1 end      while a run is in flight, iter + k < kiters: the generator
//               never prefetches past the tensor's end
//   E2 tier     k <= d without the SRAM buffer, k <= 2d with it; a
//               prefetch's tier is (k > d)
//   E3 address  a prefetch's address is a + k*s, exactly (no wrap past
//               2^AddrWidth)
//   E4 run      a run takes exactly min(D, kiters - 1 - iter) steps unless
//               it stops at 2^AddrWidth (err_o = TL_ERR_OVERFLOW)
//   E5 demand   dem_ready_o = idle; a rejected demand starts nothing
//   E6 inv      the RTL's registers agree with the record (the strengthening
//               that makes the induction go through; wires dut_*, connected
//               by the proof script)
// Sizes (reduced): AddrWidth 8, KitWidth 3, FilterEntries 2, Log2Page 2.
`default_nettype none

module tilelens_pf_gen_props #(
  parameter integer AddrWidth     = 8,
  parameter integer KitWidth      = 3,
  parameter integer FilterEntries = 2,
  parameter integer Log2Page      = 2
) (
  input wire                 clk_i,
  input wire                 rst_ni,
  input wire                 dem_valid_i,
  input wire [AddrWidth-1:0] dem_addr_i,
  input wire [KitWidth-1:0]  dem_iter_i,
  input wire [AddrWidth-1:0] stride_i,
  input wire [KitWidth-1:0]  kiters_i,
  input wire [KitWidth-1:0]  degree_i,
  input wire                 buffer_i,
  input wire                 pf_ready_i
);

  localparam integer KW = KitWidth + 1;
  localparam integer W  = 2 * AddrWidth + 4;   // exact products

  wire                 dem_ready, pf_valid, pf_tier;
  wire [AddrWidth-1:0] pf_addr;
  wire [4:0]           err;

  tilelens_pf_gen #(
    .AddrWidth(AddrWidth), .KitWidth(KitWidth), .FilterEntries(FilterEntries), .Log2Page(Log2Page)
  ) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .dem_valid_i(dem_valid_i), .dem_ready_o(dem_ready),
    .dem_addr_i(dem_addr_i), .dem_iter_i(dem_iter_i), .stride_i(stride_i), .kiters_i(kiters_i),
    .degree_i(degree_i), .buffer_i(buffer_i), .pf_valid_o(pf_valid), .pf_ready_i(pf_ready_i),
    .pf_addr_o(pf_addr), .pf_tier_o(pf_tier), .err_o(err)
  );

  // the RTL's registers (connected by the proof script)
  wire                 dut_busy_q;
  wire [AddrWidth-1:0] dut_cand_q, dut_stride_q, dut_nxt_q;
  wire                 dut_novf_q;
  wire [KW-1:0]        dut_k_q, dut_last_q;
  wire [KitWidth-1:0]  dut_d_q;

  // ---- the checker's record of the run in flight
  reg                 run;
  reg [W-1:0]         s_a, s_s;
  reg [W-1:0]         s_iter, s_kit, s_d, s_k, s_last;
  reg                 s_buf;
  wire [W-1:0] in_a    = {{(W-AddrWidth){1'b0}}, dem_addr_i};
  wire [W-1:0] in_s    = {{(W-AddrWidth){1'b0}}, stride_i};
  wire [W-1:0] in_iter = {{(W-KitWidth){1'b0}}, dem_iter_i};
  wire [W-1:0] in_kit  = {{(W-KitWidth){1'b0}}, kiters_i};
  wire [W-1:0] in_d    = {{(W-KitWidth){1'b0}}, degree_i};
  wire [W-1:0] in_span = buffer_i ? 2 * in_d : in_d;
  wire [W-1:0] in_room = in_kit - in_iter - 1;
  wire [W-1:0] in_last = (in_span < in_room) ? in_span : in_room;
  wire         in_ok   = (kiters_i != 0) && (stride_i != 0) && (in_iter < in_kit) && (in_last != 0) &&
                         (in_a + in_s < (1 << AddrWidth));
  wire         moves   = run && (!pf_valid || pf_ready_i);
  wire [W-1:0] next_a  = s_a + (s_k + 1) * s_s;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run <= 1'b0; s_a <= 0; s_s <= 0; s_iter <= 0; s_kit <= 0; s_d <= 0; s_k <= 0; s_last <= 0; s_buf <= 0;
    end else if (!run) begin
      if (dem_valid_i && in_ok) begin
        run <= 1'b1; s_a <= in_a; s_s <= in_s; s_iter <= in_iter; s_kit <= in_kit; s_d <= in_d;
        s_k <= 1; s_last <= in_last; s_buf <= buffer_i;
      end
    end else if (moves) begin
      if (s_k == s_last || next_a >= (1 << AddrWidth)) run <= 1'b0;
      else s_k <= s_k + 1;
    end
  end

  wire [W-1:0] cur_a = s_a + s_k * s_s;
  wire [W-1:0] nxt_a = cur_a + s_s;

  always @* begin
    if (rst_ni) begin
      assert (dem_ready == !run);                                               // E5
      // the record's fields stay within the port widths (strengthening)
      assert (s_a < (1 << AddrWidth) && s_s < (1 << AddrWidth) && s_kit < (1 << KitWidth) &&
              s_iter < (1 << KitWidth) && s_d < (1 << KitWidth) && s_last < (1 << KW));
      if (run) begin
        assert (s_iter + s_k < s_kit);                                          // E1
        assert (s_iter + s_last < s_kit);                                       // E1, the whole run
        assert (s_buf ? (s_last <= 2 * s_d) : (s_last <= s_d));                 // E2, the whole run
        assert (s_k >= 1 && s_k <= s_last);                                     // E4
        assert (s_buf ? (s_k <= 2 * s_d) : (s_k <= s_d));                       // E2
        assert (cur_a < (1 << AddrWidth));                                      // E3
        assert (dut_k_q == s_k[KW-1:0] && dut_last_q == s_last[KW-1:0]);       // E6
        assert (dut_cand_q == cur_a[AddrWidth-1:0] && dut_stride_q == s_s[AddrWidth-1:0]);
        assert (dut_d_q == s_d[KitWidth-1:0]);
        assert (dut_nxt_q == nxt_a[AddrWidth-1:0]);
        assert (dut_novf_q == (nxt_a >= (1 << AddrWidth)));
        assert (dut_busy_q);
      end else begin
        assert (!pf_valid && !dut_busy_q);                                      // E5
      end
      if (pf_valid) begin
        assert (pf_addr == cur_a[AddrWidth-1:0]);                               // E3
        assert (pf_tier == (s_k > s_d));                                        // E2
      end
    end
  end

endmodule

`default_nettype wire
