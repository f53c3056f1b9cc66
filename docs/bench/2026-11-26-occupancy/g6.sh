#!/usr/bin/env bash
# Linear padding in passes of several sub-FFTs per work-group too (the working tree, "c")
# against one sub-FFT only (g5's build, "one"): issue 9's shapes and the other C > 1 passes
# (one-pass mixed lengths, Bluestein's C = 2 convolutions, multi-pass mixed plans), the
# power-of-two sweep (wide passes), f64, R2C and C2R; cuFFT in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_one shapes_c oclfft_one oclfft_c; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
S="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134 400x335544 2000x67108 4001x33546"
D="1000x67108 2187x30685 4096x16384 1009x66510"
R="1024x131072 4096x32768 1000x134217 65536x2048"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== c"; OCLFFT_CACHE_DIR=/tmp/c_c /tmp/b/shapes_c $S
echo "== one"; OCLFFT_CACHE_DIR=/tmp/c_one /tmp/b/shapes_one $S
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S
echo "== c again"; OCLFFT_CACHE_DIR=/tmp/c_c /tmp/b/shapes_c 1000x134217 2187x61370 6561x20457 1009x133020
echo "== f64 c"; OCLFFT_CACHE_DIR=/tmp/c_c /tmp/b/shapes_c --f64 $D
echo "== f64 one"; OCLFFT_CACHE_DIR=/tmp/c_one /tmp/b/shapes_one --f64 $D
echo "== f64 cuFFT"; python3 .gpu/cufft_shapes.py --precision f64 $D
for k in r2c c2r; do
echo "== $k c"; OCLFFT_CACHE_DIR=/tmp/c_c /tmp/b/shapes_c --$k $R
echo "== $k one"; OCLFFT_CACHE_DIR=/tmp/c_one /tmp/b/shapes_one --$k $R
done
echo "== bench one"; OCLFFT_CACHE_DIR=/tmp/c_one /tmp/b/oclfft_one bench --min 10 --max 26
echo "== bench c"; OCLFFT_CACHE_DIR=/tmp/c_c /tmp/b/oclfft_c bench --min 10 --max 26
} 2>&1 | tee $OUT/g6.txt
