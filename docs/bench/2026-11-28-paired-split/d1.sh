#!/usr/bin/env bash
# The one-pass R2C's split in registers (the last stage's butterflies beside their mirrors)
# against the spill through local memory: `old` = d3a12ea, `new` = the working tree, each
# `cargo build --release -p fft-runtime --example shapes`, stripped and gzipped into .gpu/.
# Rounds old new new old (f32), old new (f64); ptxas registers of both 4096-real kernels;
# cuFFT's R2C in the same call; then gpu_plans and real_transforms of the new tree on
# NVIDIA's driver (.gpu/tests.tar.xz, docs/bench/2026-11-27-paired-merge/tests.sh).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="2048x65536 4096x32768 8192x16384 1024x131072 4096,4096x8"
F="2048x32768 4096x16384"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new; do
echo "== $v registers (4096 reals)"
OCLFFT_CACHE_DIR=/tmp/r_$v OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 timeout 60 /tmp/b/shapes_$v --r2c 4096x32768 2>&1 | grep -iE "registers|spill|entry function" | head -8
done
for v in old new new old; do
echo "== $v r2c f32"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --r2c $R | tail -n +3
done
for v in old new; do
echo "== $v r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 90 /tmp/b/shapes_$v --r2c --f64 $F | tail -n +3
done
echo "== cuFFT r2c f32"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT r2c f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $F
} 2>&1 | tee $OUT/d1.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:170 real_transforms:130 2>&1 | tee -a $OUT/d1.txt
