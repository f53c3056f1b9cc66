#!/usr/bin/env bash
# One-pass R2C of mixed half lengths as the whole transform (`m2`: the working tree, the
# split paired in registers or element by element) against the pairs loop (`m1` = b13a556),
# rounds m1 m2 m2 m1 (f32), m1 m2 (f64); cuFFT's R2C and our C2C of the same lengths in the
# same call; then gpu_plans and real_transforms of m2 on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_m1 shapes_m2; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="1000x134217 2000x67108 4000x33554 8000x16777 2400x55924"
F="1000x67108 2000x33554"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in m1 m2 m2 m1; do
echo "== $v r2c f32"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --r2c $R | tail -n +3
done
for v in m1 m2; do
echo "== $v r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --r2c --f64 $F | tail -n +3
done
echo "== m2 c2c"; OCLFFT_CACHE_DIR=/tmp/c_m2 timeout 60 /tmp/b/shapes_m2 $R | tail -n +3
echo "== cuFFT r2c f32"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT r2c f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $F
} 2>&1 | tee $OUT/d3.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:120 real_transforms:100 2>&1 | tee -a $OUT/d3.txt
