#!/usr/bin/env bash
# Issue 13 item 2: f32 sub-FFTs of 512 and 2048 points with work-groups of 2048 values
# (E: C = 4 and 1) against main (C = 8 and 2); the multi-pass sizes that use the 512-point
# kernel as a column pass, and a Bluestein length on the 2048-point kernels. AB BA AB.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in host E E host host E; do
  echo "-- $v"
  OCLFFT_CACHE_DIR=/tmp/occ_$v .gpu/oclfft_$v bench --sizes 512,1009,2048,262144,67108864,134217728 --runs 20 --warmup 3 --rustfft false 2>&1 | sed -n '3p;5,11p' | cut -c1-120
done
