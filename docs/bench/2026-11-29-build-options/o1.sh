#!/bin/bash
# o1: NVIDIA's OpenCL compiler options (OCLFFT_BUILD_OPTIONS) on the kernels nearest cuFFT's
# time, the committed tree's shapes example (9efe6dc), rounds A B C D D C B A; cuFFT beside.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_head.gz && chmod +x shapes_head && cd ..
o=$OUT/o1.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
C2C="6561x20457 10000x13421 8192,8192x1 4096,4096x8 8192x16384 4096x32768"
R2C="1048576x128 4096x32768"
CH="4096,4x8192 8192,2x8192"
declare -A opt=([A]="" [B]="-cl-mad-enable" [C]="-cl-mad-enable -cl-no-signed-zeros" [D]="-cl-unsafe-math-optimizations")
for v in A B C D D C B A; do
  export OCLFFT_BUILD_OPTIONS="${opt[$v]}"
  echo "## $v '${opt[$v]}'" >> $o
  .gpu/shapes_head $C2C 2>&1 | cut -c1-140 >> $o
  .gpu/shapes_head --r2c $R2C 2>&1 | cut -c1-140 >> $o
  .gpu/shapes_head --axes=0 $CH 2>&1 | cut -c1-140 >> $o
done
unset OCLFFT_BUILD_OPTIONS
echo "## cuFFT" >> $o
python3 .gpu/cufft_shapes.py $C2C >> $o 2>&1
python3 .gpu/cufft_shapes.py --kind r2c $R2C >> $o 2>&1
