#!/usr/bin/env bash
# f1: layouts in storage order. `old` = 83a8281 with this commit's shapes example (its
# `--layouts` times Fortran order in and out), `new` = 6a1f675; rounds old new new old of
# `--layouts` (contiguous, stride 2, planar in, planar both, planar out, Fortran) on issue
# 11's C2C shapes; then the layouts, and ndarray device tests of the new
# tree on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
SH="1024,1024x128 4096,4096x8 8192,8192 256,256,256x8 512,512,512"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
  echo "== $v"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 110 /tmp/b/shapes_$v --layouts $SH | tail -n +3
done
} 2>&1 | cut -c1-200 | tee $OUT/f1.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh layouts:120 ndarray:100 2>&1 | tee -a $OUT/f1.txt
