#!/bin/bash
# x3: the committed rules (new = working tree: three-pass C2C of 2^23+, R2C split in a 64-point
# third pass, C2R merge in a 256-point first pass) against 54d0187 (old), rounds old new new old;
# then cuFFT's C2C, R2C and C2R of the same shapes.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_old.gz shapes_new.gz && chmod +x shapes_old shapes_new && cd ..
o=$OUT/x3.txt
run() { echo "### $*" >> $o; "$@" 2>&1 | grep -v "^device\|^oclfft\|^ *shape" | cut -c1-110 >> $o; }
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
C2C="8388608x16 16777216x8 33554432x4 67108864x2"
R2C="2097152x64 4194304x32 8388608x16 16777216x8 33554432x4 134217728x1"
C2R="16777216x8 33554432x4 67108864x2 134217728x1"
for b in old new new old; do
  echo "## $b" >> $o
  run .gpu/shapes_$b $C2C
  run .gpu/shapes_$b --r2c $R2C
  run .gpu/shapes_$b --c2r $C2R
done
for b in old new; do
  run .gpu/shapes_$b --layouts 8388608x16 16777216x8
done
echo "## cuFFT" >> $o
run .gpu/shapes_new 1048576x128
python3 .gpu/cufft_shapes.py 1048576x128 $C2C >> $o 2>&1
python3 .gpu/cufft_shapes.py --kind r2c $R2C >> $o 2>&1
python3 .gpu/cufft_shapes.py --kind c2r $C2R >> $o 2>&1
