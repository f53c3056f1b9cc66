#!/usr/bin/env bash
# Real transforms with the caller's layouts (shapes_rl: this folder's build): issue 10's
# R2C and C2R shapes with their sides contiguous, the reals in rows len + 2 apart, the reals
# every other value, and the half spectrum every other value (`shapes --layouts --r2c|--c2r`),
# beside cuFFT's contiguous R2C and C2R of the same shapes in the same call; then the device
# tests of the change (gpu_plans, real_layouts) on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_rl.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c_rl
SHAPES="4096x32768 65536x2048 1048576x128 16777216x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== layouts r2c f32"; timeout 150 /tmp/b/shapes --layouts --r2c $SHAPES | tail -n +3
echo "== layouts c2r f32"; timeout 150 /tmp/b/shapes --layouts --c2r $SHAPES | tail -n +3
echo "== cufft r2c"; timeout 100 python3 .gpu/cufft_shapes.py --kind r2c $SHAPES
echo "== cufft c2r"; timeout 100 python3 .gpu/cufft_shapes.py --kind c2r $SHAPES
} > $OUT/r1.txt 2>&1
cat $OUT/r1.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:200 real_layouts:120
