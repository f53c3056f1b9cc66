#!/usr/bin/env bash
# The committed rule ("fin": wide merge passes from 2048 points in f32 and every wide f64
# length; the mirrored block order from 512 blocks) against 58546ce ("old"): C2R f32 and
# f64, rounds old fin fin old, cuFFT's C2R in the same call; then the real-transform device
# tests (all but the every-length sweep, which compiles 640 plans) on the NVIDIA driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_fin real_tests_fin; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="1048576x128 2097152x64 4194304x32 8388608x16 16777216x8 33554432x4"
D="1048576x64 2097152x32 4194304x16 8388608x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old fin fin old; do
echo "== $v c2r"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --c2r $R | tail -n +3
done
for v in old fin; do
echo "== $v c2r f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --f64 --c2r $D | tail -n +3
done
echo "== cuFFT c2r"; timeout 80 python3 .gpu/cufft_shapes.py --kind c2r $R
echo "== cuFFT c2r f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r --precision f64 $D
} 2>&1 | tee $OUT/w4.txt
OCLFFT_CACHE_DIR=/tmp/ct timeout 250 /tmp/b/real_tests_fin --skip every_length > $OUT/tests_fin.txt 2>&1; echo "rc=$?" >> $OUT/tests_fin.txt
tail -n 25 $OUT/tests_fin.txt
