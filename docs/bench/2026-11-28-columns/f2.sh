#!/usr/bin/env bash
# The shapes whose ratio to cuFFT sits near 1 (8192,8192 C2C, 6561 C2C, the R2C of 4096 reals),
# ours and cuFFT's alternately, three rounds, with the binary of 9c6efde.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_f1.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c_f2
S=/tmp/b/shapes
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2 3; do
echo "== round $round oclfft c2c"; timeout 60 $S 8192,8192 6561x20457 | tail -n +3
echo "== round $round cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py 8192,8192 6561x20457
echo "== round $round oclfft r2c"; timeout 60 $S --r2c 4096x32768 | tail -n +3
echo "== round $round cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 4096x32768
done
} > $OUT/f2.txt 2>&1
cat $OUT/f2.txt
