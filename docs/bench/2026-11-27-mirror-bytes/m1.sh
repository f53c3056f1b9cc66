#!/usr/bin/env bash
# The wide merge pass's mirrored block order from 32 MiB per sequence ("new": f32 from 256
# blocks, f64 from 512 as before) against e84863a ("old": from 512 blocks in both): C2R per
# 2^27 f32 reals (2^26 f64), rounds old new new old, cuFFT's C2R in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="2097152x64 4194304x32 8388608x16 16777216x8 33554432x4"
D="1048576x64 2097152x32 4194304x16 8388608x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
echo "== $v c2r"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --c2r $R | tail -n +3
echo "== $v c2r f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --f64 --c2r $D | tail -n +3
done
echo "== cuFFT c2r"; timeout 80 python3 .gpu/cufft_shapes.py --kind c2r $R
echo "== cuFFT c2r f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r --precision f64 $D
} 2>&1 | tee $OUT/m1.txt
