#!/usr/bin/env bash
# C2R f32 and f64 with the merge's work-groups in mirrored block order: "new" (wide merge
# passes and the mirrored order: the working tree), "rem" (the mirrored order only, merge
# passes never wide) and "old" (58546ce), rounds old new rem rem new old, beside cuFFT's C2R
# in the same call; then the fused real-transform device tests on the NVIDIA driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new shapes_rem real_tests; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="262144x512 524288x256 1048576x128 2097152x64 4194304x32 8388608x16 16777216x8 33554432x4 1000000x134"
D="262144x256 1048576x64 2097152x32 4194304x16 8388608x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new rem rem new old; do
echo "== $v c2r"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --c2r $R | tail -n +3
done
for v in old new rem old; do
echo "== $v c2r f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --f64 --c2r $D | tail -n +3
done
echo "== cuFFT c2r"; timeout 80 python3 .gpu/cufft_shapes.py --kind c2r $R
echo "== cuFFT c2r f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r --precision f64 $D
echo "== device tests (real transforms) on NVIDIA"
OCLFFT_CACHE_DIR=/tmp/c_t timeout 200 /tmp/b/real_tests 2>&1 | tail -20
} 2>&1 | tee $OUT/w2.txt
