#!/usr/bin/env bash
# The f32 8192-point pass (values in registers, halves exchanged) as [32, 32, 8] with 256
# work-items (`v8`: dd15f0a with radix_bits returning 5 for it, a build never committed)
# against the committed [64, 64, 2] with 128 (`base` = dd15f0a): registers, then rounds
# base v8 v8 base over the shapes that run it; cuFFT in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_base shapes_v8; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
C="8192x16384 8192,8192"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in base v8; do
echo "== $v registers (8192 points)"
OCLFFT_CACHE_DIR=/tmp/r_$v OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 timeout 60 /tmp/b/shapes_$v 8192x16384 2>&1 | grep -iE "registers|spill|entry function" | head -6
done
for v in base v8 v8 base; do
echo "== $v c2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v $C | tail -n +3
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --r2c 16384x8192 | tail -n +3
done
echo "== cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py $C
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 16384x8192
} 2>&1 | tee $OUT/d4.txt
