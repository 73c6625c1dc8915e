// tilelens_gen_shadow.vh - the shadow model of the address generators'
// properties, shared by tilelens_addr_gen_props.v and
// tilelens_base_addr_gen_props.v: included inside the property module,
// after its shadow nest registers (sh_busy, sh_done, nostall, sh_idx,
// nsteps, ncyc, fin_total), the level counts cnt (Levels x BoxWidth), the
// product of the counts total, and the step's reference request (inside,
// src_ref, dst_ref, bytes_ref). It declares the shadow request register
// (ex_*, take), the start handshake start_hs, the step adv, the successor
// of the indices nxt_idx / carry, the shadow nest's update, the previous
// cycle's request (past_*, for the hold property) and idx_ok (every index
// below its level's count).
  // the shadow request register: the step the nest presented last, taken
  // whenever the register does not hold a request that waits for ready
  reg                 ex_occ, ex_valid, ex_done;
  reg [AddrWidth-1:0] ex_src;
  reg [SmemWidth-1:0] ex_dst;
  reg [11:0]          ex_bytes;
  initial begin
    ex_occ   = 1'b0;
    ex_valid = 1'b0;
    ex_done  = 1'b0;
  end
  wire take = !(ex_valid && !req_ready_i);
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ex_occ   <= 1'b0;
      ex_valid <= 1'b0;
      ex_done  <= 1'b0;
    end else begin
      ex_done <= ex_occ && take && !sh_busy;
      if (take) begin
        ex_occ   <= sh_busy;
        ex_valid <= sh_busy && inside;
        ex_src   <= src_ref;
        ex_dst   <= dst_ref;
        ex_bytes <= bytes_ref;
      end
    end
  end

  wire start_hs = rst_ni && !sh_busy && !ex_occ && start_valid_i;
  wire adv      = sh_busy && take;

  // the nested loops: the innermost index that is not at its last value
  // steps, every index inside it restarts at 0; none left: the box is done
  reg [Levels*IdxW-1:0] nxt_idx;
  reg                   carry;
  always @* begin
    nxt_idx = sh_idx;
    carry   = 1'b1;
    for (k = 0; k < Levels; k = k + 1)
      if (carry) begin
        if ({1'b0, sh_idx[k*IdxW +: IdxW]} + 1'b1 == cnt[k*BoxWidth +: BoxWidth]) begin
          nxt_idx[k*IdxW +: IdxW] = {IdxW{1'b0}};
        end else begin
          nxt_idx[k*IdxW +: IdxW] = sh_idx[k*IdxW +: IdxW] + 1'b1;
          carry = 1'b0;
        end
      end
  end

  // the shadow nest: a start handshake clears the indices, each step
  // advances them, the step with no carry left ends the box
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sh_busy <= 1'b0;
      sh_done <= 1'b0;
    end else begin
      sh_done <= 1'b0;
      if (start_hs) begin
        sh_busy <= 1'b1;
        sh_idx  <= {Levels*IdxW{1'b0}};
        nsteps  <= {NW{1'b0}};
        ncyc    <= {NW{1'b0}};
        nostall <= 1'b1;
      end else if (sh_busy) begin
        ncyc <= ncyc + 1'b1;
        if (ex_valid && !req_ready_i) nostall <= 1'b0;
        if (adv) begin
          nsteps <= nsteps + 1'b1;
          sh_idx <= nxt_idx;
          if (carry) begin
            fin_total <= total;
            sh_busy   <= 1'b0;
            sh_done   <= 1'b1;
          end
        end
      end
    end
  end

  // previous cycle, for the hold property
  reg                  past_stall, past_done;
  reg [AddrWidth-1:0]  past_src;
  reg [SmemWidth-1:0]  past_dst;
  reg [11:0]           past_bytes;
  initial begin
    past_stall = 1'b0;
    past_done  = 1'b0;
  end
  always @(posedge clk_i) begin
    past_stall <= rst_ni && req_valid && !req_ready_i;
    past_done  <= rst_ni && done;
    past_src   <= req_src;
    past_dst   <= req_dst;
    past_bytes <= req_bytes;
  end

  reg idx_ok;
  always @* begin
    idx_ok = 1'b1;
    for (k = 0; k < Levels; k = k + 1)
      if ({1'b0, sh_idx[k*IdxW +: IdxW]} >= cnt[k*BoxWidth +: BoxWidth]) idx_ok = 1'b0;
  end
