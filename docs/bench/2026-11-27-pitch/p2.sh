#!/usr/bin/env bash
# The half spectrum padded between complex passes (b) against HEAD (a), rounds a b b a:
# R2C and C2R of issue 11's real shapes and two smaller ones whose error is checked
# (rows of 257, 129, 2049, 65 values; 4096,4096x8 and 1024,1024x128 have one complex
# pass and stay compact); cuFFT's R2C and C2R in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in a b; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/shapes_$v && chmod +x /tmp/b/shapes_$v; done
export OCLFFT_DEVICE=nvidia
R="512,512,512 256,256,256x8 4096,4096x8 128,128,128x64 64,64,256x32"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in a b b a; do
for k in r2c c2r; do
echo "== $v $k"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --$k $R | tail -n +4
done
done
echo "== b r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_b timeout 120 /tmp/b/shapes_b --f64 --r2c 512,512,256 256,256,256x4 | tail -n +4
echo "== a r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_a timeout 120 /tmp/b/shapes_a --f64 --r2c 512,512,256 256,256,256x4 | tail -n +4
for k in r2c c2r; do
echo "== cuFFT $k"; timeout 100 python3 .gpu/cufft_shapes.py --kind $k $R
done
echo "== cuFFT r2c f64"; timeout 100 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 512,512,256 256,256,256x4
} 2>&1 | tee $OUT/p2.txt
