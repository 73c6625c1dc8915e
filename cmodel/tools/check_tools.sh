#!/usr/bin/env bash
# Runs the command-line tools with a few arguments and checks their output:
# --help, the paper's check points, and bad input (the model's error name and
# a non-zero exit status). Usage: check_tools.sh tilelens|fiber BIN_DIR
# Prints one line per check and a final "SUMMARY" line; exit 1 on a failure.
set -u
paper=$1
bin=$2
out=$bin/check-$paper
rm -rf "$out"
mkdir -p "$out"
checks=0; failed=0; last=

# run NAME RC CMD...: runs CMD (stdout+stderr to $out/NAME), requires exit status RC
run() {
  local name=$1 want=$2; shift 2
  last=$out/$name
  "$@" >"$last" 2>&1
  local rc=$?
  checks=$((checks + 1))
  if [ $rc -eq "$want" ]; then
    echo "ok   $name: exit $rc"
  else
    echo "FAIL $name: exit $rc, expected $want: $*"; sed 's/^/  | /' "$last" | head -n 12
    failed=$((failed + 1))
  fi
}
# has WHAT REGEX [FILE]: the output of the last run (or FILE) matches REGEX
has() {
  local what=$1 re=$2 f=${3:-$last}
  checks=$((checks + 1))
  if grep -Eq -- "$re" "$f"; then echo "ok   $(basename "$f"): $what"
  else echo "FAIL $(basename "$f"): $what (no line matches '$re')"; failed=$((failed + 1)); fi
}
# same WHAT FILE1 FILE2: two extracted outputs are identical and not empty
same() {
  local what=$1
  checks=$((checks + 1))
  if [ -s "$2" ] && cmp -s "$2" "$3"; then echo "ok   $what"
  else echo "FAIL $what"; diff "$2" "$3" | head -n 10; failed=$((failed + 1)); fi
}
stream() { sed -n '/^request stream/,/^total:/p' "$1"; }

case $paper in
tilelens)
  R=$bin/tilelens-reqs
  run reqs_help 0 "$R" --help
  has "usage text" '^usage: tilelens-reqs'
  has "documents --tile" '--tile AxB'

  # Paper Fig. 9: FP8 384 x 128 matrix, 128 x 64 box at (256, 64), seen as a
  # 2-D, 3-D and 4-D view: identical request streams, linear and tile-major.
  for mode in linear tile; do
    t=(); [ $mode = tile ] && t=(--tile 128x32 --lead 384)
    run fig9_2d_$mode 0 "$R" --elem 1 --dim 384,128 --box 128,64 --coord 256,64 "${t[@]}"
    run fig9_3d_$mode 0 "$R" --elem 1 --dim 128x128x3 --stride 384,128 --box 128x64x1 --coord 0,64,2 "${t[@]}"
    run fig9_4d_$mode 0 "$R" --elem 1 --dim 128x64x3x2 --stride 384,128,24576 --box 128x64x1x1 \
      --coord 0,0,2,1 "${t[@]}"
    for v in 2d 3d 4d; do stream "$out/fig9_${v}_$mode" >"$out/fig9_${v}_$mode.stream"; done
    same "fig9 $mode: 3-D view stream == 2-D view stream" "$out/fig9_2d_$mode.stream" "$out/fig9_3d_$mode.stream"
    same "fig9 $mode: 4-D view stream == 2-D view stream" "$out/fig9_2d_$mode.stream" "$out/fig9_4d_$mode.stream"
  done
  has "linear: 64 requests of 128 B" '^total: 64 cycles, 64 requests, 0 bubbles, 8192 B read' "$out/fig9_2d_linear"
  has "linear: first run at (256 + 64*384)" '^ +0: 0x000000006100 0x00000000  128' "$out/fig9_2d_linear"
  has "tile-major: the box is two whole 4 KB memory tiles" '^page map: 2 pages of 4096 B, 8192 B fetched, amplification 1\.00x' "$out/fig9_2d_tile"

  # Paper section 6.5: 128 x 256 BF16 tile, 4 KB granules: 128 pages when
  # each row is a 512 B strip, 16 pages tile-major (64 x 32 memory tiles).
  run s65_rowmajor 0 "$R" --dim 4096,2048 --box 256,128 --coord 1024,512 --no-stream
  has "row-major: 128 pages, 8x" '^page map: 128 pages of 4096 B, 524288 B fetched, amplification 8\.00x'
  run s65_tilemajor 0 "$R" --dim 2048,4096 --box 128,256 --coord 512,1024 --tile 64x32 --no-stream
  has "tile-major: 16 pages, 1x" '^page map: 16 pages of 4096 B, 65536 B fetched, amplification 1\.00x'
  has "u > a: runs split in two, stride G" 'level 0: +2 steps of 4096 B'

  # Case 2 (SPEC A.2 item 3): FP8 32 x 32 box, 128 x 32 memory tile:
  # (sub2|col5|row5) -> (col5|sub2|row5); element (32, j) sits at j*128 + 32.
  run case2 0 "$R" --elem 1 --dim 384,128 --box 32,32 --coord 32,0 --tile 128x32
  has "permutation fields sub 2, col 5, row 5" 'permute low bits \(sub 2 \| col 5 \| row 5\)'
  has "column 5 of the box read at 5*128 + 32" '^ +5: 0x0000000002a0 0x000000a0 +32'

  # Out of bounds: a box half past the end of the columns gives bubbles.
  run oob 0 "$R" --dim 64,40 --box 64,16 --coord 0,32
  has "8 requests, 8 bubbles" '^total: 16 cycles, 8 requests, 8 bubbles'

  # Bad input: the model's own error names, exit status 1.
  run bad_elem 1 "$R" --elem 3 --dim 64,64 --box 64,64
  has "element size 3: TL_ERR_ELEM_SIZE" 'TL_ERR_ELEM_SIZE'
  run bad_box 1 "$R" --dim 64,64 --box 64,300
  has "box 300: TL_ERR_BOX" 'TL_ERR_BOX'
  run bad_align 1 "$R" --dim 2048,4096 --box 128,256 --coord 32,0 --tile 64x32
  has "tile-major start off the memory-tile grid: TL_ERR_ALIGN" 'TL_ERR_ALIGN'
  run bad_shape 1 "$R" --dim 2048,4096 --box 128,256 --tile 64x64
  has "64 x 64 BF16 tile is not 4 KB: TL_ERR_TILE_SHAPE" 'TL_ERR_TILE_SHAPE'
  run bad_view 1 "$R" --dim 2048,4096 --stride 4112 --box 128,256 --tile 64x32 --lead 4096
  has "column stride not a multiple of L: TL_ERR_UNSUPPORTED_VIEW" 'TL_ERR_UNSUPPORTED_VIEW'
  run bad_rank 1 "$R" --dim 2,2,2,2,2,2 --box 8,1,1,1,1,1
  has "rank 6: TL_ERR_RANK" 'TL_ERR_RANK'
  run bad_usage 2 "$R" --dim 64,64
  has "missing --box: usage error" '--box is required'
  run bad_number 2 "$R" --dim 64,abc --box 8,8
  has "non-numeric list: usage error" 'bad --dim'

  # The SVG page map.
  P=$bin/tilelens-pagemap
  run pagemap_help 0 "$P" --help
  has "usage text" '^usage: tilelens-pagemap'
  run pagemap 0 "$P" -o "$out/pagemap.svg"
  has "column-major: 256 pages, 16x" '^column-major +256 requests +256 pages .* 16\.00x'
  has "row-major: 128 pages, 8x" '^row-major +128 requests +128 pages .* 8\.00x'
  has "tile-major: 16 pages, 1x" '^tile-major +512 requests +16 pages .* 1\.00x'
  checks=$((checks + 1))
  if command -v python3 >/dev/null 2>&1; then
    if python3 - "$out/pagemap.svg" <<'PY'
import sys, xml.etree.ElementTree as E
root = E.parse(sys.argv[1]).getroot()
ns = '{http://www.w3.org/2000/svg}'
assert root.tag == ns + 'svg', root.tag
groups = {g.get('id'): g for g in root.iter(ns + 'g')}
for gid, pages in (('col', 256), ('row', 128), ('tile', 16)):
    titles = {t.text for r in groups[gid].iter(ns + 'rect') for t in r.iter(ns + 'title')}
    assert len(titles) == pages, (gid, len(titles))
    assert sum(1 for r in groups[gid].iter(ns + 'rect') if r.get('class') == 'tile') == 1
PY
    then echo "ok   pagemap.svg: well-formed SVG, one shape set per fetched page, one tile outline per panel"
    else echo "FAIL pagemap.svg: not the expected SVG"; failed=$((failed + 1)); fi
  else
    echo "FAIL pagemap.svg: python3 not installed (make deps), the SVG cannot be parsed"; failed=$((failed + 1))
  fi
  run pagemap_bad 1 "$P" --at 32,0
  has "tile-major start off the grid: TL_ERR_ALIGN" 'TL_ERR_ALIGN'
  run pagemap_usage 2 "$P" --matrix 12
  ;;
fiber)
  F=$bin/fiber-insn
  run insn_help 0 "$F" --help
  has "usage text" '^usage: fiber-insn decode'
  # SET_FIBER_NUM: opcode 0x9f0 in [11:0], PT in [15:12], count in [31:16],
  # ALL scope in bit 87.
  run sfn 0 "$F" encode sfn --count 256 --all
  has "word: ALL bit 87, count 256, PT, opcode 0x9f0" '^word 0x000000000080000000000000010079f0$'
  has "8 wefts, legal" '^SET_FIBER_NUM: fiber count 256 \(8 wefts\), ALL scope 1$'
  run sfn_decode 0 "$F" decode 0x000000000080000000000000010079f0
  has "decodes back to 256 fibers, ALL" 'fiber count 256 \(8 wefts\), ALL scope 1'
  # Extended DEPBAR: register [97:87], group [98], set [99].
  run depbar 0 "$F" encode depbar --reg SP3.R17 --group full --set
  has "word: set FULL of 0x611" '^word 0x0000000f0880000000000000000079f1$'
  has "register SP3.R17 on port 7" 'set FULL of register 0x611 = SP3.R17 \(row 8, bank 1, port 7\)'
  # Operands (SPEC B.1): SP1 reading SP2.R261 (remote) and its own R3:
  # enable, hi2 {2, 1}, ext1 {1, 0}, orig8 {0x05, 0x03}.
  run operands 0 "$F" encode operands --sp 1 SP2.R261 R3
  has "ext 0x0306 (enable, hi2 2/1, ext1 1/0)" '^ext word\[99:87\] 0x0306: enable 1, src0 hi2 2 ext1 1, src1 hi2 1 ext1 0'
  has "selector: src0 remote on port 5" 'src0 orig8 0x05 -> 0x505 = SP2.R261 \(row 130, bank 1, port 5\) remote'
  has "selector: port enable 0x28" '^selector: port enable 0x28, remote 0x1, conflict 0, illegal 0$'
  run operands_decode 0 "$F" decode --sp 1 --orig 5,3 0x00000001830000000000000000007000
  has "decode + selector give SP2.R261 again" '0x505 = SP2.R261 .* remote'
  run conflict 0 "$F" decode --orig 5,3 0x7000
  has "two sources on one port, two rows: conflict" 'src1 orig8 0x03 -> 0x003 = SP0.R3 .* deferred'
  # Bad input: named decoder errors, exit status 1.
  run cuda_remote 1 "$F" decode --mode cuda 0x00000000800000000000000000000000
  has "CUDA-native with enable: FB_DEC_ERR_CUDA_REMOTE" 'FB_DEC_ERR_CUDA_REMOTE'
  run cuda_operands 1 "$F" encode operands --mode cuda --sp 1 SP2.R261 R3
  has "CUDA-native remote source: FB_DEC_ERR_CUDA_REMOTE, selector illegal" 'illegal 1'
  run sfn_partial 1 "$F" encode sfn --count 100
  has "100 fibers: FB_DEC_ERR_SFN_PARTIAL" 'FB_DEC_ERR_SFN_PARTIAL'
  run sfn_zero 1 "$F" encode sfn --count 0
  has "0 fibers: FB_DEC_ERR_SFN_ZERO" 'FB_DEC_ERR_SFN_ZERO'
  run sfn_range 1 "$F" encode sfn --count 8224
  has "8224 fibers: FB_DEC_ERR_SFN_RANGE" 'FB_DEC_ERR_SFN_RANGE'
  run sfn_pred 1 "$F" encode sfn --count 64 --pred 0
  has "predicate P0: FB_DEC_ERR_SFN_PRED" 'FB_DEC_ERR_SFN_PRED'
  run depbar_cuda 1 "$F" encode depbar --mode cuda --reg 5 --group empty --clear
  has "DEPBAR.X in CUDA-native mode: FB_DEC_ERR_CUDA_DEPBAR" 'FB_DEC_ERR_CUDA_DEPBAR'
  run hi_no_en 1 "$F" encode ext --ext 0x2
  has "high bits without enable: FB_DEC_ERR_HI_NO_EN" 'FB_DEC_ERR_HI_NO_EN'
  run bad_word 2 "$F" decode 0x123456789012345678901234567890123
  has "33 hex digits: usage error" 'bad WORD'
  run bad_reg 2 "$F" encode depbar --reg R600 --group full --set
  has "R600: usage error" 'bad --reg'
  ;;
*) echo "usage: $0 tilelens|fiber BIN_DIR" >&2; exit 2 ;;
esac

echo "SUMMARY $paper tools: $checks checks, $((checks - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
