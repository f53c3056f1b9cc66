#!/usr/bin/env bash
# Multi-pass C2R: where the merge rides. old = 6ca31b2 (the merge in every first pass, 1-4
# columns included); m1 = the working tree with MERGE_NEEDS_RUNS = false (a C2R whose first
# pass with the merge reads runs under 64 bytes takes the two-pass split whose first pass
# does: 2^20..2^22 reals as 512 x ...); m2 = m1 plus, where no such split exists, the
# point-wise merge in pairs before plain passes (MERGE_NEEDS_RUNS = true: 2^23..2^25 reals).
# Rounds old m1 m2 m2 m1, then cuFFT's C2R in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in old m1 m2; do gunzip -c .gpu/shapes_$f.gz > /tmp/b/shapes_$f && chmod +x /tmp/b/shapes_$f; done
export OCLFFT_DEVICE=nvidia
R="65536x2048 262144x512 524288x256 1048576x128 2097152x64 4194304x32 8388608x16 16777216x8 33554432x4"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old m1 m2 m2 m1; do
echo "== $v c2r"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --c2r $R | tail -n +4
done
echo "== cuFFT c2r"; timeout 100 python3 .gpu/cufft_shapes.py --kind c2r $R
} 2>&1 | tee $OUT/s4.txt
