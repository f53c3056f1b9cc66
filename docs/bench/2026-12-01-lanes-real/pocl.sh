#!/usr/bin/env bash
# Before/after of the real steps in whole lanes passes on PoCL (issue 10), rounds old new new old.
# Usage: bash pocl.sh OLD_SHAPES NEW_SHAPES > pocl.txt
#   OLD_SHAPES: target/release/examples/shapes built at 80cf9af (the point-wise steps)
#   NEW_SHAPES: the same example built with the steps in the lanes passes
set -u
old=$1
new=$2
export OCLFFT_CACHE_DIR=${OCLFFT_CACHE_DIR:-/tmp/oclfft-bench-cache}
f32="16x262144 32x131072 64x65536 128x32768 256x16384 512x8192 1000x4096 1024x4096 2048x2048 8192x512 65536x64 1048576x4"
f64="16x131072 256x8192 1024x2048 4096x512 65536x32"
for round in old new new old; do
  bin=$old
  [ "$round" = new ] && bin=$new
  for kind in --r2c --c2r; do
    echo "== round $round $kind f32"
    "$bin" $kind --realfft $f32
    echo "== round $round $kind f64"
    "$bin" $kind --f64 --realfft $f64
  done
done
