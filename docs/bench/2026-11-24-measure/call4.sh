#!/usr/bin/env bash
# PinnedVec host calls beside CuPy's from pinned memory, 1 GiB per call, one call, ABAB.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OCLFFT_CACHE_DIR=/tmp/occ_c4
for round in 1 2; do
  for L in 10 20 26; do python3 .gpu/cupy_pinned.py $L; done
  .gpu/oclfft_rule bench --sizes 1024,1048576,67108864 --log2-total 27 --runs 9 --warmup 2 --rustfft false --host-memory pinned 2>&1 | sed -n '3,9p'
done
