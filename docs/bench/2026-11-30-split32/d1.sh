#!/usr/bin/env bash
# d1: the R2C's split pass of 256 and 512 points in 32 columns (registers, halves exchanged,
# the mirror brought by one more exchange) against the committed splits, one binary
# (.gpu/shapes_new.gz, the working tree's shapes example), decompositions named with
# `--decomposition`; two rounds; ptxas registers of the new kernels; cuFFT in the same call;
# then gpu_plans of the working tree on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_new.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c1
S=/tmp/b/shapes
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
echo "== round $round"
$S 1048576x128 2097152x64 524288x256 | tail -n +3
for d in "" "fused 4096x128" "fused 2048x256" "fused 1024x512"; do
  echo "-- 2^20 reals ${d:-planner}"; $S --r2c 1048576x128 ${d:+"--decomposition=$d"} | tail -n +3
done
for d in "" "fused 128x128x64" "fused 4096x256" "fused 2048x512"; do
  echo "-- 2^21 reals ${d:-planner}"; $S --r2c 2097152x64 ${d:+"--decomposition=$d"} | tail -n +3
done
for d in "" "fused 1024x256" "fused 512x512"; do
  echo "-- 2^19 reals ${d:-planner}"; $S --r2c 524288x256 ${d:+"--decomposition=$d"} | tail -n +3
done
done
echo "== accuracy on the GPU (checked up to 65536 reals)"
for d in "fused 128x256" "fused 64x512" "fused 256x128"; do $S --r2c 65536x2048 "--decomposition=$d" | tail -n +3; done
echo "== ptxas"
OCLFFT_CACHE_DIR=/tmp/cv OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 $S --r2c 1048576x128 "--decomposition=fused 2048x256" 2>&1 | grep -iE "registers|spill|Compiling entry" | head -12
OCLFFT_CACHE_DIR=/tmp/cv2 OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 $S --r2c 2097152x64 2>&1 | grep -iE "registers|spill|Compiling entry" | head -12
echo "== cuFFT"
python3 .gpu/cufft_shapes.py --kind r2c 1048576x128 2097152x64 524288x256
python3 .gpu/cufft_shapes.py 1048576x128 2097152x64
} 2>&1 | cut -c1-200 | tee $OUT/d1.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:200 2>&1 | tee -a $OUT/d1.txt
