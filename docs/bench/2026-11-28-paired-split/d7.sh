#!/usr/bin/env bash
# The session's end (ddfad15): issue 10's R2C shapes and the one-pass R2C of 1000..16384
# reals beside cuFFT, 4096,4096 x8 and 1024,1024 x128; then gpu_plans, real_transforms and
# multi_dim_real on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_head.gz > /tmp/b/shapes_head && chmod +x /tmp/b/shapes_head
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c_head
R="1024x131072 2048x65536 4096x32768 8192x16384 16384x8192 65536x2048 1048576x128 16777216x8 1000x134217 4096,4096x8 1024,1024x128"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== head r2c"; timeout 120 /tmp/b/shapes_head --r2c $R | tail -n +3
echo "== cuFFT r2c"; timeout 90 python3 .gpu/cufft_shapes.py --kind r2c $R
} 2>&1 | tee $OUT/d7.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:110 real_transforms:90 multi_dim_real:50 2>&1 | tee -a $OUT/d7.txt
