#!/usr/bin/env bash
# R2Cs of lanes passes of several: the point-wise split (OLD) against the split in the last
# pass with columns paired with their mirrors (NEW), rounds old new new old, beside realfft.
# Usage: bash pocl.sh OLD_SHAPES NEW_SHAPES > pocl.txt
set -u
export OCLFFT_CACHE_DIR=${OCLFFT_CACHE_DIR:-/tmp/oclfft-bench-cache}
f32="8320x504 20000x209 48000x87 65536x64 131072x32 1048576x4 2097152x2"
f64="8192x256 65536x32 1048576x2"
for round in old new new old; do
  bin=$1
  [ "$round" = new ] && bin=$2
  echo "== round $round f32"
  "$bin" --r2c --realfft --no-check $f32
  echo "== round $round f64"
  "$bin" --r2c --realfft --no-check --f64 $f64
done
