#!/usr/bin/env bash
# R2Cs above 192 KiB per sequence: the point-wise split after lanes passes (OLD, the rule of
# 2026-12-01) against the split in the last pass with columns paired (NEW, no size bound),
# rounds old new new old new old old new. Usage: bash split.sh OLD_SHAPES NEW_SHAPES > split.txt
set -u
export OCLFFT_CACHE_DIR=${OCLFFT_CACHE_DIR:-/tmp/oclfft-bench-cache}
f32="65536x64 131072x32 262144x16 1048576x4"
f64="65536x32 131072x16"
for round in old new new old new old old new; do
  bin=$1
  [ "$round" = new ] && bin=$2
  echo "== round $round f32"
  "$bin" --r2c --no-check $f32
  echo "== round $round f64"
  "$bin" --r2c --no-check --f64 $f64
done
