#!/bin/bash
# Experiment x2: three-pass splits of C2C 2^23..2^26, R2C 2^21..2^27 reals with the split in a
# last pass of 64 points (shapes_x with OCLFFT_X_SPLIT_STRIDE lifts the stride bound), C2R 2^24-2^25.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_x.gz && chmod +x shapes_x && cd ..
X=.gpu/shapes_x
export OCLFFT_X_SPLIT_STRIDE=1000000000
o=$OUT/x2.txt
run() { echo "### $*" >> $o; "$@" 2>&1 | grep -v "^device\|^oclfft\|^ *shape" | cut -c1-90 >> $o; }
d() { if [ -n "$1" ]; then run $X $1 "--decomposition=fused $2" $3; else run $X "--decomposition=fused $2" $3; fi; }
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
run $X 16777216x8
for s in 512x256x128 1024x128x128 1024x256x64 2048x64x128 256x512x128; do d "" $s 16777216x8; done
run $X 33554432x4
for s in 1024x256x128 1024x128x256 512x512x128; do d "" $s 33554432x4; done
run $X 67108864x2
for s in 1024x512x128 1024x256x256 2048x256x128; do d "" $s 67108864x2; done
run $X 8388608x16
for s in 1024x64x128 1024x128x64; do d "" $s 8388608x16; done
run $X --r2c 2097152x64
for s in 256x64x64 128x128x64 1024x16x64; do d --r2c $s 2097152x64; done
run $X --r2c 4194304x32
for s in 256x128x64 512x64x64 1024x32x64; do d --r2c $s 4194304x32; done
run $X --r2c 8388608x16
for s in 512x128x64 1024x64x64 256x256x64; do d --r2c $s 8388608x16; done
run $X --r2c 16777216x8
for s in 1024x128x64 512x256x64 2048x64x64; do d --r2c $s 16777216x8; done
run $X --r2c 33554432x4
for s in 1024x256x64 512x512x64 2048x128x64; do d --r2c $s 33554432x4; done
run $X --r2c 67108864x2
for s in 1024x512x64 2048x256x64; do d --r2c $s 67108864x2; done
run $X --r2c 134217728x1
for s in 1024x1024x64 2048x512x64; do d --r2c $s 134217728x1; done
run $X --c2r 16777216x8
for s in 256x256x128 512x128x128 256x512x64 1024x128x64 128x512x128; do d --c2r $s 16777216x8; done
run $X --c2r 33554432x4
for s in 512x256x128 256x256x256; do d --c2r $s 33554432x4; done
run $X 16777216x8
run $X --r2c 16777216x8
echo "## cuFFT" >> $o
python3 .gpu/cufft_shapes.py 8388608x16 16777216x8 33554432x4 67108864x2 >> $o 2>&1
python3 .gpu/cufft_shapes.py --kind r2c 2097152x64 4194304x32 8388608x16 16777216x8 33554432x4 67108864x2 >> $o 2>&1
python3 .gpu/cufft_shapes.py --kind c2r 16777216x8 33554432x4 >> $o 2>&1
