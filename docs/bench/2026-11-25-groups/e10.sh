#!/usr/bin/env bash
# Bluestein lengths whose M is mixed (7-smooth) or a power of two, the final binary beside cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_final.gz > /tmp/b/f && chmod +x /tmp/b/f
export OCLFFT_DEVICE=nvidia
S="2003x67008 5003x26827 8209x16350 16411x8178 32771x4095 50021x2683 100003x1342 250007x536 500009x268 2000003x67 3000017x44"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== final"; OCLFFT_CACHE_DIR=/tmp/occ_f /tmp/b/f $S
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S
} 2>&1 | tee $OUT/e10.txt
