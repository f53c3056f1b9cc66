#!/usr/bin/env bash
# f2: one-pass kernels without their column phases. `base` = the shapes example of 6a1f675;
# `flat` = the same tree with a temporary emit-time hook (never committed) that writes only
# the flat load and store of the one-column fused kernels of 2187, 3125, 4096, 6561, 8192 and
# 10000 points (their plans run them with t = p = 1 only: the column branches are dead code
# that may still cost registers). Rounds base flat flat base; ptxas registers of both; cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_base shapes_flat; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
SH="6561x20457 8192x16384 10000x13421 2187x61370 3125x42949 4096x32768 8192,8192 4096,4096x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in base flat flat base; do
  echo "== $v"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v $SH | tail -n +3
done
for v in base flat; do
  echo "== ptxas ($v)"
  for s in 6561x64 8192x64 10000x64 4096x64; do
    OCLFFT_CACHE_DIR=/tmp/cv_${v}_$s OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/shapes_$v $s 2>&1 | grep -E "registers|spill|Compiling entry" | head -4
  done
done
echo "== cuFFT"
python3 .gpu/cufft_shapes.py $SH
} 2>&1 | cut -c1-220 | tee $OUT/f2.txt
