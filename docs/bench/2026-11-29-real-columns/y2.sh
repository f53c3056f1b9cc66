#!/bin/bash
# y2: the fold's store as two branches per work-item (low half, conjugated high half) instead
# of a test per element; the same shapes as y1, old (e36c439's plans) against new, with the
# temporary knob OCLFFT_RCOLS_FIRST (never committed) for the first pass's log2.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && for b in old new; do gunzip -f shapes_$b.gz && chmod +x shapes_$b; done && cd ..
o=$OUT/y2.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
R="65536x2048 131072x1024 262144x512 524288x256 1048576x128 2097152x64"
for b in old new; do
  echo "## $b" >> $o
  .gpu/shapes_$b --r2c $R 2>&1 | cut -c1-160 >> $o
done
for f in 7 8 10; do
  echo "## new, first pass 2^$f" >> $o
  OCLFFT_RCOLS_FIRST=$f .gpu/shapes_new --r2c $R 2>&1 | cut -c1-160 >> $o
done
