#!/usr/bin/env bash
# X values of padding after every Q (the working tree) against one after every P (g4's
# build) on the one-pass shapes, beside cuFFT; then the power-of-two sweep of `oclfft
# bench` before this session (f293b6b) and after, beside cuFFT's, f32, 2^27 points.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_p shapes_new oclfft_old oclfft_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
K="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 9261x14492 10800x12427 8192x16384 16384x8192 9000x14913 8748x15342"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== new (X after every Q)"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new $K
echo "== g4 (one after every P)"; OCLFFT_CACHE_DIR=/tmp/c_p /tmp/b/shapes_p $K
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $K
echo "== new again"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new 6561x20457 10000x13421 2187x61370
echo "== bench old (f293b6b)"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/oclfft_old bench --min 4 --max 26
echo "== bench new"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/oclfft_new bench --min 4 --max 26
echo "== cuFFT bench"; python3 .gpu/cufft_bench.py --min 4 --max 26
} 2>&1 | tee $OUT/g5.txt
