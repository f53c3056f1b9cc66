#!/usr/bin/env bash
# Issue 10: variant B (per-element column split) vs C (pairs), then the full table with C and cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
M="65536x2048 1048576x128 16777216x8"
S="1024x131072 4096x32768 65536x2048 1048576x128 16777216x8 1000x134217"
export OCLFFT_CACHE_DIR=/tmp/occ-B
echo "== B (per-element split in the last pass)"
./.gpu/shapes-B --r2c $M 2>&1 | tee $OUT/r2c_B.txt
export OCLFFT_CACHE_DIR=/tmp/occ-C
echo "== C (pairs)"
./.gpu/shapes-C --r2c $S 2>&1 | tee $OUT/oclfft_r2c_f32.txt
./.gpu/shapes-C --c2r $S 2>&1 | tee $OUT/oclfft_c2r_f32.txt
./.gpu/shapes-C $S 2>&1 | tee $OUT/oclfft_c2c_f32.txt
python3 .gpu/cufft_shapes.py --kind r2c $S 2>&1 | tee $OUT/cufft_r2c_f32.txt
python3 .gpu/cufft_shapes.py --kind c2r $S 2>&1 | tee $OUT/cufft_c2r_f32.txt
