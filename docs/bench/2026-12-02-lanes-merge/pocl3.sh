#!/usr/bin/env bash
# C2Rs whose complex plan's first lanes pass has sub-FFTs per sequence that are no multiple
# of 8: OLD = the planner's passes and the point-wise merge (8320 reals: merge, 64, 65),
# NEW = lanes lengths that are all multiples of 8, the merge in the first (104, 40), rounds
# old new new old. Usage: bash pocl3.sh OLD_SHAPES NEW_SHAPES > pocl3.txt
set -u
export OCLFFT_CACHE_DIR=${OCLFFT_CACHE_DIR:-/tmp/oclfft-bench-cache}
f32="8320x504 8448x496 24960x168 33280x126 66560x63 133120x32"
f64="8320x252 33280x63"
for round in old new new old; do
  bin=$1
  [ "$round" = new ] && bin=$2
  echo "== round $round f32"
  "$bin" --c2r --no-check $f32
  echo "== round $round f64"
  "$bin" --c2r --no-check --f64 $f64
done
