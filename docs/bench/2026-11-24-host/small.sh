#!/usr/bin/env bash
# Issue 13 item 2: 512 (1.20 copies) and 256 (1.06) f32 points, variants of one build each:
# A main ([32,16] C=8; 256: [16,16] C=16), B 512 as [64,8] C=8, C 512 [32,16] C=4 and 256
# C=8, D 512 [64,8] C=4. ABCD DCBA in one call, 2^27 points per launch.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in host B C D D C B host; do
  echo "-- $v"
  OCLFFT_CACHE_DIR=/tmp/occ_$v .gpu/oclfft_$v bench --sizes 256,512,1024 --runs 20 --warmup 3 --rustfft false 2>&1 | sed -n '3p;5,7p' | cut -c1-90
done
