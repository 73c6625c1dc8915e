// tilelens_mshr - the 4 KB-granularity MSHR partition of TileLens (paper
// section 5.2): HBF misses tracked per 4 KB page, 32 sectors of 128 B each.
//
// Behaviour: Entries entries, each a page tag (byte address >> 12) and a
// waiter mask of its 32 sectors; a waiter is one (page, sector) pair.
//   Miss port (valid/ready): a miss to a page that an entry holds merges
//   (sets its sector bit; a bit already set stays one waiter); any other
//   miss allocates the lowest free entry. No match and no free entry:
//   miss_ready_o = 0 (back-pressure; a miss is never dropped).
//   Memory port (valid/ready): the page of the lowest entry whose request
//   memory has not taken yet.
//   Fill port (valid, no ready): the page's data arrived. A fill for a page
//   no entry has had taken by memory gives fill_err_o = 2 (untracked), for
//   a page already filled fill_err_o = 1 (duplicate); an erroneous fill
//   changes nothing. fill_err_o is 0 in every other cycle.
//   Release port (valid/ready): one waiter per cycle, the lowest filled
//   entry's lowest sector; a miss that merges into a filled entry joins its
//   releases. The entry frees at the edge its last waiter is taken.
// Every selection reads the registers only; the miss and fill matches read
// the page inputs. Payload outputs are 0 while their valid is low.
// Twin: tl_mshr_step() (cmodel/src/tilelens/tilelens_mshr.c).
//
// Worked example (Entries = 2, pages P and Q):
//   cycle 0  miss (P, 3): no match, entry 0 free -> allocate entry 0,
//            mask 0x00000008, memory request pending
//   cycle 1  miss (P, 7): matches entry 0 -> merge, mask 0x00000088;
//            mem_valid_o = 1, mem_page_o = P, mem_ready_i = 1: taken
//   cycle 2  miss (Q, 0) allocates entry 1; fill P: entry 0 filled
//   cycle 3  miss (R, 1): no match, no free entry -> miss_ready_o = 0;
//            rel_valid_o = 1, rel_page_o = P, rel_sector_o = 3 (taken)
//   cycle 4  rel_page_o = P, rel_sector_o = 7 (taken): entry 0 frees;
//            a fill Q gives fill_err_o = 2 (memory has not taken Q yet)
//   cycle 5  miss (R, 1) allocates entry 0; a second fill P gives
//            fill_err_o = 2 (no entry holds P any more)
//   later    a fill of R after memory took it is accepted; a second one
//            gives fill_err_o = 1 (duplicate)
//
// Parameters:
//   Entries    entries of the partition (>= 1); 64 by default: one HBF
//              channel's bandwidth-latency product at 5 us in 4 KB pages
//              (docs/tilelens_mshr.md)
//   PageWidth  bits of a page tag (>= 1); 36: 48-bit byte addresses
// Ports:
//   clk_i, rst_ni       clock; asynchronous reset, active low (empties the
//                       MSHR; page and mask registers are not reset)
//   miss_valid_i/ready_o, miss_page_i, miss_sector_i   misses
//   mem_valid_o/ready_i, mem_page_o                    page requests to memory
//   fill_valid_i, fill_page_i, fill_err_o              fills, their error
//   rel_valid_o/ready_i, rel_page_o, rel_sector_o      released waiters
`default_nettype none

module tilelens_mshr #(
  parameter integer Entries   = 64,
  parameter integer PageWidth = 36
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 miss_valid_i,
  input  wire [PageWidth-1:0] miss_page_i,
  input  wire [4:0]           miss_sector_i,
  output wire                 miss_ready_o,
  output wire                 mem_valid_o,
  output wire [PageWidth-1:0] mem_page_o,
  input  wire                 mem_ready_i,
  input  wire                 fill_valid_i,
  input  wire [PageWidth-1:0] fill_page_i,
  output wire [1:0]           fill_err_o,
  output wire                 rel_valid_o,
  output wire [PageWidth-1:0] rel_page_o,
  output wire [4:0]           rel_sector_o,
  input  wire                 rel_ready_i
);

  localparam integer Sectors = 32;
  localparam [1:0]   ErrDup       = 2'd1;
  localparam [1:0]   ErrUntracked = 2'd2;

  // ---- registers
  reg  [Entries-1:0]           valid_q, valid_d;   // entry in use
  reg  [Entries-1:0]           req_q, req_d;       // page not yet taken by memory
  reg  [Entries-1:0]           fill_q, fill_d;     // data arrived: draining
  reg  [Entries*PageWidth-1:0] page_q, page_d;
  reg  [Entries*Sectors-1:0]   mask_q, mask_d;

  // The lowest set bit of a vector, one-hot: x and no bit of x below it.
  // The inclusive prefix OR is built in log2 levels (a ripple x & -x maps
  // to a carry chain as long as the vector).
  function automatic [Entries-1:0] lowest(input [Entries-1:0] x);
    reg [Entries-1:0] pre;
    integer d;
    begin
      pre = x;
      for (d = 1; d < Entries; d = d * 2) pre = pre | (pre << d);
      lowest = x & ~(pre << 1);
    end
  endfunction
  function automatic [Sectors-1:0] lowest_s(input [Sectors-1:0] x);
    reg [Sectors-1:0] pre;
    integer d;
    begin
      pre = x;
      for (d = 1; d < Sectors; d = d * 2) pre = pre | (pre << d);
      lowest_s = x & ~(pre << 1);
    end
  endfunction

  // ---- per-entry terms
  wire [Entries-1:0] miss_hit;    // holds the miss's page
  wire [Entries-1:0] fill_hit;    // holds the fill's page
  wire [Entries-1:0] last;        // exactly one waiter left
  wire [Entries*Sectors-1:0] low; // the lowest waiter, one-hot per entry

  genvar ge;
  generate
    for (ge = 0; ge < Entries; ge = ge + 1) begin : gen_entry
      wire [PageWidth-1:0] pg = page_q[ge*PageWidth +: PageWidth];
      wire [Sectors-1:0]   mk = mask_q[ge*Sectors +: Sectors];
      assign miss_hit[ge] = valid_q[ge] && (pg == miss_page_i);
      assign fill_hit[ge] = valid_q[ge] && (pg == fill_page_i);
      wire [Sectors-1:0]   lo = lowest_s(mk);
      assign low[ge*Sectors +: Sectors] = lo;
      assign last[ge] = ~|(mk & ~lo);
    end
  endgenerate


  // ---- miss port
  wire [Entries-1:0] free_sel = lowest(~valid_q);
  wire               hit      = |miss_hit;
  assign miss_ready_o = hit || !(&valid_q);
  wire               miss_fire = miss_valid_i && miss_ready_o;
  wire [Sectors-1:0] sec_oh    = {{(Sectors-1){1'b0}}, 1'b1} << miss_sector_i;
  wire [Entries-1:0] merge     = miss_hit & {Entries{miss_fire}};
  wire [Entries-1:0] alloc     = free_sel & {Entries{miss_fire && !hit}};

  // ---- memory port
  wire [Entries-1:0] mem_sel  = lowest(valid_q & req_q);
  assign mem_valid_o = |(valid_q & req_q);
  wire [Entries-1:0] mem_take = mem_sel & {Entries{mem_ready_i}};

  // ---- fill port
  // (at most one entry holds a page: an entry taken by memory matches)
  wire fill_taken = |(fill_hit & ~req_q);
  wire fill_again = |(fill_hit & fill_q);
  assign fill_err_o = !fill_valid_i ? 2'd0 :
                      !fill_taken   ? ErrUntracked :
                      fill_again    ? ErrDup : 2'd0;
  wire [Entries-1:0] fill_set = fill_hit & ~req_q & ~fill_q & {Entries{fill_valid_i}};

  // ---- release port
  wire [Entries-1:0] rel_sel  = lowest(valid_q & fill_q);
  assign rel_valid_o = |(valid_q & fill_q);
  wire [Entries-1:0] rel_take = rel_sel & {Entries{rel_ready_i}};

  // ---- one-hot selections to payloads (AND-OR), the sector encoded
  reg [PageWidth-1:0] mem_page, rel_page;
  reg [Sectors-1:0]   rel_low;
  reg [4:0]           rel_sector;
  integer e, s;
  always @* begin
    mem_page = {PageWidth{1'b0}};
    rel_page = {PageWidth{1'b0}};
    rel_low  = {Sectors{1'b0}};
    for (e = 0; e < Entries; e = e + 1) begin
      mem_page = mem_page | (page_q[e*PageWidth +: PageWidth] & {PageWidth{mem_sel[e]}});
      rel_page = rel_page | (page_q[e*PageWidth +: PageWidth] & {PageWidth{rel_sel[e]}});
      rel_low  = rel_low  | (low[e*Sectors +: Sectors] & {Sectors{rel_sel[e]}});
    end
    rel_sector = 5'd0;
    for (s = 0; s < Sectors; s = s + 1)
      rel_sector = rel_sector | (s[4:0] & {5{rel_low[s]}});
  end
  assign mem_page_o   = mem_page;
  assign rel_page_o   = rel_page;
  assign rel_sector_o = rel_sector;

  // ---- next state
  integer k;
  always @* begin
    valid_d = valid_q;
    req_d   = req_q & ~mem_take;
    fill_d  = fill_q | fill_set;
    page_d  = page_q;
    mask_d  = mask_q;
    for (k = 0; k < Entries; k = k + 1) begin
      // the released waiter leaves, a merged one joins
      mask_d[k*Sectors +: Sectors] = (mask_q[k*Sectors +: Sectors] & ~(low[k*Sectors +: Sectors] & {Sectors{rel_take[k]}}))
                                     | (sec_oh & {Sectors{merge[k]}});
      if (rel_take[k] && last[k] && !merge[k]) begin
        valid_d[k] = 1'b0;
        fill_d[k]  = 1'b0;
      end
      if (alloc[k]) begin
        valid_d[k] = 1'b1;
        req_d[k]   = 1'b1;
        fill_d[k]  = 1'b0;
        page_d[k*PageWidth +: PageWidth] = miss_page_i;
        mask_d[k*Sectors +: Sectors]     = sec_oh;
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= {Entries{1'b0}};
      req_q   <= {Entries{1'b0}};
      fill_q  <= {Entries{1'b0}};
    end else begin
      valid_q <= valid_d;
      req_q   <= req_d;
      fill_q  <= fill_d;
    end
  end

  always @(posedge clk_i) begin
    page_q <= page_d;
    mask_q <= mask_d;
  end

endmodule

`default_nettype wire
