#!/usr/bin/env bash
# g2: clamped stages in exchange parts (long mixed lengths, 10241..30720 points) and a cap
# of 40 values per work-item instead of 32 for the slow four-stage passes of g1. Builds:
# `.gpu/shapes_old.gz` (90ee0a2, two passes), `.gpu/shapes_new.gz` (the working tree with a
# temporary hook, OCLFFT_EXP_GUARD_VALUES, never committed: the most values per work-item
# of a clamped pass; 32 by default). f32 C2C, 2^27 points; old, new, new at 40, then cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
SH=""
for n in 5040 7000 10240 10395 11025 12600 13230 13720 14112 14520 15120 15360 16800 17640 18480 19600 20160 6561; do
  SH="$SH ${n}x$(( (1 << 27) / n ))"
done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== old"; OCLFFT_CACHE_DIR=/tmp/c_old timeout 140 /tmp/b/old $SH | tail -n +3
echo "== new"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 140 /tmp/b/new $SH | tail -n +3
echo "== new, 40 values"; OCLFFT_EXP_GUARD_VALUES=40 OCLFFT_CACHE_DIR=/tmp/c_40 timeout 140 /tmp/b/new $SH | tail -n +3
echo "== cuFFT"; timeout 70 python3 .gpu/cufft_shapes.py $SH | tail -n +2
} 2>&1 | cut -c1-200 | tee $OUT/g2.txt
