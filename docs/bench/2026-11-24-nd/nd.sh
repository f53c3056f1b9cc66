#!/usr/bin/env bash
# Issue 11, first GPU call: multi-dimensional C2C against cuFFT, f32 and f64, same call.
set -u
bash .gpu/nvidia-opencl.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="1024,1024x128 4096,4096x8 8192,8192 256,256,256x8 512,512,512"
echo "== oclfft f32"; .gpu/shapes $S 2>&1 | tee $OUT/oclfft_nd_f32.txt
echo "== oclfft f32, the rows alone (1-D of the last axis, same data)"; .gpu/shapes 1024x131072 4096x32768 8192x8192 256x524288 512x262144 2>&1 | tee $OUT/oclfft_rows_f32.txt
echo "== cuFFT f32"; python3 .gpu/cufft_shapes.py $S 2>&1 | tee $OUT/cufft_nd_f32.txt
echo "== oclfft f64"; .gpu/shapes --f64 $S 2>&1 | tee $OUT/oclfft_nd_f64.txt
echo "== cuFFT f64"; python3 .gpu/cufft_shapes.py --precision f64 $S 2>&1 | tee $OUT/cufft_nd_f64.txt
echo "== PoCL 16 cores, 1024,1024"; OCLFFT_DEVICE=portable .gpu/shapes 1024,1024 2>&1 | tee $OUT/pocl16.txt
