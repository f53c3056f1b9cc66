#!/usr/bin/env bash
# Which length of a two-pass split goes first: the planner's split against its reverse (and
# other splits) through `shapes --decomposition=...`, C2R (the first pass carries the merge),
# R2C and C2C, f32, 2^27 values per launch, rounds A B B A of one binary (f34cbe8 with the
# example's --decomposition for real shapes); cuFFT in the same call.
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
    run --c2r 16777216x8 8388608x16 33554432x4
    run --r2c 16777216x8
    run 8388608x16 16777216x8
  else
    run --c2r "--decomposition=fused 4096x2048" 16777216x8
    run --c2r "--decomposition=fused 2048x2048" 8388608x16
    run --c2r "--decomposition=fused 1024x4096" 8388608x16
    run --r2c "--decomposition=fused 4096x2048" 16777216x8
    run "--decomposition=fused 4096x2048" 8388608x16
    run "--decomposition=fused 512x128x256" 16777216x8
  fi
done
echo "== cuFFT c2r"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r 16777216x8 8388608x16 33554432x4
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 16777216x8
echo "== cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py 8388608x16 16777216x8
} 2>&1 | tee $OUT/o1.txt
