// tilelens_pf_degree - the adaptive prefetch degree of paper Eq. 6
// (section 5.3), with the NAND plane-collision factor:
//   p_wave = min(ctas_left, N_SM * C_SM) * p_tile
//   d      = min(PlaneFactor * floor(BL / p_wave), K / TILE_K)
// recomputed whenever the grid's remaining CTA count changes.
//
// Behaviour: one event per clock edge, cfg over retire.
//   cfg     cfg_valid_i: loads N_SM * C_SM (the CTA slots), p_tile, the
//           grid's CTA count, BL and K / TILE_K; any of nsm_i, csm_i,
//           ptile_i, ctas_i, kiters_i zero is TL_ERR_PF_CONFIG and loads
//           nothing (bl_i = 0 is legal: no prefetch).
//   retire  retire_i: one CTA of the grid retired, ctas_left - 1; with none
//           left TL_ERR_PF_RETIRE and nothing changes.
// err_o holds the status of the last event (a tl_status value). An accepted
// event (re)starts the division: the next clock registers the active CTAs
// (min(ctas_left, slots)), the one after p_wave (one multiplier: the two
// would not fit one 40-FO4 stage), then Steps = ceil(BlWidth /
// QuotBitsPerCycle) clocks of a restoring divider, QuotBitsPerCycle
// quotient bits each, then one clock writes degree_o = min(F * q, K/TILE_K)
// from the registered quotient. busy_o is high from the clock after the
// event until degree_o holds the new value: 3 + Steps clocks (20 at the
// defaults, about 11 ns at 1.8 GHz against a NAND latency of 1-20 us). A newer event
// restarts the division; degree_o keeps its old value until a division
// ends. p_wave = 0 (no CTA left) divides to all ones: d = K / TILE_K.
// Reset: rst_ni low (asynchronous): every register zero (degree 0).
// Twin: tl_pf_degree_step() (cmodel/src/tilelens/tilelens_pf_degree.c).
//
// Worked example (H200, Qwen-3 128x256 BF16 tile in 4 KB tiles: p_tile =
// 16, 132 SMs x 1 CTA, BL = 1.2 requests/ns x 10 us = 12,000, K / TILE_K =
// 64): p_wave = 2112, 12000 / 2112 = 5, d = 10; with 12 CTAs left:
// p_wave = 192, 12000 / 192 = 62, d = min(124, 64) = 64.
//
// Parameters:
//   NsmWidth, CsmWidth  SM count and CTAs per SM (TL_PF_NSM_BITS 8, TL_PF_CSM_BITS 6)
//   PtileWidth          requests per compute tile (TL_PF_PTILE_BITS 9)
//   CtaWidth            CTAs of a grid (TL_PF_CTA_BITS 20)
//   BlWidth             BL in 4 KB requests (TL_PF_BL_BITS 17)
//   KitWidth            K / TILE_K, and d (TL_PF_KIT_BITS 16)
//   PlaneFactor         the plane-collision factor (TL_PF_FACTOR_DEFAULT 2; 1..3)
//   QuotBitsPerCycle    divider radix: quotient bits per clock (1..BlWidth)
`default_nettype none

module tilelens_pf_degree #(
  parameter integer NsmWidth         = 8,
  parameter integer CsmWidth         = 6,
  parameter integer PtileWidth       = 9,
  parameter integer CtaWidth         = 20,
  parameter integer BlWidth          = 17,
  parameter integer KitWidth         = 16,
  parameter integer PlaneFactor      = 2,
  parameter integer QuotBitsPerCycle = 1
) (
  input  wire                         clk_i,
  input  wire                         rst_ni,
  input  wire                         cfg_valid_i,   // load a configuration
  input  wire [NsmWidth-1:0]          nsm_i,         // N_SM, 1..
  input  wire [CsmWidth-1:0]          csm_i,         // C_SM (CTAs per SM), 1..
  input  wire [PtileWidth-1:0]        ptile_i,       // p_tile (requests per tile), 1..
  input  wire [CtaWidth-1:0]          ctas_i,        // CTAs of the grid, 1..
  input  wire [BlWidth-1:0]           bl_i,          // B * L in requests
  input  wire [KitWidth-1:0]          kiters_i,      // K / TILE_K, 1..
  input  wire                         retire_i,      // one CTA retired
  output wire [KitWidth-1:0]          degree_o,      // d
  output wire                         busy_o,        // division in progress
  output wire [4:0]                   err_o,         // status of the last event
  output wire [NsmWidth+CsmWidth-1:0] active_o,      // min(ctas_left, slots)
  output wire [CtaWidth-1:0]          ctas_left_o    // CTAs of the grid not retired
);

  localparam integer SlotW = NsmWidth + CsmWidth;
  localparam integer PwW   = SlotW + PtileWidth;
  localparam integer Steps = (BlWidth + QuotBitsPerCycle - 1) / QuotBitsPerCycle;
  localparam integer NB    = Steps * QuotBitsPerCycle;   // dividend, zero-padded
  localparam integer CntW  = $clog2(Steps + 4);
  localparam integer MW    = CtaWidth > SlotW ? CtaWidth : SlotW;
  localparam integer TW    = BlWidth + 1;
  localparam integer CW    = TW > PwW ? TW : PwW;
  localparam integer FqW   = NB + 2;
  localparam integer FW    = (FqW > KitWidth) ? FqW : KitWidth;

  // tl_status values (cmodel/include/tilelens/tilelens.h)
  localparam [4:0] ErrOk     = 5'd0;
  localparam [4:0] ErrConfig = 5'd22;   // TL_ERR_PF_CONFIG
  localparam [4:0] ErrRetire = 5'd24;   // TL_ERR_PF_RETIRE

  localparam integer   CntLoadI = Steps + 3;
  localparam integer   CntMulI  = Steps + 2;
  localparam [CntW-1:0] CntLoad = CntLoadI[CntW-1:0];   // registers the active CTAs
  localparam [CntW-1:0] CntMul  = CntMulI[CntW-1:0];    // registers p_wave

  reg [SlotW-1:0]      slots_q, slots_d;
  reg [PtileWidth-1:0] ptile_q, ptile_d;
  reg [CtaWidth-1:0]   ctas_q, ctas_d;
  reg [BlWidth-1:0]    bl_q, bl_d;
  reg [KitWidth-1:0]   kit_q, kit_d;
  reg [CntW-1:0]       cnt_q, cnt_d;
  reg [SlotW-1:0]      act_q, act_d;
  reg [PwW-1:0]        pwave_q, pwave_d;
  reg [BlWidth-1:0]    rem_q, rem_d;
  reg [NB-1:0]         quo_q, quo_d;
  reg [KitWidth-1:0]   degree_q, degree_d;
  reg [4:0]            err_q, err_d;

  // ---- events
  wire cfg_bad = ~|nsm_i | ~|csm_i | ~|ptile_i | ~|ctas_i | ~|kiters_i;
  wire ret_ev  = ~cfg_valid_i & retire_i;
  wire ret_bad = ~|ctas_q;
  wire start   = (cfg_valid_i & ~cfg_bad) | (ret_ev & ~ret_bad);

  // ---- p_wave from the registers
  wire [MW-1:0]    ctas_w  = {{(MW-CtaWidth){1'b0}}, ctas_q};
  wire [MW-1:0]    slots_w = {{(MW-SlotW){1'b0}}, slots_q};
  wire [SlotW-1:0] active  = (ctas_w < slots_w) ? ctas_w[SlotW-1:0] : slots_q;
  wire [PwW-1:0]   pwave   = act_q * ptile_q;

  // ---- QuotBitsPerCycle restoring steps
  reg [BlWidth-1:0] r_step;
  reg [NB-1:0]      q_step;
  reg [CW-1:0]      t_step;
  reg               ge;
  integer           i;
  always @* begin
    r_step = rem_q;
    q_step = quo_q;
    t_step = {CW{1'b0}};
    ge     = 1'b0;
    for (i = 0; i < QuotBitsPerCycle; i = i + 1) begin
      t_step = {{(CW-TW){1'b0}}, r_step, q_step[NB-1]};
      ge     = t_step >= {{(CW-PwW){1'b0}}, pwave_q};
      if (ge) t_step = t_step - {{(CW-PwW){1'b0}}, pwave_q};
      r_step = t_step[BlWidth-1:0];
      q_step = {q_step[NB-2:0], ge};
    end
  end

  // ---- Eq. 6: min(F * q, K / TILE_K)
  wire [FqW-1:0] fq    = quo_q * PlaneFactor[1:0];
  wire [FW-1:0]  fq_w  = {{(FW-FqW){1'b0}}, fq};
  wire [FW-1:0]  kit_w = {{(FW-KitWidth){1'b0}}, kit_q};
  wire [KitWidth-1:0] deg_new = (fq_w < kit_w) ? fq_w[KitWidth-1:0] : kit_q;

  always @* begin
    slots_d  = slots_q;
    ptile_d  = ptile_q;
    ctas_d   = ctas_q;
    bl_d     = bl_q;
    kit_d    = kit_q;
    cnt_d    = cnt_q;
    act_d    = act_q;
    pwave_d  = pwave_q;
    rem_d    = rem_q;
    quo_d    = quo_q;
    degree_d = degree_q;
    err_d    = err_q;
    if (cfg_valid_i) begin
      err_d = cfg_bad ? ErrConfig : ErrOk;
      if (!cfg_bad) begin
        slots_d = nsm_i * csm_i;
        ptile_d = ptile_i;
        ctas_d  = ctas_i;
        bl_d    = bl_i;
        kit_d   = kiters_i;
      end
    end else if (retire_i) begin
      err_d = ret_bad ? ErrRetire : ErrOk;
      if (!ret_bad) ctas_d = ctas_q - {{(CtaWidth-1){1'b0}}, 1'b1};
    end
    if (start) begin
      cnt_d = CntLoad;
    end else if (cnt_q == CntLoad) begin
      act_d = active;
      cnt_d = cnt_q - {{(CntW-1){1'b0}}, 1'b1};
    end else if (cnt_q == CntMul) begin
      pwave_d = pwave;
      rem_d   = {BlWidth{1'b0}};
      quo_d   = {{(NB-BlWidth){1'b0}}, bl_q};
      cnt_d   = cnt_q - {{(CntW-1){1'b0}}, 1'b1};
    end else if (cnt_q == {{(CntW-1){1'b0}}, 1'b1}) begin
      degree_d = deg_new;
      cnt_d    = {CntW{1'b0}};
    end else if (|cnt_q) begin
      rem_d = r_step;
      quo_d = q_step;
      cnt_d = cnt_q - {{(CntW-1){1'b0}}, 1'b1};
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      slots_q  <= {SlotW{1'b0}};
      ptile_q  <= {PtileWidth{1'b0}};
      ctas_q   <= {CtaWidth{1'b0}};
      bl_q     <= {BlWidth{1'b0}};
      kit_q    <= {KitWidth{1'b0}};
      cnt_q    <= {CntW{1'b0}};
      act_q    <= {SlotW{1'b0}};
      pwave_q  <= {PwW{1'b0}};
      rem_q    <= {BlWidth{1'b0}};
      quo_q    <= {NB{1'b0}};
      degree_q <= {KitWidth{1'b0}};
      err_q    <= ErrOk;
    end else begin
      slots_q  <= slots_d;
      ptile_q  <= ptile_d;
      ctas_q   <= ctas_d;
      bl_q     <= bl_d;
      kit_q    <= kit_d;
      cnt_q    <= cnt_d;
      act_q    <= act_d;
      pwave_q  <= pwave_d;
      rem_q    <= rem_d;
      quo_q    <= quo_d;
      degree_q <= degree_d;
      err_q    <= err_d;
    end
  end

  assign degree_o    = degree_q;
  assign busy_o      = |cnt_q;
  assign err_o       = err_q;
  assign active_o    = active;
  assign ctas_left_o = ctas_q;

endmodule

`default_nettype wire
