#!/usr/bin/env bash
# H200: the committed build (e = b0bbeec + the shapes example's --axes) against 168bb40 (a)
# on R2C, rounds a e e a; then issue 11's table with e: C2C, R2C and C2R shapes, the layouts
# table (stride 2, planar); cuFFT's C2C, R2C and C2R in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in a e; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/shapes_$v && chmod +x /tmp/b/shapes_$v; done
export OCLFFT_DEVICE=nvidia
R="512,512,512 256,256,256x8 128,128,128x64 4096,4096x8 1024,1024x128"
C="1024,1024x128 4096,4096x8 8192,8192 256,256,256x8 512,512,512"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in a e e a; do
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --r2c $R | tail -n +4
done
echo "== e r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_e timeout 120 /tmp/b/shapes_e --f64 --r2c 512,512,256 256,256,256x4 | tail -n +4
echo "== a r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_a timeout 120 /tmp/b/shapes_a --f64 --r2c 512,512,256 256,256,256x4 | tail -n +4
echo "== e c2r"; OCLFFT_CACHE_DIR=/tmp/c_e timeout 120 /tmp/b/shapes_e --c2r $R | tail -n +4
echo "== e c2c"; OCLFFT_CACHE_DIR=/tmp/c_e timeout 120 /tmp/b/shapes_e $C | tail -n +4
echo "== e layouts"; OCLFFT_CACHE_DIR=/tmp/c_e timeout 150 /tmp/b/shapes_e --layouts 1024x131072 4096x32768 1000x134217 65536x2048 | tail -n +4
echo "== cuFFT c2c"; timeout 100 python3 .gpu/cufft_shapes.py $C
echo "== cuFFT r2c"; timeout 100 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT r2c f64"; timeout 100 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 512,512,256 256,256,256x4
echo "== cuFFT c2r"; timeout 100 python3 .gpu/cufft_shapes.py --kind c2r $R
} 2>&1 | tee $OUT/p5.txt
