#!/usr/bin/env bash
# After the one-pass fold (shapes_rl2: the build of the commit that lets a one-pass split's
# load and merge's store take the caller's rows): the real layouts of r1 again, with the
# mixed 1000 reals too, beside cuFFT's contiguous R2C and C2R; then the device tests.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_rl2.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c_rl2
SHAPES="1000x134217 4096x32768 65536x2048 1048576x128 16777216x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== layouts r2c f32"; timeout 150 /tmp/b/shapes --layouts --r2c $SHAPES | tail -n +3
echo "== layouts c2r f32"; timeout 150 /tmp/b/shapes --layouts --c2r $SHAPES | tail -n +3
echo "== cufft r2c"; timeout 100 python3 .gpu/cufft_shapes.py --kind r2c $SHAPES
echo "== cufft c2r"; timeout 100 python3 .gpu/cufft_shapes.py --kind c2r $SHAPES
} > $OUT/r2.txt 2>&1
cat $OUT/r2.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:150 real_layouts:60 real_transforms:150
