#!/usr/bin/env bash
# The committed rule (looped column passes read their pass twiddles on a grid: "new")
# against HEAD 3153ec0 ("head"): oclfft bench f32 2^14..2^27 (rounds head new new head), f64
# 2^14..2^25 (head new), issue 9's multi-pass shapes and issue 10's long R2C and C2R shapes
# (head new), cuFFT's in the same call. Sizes below 2^14 are one pass (unchanged).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in oclfft_head oclfft_new shapes_head shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
C="100000x1342 1000000x134 3145728x42 65537x2048 999983x134"
R="65536x2048 1048576x128 16777216x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in head new new head; do
echo "== $v f32"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/oclfft_$v bench --min 14 --max 27 --rustfft false | tail -n +5
done
for v in head new; do
echo "== $v f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/oclfft_$v bench --min 14 --max 25 --precision f64 --rustfft false | tail -n +5
done
for v in head new; do
echo "== $v c2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v $C | tail -n +3
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --r2c $R | tail -n +3
echo "== $v c2r"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --c2r $R | tail -n +3
done
echo "== cuFFT f32"; timeout 60 python3 .gpu/cufft_bench.py --min 14 --max 26
echo "== cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py $C
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT c2r"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r $R
} 2>&1 | tee $OUT/a3.txt
