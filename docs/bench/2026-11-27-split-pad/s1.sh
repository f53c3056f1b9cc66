#!/usr/bin/env bash
# One-pass R2C whose split kernel pairs columns: the exchanges between stages padded
# linearly ("new": the paired-column bindings as index expressions, so the padding search
# can evaluate them) against dcf454a ("old": pad() in every exchange). R2C per 2^27 f32
# reals (2^26 f64), rounds old new new old; C2C of the same half lengths and cuFFT's R2C
# in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="1024x131072 2048x65536 4096x32768 8192x16384"
D="1024x65536 2048x32768 4096x16384"
C="512x262144 1024x131072 2048x65536"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --r2c $R | tail -n +3
echo "== $v r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --f64 --r2c $D | tail -n +3
done
echo "== new c2c"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 60 /tmp/b/shapes_new $C | tail -n +3
echo "== cuFFT r2c"; timeout 80 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT r2c f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $D
echo "== cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py $C
} 2>&1 | tee $OUT/s1.txt
