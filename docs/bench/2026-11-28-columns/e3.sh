#!/usr/bin/env bash
# The split of the complex core of the R2C of 2^24 and 2^20 reals, and of the C2C of 2^24
# points (issue 10's R2C/C2C ratio), through the shapes example's --decomposition (measure
# mode's choice) with the binary of 9c6efde; rounds 1 2; cuFFT in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_f1.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c_e3
S=/tmp/b/shapes
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
for d in default 4096x2048 2048x4096 256x256x128 128x256x256 256x128x256; do
a=$([ $d = default ] || echo "--decomposition=fused $d")
echo "== r2c 2^24 $d"; timeout 60 $S --r2c "${a:---r2c}" 16777216x8 | tail -n +3
done
for d in default 256x256x256 512x256x128; do
a=$([ $d = default ] || echo "--decomposition=fused $d")
echo "== c2c 2^24 $d"; timeout 60 $S "${a:---f32}" 16777216x8 | tail -n +3
done
for d in default 1024x512 512x1024 4096x128; do
a=$([ $d = default ] || echo "--decomposition=fused $d")
echo "== r2c 2^20 $d"; timeout 60 $S --r2c "${a:---r2c}" 1048576x128 | tail -n +3
done
echo "== c2c 2^20 default"; timeout 60 $S 1048576x128 | tail -n +3
done
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 16777216x8 1048576x128
echo "== cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py 16777216x8 1048576x128
} > $OUT/e3.txt 2>&1
cat $OUT/e3.txt
