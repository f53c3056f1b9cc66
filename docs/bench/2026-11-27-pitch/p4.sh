#!/usr/bin/env bash
# The committed rule (e): the R2C's split writes padded rows, axis 1 runs over the padded
# array, the last pass (axis 0) reads them and writes compact rows; against HEAD (a),
# rounds a e e a, f32 then f64; cuFFT's R2C in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in a e; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/shapes_$v && chmod +x /tmp/b/shapes_$v; done
export OCLFFT_DEVICE=nvidia
R="512,512,512 256,256,256x8 128,128,128x64 64,64,256x32 4096,4096x8 1024,1024x128"
D="512,512,256 256,256,256x4 2048,2048x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in a e e a; do
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --r2c $R | tail -n +4
done
for v in a e e a; do
echo "== $v r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --f64 --r2c $D | tail -n +4
done
echo "== e c2r"; OCLFFT_CACHE_DIR=/tmp/c_e timeout 120 /tmp/b/shapes_e --c2r 512,512,512 256,256,256x8 | tail -n +4
echo "== cuFFT r2c"; timeout 100 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT r2c f64"; timeout 100 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $D
} 2>&1 | tee $OUT/p4.txt
