#!/usr/bin/env bash
# The R2C of 65536 reals (a 32768-point core in two passes, the split in the last): the
# planner's 256 x 128 against the other two-pass splits, f32, 2^27 reals per launch, rounds
# A B B A of one binary (180123d); cuFFT's R2C in the same call. Run on an H100 and an H200.
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
    run --r2c 65536x2048 131072x1024
  else
    for d in 128x256 512x64 64x512 1024x32; do run --r2c "--decomposition=fused $d" 65536x2048; done
  fi
done
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 65536x2048 131072x1024
} 2>&1 | tee $OUT/o4.txt
