#!/usr/bin/env bash
# Issue 10 after the edge-launch fix: R2C/C2R 1-D beside cuFFT, and issue 9's shapes, one call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_after.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/occ_status
S10="1024x131072 4096x32768 65536x2048 524288x256 1048576x128 4194304x32 16777216x8 1000x134217"
S9="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== oclfft r2c"; /tmp/b/shapes --r2c $S10
echo "== oclfft c2r"; /tmp/b/shapes --c2r $S10
echo "== oclfft c2c of the R2C lengths"; /tmp/b/shapes $S10
echo "== cuFFT r2c"; python3 .gpu/cufft_shapes.py --kind r2c $S10
echo "== cuFFT c2r"; python3 .gpu/cufft_shapes.py --kind c2r $S10
echo "== oclfft c2c any length"; /tmp/b/shapes $S9
echo "== cuFFT c2c any length"; python3 .gpu/cufft_shapes.py $S9
