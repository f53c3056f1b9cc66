#!/usr/bin/env bash
# Multi-pass R2C: the split step fused into last passes of C columns (runs of C/2) or after
# a plain last pass as a point-wise pass in mirrored pairs (each value read once). Builds
# (shapes example, `cargo build --release -p fft-runtime --example shapes`, stripped):
# old = 6ca31b2 (split fused into every multi-pass last pass with C even, point-wise split
# one work-item per value); tN = the working tree with PAIRED_SPLIT_MIN_COLUMNS = N (tinf:
# never in a multi-pass last pass). Rounds old t16 t8 t32 tinf t16 old, then cuFFT's R2C
# and our C2C of the same shapes (issue 10: R2C <= 0.6x our C2C of N points).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in old t8 t16 t32 tinf; do gunzip -c .gpu/shapes_$f.gz > /tmp/b/shapes_$f && chmod +x /tmp/b/shapes_$f; done
export OCLFFT_DEVICE=nvidia
R="4096x32768 65536x2048 131072x1024 262144x512 524288x256 1048576x128 2097152x64 4194304x32 8388608x16 16777216x8 33554432x4 67108864x2"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old t16 t8 t32 tinf t16 old; do
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 200 /tmp/b/shapes_$v --r2c $R | tail -n +4
done
echo "== cuFFT r2c"; timeout 120 python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== t16 c2c"; OCLFFT_CACHE_DIR=/tmp/c_t16 timeout 120 /tmp/b/shapes_t16 $R | tail -n +4
} 2>&1 | tee $OUT/s1.txt
