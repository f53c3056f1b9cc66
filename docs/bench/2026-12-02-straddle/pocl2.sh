#!/usr/bin/env bash
# The straddling later pass with its one-level table laid out by m (ONE = the commit after
# 5938201) against the two-level table (TWO = 5938201's shapes example), and the global radix
# passes before both (OLD = 00fd015's), on the 2-core machine's PoCL, rounds old two one one
# two old, 2^22 points per launch, rustfft (one thread) beside each row.
# Usage: bash pocl2.sh OLD TWO ONE
set -u
OLD=$1 TWO=$2 ONE=$3
S="4116x1019 6561x639 9261x453 10000x419"
D="--f64 4116x1019 6561x639"
for v in old two one one two old; do
  case $v in old) b=$OLD ;; two) b=$TWO ;; one) b=$ONE ;; esac
  echo "== $v f32"; OCLFFT_CACHE_DIR=/tmp/c2_$v timeout 900 $b --rustfft --no-check $S 2>&1 | tail -n +3 | cut -c1-160
  echo "== $v f64"; OCLFFT_CACHE_DIR=/tmp/c2_$v timeout 900 $b --rustfft --no-check $D 2>&1 | tail -n +3 | cut -c1-160
done
