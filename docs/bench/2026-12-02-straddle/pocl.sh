#!/usr/bin/env bash
# Lengths without the factor 8 on CPU devices: global radix passes (OLD = 00fd015's shapes
# example) against two lanes passes whose later one straddles (NEW = the commit's), on the
# 2-core machine's PoCL, rounds old new new old, 2^22 points per launch; rustfft (one
# thread) beside each row. Usage: bash pocl.sh OLD NEW
set -u
OLD=$1 NEW=$2
S="4116x1019 6561x639 9261x453 10000x419"
D="--f64 4116x1019 6561x639"
for v in old new new old; do
  b=$OLD; [ $v = new ] && b=$NEW
  echo "== $v f32"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 900 $b --rustfft --no-check $S 2>&1 | tail -n +3 | cut -c1-160
  echo "== $v f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 900 $b --rustfft --no-check $D 2>&1 | tail -n +3 | cut -c1-160
done
