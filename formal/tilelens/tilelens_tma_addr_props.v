// tilelens_tma_addr_props - properties and covers of tilelens_tma_addr's
// check: the start handshake, the box's check of SumStages + 1 clocks, the
// verdict and the start of the generator (the composition's own logic).
//
// A checker beside the RTL: it instantiates tilelens_tma_addr (default
// parameters: SumStages 5) with its children as black boxes
// (tilelens_box_check, tilelens_split_sum_pipe, tilelens_counter_cfg,
// tilelens_addr_gen: their outputs are free inputs every cycle; each has
// its own proofs and lockstep), so what is proved holds whatever statuses,
// tile bases and generator states they give. It reads the unit's count
// (pr_check), its status stage (pr_status), the generator's start, ready
// and busy (pr_gen_start, pr_gen_ready, pr_gen_busy) through wires the
// script connects after flattening. Assumed: the generator's handshake
// contract, start_ready_o = !busy_o (tilelens_addr_gen's two outputs are
// complements by construction).
//   T1 start_ready_o = !busy_o
//   T2 a handshake's verdict comes exactly 6 clocks later (tilelens.h:
//      the verdict SumStages + 1 clocks after the start), and no verdict
//      without a handshake 6 clocks before with no reset since (the
//      checker's own count age of the box taken)
//   T3 no start is taken while a box is in its check
//   T4 err_o is the status stage's value in the verdict cycle, TL_OK in
//      every other cycle
//   T5 the generator starts exactly in the verdict cycles whose status is
//      TL_OK (a rejected box never starts it)
//   T6 the unit is busy while a box is in its check
// Covers (COVER): an accepted and a rejected verdict, a handshake.
`default_nettype none

module tilelens_tma_addr_props (
  input wire         clk_i,
  input wire         rst_ni,
  input wire [63:0]  base_i,
  input wire [2:0]   rank_i,
  input wire [3:0]   elem_bytes_i,
  input wire [164:0] dim_i,
  input wire [199:0] stride_i,
  input wire         tile_major_i,
  input wire [4:0]   log2_a_i,
  input wire [4:0]   log2_b_i,
  input wire [4:0]   log2_granule_i,
  input wire [39:0]  lead_stride_i,
  input wire [3:0]   desc_err_i,
  input wire [4:0]   row_mask_i,
  input wire [4:0]   split_mask_i,
  input wire [19:0]  split_log2_m_i,
  input wire [159:0] coord_i,
  input wire [44:0]  box_i,
  input wire [31:0]  smem_base_i,
  input wire         start_valid_i,
  input wire         req_ready_i
);

  localparam integer Clocks = 6;   // SumStages (5) + 1

  wire        start_ready, req_valid, busy, done;
  wire [3:0]  err;
  wire [63:0] req_src;
  wire [31:0] req_dst;
  wire [11:0] req_bytes;
  tilelens_tma_addr u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .base_i(base_i), .rank_i(rank_i),
    .elem_bytes_i(elem_bytes_i), .dim_i(dim_i), .stride_i(stride_i),
    .tile_major_i(tile_major_i), .log2_a_i(log2_a_i), .log2_b_i(log2_b_i),
    .log2_granule_i(log2_granule_i), .lead_stride_i(lead_stride_i),
    .desc_err_i(desc_err_i), .row_mask_i(row_mask_i), .split_mask_i(split_mask_i),
    .split_log2_m_i(split_log2_m_i), .coord_i(coord_i), .box_i(box_i),
    .smem_base_i(smem_base_i), .start_valid_i(start_valid_i), .start_ready_o(start_ready),
    .err_o(err), .req_valid_o(req_valid), .req_ready_i(req_ready_i), .req_src_o(req_src),
    .req_dst_o(req_dst), .req_bytes_o(req_bytes), .busy_o(busy), .done_o(done)
  );

  // the unit's state, connected by the script (connect -set)
  wire [2:0] pr_check;
  wire [3:0] pr_status;
  wire       pr_gen_start, pr_gen_ready, pr_gen_busy;

  wire hs      = start_valid_i && start_ready;
  wire verdict = pr_check == 3'd1;

  // the checker's count: clocks since the handshake of the box in its check
  reg       live;
  reg [3:0] age;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      live <= 1'b0;
      age  <= 4'd0;
    end else if (hs) begin
      live <= 1'b1;
      age  <= 4'd1;
    end else if (live && verdict) begin
      live <= 1'b0;
      age  <= 4'd0;
    end else if (live && age != 4'd15) begin
      age  <= age + 4'd1;
    end
  end

`ifndef COVER
  always @* begin
    assume (pr_gen_ready == !pr_gen_busy);
    if (rst_ni) begin
      assert (start_ready == !busy);                                      // T1
      assert (verdict == (live && age == Clocks));                         // T2
      assert (live == (pr_check != 3'd0));                                 // T2 (the count's invariant)
      assert (!live || (age + {1'b0, pr_check} == Clocks + 1));            // T2 (the count's invariant)
      assert (!(pr_check != 3'd0) || !start_ready);                        // T3
      assert (err == (verdict ? pr_status : 4'd0));                        // T4
      assert (pr_gen_start == (verdict && pr_status == 4'd0));             // T5
      assert (!(pr_check != 3'd0) || busy);                                // T6
    end
  end
`else
  always @* begin
    assume (pr_gen_ready == !pr_gen_busy);
    if (rst_ni) begin
      cover (verdict && pr_status == 4'd0 && pr_gen_start);                // accepted
      cover (verdict && pr_status != 4'd0 && err != 4'd0);                 // rejected
      cover (hs);                                                          // a handshake
    end
  end
`endif

  wire unused = ^{req_valid, req_src, req_dst, req_bytes, done};

endmodule

`default_nettype wire
