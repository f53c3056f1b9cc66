#!/usr/bin/env bash
# On an H100: the C2R of 2^24 reals with the longer pass first (the new default, 4096 x 2048)
# against the planner's former 2048 x 4096, and the C2C of 2^23 and 2^24 points in two passes
# (the estimate) against three (what measure mode found fastest on the H200), f32, 2^27
# values per launch, rounds A B B A of one binary; cuFFT in the same call.
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
    run 8388608x16 16777216x8
  else
    run --c2r "--decomposition=fused 2048x4096" 16777216x8
    run "--decomposition=fused 512x128x128" 8388608x16
    run "--decomposition=fused 256x128x256" 8388608x16
    run "--decomposition=fused 512x128x256" 16777216x8
    run "--decomposition=fused 256x256x256" 16777216x8
    run "--decomposition=fused 256x512x128" 16777216x8
  fi
done
echo "== cuFFT c2r"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r 16777216x8 8388608x16 33554432x4
echo "== cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py 8388608x16 16777216x8
} 2>&1 | tee $OUT/o3.txt
