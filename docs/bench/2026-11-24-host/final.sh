#!/usr/bin/env bash
# Issue 13 item 5 confirmed on the committed build (256 KiB pieces), ABBA; item 4: how much
# of a cold compile is NVIDIA's PTX JIT (oclfft's cached binary kept, CUDA's cache emptied).
set -u
bash .gpu/nvidia-opencl.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=.gpu/oclfft_host
export OCLFFT_CACHE_DIR=/tmp/occ_final
echo "== host paths, f32, 2^27 points (1 GiB) per call"
for p in plain pinned pinned plain pinned; do
  echo "-- OCLFFT_HOST_PATH=$p"
  OCLFFT_HOST_PATH=$p $B bench --sizes 1024,1048576,67108864 --log2-total 27 --runs 9 --warmup 2 --rustfft false 2>&1 | sed -n '4,8p'
done
echo "== host paths, f64, 2^26 points (1 GiB)"
for p in pinned plain pinned; do
  echo "-- OCLFFT_HOST_PATH=$p"
  OCLFFT_HOST_PATH=$p $B bench --precision f64 --sizes 1048576,16777216 --log2-total 26 --runs 9 --warmup 2 --rustfft false 2>&1 | sed -n '4,7p'
done
echo "== cold compile split: both caches empty / oclfft's binary kept, CUDA cache empty / both warm"
for N in 4096 8192 1048576 67108864; do
  d=$(mktemp -d)
  echo "-- N=$N"
  CUDA_CACHE_PATH=$d/c1 OCLFFT_CACHE_DIR=$d/occ OCLFFT_PRINT_BUILD_LOG=1 $B plan $N 2>&1 | grep -E "compiled in|plan built" | sed 's/^/cold:     /'
  CUDA_CACHE_PATH=$d/c2 OCLFFT_CACHE_DIR=$d/occ $B plan $N 2>&1 | grep -E "plan built" | sed 's/^/ptx only: /'
  CUDA_CACHE_PATH=$d/c2 OCLFFT_CACHE_DIR=$d/occ $B plan $N 2>&1 | grep -E "plan built" | sed 's/^/warm:     /'
  ls -la $d/occ | tail -n +4 | awk '{print "  cached binary bytes", $5}'
done
