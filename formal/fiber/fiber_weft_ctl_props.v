// fiber_weft_ctl_props - properties of fiber_weft_ctl.
//
// A checker beside the RTL: it instantiates the controller and states, for
// every input sequence (any launch, any operation of every SP, any reset):
//   W1 arrived   an arrived context is active (arrived within active)
//   W2 pending   a request is pending exactly when some context has arrived;
//                with nothing pending its count, ALL bit and PC are 0
//   W3 counts    a pending weft count is 1..256 (the 9-bit count never holds
//                0 or more than 256 wefts while pending), so the 9-bit sums
//                (W + 3 - s) of the dense sets never wrap; after a launch or
//                a release the number of active contexts equals the weft
//                count exactly (a 256-bit population count)
//   W4 step      release_o, spawn_o, mask_o, spawn_pc_o, all_set_o, err_o,
//                launch_err_o and the next state equal a reference written
//                from docs/fiber.md section 8: the dense set of W wefts is
//                "global weft g = 4j + s is in it iff g < W" over the 256
//                global ids (the RTL shifts a 64-bit mask per SP); the
//                pending request of a cycle is the stored one or else the
//                request of the lowest SP whose ARRIVE passes the other
//                checks, and an ARRIVE that differs from it is DIVERGENT
//                (the RTL threads a running copy through the SP loop)
//   W5 alloc     no context is allocated twice: spawn_o and mask_o are
//                disjoint; outside a launch (which restarts the whole
//                kernel) a spawn takes only inactive contexts; only active
//                contexts are masked; outside a launch or release nothing is
//                spawned or masked
//   W6 free      after a launch or release the active set is exactly the
//                previous one without mask_o, plus spawn_o: every spawned
//                context is active and every masked context inactive in the
//                next cycle (a release frees the surplus contexts)
//   W7 errors    an operation is refused (err_o != 0) exactly on the
//                documented bad inputs (W4 states which code); in a release
//                cycle every operation is refused; a cycle without launch or
//                release in which every operation is refused changes nothing
//   W8 reset     in reset and in the cycle after it every context is
//                inactive and nothing is pending
// The controller's state (active_q, arrived_q, pend_q, pend_all_q,
// pend_wefts_q, pend_pc_q) is read through the pr_* wires, which have no
// driver here: the proof script connects them to the flattened DUT's
// registers (`connect -set`) and checks that each is driven. The invariants
// W1..W3 on that state are what make W4..W7 inductive.
// Covers: a launch, a release that spawns (the spawn after SET_FIBER_NUM),
// a release that masks surplus wefts, a release with the ALL-scope set, a
// full context table (all 256 contexts active) reached through a release,
// and a pending synchronization completed by an EXIT.
// Size: the controller's parameters MaxWefts (contexts per SP) and PcWidth,
// passed through; the proof script sets them (formal/fiber/fiber_weft_ctl.ys).
// At the defaults: 4 SPs x 64 contexts, 9-bit counts, 48-bit PCs (the
// figures 256, 9 and 48 in the statements above are those of the defaults).
`default_nettype none

module fiber_weft_ctl_props #(
  parameter integer MaxWefts = 64,
  parameter integer PcWidth  = 48
) (
  input wire           clk_i,
  input wire           rst_ni,
  input wire           launch_i,
  input wire [$clog2(4*MaxWefts):0]          launch_wefts_i,
  input wire [PcWidth-1:0]                   launch_pc_i,
  input wire [4*2-1:0]                       op_i,
  input wire [4*$clog2(MaxWefts)-1:0]        weft_i,
  input wire [4*($clog2(4*MaxWefts)+1)-1:0]  wefts_i,
  input wire [4-1:0]                         all_i,
  input wire [4*PcWidth-1:0]                 pc_i
);

  localparam integer MW = MaxWefts;                // slots per SP
  localparam integer NC = 4 * MaxWefts;            // contexts: 4 SPs x MW slots
  localparam integer IW = $clog2(MaxWefts);        // slot id width
  localparam integer CW = $clog2(4 * MaxWefts) + 1; // weft count width
  localparam integer PW = PcWidth;
  localparam [CW-1:0] CntMax = NC[CW-1:0];         // the largest weft count
  localparam [CW-1:0] CntOne = 1;
  localparam [CW-1:0] CntZero = 0;
  localparam [PW-1:0] PcZero = 0;
  localparam [PW-1:0] PcStep = 16;

  wire [NC-1:0] active, eligible, spawn, mask;
  wire          release_w, all_set, launch_err;
  wire [PW-1:0] spawn_pc;
  wire [11:0]   err;

  fiber_weft_ctl #(.MaxWefts(MaxWefts), .PcWidth(PcWidth)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .launch_i(launch_i), .launch_wefts_i(launch_wefts_i),
    .launch_pc_i(launch_pc_i), .op_i(op_i), .weft_i(weft_i), .wefts_i(wefts_i),
    .all_i(all_i), .pc_i(pc_i),
    .active_o(active), .eligible_o(eligible), .release_o(release_w), .spawn_o(spawn),
    .mask_o(mask), .spawn_pc_o(spawn_pc), .all_set_o(all_set), .err_o(err),
    .launch_err_o(launch_err)
  );

  // ---- the DUT's state (connected by the proof script)
  wire [NC-1:0] pr_active, pr_arrived;
  wire          pr_pend, pr_all;
  wire [CW-1:0] pr_wefts;
  wire [PW-1:0] pr_pc;

  // ---- dense set of W wefts over the NC global ids: bit MW*s + j <-> g = 4j + s
  function [NC-1:0] dense(input [CW-1:0] w);
    integer g;
    begin
      dense = {NC{1'b0}};
      for (g = 0; g < NC; g = g + 1)
        if (g < w) dense[MW * (g % 4) + g / 4] = 1'b1;
    end
  endfunction

  function [CW-1:0] popcount(input [NC-1:0] v);
    integer g;
    begin
      popcount = CntZero;
      for (g = 0; g < NC; g = g + 1) popcount = popcount + {{(CW-1){1'b0}}, v[g]};
    end
  endfunction

  // ---- W4 reference
  wire          r_launch   = launch_i && launch_wefts_i <= CntMax;
  wire          r_lerr     = launch_i && launch_wefts_i > CntMax;
  wire          r_release  = pr_pend && (pr_active & ~pr_arrived) == {NC{1'b0}};
  wire [NC-1:0] set_launch = dense(launch_wefts_i);
  wire [NC-1:0] set_rel    = dense(pr_wefts);

  reg  [11:0]   code;
  reg  [3:0]    cand, arr_ok, exit_ok;
  reg           first_found;
  reg  [1:0]    first;
  reg  [CW-1:0] q_wefts;
  reg           q_all;
  reg  [PW-1:0] q_pc;
  reg  [IW+1:0] id;
  reg  [1:0]    o;
  integer       s;
  always @* begin
    cand    = 4'd0;
    exit_ok = 4'd0;
    for (s = 0; s < 4; s = s + 1) begin
      o  = op_i[2*s +: 2];
      id = {s[1:0], weft_i[IW*s +: IW]};
      if (o == 2'd0)                                            code[3*s +: 3] = 3'd0;
      else if (r_launch)                                        code[3*s +: 3] = 3'd5;  // LAUNCH
      else if (o == 2'd3)                                       code[3*s +: 3] = 3'd6;  // OP
      else if (!pr_active[id])                                  code[3*s +: 3] = 3'd1;  // INACTIVE
      else if (pr_arrived[id])                                  code[3*s +: 3] = 3'd2;  // WAITING
      else if (o == 2'd2) begin                                 code[3*s +: 3] = 3'd0;  exit_ok[s] = 1'b1; end
      else if (wefts_i[CW*s +: CW] == CntZero || wefts_i[CW*s +: CW] > CntMax)
                                                                code[3*s +: 3] = 3'd4;  // COUNT
      else begin                                                code[3*s +: 3] = 3'd0;  cand[s] = 1'b1; end
    end
    // the request of the cycle: the stored one, else the lowest candidate's
    first_found = 1'b0;
    first       = 2'd0;
    for (s = 3; s >= 0; s = s - 1)
      if (cand[s]) begin first_found = 1'b1; first = s; end
    q_wefts = pr_pend ? pr_wefts :
              (first == 2'd0) ? wefts_i[0 +: CW] : (first == 2'd1) ? wefts_i[CW +: CW] :
              (first == 2'd2) ? wefts_i[2*CW +: CW] : wefts_i[3*CW +: CW];
    q_all   = pr_pend ? pr_all :
              (first == 2'd0) ? all_i[0] : (first == 2'd1) ? all_i[1] :
              (first == 2'd2) ? all_i[2] : all_i[3];
    q_pc    = pr_pend ? pr_pc :
              (first == 2'd0) ? pc_i[0 +: PW] : (first == 2'd1) ? pc_i[PW +: PW] :
              (first == 2'd2) ? pc_i[2*PW +: PW] : pc_i[3*PW +: PW];
    arr_ok  = 4'd0;
    for (s = 0; s < 4; s = s + 1)
      if (cand[s]) begin
        if ({wefts_i[CW*s +: CW], all_i[s], pc_i[PW*s +: PW]} != {q_wefts, q_all, q_pc})
          code[3*s +: 3] = 3'd3;                                                         // DIVERGENT
        else
          arr_ok[s] = 1'b1;
      end
  end
  wire [11:0] r_err = code;

  // one-hot of each SP's context
  reg [NC-1:0] exit_v, arr_v;
  always @* begin
    exit_v = {NC{1'b0}};
    arr_v  = {NC{1'b0}};
    for (s = 0; s < 4; s = s + 1) begin
      if (exit_ok[s]) exit_v[{s[1:0], weft_i[IW*s +: IW]}] = 1'b1;
      if (arr_ok[s])  arr_v[{s[1:0], weft_i[IW*s +: IW]}]  = 1'b1;
    end
  end

  wire          rel_now  = !r_launch && r_release;
  wire [NC-1:0] r_spawn  = r_launch ? set_launch : rel_now ? (set_rel & ~pr_active) : {NC{1'b0}};
  wire [NC-1:0] r_mask   = r_launch ? (pr_active & ~set_launch) :
                           rel_now ? (pr_active & ~set_rel) : {NC{1'b0}};
  wire [PW-1:0] r_spc    = r_launch ? launch_pc_i : rel_now ? pr_pc + PcStep : PcZero;
  wire          r_allset = rel_now && pr_all;
  // next state
  wire          any_arr  = arr_ok != 4'd0;
  wire [NC-1:0] n_active  = r_launch ? set_launch : rel_now ? set_rel : (pr_active & ~exit_v);
  wire [NC-1:0] n_arrived = (r_launch || rel_now) ? {NC{1'b0}} : (pr_arrived | arr_v);
  wire          n_keep    = !(r_launch || rel_now) && (pr_pend || any_arr);
  wire          n_pend    = n_keep;
  wire [CW-1:0] n_wefts   = n_keep ? q_wefts : CntZero;
  wire          n_all     = n_keep && q_all;
  wire [PW-1:0] n_pc      = n_keep ? q_pc : PcZero;

  // ---- the checker's registers: the previous cycle
  reg           past_valid, past_rst_n;
  reg [NC-1:0]  e_active, e_arrived, p_active, p_spawn, p_mask;
  reg           e_pend, e_all, p_chg;
  reg [CW-1:0]  e_wefts, p_w;
  reg [PW-1:0]  e_pc;
  initial past_valid = 1'b0;
  always @(posedge clk_i) begin
    past_valid <= 1'b1;
    past_rst_n <= rst_ni;
    e_active   <= n_active;
    e_arrived  <= n_arrived;
    e_pend     <= n_pend;
    e_all      <= n_all;
    e_wefts    <= n_wefts;
    e_pc       <= n_pc;
    p_active   <= pr_active;
    p_spawn    <= spawn;
    p_mask     <= mask;
    p_chg      <= r_launch || rel_now;
    p_w        <= r_launch ? launch_wefts_i : pr_wefts;
  end
  wire live = past_valid && past_rst_n && rst_ni;   // a step of the running block

  // W7: whether every operation of the cycle is refused, and the state and
  // that flag of the previous cycle
  wire all_refused = (err[2:0] != 3'd0 || op_i[1:0] == 2'd0) && (err[5:3] != 3'd0 || op_i[3:2] == 2'd0) &&
                     (err[8:6] != 3'd0 || op_i[5:4] == 2'd0) && (err[11:9] != 3'd0 || op_i[7:6] == 2'd0);
  reg          p_all_refused, p_pend, p_all;
  reg [NC-1:0] p_arrived;
  reg [CW-1:0] p_wefts;
  reg [PW-1:0] p_pc;
  always @(posedge clk_i) begin
    p_all_refused <= all_refused;
    p_arrived     <= pr_arrived;
    p_pend        <= pr_pend;
    p_wefts       <= pr_wefts;
    p_all         <= pr_all;
    p_pc          <= pr_pc;
  end

  always @* begin
    // W1, W2, W3: the state
    assert ((pr_arrived & ~pr_active) == {NC{1'b0}});                           // W1
    assert (pr_pend == (pr_arrived != {NC{1'b0}}));                             // W2
    assert (pr_pend || (pr_wefts == CntZero && !pr_all && pr_pc == PcZero));    // W2
    assert (!pr_pend || (pr_wefts >= CntOne && pr_wefts <= CntMax));            // W3
    assert (!live || !p_chg || popcount(pr_active) == p_w);                     // W3
    // W4: outputs of the cycle and the step of the previous one
    assert (active == pr_active && eligible == (pr_active & ~pr_arrived));      // W4
    assert (release_w == rel_now);                                              // W4
    assert (spawn == r_spawn && mask == r_mask);                                // W4
    assert (spawn_pc == r_spc && all_set == r_allset);                          // W4
    assert (err == r_err && launch_err == r_lerr);                              // W4
    assert (!live || (pr_active == e_active && pr_arrived == e_arrived &&
                      pr_pend == e_pend && pr_all == e_all &&
                      pr_wefts == e_wefts && pr_pc == e_pc));                   // W4
    // W5: allocation
    assert ((spawn & mask) == {NC{1'b0}});                                      // W5
    assert (r_launch || (spawn & active) == {NC{1'b0}});                        // W5
    assert ((mask & ~active) == {NC{1'b0}});                                    // W5
    assert (r_launch || release_w || (spawn == {NC{1'b0}} && mask == {NC{1'b0}})); // W5
    // W6: after a launch or release
    assert (!live || !p_chg || pr_active == ((p_active & ~p_mask) | p_spawn));  // W6
    assert (!live || !p_chg || ((pr_active & p_mask) == {NC{1'b0}} &&
                                (p_spawn & ~pr_active) == {NC{1'b0}}));         // W6
    // W7: refusals
    assert (!release_w || all_refused);                                         // W7
    assert (!live || p_chg || !p_all_refused ||
            (pr_active == p_active && pr_arrived == p_arrived && pr_pend == p_pend &&
             pr_wefts == p_wefts && pr_all == p_all && pr_pc == p_pc));         // W7
    // W8: reset
    assert (rst_ni || (pr_active == {NC{1'b0}} && !pr_pend));                   // W8
    assert (!past_valid || past_rst_n || (pr_active == {NC{1'b0}} && !pr_pend)); // W8
  end

`ifdef COVER
  reg p_release, p_exit;
  always @(posedge clk_i) begin
    p_release <= release_w;
    p_exit    <= exit_ok != 4'd0 && !r_launch && !r_release;
  end
  always @* begin
    cover (r_launch && spawn != {NC{1'b0}});                                    // a launch
    cover (release_w && spawn != {NC{1'b0}} && spawn_pc != PcZero);             // a spawn at release
    cover (release_w && mask != {NC{1'b0}});                                    // surplus masked
    cover (release_w && all_set);                                               // ALL-scope
    cover (live && p_release && active == {NC{1'b1}});                          // full table
    cover (release_w && p_exit && live);                                        // EXIT completes it
  end
`endif

endmodule

`default_nettype wire
