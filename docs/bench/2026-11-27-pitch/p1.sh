#!/usr/bin/env bash
# Is the 512^3 R2C's axis-1 pass (512-point columns, inner = 257) slow because its runs of 8
# values start off the 32-byte sectors? The same interleaved pass over C2C arrays whose
# inner is 257, 256, 260 and 264, axis 1 and axis 0; the R2C shapes of issue 11 with their
# per-pass times; cuFFT's R2C in the same call; the layouts table of 2026-11-24 again.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_a.gz > /tmp/b/shapes_a && chmod +x /tmp/b/shapes_a
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c_a
S=/tmp/b/shapes_a
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
for a in 1 0; do
echo "== c2c axis $a"; timeout 100 $S --axes=$a 512,512,257 512,512,256 512,512,260 512,512,264 256,256,129x8 256,256,136x8 | tail -n +4
done
echo "== r2c"; timeout 100 $S --r2c 512,512,512 256,256,256x8 4096,4096x8 | tail -n +4
done
echo "== cuFFT r2c"; timeout 100 python3 .gpu/cufft_shapes.py --kind r2c 512,512,512 256,256,256x8 4096,4096x8
echo "== cuFFT c2c"; timeout 100 python3 .gpu/cufft_shapes.py 8192,8192 512,512,512 4096,4096x8
echo "== c2c"; timeout 100 $S 8192,8192 512,512,512 4096,4096x8 | tail -n +4
echo "== layouts"; timeout 150 $S --layouts 1024x131072 4096x32768 1000x134217 65536x2048 | tail -n +4
} 2>&1 | tee $OUT/p1.txt
