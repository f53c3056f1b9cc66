#!/usr/bin/env bash
# The committed change against the rules before it, one call: the one-pass R2C kernels (old =
# the g2 build with ZZ_NOWIDEIO=1, which is 130acd2's planner; new = this change), rounds old
# new new old, beside cuFFT; our C2C of the mixed lengths; the layouts table (new); then the
# device tests of the change on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b
gunzip -c .gpu/shapes_g2.gz > /tmp/b/old && gunzip -c .gpu/shapes_f3.gz > /tmp/b/new && chmod +x /tmp/b/old /tmp/b/new
export OCLFFT_DEVICE=nvidia
R="1024x131072 2048x65536 4096x32768 1000x134217 864x155344 1372x97826 4096,4096x8 1024,1024x128"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
  echo "== r2c $v"
  ZZ_NOWIDEIO=1 OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/$v --r2c $R | tail -n +3
done
echo "== cuFFT r2c"; timeout 100 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== c2c new"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 60 /tmp/b/new 1000x134217 864x155344 1372x97826 | tail -n +3
echo "== layouts new"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 200 /tmp/b/new --layouts 1024x131072 4096x32768 1048576x128 4194304x32 16777216x8 | tail -n +3
} > $OUT/f3.txt 2>&1
cat $OUT/f3.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:200 real_transforms:150 layouts:120 multi_dim_real:120
