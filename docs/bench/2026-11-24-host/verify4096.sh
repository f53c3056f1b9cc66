#!/usr/bin/env bash
# Issue 13 item 2: 4096 points f32 as [32, 32, 4] (r4096) against main ([64, 64]) in every
# use: C2C, Bluestein with M = 4096, R2C/C2R of 8192 reals, 4096-point rows of a 2-D
# transform; cold compile of the kernel; cuFFT beside. ABBA.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in main r4096 r4096 main; do
  echo "-- oclfft_$v"
  OCLFFT_CACHE_DIR=/tmp/occ_$v .gpu/oclfft_$v bench --sizes 2039,4096 --runs 20 --warmup 3 --rustfft false 2>&1 | sed -n '3p;6,7p' | cut -c1-120
done
for v in main r4096 r4096 main; do
  echo "-- shapes_$v"
  OCLFFT_CACHE_DIR=/tmp/occs_$v .gpu/shapes_$v --r2c 8192x16384 2>&1 | tail -1
  OCLFFT_CACHE_DIR=/tmp/occs_$v .gpu/shapes_$v --c2r 8192x16384 2>&1 | tail -1
  OCLFFT_CACHE_DIR=/tmp/occs_$v .gpu/shapes_$v 4096,4096x8 2>&1 | tail -1
done
echo "-- cuFFT"
python3 .gpu/cufft_shapes.py --kind r2c 8192x16384 2>&1 | tail -1
python3 .gpu/cufft_shapes.py --kind c2r 8192x16384 2>&1 | tail -1
python3 .gpu/cufft_shapes.py 4096x32768 2039x65536 4096,4096x8 2>&1 | tail -3
echo "-- cold compile"
for v in main r4096; do
  d=$(mktemp -d)
  CUDA_CACHE_PATH=$d/c OCLFFT_CACHE_DIR=$d/o OCLFFT_PRINT_BUILD_LOG=1 .gpu/oclfft_$v plan 4096 2>&1 | grep -E "compiled in|plan built" | sed "s/^/$v: /"
done
