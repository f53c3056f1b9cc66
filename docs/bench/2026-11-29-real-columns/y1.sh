#!/bin/bash
# y1: the R2C in real columns (working tree after 24cf058, with a temporary knob
# OCLFFT_RCOLS_FIRST naming the first pass's log2, never committed) against the committed
# plans (shapes of e36c439, the same real plans as 24cf058), beside cuFFT; rounds old new new old.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && for b in old new; do gunzip -f shapes_$b.gz && chmod +x shapes_$b; done && cd ..
o=$OUT/y1.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
R="65536x2048 131072x1024 262144x512 524288x256 1048576x128 2097152x64"
for b in old new new old; do
  echo "## $b" >> $o
  .gpu/shapes_$b --r2c $R 2>&1 | cut -c1-160 >> $o
done
for f in 7 8 10; do
  echo "## new, first pass 2^$f" >> $o
  OCLFFT_RCOLS_FIRST=$f .gpu/shapes_new --r2c $R 2>&1 | cut -c1-160 >> $o
done
echo "## new C2C" >> $o
.gpu/shapes_new 65536x2048 1048576x128 2>&1 | cut -c1-160 >> $o
python3 .gpu/cufft_shapes.py --kind r2c $R >> $o 2>&1
