#!/usr/bin/env bash
# The wide merge pass with its columns in mirrored pairs (f32, C = 8; "new") against
# e84863a (mirrored block order from 512 blocks, launch order below; "old"): C2R per 2^27
# f32 reals, rounds old new new old, f64 once each (C = 2: unchanged rule), R2C once each
# (untouched: a control), cuFFT's C2R in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="1048576x128 2097152x64 4194304x32 8388608x16 16777216x8 33554432x4"
D="1048576x64 2097152x32 4194304x16 8388608x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
echo "== $v c2r"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --c2r $R | tail -n +3
done
for v in old new; do
echo "== $v c2r f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --f64 --c2r $D | tail -n +3
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --r2c 4194304x32 16777216x8 | tail -n +3
done
echo "== cuFFT c2r"; timeout 80 python3 .gpu/cufft_shapes.py --kind c2r $R
echo "== cuFFT c2r f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r --precision f64 $D
} 2>&1 | tee $OUT/p1.txt
