// tilelens_mshr_props - properties of tilelens_mshr (the 4 KB MSHR).
//
// A checker beside the RTL: it instantiates the block and keeps its own
// bookkeeping of the waiters, written from the documented behaviour
// (docs/tilelens_mshr.md), not from the RTL's entries: for every page p of
// the (reduced) page space and every sector s a bit W[p][s] (the waiter
// (p, s) is held), and per page R[p] (requested, memory has not taken it)
// and F[p] (filled, draining). It moves on the ports only:
//   an accepted miss (miss_valid_i && miss_ready_o) sets W[page][sector]
//   (and R[page] when the page had no waiter); a release taken
//   (rel_valid_o && rel_ready_i) clears W[rel_page][rel_sector], and F of
//   that page when its last waiter leaves (the miss of the same cycle
//   counts: it joins the draining page); memory taking mem_page_o clears R;
//   a fill with fill_err_o = 0 sets F.
// Properties (every cycle out of reset):
//   M1 ready     miss_ready_o = the page holds waiters, or fewer than
//                Entries pages do (back-pressure only when full)
//   M2 memory    mem_valid_o = some page is requested; mem_page_o is one
//   M3 fill err  fill_err_o = 0 (no fill), 2 (page without waiters, or its
//                request not yet taken), 1 (page filled), else 0
//   M4 release   rel_valid_o = some filled page holds waiters; a release is
//                a held waiter of a filled page (never a waiter released
//                twice, never one of an unfilled page) and the lowest
//                sector that page holds
//   M5 no loss   W[p][s] = some valid entry holds page p with mask bit s:
//                a waiter leaves the RTL's entries only by its release, and
//                a miss accepted is held; with M4 a fill releases exactly
//                its page's waiters (all of them: M4's valid while any is
//                held; none of another page; each once)
//   M6 R, F      R[p] / F[p] = some valid entry of page p has req_q /
//                fill_q set
//   M7 entries   no two valid entries hold the same page; a valid entry
//                has a waiter; no entry is both requested and filled
// M5-M7 tie the RTL's registers (dut_*: connected by the proof script) to
// the bookkeeping; they are what makes the induction go through.
`default_nettype none

module tilelens_mshr_props #(
  parameter integer Entries   = 3,
  parameter integer PageWidth = 2
) (
  input wire                 clk_i,
  input wire                 rst_ni,
  input wire                 miss_valid_i,
  input wire [PageWidth-1:0] miss_page_i,
  input wire [4:0]           miss_sector_i,
  input wire                 mem_ready_i,
  input wire                 fill_valid_i,
  input wire [PageWidth-1:0] fill_page_i,
  input wire                 rel_ready_i
);

  localparam integer Pages = 1 << PageWidth;
  localparam integer Sectors = 32;

  wire                 miss_ready, mem_valid, rel_valid;
  wire [PageWidth-1:0] mem_page, rel_page;
  wire [4:0]           rel_sector;
  wire [1:0]           fill_err;

  tilelens_mshr #(.Entries(Entries), .PageWidth(PageWidth)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .miss_valid_i(miss_valid_i), .miss_page_i(miss_page_i), .miss_sector_i(miss_sector_i),
    .miss_ready_o(miss_ready),
    .mem_valid_o(mem_valid), .mem_page_o(mem_page), .mem_ready_i(mem_ready_i),
    .fill_valid_i(fill_valid_i), .fill_page_i(fill_page_i), .fill_err_o(fill_err),
    .rel_valid_o(rel_valid), .rel_page_o(rel_page), .rel_sector_o(rel_sector), .rel_ready_i(rel_ready_i)
  );

  // the RTL's registers (connect -set in the proof script)
  wire [Entries-1:0]           dut_valid_q, dut_req_q, dut_fill_q;
  wire [Entries*PageWidth-1:0] dut_page_q;
  wire [Entries*Sectors-1:0]   dut_mask_q;

  // ---- the bookkeeping
  reg [Pages*Sectors-1:0] w_q, w_d;
  reg [Pages-1:0]         r_q, r_d, f_q, f_d;
  reg [Pages-1:0]         held;
  integer                 nheld;
  integer p, s, e, e2;

  wire miss_fire = miss_valid_i && miss_ready;
  wire rel_fire  = rel_valid && rel_ready_i;
  wire mem_fire  = mem_valid && mem_ready_i;

  always @* begin
    nheld = 0;
    for (p = 0; p < Pages; p = p + 1) begin
      held[p] = |w_q[p*Sectors +: Sectors];
      nheld = nheld + (held[p] ? 1 : 0);
    end
    w_d = w_q;
    r_d = r_q;
    f_d = f_q;
    if (rel_fire) w_d[rel_page*Sectors + rel_sector] = 1'b0;
    if (miss_fire) begin
      w_d[miss_page_i*Sectors + miss_sector_i] = 1'b1;
      if (!held[miss_page_i]) r_d[miss_page_i] = 1'b1;
    end
    if (mem_fire) r_d[mem_page] = 1'b0;
    if (fill_valid_i && fill_err == 2'd0) f_d[fill_page_i] = 1'b1;
    if (rel_fire && !(|w_d[rel_page*Sectors +: Sectors])) f_d[rel_page] = 1'b0;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      w_q <= {Pages*Sectors{1'b0}};
      r_q <= {Pages{1'b0}};
      f_q <= {Pages{1'b0}};
    end else begin
      w_q <= w_d;
      r_q <= r_d;
      f_q <= f_d;
    end
  end

  // ---- the reference of the outputs
  reg [1:0] ref_err;
  reg       low_ok;
  always @* begin
    ref_err = !fill_valid_i ? 2'd0 :
              (!held[fill_page_i] || r_q[fill_page_i]) ? 2'd2 :
              f_q[fill_page_i] ? 2'd1 : 2'd0;
    low_ok = 1'b1;   // no waiter of the released page below rel_sector
    for (s = 0; s < Sectors; s = s + 1)
      if (s < rel_sector && w_q[rel_page*Sectors + s]) low_ok = 1'b0;
  end

  // ---- the RTL's entries against the bookkeeping
  reg m5, m6, m7, any;
  always @* begin
    m5 = 1'b1;
    m6 = 1'b1;
    m7 = 1'b1;
    for (p = 0; p < Pages; p = p + 1) begin
      for (s = 0; s < Sectors; s = s + 1) begin
        any = 1'b0;
        for (e = 0; e < Entries; e = e + 1)
          if (dut_valid_q[e] && dut_page_q[e*PageWidth +: PageWidth] == p && dut_mask_q[e*Sectors + s]) any = 1'b1;
        if (any != w_q[p*Sectors + s]) m5 = 1'b0;
      end
      any = 1'b0;
      for (e = 0; e < Entries; e = e + 1)
        if (dut_valid_q[e] && dut_page_q[e*PageWidth +: PageWidth] == p && dut_req_q[e]) any = 1'b1;
      if (any != r_q[p]) m6 = 1'b0;
      any = 1'b0;
      for (e = 0; e < Entries; e = e + 1)
        if (dut_valid_q[e] && dut_page_q[e*PageWidth +: PageWidth] == p && dut_fill_q[e]) any = 1'b1;
      if (any != f_q[p]) m6 = 1'b0;
    end
    for (e = 0; e < Entries; e = e + 1) begin
      if (dut_valid_q[e] && !(|dut_mask_q[e*Sectors +: Sectors])) m7 = 1'b0;
      if (dut_req_q[e] && dut_fill_q[e]) m7 = 1'b0;
      for (e2 = e + 1; e2 < Entries; e2 = e2 + 1)
        if (dut_valid_q[e] && dut_valid_q[e2] &&
            dut_page_q[e*PageWidth +: PageWidth] == dut_page_q[e2*PageWidth +: PageWidth]) m7 = 1'b0;
    end
  end

  always @* begin
    if (rst_ni) begin
      assert (miss_ready == (held[miss_page_i] || nheld < Entries));                       // M1
      assert (mem_valid == (|r_q) && (!mem_valid || r_q[mem_page]));                         // M2
      assert (fill_err == ref_err);                                                          // M3
      assert (rel_valid == (|(f_q & held)));                                                 // M4
      assert (!rel_valid || (f_q[rel_page] && w_q[rel_page*Sectors + rel_sector] && low_ok)); // M4
      assert (m5);                                                                           // M5
      assert (m6);                                                                           // M6
      assert (m7);                                                                           // M7
    end
  end

`ifdef COVER
  always @* begin
    if (rst_ni) begin
      cover (!miss_ready && miss_valid_i);                                  // C1 full stall
      cover (rel_fire && f_q[rel_page] && (&w_q[rel_page*Sectors +: 4]));   // C2 a page with 4+ waiters drains
      cover (fill_err == 2'd1);                                             // C3 duplicate fill
      cover (fill_err == 2'd2 && held[fill_page_i]);                        // C4 fill before memory took it
    end
  end
`endif

endmodule

`default_nettype wire
