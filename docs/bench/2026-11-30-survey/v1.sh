#!/usr/bin/env bash
# v1: shapes users bring that no earlier call timed beside cuFFT: images and volumes whose
# axes are not powers of two (1080 x 1920, 1000^2, 2000^2, 3000^2, 720 x 1280, 100^3), audio
# lengths (44100, 48000) and a 1920-point row; C2C then R2C, f32, about 2^27 points per
# launch; `.gpu/shapes_new.gz` = the shapes example of dbefe83; then cuFFT on the same shapes.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_new.gz > /tmp/b/new && chmod +x /tmp/b/new
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c_new
C="1080,1920x64 1000,1000x134 2000,2000x33 3000,3000x15 720,1280x145 100,100,100x134 1000x134217 44100x3043 48000x2796 1920x69905"
R="1080,1920x64 1000,1000x134 100,100,100x134 44100x3043"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== ours c2c"; timeout 240 /tmp/b/new $C | tail -n +3
echo "== ours r2c"; timeout 120 /tmp/b/new --r2c $R | tail -n +3
echo "== cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py $C | tail -n +2
echo "== cuFFT r2c"; timeout 40 python3 .gpu/cufft_shapes.py --kind r2c $R | tail -n +2
} 2>&1 | cut -c1-220 | tee $OUT/v1.txt
