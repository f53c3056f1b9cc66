#!/usr/bin/env bash
# Issue 13's sweep and issue 9's shapes of cfabaa2 in one call beside cuFFT: oclfft bench
# f32 2^4..2^27 and f64 2^4..2^25, cufft_bench.py 2^4..2^26, shapes (C2C) and cufft_shapes.py.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in oclfft_head shapes_head; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c_head
C="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== cuFFT f32"; timeout 90 python3 .gpu/cufft_bench.py --min 4 --max 26
echo "== oclfft f32"; timeout 150 /tmp/b/oclfft_head bench --min 4 --max 27 --rustfft false | tail -n +3
echo "== oclfft f64"; timeout 150 /tmp/b/oclfft_head bench --min 4 --max 25 --precision f64 --rustfft false | tail -n +3
echo "== oclfft c2c"; timeout 120 /tmp/b/shapes_head $C | tail -n +3
echo "== cuFFT c2c"; timeout 90 python3 .gpu/cufft_shapes.py $C
} 2>&1 | tee $OUT/s1.txt
