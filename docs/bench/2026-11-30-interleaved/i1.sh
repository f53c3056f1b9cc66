#!/usr/bin/env bash
# i1: interleaved mixed passes (axes before the last of 2-D shapes) with their values in
# registers, and axes up to 2560 points in one such pass of 4 columns exchanging halves.
# One build of the working tree with a temporary hook, OCLFFT_EXP_IL (never committed):
# without it (`off`, dbefe83's plans) and with it (`on`), rounds off on on off; f32, about
# 2^27 points per launch; then cuFFT on the shapes v1 did not time.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_new.gz > /tmp/b/new && chmod +x /tmp/b/new
export OCLFFT_DEVICE=nvidia
C="1000,1000x134 2000,2000x33 1080,1920x64 1200,1600x70 1536,2048x42 2000,1000x67"
R="1000,1000x134 1080,1920x64"
# round CONFIG [--no-check]: the first round of each configuration checks every shape
# against the oracle (naive DFTs along the mixed axes), the second skips it.
round() {
  if [ "$1" = on ]; then export OCLFFT_EXP_IL=1; else unset OCLFFT_EXP_IL; fi
  echo "== $1 c2c $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 200 /tmp/b/new $2 $C | tail -n +3
  echo "== $1 r2c $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 60 /tmp/b/new $2 --r2c $R | tail -n +3
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
round off ""; round on ""; round on --no-check; round off --no-check
echo "== cuFFT c2c"; timeout 40 python3 .gpu/cufft_shapes.py 1200,1600x70 1536,2048x42 2000,1000x67 1000,1000x134 | tail -n +2
} 2>&1 | cut -c1-220 | tee $OUT/i1.txt
