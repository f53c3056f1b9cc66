#!/usr/bin/env bash
# The element-wise split's twiddles from one table read and constant products ("tw")
# against the linear exchange padding alone ("pad", s1's "new"): R2C per 2^27 f32 reals
# (2^26 f64), 1-D and multi-dimensional, rounds pad tw tw pad; cuFFT's R2C in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_pad shapes_tw; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="1024x131072 2048x65536 4096x32768 8192x16384 4096,4096x8 512,512,512"
D="1024x65536 2048x32768"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in pad tw tw pad; do
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --r2c $R | tail -n +3
echo "== $v r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --f64 --r2c $D | tail -n +3
done
echo "== cuFFT r2c"; timeout 80 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT r2c f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $D
} 2>&1 | tee $OUT/s2.txt
