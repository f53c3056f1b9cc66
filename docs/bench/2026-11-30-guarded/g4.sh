#!/usr/bin/env bash
# g4: every eighth length that went from two passes to one (g4_lengths.txt), one pass
# (`.gpu/shapes_new.gz`, the build of g3) beside cuFFT. f32 C2C, 2^27 points.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_new.gz > /tmp/b/new && chmod +x /tmp/b/new
export OCLFFT_DEVICE=nvidia
SH=""
for n in $(cat docs/bench/2026-11-30-guarded/g4_lengths.txt); do
  SH="$SH ${n}x$(( (1 << 27) / n ))"
done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== new"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 330 /tmp/b/new $SH | tail -n +3
echo "== cuFFT"; timeout 200 python3 .gpu/cufft_shapes.py $SH | tail -n +2
} 2>&1 | cut -c1-200 | tee $OUT/g4.txt
