#!/usr/bin/env bash
# Pass twiddles on a grid in the column loads of register passes ("grid") against 98c6508
# ("tw": every element's pass twiddle read from the two-level table): f32 per 2^27 points
# (f64 2^26), C2C 1-D and 2-D, R2C 1-D and multi-dimensional, rounds tw grid grid tw;
# cuFFT in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_tw shapes_grid; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
C="1048576x128 2097152x64 4194304x32 8388608x16 16777216x8 33554432x4 16384x8192 1024,1024x128 4096,4096x8 8192,8192"
R="1048576x128 16777216x8 4096,4096x8 512,512,512"
D="1048576x64 4194304x16 16777216x4"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in tw grid grid tw; do
echo "== $v c2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v $C | tail -n +3
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --r2c $R | tail -n +3
echo "== $v c2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --f64 $D | tail -n +3
done
echo "== cuFFT c2c"; timeout 80 python3 .gpu/cufft_shapes.py $C
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT c2c f64"; timeout 60 python3 .gpu/cufft_shapes.py --precision f64 $D
} 2>&1 | tee $OUT/g1.txt
