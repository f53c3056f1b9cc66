#!/usr/bin/env bash
# Issue 13 item 2: 2048 and 4096 points f32, stage radices 64 (main: [64,32], [64,64]),
# 16 ([16,16,8], [16,16,16]) and 32 ([32,32,2], [32,32,4]); one build each, ABC CBA.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in main r16 r32 r32 r16 main; do
  echo "-- $v"
  OCLFFT_CACHE_DIR=/tmp/occ_$v .gpu/oclfft_$v bench --sizes 4096 --runs 20 --warmup 3 --rustfft false 2>&1 | sed -n '3p;6p' | cut -c1-100
done
