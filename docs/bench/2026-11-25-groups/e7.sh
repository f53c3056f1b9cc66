#!/usr/bin/env bash
# Bluestein's power-of-two M from 2^17 to 2^23: splits of its passes (shapes --decomposition=).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_d.gz > /tmp/b/d && chmod +x /tmp/b/d
export OCLFFT_DEVICE=nvidia
run() { echo "== $1 $2"; OCLFFT_CACHE_DIR=/tmp/occ_d /tmp/b/d $1 ${2:+"--decomposition=$2"} | tail -1; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=65521x2048;   for D in "" "fused 256x512" "fused 1024x128" "fused 2048x64"; do run $S "$D"; done
S=131071x1024;  for D in "" "fused 1024x256" "fused 2048x128" "fused 4096x64"; do run $S "$D"; done
S=262139x512;   for D in "" "fused 2048x256" "fused 4096x128" "fused 1024x512"; do run $S "$D"; done
S=524287x256;   for D in "" "fused 2048x512" "fused 4096x256" "fused 64x64x256"; do run $S "$D"; done
S=1048573x128;  for D in "" "fused 4096x512" "fused 4096x256x2" "fused 64x128x256" "fused 128x64x256" "fused 64x64x512"; do run $S "$D"; done
S=2097143x64;   for D in "" "fused 128x128x256" "fused 256x64x256" "fused 64x128x512" "fused 256x32x512" "fused 4096x4x256"; do run $S "$D"; done
S=4194301x32;   for D in "" "fused 256x128x256" "fused 128x128x512" "fused 512x64x256" "fused 4096x8x256"; do run $S "$D"; done
echo "== cuFFT"; python3 .gpu/cufft_shapes.py 65521x2048 131071x1024 262139x512 524287x256 1048573x128 2097143x64 4194301x32
} 2>&1 | tee $OUT/e7.txt
