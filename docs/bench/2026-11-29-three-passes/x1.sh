#!/bin/bash
# Experiment x1: three-pass decompositions for C2C 2^23/2^24, R2C and C2R 2^20/2^24 (issue 10),
# split at large strides (shapes_x reads OCLFFT_X_SPLIT_STRIDE).
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_head.gz shapes_x.gz && chmod +x shapes_head shapes_x && cd ..
H=.gpu/shapes_head; X=.gpu/shapes_x
o=$OUT/x1.txt
run() { echo "### $*" >> $o; "$@" 2>&1 | grep -v "^device\|^oclfft\|^ *shape" >> $o; }
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
for r in 1 2; do
echo "## round $r" >> $o
run $H 16777216x8
run $H "--decomposition=fused 512x256x128" 16777216x8
run $H "--decomposition=fused 256x256x256" 16777216x8
run $H "--decomposition=fused 128x256x512" 16777216x8
run $H "--decomposition=fused 256x128x512" 16777216x8
run $H 8388608x16
run $H "--decomposition=fused 256x256x128" 8388608x16
run $H --r2c 16777216x8
run $H --r2c "--decomposition=fused 256x256x128" 16777216x8
OCLFFT_X_SPLIT_STRIDE=1000000 run $X --r2c "--decomposition=fused 256x256x128" 16777216x8
OCLFFT_X_SPLIT_STRIDE=1000000 run $X --r2c "--decomposition=fused 512x128x128" 16777216x8
OCLFFT_X_SPLIT_STRIDE=1000000 run $X --r2c "--decomposition=fused 128x512x128" 16777216x8
OCLFFT_X_SPLIT_STRIDE=1000000 run $X --r2c "--decomposition=fused 256x512x64" 16777216x8
run $H --r2c 1048576x128
run $H --r2c "--decomposition=fused 4096x128" 1048576x128
run $H --r2c "--decomposition=fused 64x64x128" 1048576x128
run $H --r2c "--decomposition=fused 32x128x128" 1048576x128
run $H --r2c "--decomposition=fused 1024x512" 1048576x128
run $H 1048576x128
run $H --c2r 16777216x8
run $H --c2r "--decomposition=fused 128x256x256" 16777216x8
run $H --c2r "--decomposition=fused 256x256x128" 16777216x8
run $H --c2r "--decomposition=fused 128x128x512" 16777216x8
run $H --c2r 1048576x128
run $H --c2r "--decomposition=fused 128x64x64" 1048576x128
done
echo "## cuFFT" >> $o
python3 .gpu/cufft_shapes.py 16777216x8 8388608x16 1048576x128 >> $o 2>&1
python3 .gpu/cufft_shapes.py --kind r2c 16777216x8 1048576x128 >> $o 2>&1
python3 .gpu/cufft_shapes.py --kind c2r 16777216x8 1048576x128 >> $o 2>&1
