#!/usr/bin/env bash
# The shared split on the H100: 3fcaf58 ("old") against e5e2afa ("new", the committed rule),
# rounds old new new old over the multi-pass R2C shapes, f64 old new, issue 11's R2C
# 4096^2 x8 and 512^3 (new), cuFFT's R2C in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="65536x2048 131072x1024 262144x512 524288x256 1048576x128 200000x671"
F="65536x1024 262144x256"
D="4096,4096x8 512,512,512"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
echo "== $v r2c f32"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --r2c $R | tail -n +3
done
for v in old new; do
echo "== $v r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 90 /tmp/b/shapes_$v --r2c --f64 $F | tail -n +3
done
echo "== new r2c nd"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 90 /tmp/b/shapes_new --r2c $D | tail -n +3
echo "== new c2c"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 90 /tmp/b/shapes_new 524288x256 1048576x128 65536x2048 | tail -n +3
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $R $D
echo "== cuFFT r2c f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $F
} 2>&1 | tee $OUT/h1.txt
