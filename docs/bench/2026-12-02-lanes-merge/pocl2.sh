#!/usr/bin/env bash
# The contested shapes of pocl.sh once more (rounds old new new old), no realfft.
# Usage: bash pocl2.sh OLD_SHAPES NEW_SHAPES > pocl2.txt
set -u
export OCLFFT_CACHE_DIR=${OCLFFT_CACHE_DIR:-/tmp/oclfft-bench-cache}
f32="19968x210 32768x128 131072x32 262144x16 1048576x4"
f64="65536x32 131072x16"
for round in old new new old; do
  bin=$1
  [ "$round" = new ] && bin=$2
  echo "== round $round f32"
  "$bin" --c2r --no-check $f32
  echo "== round $round f64"
  "$bin" --c2r --no-check --f64 $f64
done
