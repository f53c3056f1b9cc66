#!/usr/bin/env bash
# b1 found the shared split ("halves": the front slot takes elements it < R/2, the mirror slot
# the rest) faster at every multi-pass R2C shape but 2^20 reals. "inter": the front takes the
# even elements, the mirror the odd ones, so each step's writes stay in neighbouring rows.
# Rounds old halves inter inter halves old (f32), old inter (f64); our C2C and cuFFT's R2C
# in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_halves shapes_inter; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="65536x2048 131072x1024 262144x512 524288x256 1048576x128 32000x4194 200000x671"
F="65536x1024 262144x256"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old halves inter inter halves old; do
echo "== $v r2c f32"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --r2c $R | tail -n +3
done
for v in old inter; do
echo "== $v r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 90 /tmp/b/shapes_$v --r2c --f64 $F | tail -n +3
done
echo "== inter c2c"; OCLFFT_CACHE_DIR=/tmp/c_inter timeout 90 /tmp/b/shapes_inter 1048576x128 524288x256 | tail -n +3
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $R
} 2>&1 | tee $OUT/b2.txt
