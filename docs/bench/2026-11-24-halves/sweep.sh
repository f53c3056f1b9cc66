#!/usr/bin/env bash
# Issue 13: the full power-of-two sweep beside cuFFT in one call (f32 2^4..2^27, f64
# 2^4..2^25), then the 2-D shapes whose rows or columns are 8192 points.
set -u
bash .gpu/nvidia-opencl.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== cuFFT f32"; python3 .gpu/cufft_bench.py --min 4 --max 26 2>&1 | tee $OUT/cufft_f32.txt
echo "== oclfft f32"; .gpu/oclfft_new bench --min 4 --max 27 --rustfft false --json $OUT/oclfft_f32.json 2>&1 | tee $OUT/oclfft_f32.txt
echo "== oclfft f64"; .gpu/oclfft_new bench --min 4 --max 25 --precision f64 --rustfft false --json $OUT/oclfft_f64.json 2>&1 | tee $OUT/oclfft_f64.txt
S="8192,8192 4096,4096x8 1024,1024x128"
echo "== oclfft 2-D"; .gpu/shapes_new $S 2>&1 | tee $OUT/oclfft_2d.txt
echo "== cuFFT 2-D"; python3 .gpu/cufft_shapes.py $S 2>&1 | tee $OUT/cufft_2d.txt
