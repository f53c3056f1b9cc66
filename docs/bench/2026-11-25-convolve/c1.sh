#!/usr/bin/env bash
# Register caps on the one-pass 6561 and 10000 kernels; baseline of 1009 and 2039 (Bluestein).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_s0.gz > /tmp/b/s0 && chmod +x /tmp/b/s0
export OCLFFT_DEVICE=nvidia
S="6561x20457 10000x13421"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== s0 default"; OCLFFT_CACHE_DIR=/tmp/occ0 /tmp/b/s0 $S 1009x133020 2039x65827
for cap in 64 72 80 96; do
  echo "== s0 maxrregcount=$cap"
  OCLFFT_CACHE_DIR=/tmp/occ$cap OCLFFT_BUILD_OPTIONS="-cl-nv-maxrregcount=$cap -cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/s0 $S 2>&1 | grep -v "^$" | grep -i "registers\|spill\|x\|shape" | head -40
done
echo "== s0 default verbose"; OCLFFT_CACHE_DIR=/tmp/occv OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/s0 $S 1009x133020 2039x65827 2>&1 | grep -i "registers\|spill\|function\|x1\|x2\|x6" | head -60
echo "== s0 default again"; OCLFFT_CACHE_DIR=/tmp/occ0 /tmp/b/s0 $S
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S 1009x133020 2039x65827
} 2>&1 | tee $OUT/c1.txt
