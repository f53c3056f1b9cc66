#!/usr/bin/env bash
# The R2C of 4096 reals with its 2048-point split as [32, 32, 2] (`v2`: 63a49ae with
# single_pass_register_bits returning 5 for it, a build never committed; 64 work-items per
# sub-FFT, 16 butterflies each in the last stage) against the committed [16, 16, 8] (`base`),
# rounds base v2 v2 base; registers; cuFFT in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_base shapes_v2; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="4096x32768 4096,4096x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in base v2; do
echo "== $v registers (4096 reals)"
OCLFFT_CACHE_DIR=/tmp/r_$v OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 timeout 60 /tmp/b/shapes_$v --r2c 4096x32768 2>&1 | grep -iE "registers|spill|entry function" | head -6
done
for v in base v2 v2 base; do
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --r2c $R | tail -n +3
done
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $R
} 2>&1 | tee $OUT/d6.txt
