#!/usr/bin/env bash
# After the relaunch fix: Bluestein and the real plans that failed, beside cuFFT, one call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_after.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/occ_status
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== oclfft c2c"; /tmp/b/shapes 1009x133020 65537x2048 999983x134
echo "== oclfft r2c"; /tmp/b/shapes --r2c 524288x256 4194304x32 16777216x8
echo "== oclfft c2r"; /tmp/b/shapes --c2r 1048576x128 16777216x8
echo "== cuFFT c2c"; python3 .gpu/cufft_shapes.py 1009x133020 65537x2048 999983x134
