#!/usr/bin/env bash
# d3: rows in pairs as committed (rows whose pass exchanges complex values only: 4096, not
# 8192), `old` = 9bef204's shapes example, `new` = the working tree's; rounds old new new
# old; cuFFT in the same call; then gpu_plans of the working tree on NVIDIA's driver (its
# 8192 x 4096 checks now against the reference FFT, not the naive DFT that timed d2 out).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
SH="8192,8192 8192,4096x4 2,8192,4096x2 8192,4096x1"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
  echo "== $v"; OCLFFT_CACHE_DIR=/tmp/c_$v /tmp/b/shapes_$v $SH | tail -n +3
done
echo "== cuFFT"
python3 .gpu/cufft_shapes.py $SH
} 2>&1 | cut -c1-220 | tee $OUT/d3.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:300 2>&1 | tee -a $OUT/d3.txt
