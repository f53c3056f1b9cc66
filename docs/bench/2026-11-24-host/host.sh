#!/usr/bin/env bash
# Issue 13 items 4-5: host calls by each host path (1 GiB per call) beside the pinned and
# pageable round trips, then cold plan times per program and build option, and the kernel
# speed the build options give.
set -u
bash .gpu/nvidia-opencl.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=.gpu/oclfft_host
export OCLFFT_CACHE_DIR=/tmp/occ_host
echo "== host paths, f32, 2^27 points (1 GiB) per call; ABBA"
for p in plain pinned direct pinned plain; do
  echo "-- OCLFFT_HOST_PATH=$p"
  OCLFFT_HOST_PATH=$p $B bench --sizes 1024,1048576,67108864 --log2-total 27 --runs 5 --warmup 2 --rustfft false 2>&1 | sed -n '3,9p'
done
echo "== host paths, f64, 2^26 points (1 GiB)"
for p in plain pinned; do
  echo "-- OCLFFT_HOST_PATH=$p"
  OCLFFT_HOST_PATH=$p $B bench --precision f64 --sizes 1048576 --log2-total 26 --runs 5 --warmup 2 --rustfft false 2>&1 | sed -n '3,7p'
done
echo "== cold plans (fresh oclfft and NVIDIA caches), per build option"
for N in 4096 8192 1048576 67108864; do
  for opt in "" "-cl-nv-opt-level=1" "-cl-nv-opt-level=0"; do
    d=$(mktemp -d)
    echo "-- N=$N options '$opt'"
    CUDA_CACHE_PATH=$d/cuda OCLFFT_CACHE_DIR=$d/occ OCLFFT_BUILD_OPTIONS="$opt" OCLFFT_PRINT_BUILD_LOG=1 $B plan $N 2>&1 | grep -E "compiled in|plan built|^ *pass|^  [0-9]"
    CUDA_CACHE_PATH=$d/cuda OCLFFT_CACHE_DIR=$d/occ OCLFFT_BUILD_OPTIONS="$opt" $B plan $N 2>&1 | grep -E "plan built" | sed 's/^/warm: /'
  done
done
echo "== kernel speed per build option"
for opt in "" "-cl-nv-opt-level=1" "-cl-nv-opt-level=0"; do
  echo "-- options '$opt'"
  OCLFFT_CACHE_DIR=/tmp/occ_opt$RANDOM OCLFFT_BUILD_OPTIONS="$opt" $B bench --sizes 4096,8192,1048576,67108864 --runs 10 --warmup 3 --rustfft false 2>&1 | sed -n '3,12p'
done
