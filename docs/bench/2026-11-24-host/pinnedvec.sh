#!/usr/bin/env bash
# Issue 13 item 5: host calls on data in pinned host memory (PinnedVec) against a Vec
# through the pinned chunks, 1 GiB per call, ABBA, f32 and f64.
set -u
bash .gpu/nvidia-opencl.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OCLFFT_CACHE_DIR=/tmp/occ_pv
for m in pageable pinned pinned pageable pinned; do
  echo "-- f32, --host-memory $m"
  .gpu/oclfft_host bench --sizes 1024,1048576,67108864 --log2-total 27 --runs 9 --warmup 2 --rustfft false --host-memory $m 2>&1 | sed -n '3,8p'
done
for m in pinned pageable pinned; do
  echo "-- f64, --host-memory $m"
  .gpu/oclfft_host bench --precision f64 --sizes 1048576,16777216 --log2-total 26 --runs 9 --warmup 2 --rustfft false --host-memory $m 2>&1 | sed -n '4,7p'
done
