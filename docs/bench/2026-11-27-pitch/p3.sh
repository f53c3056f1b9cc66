#!/usr/bin/env bash
# The real pass writes (reads) the padded half spectrum itself (d) against HEAD (a), rounds
# a d d a; the C2R's complex axes also in ascending order (d with OCLFFT_ASCENDING, a
# temporary switch of that build only); f64; cuFFT's R2C and C2R in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in a d; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/shapes_$v && chmod +x /tmp/b/shapes_$v; done
export OCLFFT_DEVICE=nvidia
R="512,512,512 256,256,256x8 4096,4096x8 1024,1024x128 128,128,128x64 64,64,256x32"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in a d d a; do
for k in r2c c2r; do
echo "== $v $k"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --$k $R | tail -n +4
done
echo "== $v c2r ascending"; OCLFFT_ASCENDING=1 OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --c2r 512,512,512 256,256,256x8 128,128,128x64 | tail -n +4
done
for v in d a; do
echo "== $v r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --f64 --r2c 512,512,256 256,256,256x4 2048,2048x8 | tail -n +4
echo "== $v c2r f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --f64 --c2r 512,512,256 256,256,256x4 2048,2048x8 | tail -n +4
done
for k in r2c c2r; do
echo "== cuFFT $k"; timeout 100 python3 .gpu/cufft_shapes.py --kind $k $R
echo "== cuFFT $k f64"; timeout 100 python3 .gpu/cufft_shapes.py --kind $k --precision f64 512,512,256 256,256,256x4 2048,2048x8
done
} 2>&1 | tee $OUT/p3.txt
