#!/usr/bin/env bash
# The shared pass twiddles of interleaved passes ("shared": a work-group whose columns are
# one sub-FFT computes its L pass twiddles once into local memory) against 03d38fe
# ("head"): f32 per 2^27 points, C2C and R2C of issue 11's shapes and the long columns,
# rounds head shared shared head; cuFFT in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_head shapes_shared; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
C="8192,8192x2 16384,8192 1024,1024x128 4096,4096x8 256,256,256x8 512,512,512"
R="4096,4096x8 512,512,512 1024,1024x128"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in head shared shared head; do
echo "== $v c2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v $C | tail -n +3
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --r2c $R | tail -n +3
done
echo "== cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py $C
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $R
} 2>&1 | tee $OUT/i2.txt
