#!/usr/bin/env bash
# s2: the mixed lengths' passes with their columns rounded down to a power of two. `base` =
# the shapes example of 1712678's plans; `pow2` = the same tree with a temporary hook (never
# committed: OCLFFT_EXP_POW2_COLUMNS set at build and run time) that rounds a non-interleaved
# mixed pass's columns down to a power of two (105 points: 39 -> 32, 75: 54 -> 32).
# Rounds base pow2 pow2 base.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_base shapes_pow2; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
SH="11025x12173 10935x12274 9375x14316 15625x8589 19683x6818 20000x6710 12005x11180 16807x7985 30000x4473 100000x1342 600x223696 1000x134217"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in base pow2 pow2 base; do
  echo "== $v"
  if [ $v = pow2 ]; then export OCLFFT_EXP_POW2_COLUMNS=1; else unset OCLFFT_EXP_POW2_COLUMNS; fi
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 110 /tmp/b/shapes_$v $SH | tail -n +3
done
} 2>&1 | cut -c1-200 | tee $OUT/s2.txt
