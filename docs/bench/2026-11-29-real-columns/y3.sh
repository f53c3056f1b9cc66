#!/bin/bash
# y3: why the fold's pass of 512 points and more is slow: temporary generator knobs
# (OCLFFT_FOLD_X, never committed): noexit runs every work-group (those past p/2 store
# nothing), forward writes the high half in forward order at j - N/2 (wrong values, for the
# timing of the reversed writes only); OCLFFT_RCOLS_FIRST names the first pass's log2.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_new.gz && chmod +x shapes_new && cd ..
o=$OUT/y3.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
R="65536x2048 131072x1024 262144x512 1048576x128"
for x in none noexit forward noexit,forward; do
  echo "## OCLFFT_FOLD_X=$x" >> $o
  OCLFFT_FOLD_X=$x .gpu/shapes_new --r2c $R 2>&1 | cut -c1-80 >> $o
  echo "## OCLFFT_FOLD_X=$x first 2^8" >> $o
  OCLFFT_RCOLS_FIRST=8 OCLFFT_FOLD_X=$x .gpu/shapes_new --r2c 131072x1024 262144x512 2>&1 | cut -c1-80 >> $o
done
echo "## C2C" >> $o
.gpu/shapes_new 131072x1024 262144x512 524288x256 1048576x128 2>&1 | cut -c1-80 >> $o
