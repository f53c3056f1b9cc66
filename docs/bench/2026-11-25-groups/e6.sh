#!/usr/bin/env bash
# Bluestein's multi-pass M: the splits measure mode would time (shapes --decomposition=).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_d.gz > /tmp/b/d && chmod +x /tmp/b/d
export OCLFFT_DEVICE=nvidia
run() { echo "== $1 $2"; OCLFFT_CACHE_DIR=/tmp/occ_d /tmp/b/d $1 ${2:+"--decomposition=$2"}; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for S in 999983x134 524287x256 131071x1024; do
  run $S ""
done
for D in "fused 1024x2048" "fused 2048x1024" "fused 128x128x128" "fused 64x128x256" "fused 256x128x64" "fused 512x4096" "fused 4096x512"; do run 999983x134 "$D"; done
for D in "fused 512x2048" "fused 2048x512" "fused 1024x1024" "fused 64x128x128"; do run 524287x256 "$D"; done
for D in "fused 512x512" "fused 256x1024" "fused 1024x256" "fused 64x64x64"; do run 131071x1024 "$D"; done
run 999983x134 ""
echo "== cuFFT"; python3 .gpu/cufft_shapes.py 999983x134 524287x256 131071x1024
} 2>&1 | tee $OUT/e6.txt
