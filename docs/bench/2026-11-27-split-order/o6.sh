#!/usr/bin/env bash
# The R2C of 2^18..2^20 reals: the planner's split against a shorter last pass with the
# split (64 or 128 points, the first pass up to 4096), f32, 2^27 reals per launch, rounds
# A B B A of one binary (180123d); cuFFT's R2C in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_new.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c
S=/tmp/b/shapes
run() { echo "== $*"; timeout 60 $S "$@" | tail -n +3; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in A B B A; do
  echo "#### round $round"
  if [ $round = A ]; then
    run --r2c 262144x512 524288x256 1048576x128
  else
    for d in 2048x64 1024x128; do run --r2c "--decomposition=fused $d" 262144x512; done
    for d in 4096x64 2048x128; do run --r2c "--decomposition=fused $d" 524288x256; done
    run --r2c "--decomposition=fused 4096x128" 1048576x128
  fi
done
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 262144x512 524288x256 1048576x128
} 2>&1 | tee $OUT/o6.txt
