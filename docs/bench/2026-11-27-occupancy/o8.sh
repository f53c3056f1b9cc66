#!/usr/bin/env bash
# Where the H200 sweep of o4 is above 1.05x cuFFT (2^13, 2^15, 2^24), and 2^21/2^23: the
# estimate's plan against measure mode's (`--measure`), the build of a2273b6..a4de74d (C2C
# kernels as committed), beside cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/oclfft_new.gz > /tmp/b/oclfft_new && chmod +x /tmp/b/oclfft_new
export OCLFFT_DEVICE=nvidia
L=8192,32768,2097152,8388608,16777216
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== bench estimate"; OCLFFT_CACHE_DIR=/tmp/c_e /tmp/b/oclfft_new bench --sizes $L
echo "== bench measure"; OCLFFT_CACHE_DIR=/tmp/c_m /tmp/b/oclfft_new bench --sizes $L --measure
echo "== bench estimate again"; OCLFFT_CACHE_DIR=/tmp/c_e /tmp/b/oclfft_new bench --sizes $L
echo "== cuFFT"; python3 .gpu/cufft_shapes.py 8192x16384 32768x4096 2097152x64 8388608x16 16777216x8
} 2>&1 | tee $OUT/o8.txt
