#!/usr/bin/env bash
# f64 Bluestein's power-of-two M: splits of its passes (shapes --decomposition=), f32 rule's
# counterpart unmeasured so far.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_final.gz > /tmp/b/f && chmod +x /tmp/b/f
export OCLFFT_DEVICE=nvidia
run() { echo "== $1 $2"; OCLFFT_CACHE_DIR=/tmp/occ_f /tmp/b/f --f64 $1 ${2:+"--decomposition=$2"} | tail -1; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=65521x1024;   for D in "" "fused 512x256" "fused 256x512" "fused 1024x128" "fused 2048x64"; do run $S "$D"; done
S=131071x512;   for D in "" "fused 1024x256" "fused 512x512" "fused 2048x128"; do run $S "$D"; done
S=262139x256;   for D in "" "fused 1024x512" "fused 2048x256" "fused 64x64x128"; do run $S "$D"; done
S=524287x128;   for D in "" "fused 2048x512" "fused 64x64x256" "fused 128x32x256" "fused 64x32x512"; do run $S "$D"; done
S=1048573x64;   for D in "" "fused 128x64x256" "fused 64x64x512" "fused 256x32x256"; do run $S "$D"; done
S=2097143x32;   for D in "" "fused 128x128x256" "fused 256x64x256" "fused 128x64x512"; do run $S "$D"; done
echo "== cuFFT"; python3 .gpu/cufft_shapes.py --precision f64 65521x1024 131071x512 262139x256 524287x128 1048573x64 2097143x32
} 2>&1 | tee $OUT/e9.txt
