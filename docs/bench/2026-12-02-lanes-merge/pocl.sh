#!/usr/bin/env bash
# C2Rs of lanes passes of several: the point-wise merge (OLD) against the merge in the first
# pass with columns paired with their mirrors (NEW), rounds old new new old, beside realfft.
# Usage: bash pocl.sh OLD_SHAPES NEW_SHAPES > pocl.txt
set -u
export OCLFFT_CACHE_DIR=${OCLFFT_CACHE_DIR:-/tmp/oclfft-bench-cache}
f32="9216x455 12800x327 16384x256 19968x210 32768x128 49152x85 65536x64 131072x32 1048576x4"
f64="9216x227 16384x128 65536x32"
for round in old new new old; do
  bin=$1
  [ "$round" = new ] && bin=$2
  echo "== round $round f32"
  "$bin" --c2r --realfft --no-check $f32
  echo "== round $round f64"
  "$bin" --c2r --realfft --no-check --f64 $f64
done
