#!/usr/bin/env bash
# The column split shared by both slots of each mirrored pair ("new": every work-item stores
# half of its pair's splits) against 3fcaf58 ("old": the front slots store them all):
# multi-pass R2C shapes, f32 (rounds old new new old) and f64 (old new), cuFFT's R2C in the
# same call; our C2C of the same shapes for the R2C / C2C ratio; 6561 and 65537 re-timed.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="65536x2048 131072x1024 262144x512 524288x256 1048576x128 2097152x64 4194304x32 8388608x16 16777216x8 32000x4194 200000x671"
F="65536x1024 262144x256 1048576x64 4194304x16"
C="65536x2048 1048576x128 16777216x8 6561x20457 65537x2048"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
echo "== $v r2c f32"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --r2c $R | tail -n +3
done
for v in old new; do
echo "== $v r2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 90 /tmp/b/shapes_$v --r2c --f64 $F | tail -n +3
done
echo "== new c2c"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 90 /tmp/b/shapes_new $C | tail -n +3
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT r2c f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $F
echo "== cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py $C
} 2>&1 | tee $OUT/b1.txt
