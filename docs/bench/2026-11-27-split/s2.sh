#!/usr/bin/env bash
# The committed rule against s1's t16 and 6ca31b2: n2 = t16 plus (a) a last pass with the
# split at a stride of at most 4096 (2^26 reals: point-wise) and (b) an R2C whose planner's
# two passes cannot take the split takes the two-pass split with the longest last pass that
# can (2^19..2^21 reals: 1024/2048/4096 x 256). f32 rounds old t16 n2 n2 old, then f64
# (the run rule is in bytes: 8 f64 columns qualify), cuFFT's R2C in f32 and f64, our C2C.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in old t16 n2; do gunzip -c .gpu/shapes_$f.gz > /tmp/b/shapes_$f && chmod +x /tmp/b/shapes_$f; done
export OCLFFT_DEVICE=nvidia
R="1024x131072 4096x32768 1000x134217 65536x2048 131072x1024 262144x512 524288x256 1048576x128 2097152x64 4194304x32 8388608x16 16777216x8 67108864x2 134217728x1"
D="65536x1024 131072x512 262144x256 524288x128 1048576x64 4194304x16"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old t16 n2 n2 old; do
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 150 /tmp/b/shapes_$v --r2c $R | tail -n +4
done
for v in old n2; do
echo "== $v r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --f64 --r2c $D | tail -n +4
done
echo "== cuFFT r2c"; timeout 100 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT r2c f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $D
echo "== n2 c2c"; OCLFFT_CACHE_DIR=/tmp/c_n2 timeout 100 /tmp/b/shapes_n2 $R | tail -n +4
} 2>&1 | tee $OUT/s2.txt
