#!/usr/bin/env bash
# What the pass twiddles cost in the interleaved column passes at p > 1: "head" = 03d38fe,
# "notw" = the same with each interleaved load's pass twiddle replaced by pass_tw_hi[0]
# (a temporary hook, never committed: wrong results, the time of a pass without its
# twiddles' reads and products). f32 C2C per 2^27 points, rounds head notw notw head.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_head shapes_notw; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
C="8192,8192x2 16384,8192 4096,16384x2"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in head notw notw head; do
echo "== $v c2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v $C | tail -n +3
done
echo "== cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py $C
} 2>&1 | tee $OUT/i1.txt
