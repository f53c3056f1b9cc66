#!/usr/bin/env bash
# Issue 13 "must show": the full sweep of main (e700db8) beside cuFFT in one call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OCLFFT_CACHE_DIR=/tmp/occ_sweep
echo "== cuFFT f32"; python3 .gpu/cufft_bench.py --min 4 --max 26 2>&1 | tee $OUT/cufft_f32.txt
echo "== oclfft f32"; .gpu/oclfft_main bench --min 4 --max 27 --rustfft false --json $OUT/oclfft_f32.json 2>&1 | tee $OUT/oclfft_f32.txt
echo "== oclfft f64"; .gpu/oclfft_main bench --min 4 --max 25 --precision f64 --rustfft false --json $OUT/oclfft_f64.json 2>&1 | tee $OUT/oclfft_f64.txt
