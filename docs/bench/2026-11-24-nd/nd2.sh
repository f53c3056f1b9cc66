#!/usr/bin/env bash
# Issue 11, second GPU call: input layouts (stride 2, planar) against contiguous, and 2-D/3-D
# R2C/C2R against cuFFT, same call.
set -u
bash .gpu/nvidia-opencl.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== layouts f32"; .gpu/shapes --layouts 1024x131072 4096x32768 1000x134217 65536x2048 1048576x128 2>&1 | tee $OUT/layouts_f32.txt
R="4096,4096x8 512,512,512 1024,1024x128 256,256,256x8"
echo "== oclfft r2c"; .gpu/shapes --r2c $R 2>&1 | tee $OUT/oclfft_nd_r2c.txt
echo "== cuFFT r2c"; python3 .gpu/cufft_shapes.py --kind r2c $R 2>&1 | tee $OUT/cufft_nd_r2c.txt
echo "== oclfft c2r"; .gpu/shapes --c2r $R 2>&1 | tee $OUT/oclfft_nd_c2r.txt
echo "== cuFFT c2r"; python3 .gpu/cufft_shapes.py --kind c2r $R 2>&1 | tee $OUT/cufft_nd_c2r.txt
echo "== layouts f64"; .gpu/shapes --f64 --layouts 1024x65536 65536x1024 2>&1 | tee $OUT/layouts_f64.txt
