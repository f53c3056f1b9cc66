#!/bin/bash
# y4: where the fold's time goes. Plain C2C last passes of the fold's shapes (named
# decompositions), then the R2C in real columns with temporary generator knobs
# (OCLFFT_FOLD_X, never committed): noload reads x[addr & 2047] (cached), nostore guards the
# stores by scale == -7 (never), both, and none.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_new.gz && chmod +x shapes_new && cd ..
o=$OUT/y4.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
for d in 512x512:262144x512 256x1024:262144x512 512x1024:524288x256 512x2048:1048576x128 1024x1024:1048576x128; do
  echo "## C2C fused ${d%%:*}" >> $o
  .gpu/shapes_new "--decomposition=fused ${d%%:*}" ${d##*:} 2>&1 | cut -c1-80 >> $o
done
R="65536x2048 262144x512 524288x256 1048576x128"
for x in none noload nostore noload,nostore; do
  echo "## OCLFFT_FOLD_X=$x" >> $o
  OCLFFT_FOLD_X=$x .gpu/shapes_new --r2c $R 2>&1 | cut -c1-80 >> $o
done
