#!/usr/bin/env bash
# t3: the committed rule (`.gpu/shapes_rule.gz`: beyond two exchange parts, at most 10
# exchanges times parts and a first radix of at most 60; 17 of t1's 31 lengths take one
# pass) against `old` on 30375 (the one length of the 17 t1/t2 did not time) and 30000
# (two passes under the rule: a control); the R2C of 43200, 50000 and 54000 reals (half
# lengths 21600, 25000, 27000) and --layouts of 27000 and 21600; then gpu_plans and layouts
# of the working tree (`.gpu/tests.tar.xz`).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old rule; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old rule rule old; do
  echo "== $v"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v 30375x4418 30000x4473 | tail -n +3
done
for v in old rule; do
  echo "== $v r2c, layouts"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v --r2c 43200x3106 50000x2684 54000x2485 | tail -n +3
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v --layouts 27000x4971 21600x6213 | tail -n +3
done
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 43200x3106 50000x2684 54000x2485 | tail -n +2
} 2>&1 | cut -c1-220 | tee $OUT/t3.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:240 layouts:120 | tee -a $OUT/t3.txt
