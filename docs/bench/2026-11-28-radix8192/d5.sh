#!/usr/bin/env bash
# The R2C of 16384 reals with its split in registers (`h2`: the working tree; the 8192-point
# pass exchanging halves pairs each value with its mirror) against reading the mirrors back
# from the halves (`h1` = e719032), rounds h1 h2 h2 h1, with registers; the other one-pass
# R2C shapes as a check (h2's kernels for them are h1's); cuFFT in the same call; then
# gpu_plans and real_transforms of h2 on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_h1 shapes_h2; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="16384x8192 8192x16384 4096x32768"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in h1 h2; do
echo "== $v registers (16384 reals)"
OCLFFT_CACHE_DIR=/tmp/r_$v OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 timeout 60 /tmp/b/shapes_$v --r2c 16384x8192 2>&1 | grep -iE "registers|spill|entry function" | head -6
done
for v in h1 h2 h2 h1; do
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --r2c $R | tail -n +3
done
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $R
} 2>&1 | tee $OUT/d5.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:120 real_transforms:100 2>&1 | tee -a $OUT/d5.txt
