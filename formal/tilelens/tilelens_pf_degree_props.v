// tilelens_pf_degree_props - properties of tilelens_pf_degree.
//
// A checker beside the RTL: it keeps its own record of the last accepted
// event (configuration fields, CTAs left after each retire) and states, for
// every input sequence from the reset state (any events, any resets):
//   D1 eq6     when no division is in progress after an accepted event, the
//              degree equals paper Eq. 6 with the factor, computed here with
//              Verilog's `/`: min(PlaneFactor * floor(BL / p_wave), K/TILE_K),
//              p_wave = min(ctas_left, N_SM * C_SM) * p_tile (p_wave = 0:
//              K/TILE_K); before any accepted event the degree is 0
//   D2 count   ctas_left_o and active_o equal the record
//   D3 latency busy_o is high exactly in the 3 + Steps cycles after an
//              accepted event (the latency the C model matches)
//   D4 err     err_o is the status of the last event (0, TL_ERR_PF_CONFIG
//              for a zero field, TL_ERR_PF_RETIRE for a retire with none left)
// Sizes (reduced): NsmWidth 2, CsmWidth 2, PtileWidth 2, CtaWidth 3,
// BlWidth 5, KitWidth 4 (set by the proof script); every input value.
`default_nettype none

module tilelens_pf_degree_props #(
  parameter integer NsmWidth         = 2,
  parameter integer CsmWidth         = 2,
  parameter integer PtileWidth       = 2,
  parameter integer CtaWidth         = 3,
  parameter integer BlWidth          = 5,
  parameter integer KitWidth         = 4,
  parameter integer PlaneFactor      = 2,
  parameter integer QuotBitsPerCycle = 1
) (
  input wire                  clk_i,
  input wire                  rst_ni,
  input wire                  cfg_valid_i,
  input wire [NsmWidth-1:0]   nsm_i,
  input wire [CsmWidth-1:0]   csm_i,
  input wire [PtileWidth-1:0] ptile_i,
  input wire [CtaWidth-1:0]   ctas_i,
  input wire [BlWidth-1:0]    bl_i,
  input wire [KitWidth-1:0]   kiters_i,
  input wire                  retire_i
);

  localparam integer SlotW = NsmWidth + CsmWidth;
  localparam integer Steps = (BlWidth + QuotBitsPerCycle - 1) / QuotBitsPerCycle;

  wire [KitWidth-1:0] degree;
  wire                busy;
  wire [4:0]          err;
  wire [SlotW-1:0]    active;
  wire [CtaWidth-1:0] ctas_left;

  tilelens_pf_degree #(
    .NsmWidth(NsmWidth), .CsmWidth(CsmWidth), .PtileWidth(PtileWidth), .CtaWidth(CtaWidth),
    .BlWidth(BlWidth), .KitWidth(KitWidth), .PlaneFactor(PlaneFactor), .QuotBitsPerCycle(QuotBitsPerCycle)
  ) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .cfg_valid_i(cfg_valid_i), .nsm_i(nsm_i), .csm_i(csm_i),
    .ptile_i(ptile_i), .ctas_i(ctas_i), .bl_i(bl_i), .kiters_i(kiters_i), .retire_i(retire_i),
    .degree_o(degree), .busy_o(busy), .err_o(err), .active_o(active), .ctas_left_o(ctas_left)
  );

  // ---- the checker's record
  reg                  have;
  reg [BlWidth-1:0]    s_bl;
  reg [KitWidth-1:0]   s_kit;
  reg [SlotW-1:0]      s_slots;
  reg [PtileWidth-1:0] s_ptile;
  reg [CtaWidth-1:0]   s_ctas;
  reg [4:0]            s_err;
  reg [7:0]            since_ev;   // cycles since the last accepted event (saturating)
  wire cfg_bad = (nsm_i == 0) || (csm_i == 0) || (ptile_i == 0) || (ctas_i == 0) || (kiters_i == 0);
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      have <= 1'b0; s_bl <= 0; s_kit <= 0; s_slots <= 0; s_ptile <= 0; s_ctas <= 0; s_err <= 0; since_ev <= 8'd0;
    end else begin
      if (since_ev != 8'hff) since_ev <= since_ev + 8'd1;
      if (cfg_valid_i) begin
        s_err <= cfg_bad ? 5'd22 : 5'd0;
        if (!cfg_bad) begin
          have <= 1'b1; s_bl <= bl_i; s_kit <= kiters_i; s_slots <= nsm_i * csm_i; s_ptile <= ptile_i;
          s_ctas <= ctas_i; since_ev <= 8'd0;
        end
      end else if (retire_i) begin
        s_err <= (s_ctas == 0) ? 5'd24 : 5'd0;
        if (s_ctas != 0) begin s_ctas <= s_ctas - 1; since_ev <= 8'd0; end
      end
    end
  end

  // ---- Eq. 6, written directly
  // RW bits hold every value here exactly (p_wave below 2^(SlotW+PtileWidth),
  // F * q below 4 * 2^BlWidth)
  localparam integer RW = SlotW + PtileWidth + BlWidth + KitWidth + 2;
  wire [RW-1:0] act   = (s_ctas < s_slots) ? s_ctas : s_slots;
  wire [RW-1:0] pwave = act * s_ptile;
  wire [RW-1:0] fq    = PlaneFactor * (s_bl / pwave);
  wire [RW-1:0] ref_d = (pwave == 0) ? s_kit : ((fq < s_kit) ? fq : s_kit);

  always @* begin
    if (rst_ni) begin
      if (have && !busy) assert (degree == ref_d[KitWidth-1:0]);   // D1
      if (!have) assert (degree == 0);                              // D1
      assert (ctas_left == s_ctas);                                 // D2
      assert (active == act[SlotW-1:0]);                            // D2
      if (have) assert (busy == (since_ev <= Steps + 2));           // D3
      assert (err == s_err);                                        // D4
    end
  end

endmodule

`default_nettype wire
