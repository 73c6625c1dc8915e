// fiber_busy_bitmap_props - properties of fiber_busy_bitmap.
//
// A checker beside the RTL: it instantiates the bitmap and states, for
// every input sequence (every update port, query and reset, every cycle):
//   B1 replicas  every replica of EMPTY equals replica 0, every cycle (FULL
//                is held once, full_o: its one copy is the FULL state that
//                B2, B3 and B4 state, so it needs no equality property)
//   B2 order     the next state of every register equals the documented
//                same-cycle order, written per register as the priority
//                formula of docs/fiber.md section 7 (the RTL builds write
//                masks step by step instead):
//                  EMPTY' = ALL ? 1 : last DEPBAR on (EMPTY, r) ? its value
//                           : issue ? 1 : writeback ? 0 : EMPTY
//                  FULL'  = last DEPBAR on (FULL, r) ? its value
//                           : read ? 1 : consume ? 0 : FULL
//                where "last DEPBAR" is the one of the highest SP, "issue"
//                and "writeback" count only from the register's own SP
//                (r[10:9]) and "read" is read port {r[10:9], r[0]} with row
//                r[8:1]; this holds for every collision of every port on
//                one register
//   B3 reset     (synchronous) in the cycle after a reset cycle every bit is
//                0, and in a reset cycle no query is busy (the cleared state)
//   B4 elig      SP s is eligible exactly when its valid destination is
//                clear in FULL (the one copy) and every valid source is
//                clear in EMPTY, read from replica s % NumRep, at the start
//                of the cycle, and no
//                valid id is out of range nor the destination outside SP s's
//                partition; dst_busy_o, src_busy_o and range_err_o are those
//                terms one by one
//   B5 range     upd_range_err_o[s] is set exactly when SP s drives an
//                update id that does not exist, an issue or writeback
//                outside its partition, or (read ports 2s, 2s+1) a read of
//                a register that does not exist (B2 already shows such an
//                update changes nothing)
// Registers: id r exists when r < NumReg and r % 512 < PartRegs; the state
// outputs hold the registers that exist packed, bit i the register
// idof(i) = (i / PartRegs) * 512 + i % PartRegs (i itself at PartRegs 512).
// Sizes: NumReg, NumRep and PartRegs are parameters of the checker; the proof script
// states the sizes it runs. Storage (0 flip-flops, 1 latch array) is passed
// to the bitmap; the proofs run it at 0, and the latch array inherits the
// properties through its equivalence with the flip-flops at every port
// (formal/fiber/fiber_busy_bitmap_latch.ys).
`default_nettype none

module fiber_busy_bitmap_props #(
  parameter integer NumReg   = 48,
  parameter integer NumRep   = 4,
  parameter integer Storage  = 0,
  parameter integer PartRegs = 512,
  // derived: the registers that exist (the bitmap's packed state)
  parameter integer NumStore = (PartRegs < 512) ? 4 * PartRegs : NumReg
) (
  `include "fiber_busy_bitmap_inputs.vh"
);

  localparam integer NumSp = 4;
  localparam integer NumSrc = 4;
  localparam integer RW = 11;

  // the register id of stored bit i, and whether an id exists
  function automatic integer idof;
    input integer i;
    begin
      idof = (PartRegs < 512) ? (i / PartRegs) * 512 + i % PartRegs : i;
    end
  endfunction
  function automatic ex;
    input [RW-1:0] id;
    begin
      ex = id < NumReg && id % 512 < PartRegs;
    end
  endfunction
  wire [NumSp-1:0]         eligible, dst_busy, range_err, upd_range_err;
  wire [NumSp*NumSrc-1:0]  src_busy;
  wire [NumRep*NumStore-1:0] empty;
  wire [NumStore-1:0]        full;   // FULL, one copy

  fiber_busy_bitmap #(.NumReg(NumReg), .NumRep(NumRep), .Storage(Storage), .PartRegs(PartRegs)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .dst_valid_i(dst_valid_i), .dst_i(dst_i), .src_valid_i(src_valid_i), .src_i(src_i),
    .issue_valid_i(issue_valid_i), .issue_dst_i(issue_dst_i),
    .wb_valid_i(wb_valid_i), .wb_dst_i(wb_dst_i),
    .cons_valid_i(cons_valid_i), .cons_src_i(cons_src_i),
    .dep_valid_i(dep_valid_i), .dep_reg_i(dep_reg_i), .dep_group_i(dep_group_i),
    .dep_set_i(dep_set_i), .read_valid_i(read_valid_i), .read_row_i(read_row_i),
    .all_set_i(all_set_i),
    .eligible_o(eligible), .dst_busy_o(dst_busy), .src_busy_o(src_busy),
    .range_err_o(range_err), .upd_range_err_o(upd_range_err),
    .empty_o(empty), .full_o(full)
  );

  wire [NumStore-1:0] e0 = empty[0 +: NumStore];
  wire [NumStore-1:0] f0 = full;

  // ---- B2 reference: per register, the priority formula
  reg [NumStore-1:0] e_next, f_next;
  reg              issue, wb, rd, cons, dep_e, dep_f, dep_e_val, dep_f_val;
  integer i, r, s, k;
  always @* begin
    for (i = 0; i < NumStore; i = i + 1) begin
      r = idof(i);
      issue = 1'b0; wb = 1'b0; rd = 1'b0; cons = 1'b0;
      dep_e = 1'b0; dep_f = 1'b0; dep_e_val = 1'b0; dep_f_val = 1'b0;
      for (s = 0; s < NumSp; s = s + 1) begin
        issue = issue | (issue_valid_i[s] && issue_dst_i[s*RW +: RW] == r && r / 512 == s);
        wb    = wb    | (wb_valid_i[s]    && wb_dst_i[s*RW +: RW] == r && r / 512 == s);
        for (k = 0; k < NumSrc; k = k + 1)
          cons = cons | (cons_valid_i[s*NumSrc+k] && cons_src_i[(s*NumSrc+k)*RW +: RW] == r);
      end
      for (k = 0; k < 8; k = k + 1)
        rd = rd | (read_valid_i[k] && k == 2 * (r / 512) + r % 2 && read_row_i[8*k +: 8] == (r % 512) / 2);
      // SP 3 is looked at first: the highest SP touching the register decides
      for (s = NumSp - 1; s >= 0; s = s - 1) begin
        if (dep_valid_i[s] && dep_reg_i[s*RW +: RW] == r && !dep_group_i[s] && !dep_e) begin
          dep_e = 1'b1; dep_e_val = dep_set_i[s];
        end
        if (dep_valid_i[s] && dep_reg_i[s*RW +: RW] == r && dep_group_i[s] && !dep_f) begin
          dep_f = 1'b1; dep_f_val = dep_set_i[s];
        end
      end
      e_next[i] = all_set_i ? 1'b1 : dep_e ? dep_e_val : issue ? 1'b1 : wb ? 1'b0 : e0[i];
      f_next[i] = dep_f ? dep_f_val : rd ? 1'b1 : cons ? 1'b0 : f0[i];
    end
  end

  reg              past_valid, past_rst_n;
  reg [NumStore-1:0] exp_e, exp_f;
  initial past_valid = 1'b0;
  always @(posedge clk_i) begin
    past_valid <= 1'b1;
    past_rst_n <= rst_ni;
    exp_e      <= e_next;
    exp_f      <= f_next;
  end

  // ---- B4 and B5 reference (the state is read by comparing the id with
  // every register number: no index can fall outside the vectors)
  reg [NumSp-1:0]        r_elig, r_dbusy, r_rerr, r_uerr;
  reg [NumSp*NumSrc-1:0] r_sbusy;
  integer rep, t, ti;
  always @* begin
    for (s = 0; s < NumSp; s = s + 1) begin
      rep = s % NumRep;
      r_dbusy[s] = 1'b0;
      for (ti = 0; ti < NumStore; ti = ti + 1) begin
        t = idof(ti);
        if (dst_valid_i[s] && dst_i[s*RW +: RW] == t && t / 512 == s && full[ti] && rst_ni)
          r_dbusy[s] = 1'b1;
      end
      r_rerr[s] = dst_valid_i[s] && (!ex(dst_i[s*RW +: RW]) || dst_i[s*RW+9 +: 2] != s);
      for (k = 0; k < NumSrc; k = k + 1) begin
        r_sbusy[s*NumSrc+k] = 1'b0;
        for (ti = 0; ti < NumStore; ti = ti + 1) begin
          t = idof(ti);
          if (src_valid_i[s*NumSrc+k] && src_i[(s*NumSrc+k)*RW +: RW] == t && empty[rep*NumStore + ti] && rst_ni)
            r_sbusy[s*NumSrc+k] = 1'b1;
        end
        if (src_valid_i[s*NumSrc+k] && !ex(src_i[(s*NumSrc+k)*RW +: RW])) r_rerr[s] = 1'b1;
      end
      r_elig[s] = !r_dbusy[s] && !(|r_sbusy[s*NumSrc +: NumSrc]) && !r_rerr[s];
      r_uerr[s] = (issue_valid_i[s] && (!ex(issue_dst_i[s*RW +: RW]) || issue_dst_i[s*RW+9 +: 2] != s)) ||
                  (wb_valid_i[s] && (!ex(wb_dst_i[s*RW +: RW]) || wb_dst_i[s*RW+9 +: 2] != s)) ||
                  (dep_valid_i[s] && !ex(dep_reg_i[s*RW +: RW]));
      for (k = 0; k < NumSrc; k = k + 1)
        if (cons_valid_i[s*NumSrc+k] && !ex(cons_src_i[(s*NumSrc+k)*RW +: RW]))
          r_uerr[s] = 1'b1;
      for (k = 0; k < 2; k = k + 1)
        if (read_valid_i[2*s+k] && !ex(s * 512 + 2 * read_row_i[8*(2*s+k) +: 8] + k))
          r_uerr[s] = 1'b1;
    end
  end

  // ---- B1
  reg reps_equal;
  integer q;
  always @* begin
    reps_equal = 1'b1;
    for (q = 1; q < NumRep; q = q + 1)
      if (empty[q*NumStore +: NumStore] != e0) reps_equal = 1'b0;
  end

  always @* begin
    assert (reps_equal);                                                  // B1
    assert (!past_valid || !past_rst_n || !rst_ni || (e0 == exp_e && f0 == exp_f));  // B2
    assert (rst_ni || (dst_busy == {NumSp{1'b0}} && src_busy == {NumSp*NumSrc{1'b0}}));  // B3
    assert (!past_valid || past_rst_n || (e0 == {NumStore{1'b0}} && f0 == {NumStore{1'b0}}));  // B3
    assert (eligible == r_elig);                                          // B4
    assert (dst_busy == r_dbusy);                                         // B4
    assert (src_busy == r_sbusy);                                         // B4
    assert (range_err == r_rerr);                                         // B4
    assert (upd_range_err == r_uerr);                                     // B5
  end

`ifdef COVER
  // a collision on register 5 of every kind of update at once, where the
  // order decides: writeback clear, issue set (both SP 0's: r5 is its
  // register), DEPBAR set by SP 1 and DEPBAR clear by SP 2 (SP 2 wins), read
  // set (port 1, row 2) and consume clear on FULL
  wire collide = wb_valid_i[0] && wb_dst_i[0 +: RW] == 5 &&
                 issue_valid_i[0] && issue_dst_i[0 +: RW] == 5 &&
                 dep_valid_i[1] && dep_reg_i[1*RW +: RW] == 5 && !dep_group_i[1] && dep_set_i[1] &&
                 dep_valid_i[2] && dep_reg_i[2*RW +: RW] == 5 && !dep_group_i[2] && !dep_set_i[2] &&
                 read_valid_i[1] && read_row_i[8 +: 8] == 2 &&
                 cons_valid_i[0] && cons_src_i[0 +: RW] == 5 && !all_set_i && rst_ni;
  reg past_collide;
  always @(posedge clk_i) past_collide <= collide;
  always @* begin
    cover (past_valid && past_collide && rst_ni && !e0[5] && f0[5]);
    // ALL-scope beats a DEPBAR clear on the same cycle
    cover (past_valid && rst_ni && past_rst_n && e0 == {NumStore{1'b1}} && f0[3]);
    // eligibility: blocked by a FULL destination, by an EMPTY source, and
    // eligible with an EMPTY destination and a FULL source
    cover (rst_ni && dst_valid_i[0] && dst_busy[0] && src_valid_i[12] && !src_busy[12]);
    cover (rst_ni && src_valid_i[5] && src_busy[5] && !eligible[1]);
    cover (rst_ni && eligible[0] && dst_valid_i[0] && dst_i[0 +: RW] == 1 &&
           empty[1] && src_valid_i[0] && src_i[0 +: RW] == 0 && full[0]);
    cover (rst_ni && |upd_range_err && range_err[0]);
  end
`endif

endmodule

`default_nettype wire
