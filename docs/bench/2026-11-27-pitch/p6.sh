#!/usr/bin/env bash
# Caller's layouts in the single-pass register kernels (f: `_whole_in_planar`,
# `_whole_in_strided`, ...) against e (those layouts through local memory), rounds e f f e.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in e f; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/shapes_$v && chmod +x /tmp/b/shapes_$v; done
export OCLFFT_DEVICE=nvidia
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in e f f e; do
echo "== $v layouts"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 150 /tmp/b/shapes_$v --layouts 1024x131072 4096x32768 256x524288 1000x134217 65536x2048 | tail -n +4
echo "== $v layouts f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 150 /tmp/b/shapes_$v --f64 --layouts 1024x65536 2048x32768 | tail -n +4
done
} 2>&1 | tee $OUT/p6.txt
