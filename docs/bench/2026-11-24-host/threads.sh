#!/usr/bin/env bash
# Pinned host path: host threads copying the chunks (rayon's RAYON_NUM_THREADS), 1 GiB f32
# and f64 per call, each setting twice.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
export OCLFFT_CACHE_DIR=/tmp/occ_threads OCLFFT_HOST_PATH=pinned
lscpu | grep -E "^CPU\(s\)|NUMA node|Model name|Thread"
for t in 16 8 4 2 1 4 8 16; do
  echo "-- RAYON_NUM_THREADS=$t"
  RAYON_NUM_THREADS=$t .gpu/oclfft_host bench --sizes 1048576,67108864 --log2-total 27 --runs 9 --warmup 2 --rustfft false 2>&1 | sed -n '4p;6,7p' | cut -c1-100
  RAYON_NUM_THREADS=$t .gpu/oclfft_host bench --precision f64 --sizes 1048576 --log2-total 26 --runs 9 --warmup 2 --rustfft false 2>&1 | sed -n '6p' | cut -c1-100
done
