#!/usr/bin/env bash
# f64 layouts (contiguous, stride 2, planar) at one- and multi-pass lengths with 6d2f903's
# build (shapes_f4): the wide f64 passes (1024 and 2048 points) take the caller's layout too.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_f4.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c_f5
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== layouts f64"; timeout 200 /tmp/b/shapes --f64 --layouts 2048x32768 1048576x64 4194304x16 16777216x4 | tail -n +3
} > $OUT/f5.txt 2>&1
cat $OUT/f5.txt
