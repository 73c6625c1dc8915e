// fiber_operand_sel_props - properties of fiber_operand_sel.
//
// A checker beside the RTL (combinational, every input of the block: mode,
// SP, valid mask, four source fields, the 13 extension bits, destination):
//   C1 isolation  CUDA-native mode: every source address, valid or not, lies
//                 in the issuing SP (r[10:9] == sp_i), is {sp, 0, orig8}
//                 (the paper's sp*512 offset), no source is remote, every
//                 read port belongs to the issuing SP, whatever the
//                 extension bits hold (illegal or not)
//   C2 port       the port of every source is 2*sp(r) + bank(r), computed
//                 arithmetically from the address the block reports
//   C3 no remote write  the destination is {sp_i, 1'b0, dst_orig_i} in both
//                 modes: no input names another SP's register as destination
//   C4 address    FIBER-native: r = {hi2[k], ext1[k], orig8[k]} with the
//                 enable bit, {sp, ext1[k], orig8[k]} without; illegal_o ==
//                 CUDA-native and enable; remote_o == valid and sp(r) != sp_i
//   C5 claims     port_en_o, port_row_o, defer_o and conflict_o equal a
//                 reference that finds, per source, the lowest valid source
//                 on its port (the claimant) and defers a source whose
//                 claimant is an earlier source with another row
// Covers: a remote source, a broadcast (one register named twice: no
// conflict), a conflict, an illegal CUDA-native word.
// Sizes: the block has no parameters; every input bit is free.
`default_nettype none

module fiber_operand_sel_props (
  input wire        mode_i,
  input wire [1:0]  sp_i,
  input wire [3:0]  src_valid_i,
  input wire [31:0] src_orig_i,
  input wire [12:0] ext_i,
  input wire [7:0]  dst_orig_i
);

  wire [43:0] src_reg;
  wire [11:0] src_port;
  wire [7:0]  port_en;
  wire [63:0] port_row;
  wire [3:0]  remote, defer;
  wire        conflict, illegal;
  wire [10:0] dst_reg;

  fiber_operand_sel u_dut (
    .mode_i(mode_i), .sp_i(sp_i), .src_valid_i(src_valid_i), .src_orig_i(src_orig_i),
    .ext_i(ext_i), .dst_orig_i(dst_orig_i),
    .src_reg_o(src_reg), .src_port_o(src_port), .port_en_o(port_en), .port_row_o(port_row),
    .remote_o(remote), .defer_o(defer), .conflict_o(conflict), .illegal_o(illegal),
    .dst_reg_o(dst_reg)
  );

  wire en = ext_i[8];

  // ---- C1, C2, C4 per source
  reg        iso_ok, port_ok, addr_ok, remote_ok;
  reg [10:0] r, want;
  reg [3:0]  port_calc;
  integer k;
  always @* begin
    iso_ok = 1'b1; port_ok = 1'b1; addr_ok = 1'b1; remote_ok = 1'b1;
    for (k = 0; k < 4; k = k + 1) begin
      r = src_reg[11*k +: 11];
      // 2*sp + bank, as a number
      port_calc = 4'd2 * r[10:9] + r[0];
      if (port_calc != {1'b0, src_port[3*k +: 3]}) port_ok = 1'b0;
      if (!mode_i && (r[10:9] != sp_i || r != {sp_i, 1'b0, src_orig_i[8*k +: 8]} ||
                      remote[k] || src_port[3*k+1 +: 2] != sp_i))
        iso_ok = 1'b0;
      if (!mode_i)
        want = {sp_i, 1'b0, src_orig_i[8*k +: 8]};
      else if (en)
        want = {ext_i[2*k +: 2], ext_i[9+k], src_orig_i[8*k +: 8]};
      else
        want = {sp_i, ext_i[9+k], src_orig_i[8*k +: 8]};
      if (r != want) addr_ok = 1'b0;
      if (remote[k] != (src_valid_i[k] && r[10:9] != sp_i)) remote_ok = 1'b0;
    end
  end

  // ---- C5: claimants
  reg [7:0]  r_en;
  reg [63:0] r_row;
  reg [3:0]  r_defer;
  reg [2:0]  pk, pj;
  reg [7:0]  rowk, rowj;
  reg        found;
  integer j, p;
  always @* begin
    r_en    = 8'd0;
    r_row   = 64'd0;
    r_defer = 4'd0;
    for (k = 0; k < 4; k = k + 1) begin
      pk    = {src_reg[11*k+9 +: 2], src_reg[11*k]};
      rowk  = src_reg[11*k+1 +: 8];
      found = 1'b0;
      rowj  = 8'd0;
      for (j = 0; j < 4; j = j + 1) begin
        pj = {src_reg[11*j+9 +: 2], src_reg[11*j]};
        if (j < k && src_valid_i[j] && pj == pk && !found) begin
          found = 1'b1;
          rowj  = src_reg[11*j+1 +: 8];
        end
      end
      if (src_valid_i[k] && found && rowj != rowk) r_defer[k] = 1'b1;
    end
    for (p = 0; p < 8; p = p + 1) begin
      found = 1'b0;
      for (k = 0; k < 4; k = k + 1) begin
        pk = {src_reg[11*k+9 +: 2], src_reg[11*k]};
        if (src_valid_i[k] && pk == p && !found) begin
          found = 1'b1;
          r_en[p] = 1'b1;
          r_row[8*p +: 8] = src_reg[11*k+1 +: 8];
        end
      end
    end
  end

  always @* begin
    assert (iso_ok);                                               // C1
    assert (mode_i || remote == 4'd0);                             // C1
    assert (port_ok);                                              // C2
    assert (dst_reg == {sp_i, 1'b0, dst_orig_i});                  // C3
    assert (dst_reg[10:9] == sp_i);                                // C3
    assert (addr_ok);                                              // C4
    assert (remote_ok);                                            // C4
    assert (illegal == (!mode_i && en));                           // C4
    assert (port_en == r_en);                                      // C5
    assert (port_row == r_row);                                    // C5
    assert (defer == r_defer);                                     // C5
    assert (conflict == (r_defer != 4'd0));                        // C5
  end

`ifdef COVER
  always @* begin
    cover (mode_i && remote == 4'b1111 && !conflict);
    // broadcast inside one instruction: one register named twice, one read
    cover (src_valid_i == 4'b0011 && src_reg[0 +: 11] == src_reg[11 +: 11] &&
           port_en != 0 && !conflict && remote[0]);
    cover (mode_i && conflict && defer == 4'b1110);
    cover (illegal && src_valid_i == 4'b1111 && ext_i[7:0] != {4{sp_i}});
  end
`endif

endmodule

`default_nettype wire
