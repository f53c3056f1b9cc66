#!/usr/bin/env bash
# d4: rows in pairs in f64 (rows of 2048, the one-pass register kernel, under 4096-point
# columns: 2048 x 2 columns in one interleaved pass instead of 64 + 64). One build of the
# working tree with a temporary knob (OCLFFT_EXP_PAIRS64 lifts the f32-only condition; not
# committed), rounds off on on off; cuFFT (complex128) in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_new.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c4
SH="4096,2048x8 4096,2048x1 2,4096,2048x4"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in off on on off; do
  echo "== $v"
  if [ $v = on ]; then OCLFFT_EXP_PAIRS64=1 /tmp/b/shapes --f64 $SH | tail -n +3; else /tmp/b/shapes --f64 $SH | tail -n +3; fi
done
echo "== cuFFT"
python3 .gpu/cufft_shapes.py --precision f64 $SH
} 2>&1 | cut -c1-220 | tee $OUT/d4.txt
