#!/usr/bin/env bash
# Every even N from 162 to 8192 reals whose half is 13-smooth (f64: up to 4096), batch 3,
# R2C and C2R against the f64 oracle on PoCL (one lanes pass with the step each).
# Usage: bash sweep.sh SHAPES > sweep.txt
set -u
export OCLFFT_CACHE_DIR=${OCLFFT_CACHE_DIR:-/tmp/oclfft-bench-cache}
S=$(python3 -c '
def smooth(n):
    for p in [2, 3, 5, 7, 11, 13]:
        while n % p == 0:
            n //= p
    return n == 1
print(" ".join(f"{n}x3" for n in range(162, 8194, 2) if smooth(n // 2)))')
S64=$(echo $S | tr " " "\n" | awk -F x '$1 <= 4096' | tr "\n" " ")
for k in --r2c --c2r; do
  "$1" $k $S
  "$1" $k --f64 $S64
done
