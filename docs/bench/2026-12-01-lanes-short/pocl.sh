#!/usr/bin/env bash
# Short C2C transforms on PoCL: the planner's global radix passes against one lanes pass.
# Usage: bash pocl.sh SHAPES > pocl.txt   (SHAPES: target/release/examples/shapes)
# Rounds radix lanes lanes radix; --lanes asks for Strategy::Lanes, --rustfft times rustfft.
set -u
bin=$1
export OCLFFT_CACHE_DIR=${OCLFFT_CACHE_DIR:-/tmp/oclfft-bench-cache}
f32="8x524288 16x262144 32x131072 64x65536 128x32768 256x16384"
f64="8x262144 16x131072 32x65536 64x32768 128x16384 256x8192"
for round in radix lanes lanes radix; do
  flag=""
  [ "$round" = lanes ] && flag="--lanes"
  echo "== round $round f32"
  "$bin" $flag --rustfft $f32
  echo "== round $round f64"
  "$bin" $flag --f64 --rustfft $f64
done
