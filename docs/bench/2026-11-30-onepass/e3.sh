#!/usr/bin/env bash
# e3: gpu_plans and layouts of the working tree (long mixed passes: 15625, 19683, 12005,
# 20000, 10935 against the oracle) on NVIDIA's driver; then the two lengths e2's new run
# did not reach (20250, 20480), the R2C of 31250 and 39366 reals (half lengths 15625 and
# 19683: now one long mixed pass and a point-wise split) and 19683 read with stride 2, old
# (`.gpu/shapes_exp.gz` without knobs = abea9e4's plans) against new (`.gpu/shapes_new.gz`).
set -u
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:240 layouts:90
mkdir -p /tmp/b && for v in exp new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
{
for v in exp new new exp; do
  echo "== $v"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v 20250x6628 20480x6553 | tail -n +3
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v --r2c 31250x4294 39366x3409 | tail -n +3
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v --layouts 19683x6818 | tail -n +3
done
echo "== cuFFT"; timeout 60 python3 .gpu/cufft_shapes.py 20250x6628 20480x6553 | tail -n +2
timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 31250x4294 39366x3409 | tail -n +2
} 2>&1 | cut -c1-220 | tee $OUT/e3.txt
