#!/bin/bash
# w1: the wide split (a last pass of 256 or 512 points holding 32 or 16 columns in
# registers, the mirrors brought by one more exchange) against the committed plans, one
# binary (the working tree), per decomposition; our C2C for the ratios; cuFFT's R2C; then
# issue 11's interleaved pairs (stride 2, the other value of each pair the next sequence).
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_new.gz && chmod +x shapes_new && cd ..
o=$OUT/w1.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
S=.gpu/shapes_new
r2c() { echo "## $1 $2" >> $o; $S --r2c "--decomposition=fused $2" $1 2>&1 | tail -1 | cut -c1-110 >> $o; }
for round in 1 2; do
  echo "# round $round" >> $o
  echo "## default R2C" >> $o
  $S --r2c 262144x512 524288x256 1048576x128 2097152x64 4194304x32 16777216x8 2>&1 | cut -c1-110 >> $o
  r2c 262144x512 256x512; r2c 262144x512 512x256
  r2c 524288x256 512x512; r2c 524288x256 1024x256
  r2c 1048576x128 1024x512; r2c 1048576x128 2048x256
  r2c 2097152x64 4096x256; r2c 2097152x64 128x128x64
  r2c 4194304x32 4096x512
done
echo "## C2C" >> $o
$S 262144x512 524288x256 1048576x128 16777216x8 2>&1 | cut -c1-110 >> $o
python3 .gpu/cufft_shapes.py --kind r2c 262144x512 524288x256 1048576x128 2097152x64 4194304x32 16777216x8 >> $o 2>&1
echo "## interleaved pairs (axis 0 of N,2) against contiguous" >> $o
$S --axes=0 1024,2x65536 4096,2x16384 1000,2x67108 2>&1 | cut -c1-140 >> $o
$S 1024x131072 4096x32768 1000x134217 2>&1 | cut -c1-110 >> $o
$S --layouts 1024x131072 1000x134217 2>&1 | cut -c1-110 >> $o
