// tilelens_status.vh - status codes of the TileLens error outputs, the
// values of tl_status in cmodel/include/tilelens.h. Included inside a module.
// A module uses a few of these; the rest are intentionally unused there.
/* verilator lint_off UNUSEDPARAM */
localparam [3:0] TlOk                 = 4'd0;
localparam [3:0] TlErrRank            = 4'd1;
localparam [3:0] TlErrElemSize        = 4'd2;
localparam [3:0] TlErrDim             = 4'd3;
localparam [3:0] TlErrStride          = 4'd4;
localparam [3:0] TlErrBox             = 4'd5;
localparam [3:0] TlErrAlign           = 4'd6;
localparam [3:0] TlErrTileShape       = 4'd7;
localparam [3:0] TlErrLeadStride      = 4'd8;
localparam [3:0] TlErrUnsupportedView = 4'd9;
localparam [3:0] TlErrOverflow        = 4'd10;
localparam [3:0] TlErrRowRange        = 4'd12;
localparam [3:0] TlErrUnsupportedFeat = 4'd13;
/* verilator lint_on UNUSEDPARAM */
