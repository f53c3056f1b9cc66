#!/usr/bin/env bash
# p16b.sh's R2Cs on the 2-core machine: OLD = the planner's lanes lengths and the point-wise
# split, NEW = lengths whose last stride is a multiple of 16, the split paired; rounds old
# new new old. Usage: bash pocl4.sh OLD_SHAPES NEW_SHAPES > pocl4.txt
set -u
export OCLFFT_CACHE_DIR=${OCLFFT_CACHE_DIR:-/tmp/oclfft-bench-cache}
f32="8640x485 9152x458 9216x455 10368x404 126720x33"
f64="9152x229 10368x202"
for round in old new new old; do
  bin=$1
  [ "$round" = new ] && bin=$2
  echo "== round $round f32"
  "$bin" --r2c --no-check $f32
  echo "== round $round f64"
  "$bin" --r2c --no-check --f64 $f64
done
