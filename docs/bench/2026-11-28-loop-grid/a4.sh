#!/usr/bin/env bash
# The grid in every local-memory column pass (also those of more than 16 elements per
# work-item, written out: f32 512-point passes, mixed lengths such as 100000's 250-point
# pass; "new2") against c303b8b (the looped passes only; "new"): oclfft bench f32 and f64
# sizes whose plans take those passes (rounds new new2 new2 new), issue 9's shapes (new
# new2) and cuFFT's in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in s_new s_new2 shapes_new shapes_new2; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
C="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in new new2 new2 new; do
echo "== $v f32"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/s_$v bench --sizes 131072,524288,67108864,134217728 --rustfft false | tail -n +5
echo "== $v f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/s_$v bench --sizes 262144,524288 --precision f64 --rustfft false | tail -n +5
done
for v in new new2; do
echo "== $v c2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 90 /tmp/b/shapes_$v $C | tail -n +3
done
echo "== cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py $C
} 2>&1 | tee $OUT/a4.txt
