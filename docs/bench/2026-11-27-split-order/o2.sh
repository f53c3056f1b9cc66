#!/usr/bin/env bash
# o1's real shapes again: o1's example applied --decomposition to multi-dimensional real
# shapes only, so its 1-D real rows ran the default plan. C2R (the first pass carries the
# merge) and R2C, f32, 2^27 reals per launch, rounds A B B A.
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
    run --c2r 16777216x8 8388608x16
    run --r2c 16777216x8
  else
    run --c2r "--decomposition=fused 4096x2048" 16777216x8
    run --c2r "--decomposition=fused 2048x2048" 8388608x16
    run --c2r "--decomposition=fused 1024x4096" 8388608x16
    run --r2c "--decomposition=fused 4096x2048" 16777216x8
  fi
done
echo "== cuFFT c2r"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r 16777216x8 8388608x16
} 2>&1 | tee $OUT/o2.txt
