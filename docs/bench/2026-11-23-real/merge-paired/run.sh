#!/usr/bin/env bash
# Issue 10: C2R with the merge pass's columns in mirrored pairs (E), then R2C again, and cuFFT c2r, same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
S="1024x131072 4096x32768 65536x2048 1048576x128 16777216x8 1000x134217"
export OCLFFT_CACHE_DIR=/tmp/occ-E
./.gpu/shapes-E --c2r $S 2>&1 | tee $OUT/oclfft_c2r_f32.txt
./.gpu/shapes-E --r2c $S 2>&1 | tee $OUT/oclfft_r2c_f32.txt
python3 .gpu/cufft_shapes.py --kind c2r $S 2>&1 | tee $OUT/cufft_c2r_f32.txt
python3 .gpu/cufft_shapes.py --kind r2c $S 2>&1 | tee $OUT/cufft_r2c_f32.txt
