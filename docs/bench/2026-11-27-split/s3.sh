#!/usr/bin/env bash
# The committed build (3493aaf, "new") against 6ca31b2 ("old") on the H100: R2C f32 and f64,
# rounds old new new old, beside cuFFT's R2C in the same call, and our C2C of the f32 shapes.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in old new; do gunzip -c .gpu/shapes_$f.gz > /tmp/b/shapes_$f && chmod +x /tmp/b/shapes_$f; done
export OCLFFT_DEVICE=nvidia
R="1024x131072 4096x32768 65536x2048 262144x512 524288x256 1048576x128 2097152x64 4194304x32 8388608x16 16777216x8 134217728x1"
D="262144x256 524288x128 1048576x64 4194304x16"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --r2c $R | tail -n +4
done
for v in old new; do
echo "== $v r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 80 /tmp/b/shapes_$v --f64 --r2c $D | tail -n +4
done
echo "== cuFFT r2c"; timeout 100 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT r2c f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $D
echo "== new c2c"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 100 /tmp/b/shapes_new $R | tail -n +4
} 2>&1 | tee $OUT/s3.txt
