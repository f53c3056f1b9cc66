#!/usr/bin/env bash
# Issue 13 item 2: the single-pass 512-point f32 kernel with 4 sub-FFTs per work-group
# (new) against main (8): C2C sizes, a Bluestein length whose M = 512, R2C/C2R of 1024
# reals and a 512 x 512 image, beside cuFFT. ABBA.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in host new new host; do
  echo "-- oclfft_$v"
  OCLFFT_CACHE_DIR=/tmp/occ_$v .gpu/oclfft_$v bench --sizes 251,256,512,1024,262144,67108864,134217728 --runs 20 --warmup 3 --rustfft false 2>&1 | sed -n '3p;5,12p' | cut -c1-120
done
for v in main new new main; do
  echo "-- shapes_$v"
  OCLFFT_CACHE_DIR=/tmp/occs_$v .gpu/shapes_$v --r2c 1024x131072 512,512x512 2>&1 | tail -3
  OCLFFT_CACHE_DIR=/tmp/occs_$v .gpu/shapes_$v --c2r 1024x131072 2>&1 | tail -1
  OCLFFT_CACHE_DIR=/tmp/occs_$v .gpu/shapes_$v 512x262144 512,512x512 2>&1 | tail -2
done
echo "-- cuFFT"
python3 .gpu/cufft_shapes.py --kind r2c 1024x131072 2>&1 | tail -2
python3 .gpu/cufft_shapes.py --kind c2r 1024x131072 2>&1 | tail -1
python3 .gpu/cufft_shapes.py 512x262144 512,512x512 2>&1 | tail -3
