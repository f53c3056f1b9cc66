#!/usr/bin/env bash
# 1024 reals as [16, 16, 2] (the split paired in registers) against [8, 8, 8] (the spill):
# `p1` = 3f5e3c1, `p2` = the working tree (the radix rule), rounds p1 p2 p2 p1; then the
# issues' tables of p2 beside cuFFT in the same call (issue 9's C2C shapes, issue 10's R2C
# and C2R shapes with our C2C of the same lengths, issue 11's shapes and layouts); then
# gpu_plans, real_transforms and multi_dim_real of p2 on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_p1 shapes_p2; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
A="1024x131072 1024,1024x128 512x262144"
I9="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
I10="1024x131072 4096x32768 65536x2048 1048576x128 16777216x8 1000x134217"
I11C="1024,1024x128 4096,4096x8 8192,8192 256,256,256x8 512,512,512"
I11R="4096,4096x8 512,512,512"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in p1 p2 p2 p1; do
echo "== $v r2c f32"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --r2c $A | tail -n +3
done
for v in p1 p2; do
echo "== $v r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --r2c --f64 1024x65536 | tail -n +3
done
export OCLFFT_CACHE_DIR=/tmp/c_p2
echo "== cuFFT r2c (A)"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $A
echo "== cuFFT r2c f64 (A)"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 1024x65536
echo "== p2 c2c issue 9"; timeout 120 /tmp/b/shapes_p2 $I9 | tail -n +3
echo "== cuFFT c2c issue 9"; timeout 90 python3 .gpu/cufft_shapes.py $I9
echo "== p2 r2c issue 10"; timeout 90 /tmp/b/shapes_p2 --r2c $I10 | tail -n +3
echo "== p2 c2r issue 10"; timeout 90 /tmp/b/shapes_p2 --c2r $I10 | tail -n +3
echo "== p2 c2c issue 10 lengths"; timeout 90 /tmp/b/shapes_p2 $I10 | tail -n +3
echo "== cuFFT r2c issue 10"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $I10
echo "== cuFFT c2r issue 10"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r $I10
echo "== p2 c2c issue 11"; timeout 90 /tmp/b/shapes_p2 $I11C | tail -n +3
echo "== p2 r2c issue 11"; timeout 60 /tmp/b/shapes_p2 --r2c $I11R | tail -n +3
echo "== p2 c2r issue 11"; timeout 60 /tmp/b/shapes_p2 --c2r $I11R | tail -n +3
echo "== cuFFT c2c issue 11"; timeout 60 python3 .gpu/cufft_shapes.py $I11C
echo "== cuFFT r2c issue 11"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $I11R
echo "== cuFFT c2r issue 11"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r $I11R
echo "== p2 layouts"; timeout 90 /tmp/b/shapes_p2 --layouts 1024x131072 4096x32768 | tail -n +3
} 2>&1 | tee $OUT/d2.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:120 real_transforms:90 multi_dim_real:60 2>&1 | tee -a $OUT/d2.txt
