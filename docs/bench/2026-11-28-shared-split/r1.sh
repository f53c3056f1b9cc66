#!/usr/bin/env bash
# Stage orders of the one-pass 6561 and 2187 kernels: a build with a temporary hook
# (OCLFFT_ZZ_RADICES="LEN:r,r,r" replaces FusedSpec::stage_radices for that length; never
# committed), rounds A B B A, cuFFT in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/oclfft_hook.gz > /tmp/b/oclfft && chmod +x /tmp/b/oclfft
export OCLFFT_DEVICE=nvidia
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in "" "6561:27,9,27;2187:9,27,9" "6561:27,9,27;2187:9,27,9" ""; do
# One binary cache per order: the kernels' names do not say their stage radices.
echo "== radices '$v'"; OCLFFT_ZZ_RADICES="$v" OCLFFT_CACHE_DIR="/tmp/c_r${#v}" timeout 100 /tmp/b/oclfft bench --sizes 6561,2187 --rustfft false | tail -n +5
done
echo "== cuFFT"; timeout 60 python3 .gpu/cufft_shapes.py 6561x20457 2187x61370
} 2>&1 | tee $OUT/r1.txt
