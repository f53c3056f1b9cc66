#!/usr/bin/env bash
# The linear padding with buf sized to its exchanges: one-pass shapes against f293b6b
# (interleaved), f64 and real shapes, beside cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_grid shapes_new oclfft_old oclfft_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
K="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 9261x14492 10800x12427 8192x16384 16384x8192"
D="2187x30685 4096x16384 8192x8192 5000x13421 3888x17260"
R="1024x131072 4096x32768 20000x6710 1000x134217"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== new"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new $K
echo "== old (f293b6b)"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/shapes_old $K
echo "== new again"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new $K
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $K
echo "== f64 old"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/shapes_old --f64 $D
echo "== f64 new"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new --f64 $D
echo "== f64 cuFFT"; python3 .gpu/cufft_shapes.py --precision f64 $D
for k in r2c c2r; do
echo "== $k old"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/shapes_old --$k $R
echo "== $k new"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new --$k $R
echo "== $k cuFFT"; python3 .gpu/cufft_shapes.py --kind $k $R
done
} 2>&1 | tee $OUT/g4.txt
