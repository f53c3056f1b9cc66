#!/bin/bash
# x5: issue 10's table with the committed plans (shapes of e36c439; eed0aed and 06af1fd change
# no plan) beside cuFFT, two rounds, ours then cuFFT's.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_new.gz && chmod +x shapes_new && cd ..
o=$OUT/x5.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
I10="1024x131072 4096x32768 65536x2048 1048576x128 16777216x8 1000x134217"
for r in 1 2; do
  echo "## round $r" >> $o
  for k in --r2c --c2r; do .gpu/shapes_new $k $I10 2>&1 | cut -c1-100 >> $o; done
  .gpu/shapes_new $I10 2>&1 | cut -c1-100 >> $o
  python3 .gpu/cufft_shapes.py --kind r2c $I10 >> $o 2>&1
  python3 .gpu/cufft_shapes.py --kind c2r $I10 >> $o 2>&1
done
