#!/usr/bin/env bash
# Issue 13 item 1: 16384 points f32 (8192 f64) in one pass, the halves exchanged in two
# slices (sl), against main (old, two passes), beside cuFFT. ABBA; registers and spills.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old sl sl old; do
  echo "-- oclfft_$v f32"
  OCLFFT_CACHE_DIR=/tmp/occ_$v .gpu/oclfft_$v bench --sizes 8192,16384,32768 --runs 20 --warmup 3 --rustfft false 2>&1 | sed -n '3p;5,8p' | cut -c1-120
  echo "-- oclfft_$v f64"
  OCLFFT_CACHE_DIR=/tmp/occ_$v .gpu/oclfft_$v bench --precision f64 --log2-total 26 --sizes 4096,8192,16384 --runs 20 --warmup 3 --rustfft false 2>&1 | sed -n '3p;5,8p' | cut -c1-120
done
for v in old sl sl old; do
  echo "-- shapes_$v R2C 2^15 reals, C2R, f64 R2C 2^14"
  OCLFFT_CACHE_DIR=/tmp/occs_$v .gpu/shapes_$v --r2c 32768x4096 2>&1 | tail -1
  OCLFFT_CACHE_DIR=/tmp/occs_$v .gpu/shapes_$v --c2r 32768x4096 2>&1 | tail -1
done
echo "-- cuFFT"
python3 .gpu/cufft_bench.py --min 13 --max 15 2>&1 | tail -4
python3 .gpu/cufft_shapes.py --kind r2c 32768x4096 2>&1 | tail -1
python3 .gpu/cufft_shapes.py --kind c2r 32768x4096 2>&1 | tail -1
python3 .gpu/cufft_shapes.py --precision f64 8192x8192 16384x4096 2>&1 | tail -2
echo "-- registers"
d=$(mktemp -d)
OCLFFT_CACHE_DIR=$d OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 .gpu/oclfft_sl plan 16384 2>&1 | grep -E "compiled in|ptxas info|spill" | head -6
OCLFFT_CACHE_DIR=$d OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 .gpu/oclfft_sl plan 8192 --precision f64 2>&1 | grep -E "compiled in|ptxas info|spill" | head -6
