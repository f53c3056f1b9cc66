#!/usr/bin/env bash
# Any-length shapes (issue 9): oclfft then cuFFT, same call; f32, about 2^27 points per launch.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
S="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
export OCLFFT_CACHE_DIR=/tmp/occ
./.gpu/shapes $S 2>&1 | tee $OUT/oclfft_shapes_f32.txt
python3 .gpu/cufft_shapes.py $S 2>&1 | tee $OUT/cufft_shapes_f32.txt
