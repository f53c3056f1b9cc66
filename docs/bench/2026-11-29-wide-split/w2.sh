#!/bin/bash
# w2: the wide split's registers (v1 = w1's build: both parts of every mirror held; v2: the
# mirrors' real parts held, the imaginary parts read as each element writes, the split
# twiddles one table read and constants), then v2's times per decomposition.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && for b in v1 v2; do gunzip -f shapes_$b.gz && chmod +x shapes_$b; done && cd ..
o=$OUT/w2.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
for b in v1 v2; do
  for d in 1024x512 2048x256; do
    echo "## $b registers $d" >> $o
    OCLFFT_CACHE_DIR=/tmp/cc_$b$d OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 .gpu/shapes_$b --r2c "--decomposition=fused $d" 1048576x128 2>&1 | grep -iE "registers|spill|entry function" | grep -v gmem | head -8 >> $o
  done
done
S=.gpu/shapes_v2
r2c() { echo "## $1 $2" >> $o; $S --r2c "--decomposition=fused $2" $1 2>&1 | tail -1 | cut -c1-110 >> $o; }
for round in 1 2; do
  echo "# round $round" >> $o
  echo "## default R2C" >> $o
  $S --r2c 262144x512 524288x256 1048576x128 2097152x64 4194304x32 2>&1 | cut -c1-110 >> $o
  r2c 262144x512 512x256
  r2c 524288x256 512x512; r2c 524288x256 1024x256
  r2c 1048576x128 1024x512; r2c 1048576x128 2048x256
  r2c 2097152x64 4096x256; r2c 2097152x64 128x128x64
  r2c 4194304x32 4096x512
done
echo "## C2C" >> $o
$S 524288x256 1048576x128 2>&1 | cut -c1-110 >> $o
