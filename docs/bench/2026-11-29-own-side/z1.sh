#!/bin/bash
# z1: the split of a multi-pass f32 R2C with each slot writing its own column's outputs and
# the mirror slots' columns ascending (temporary knob OCLFFT_SPLIT_ASC=1, never committed)
# against the front slot writing both (=0), one binary (24cf058 + the knob), rounds
# 0 1 1 0, then the same shapes' C2C of our plans (for R2C / C2C).
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_new.gz && chmod +x shapes_new && cd ..
o=$OUT/z1.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
R="65536x2048 131072x1024 262144x512 524288x256 1048576x128 2097152x64 4194304x32 16777216x8"
for a in 0 1 1 0; do
  echo "## OCLFFT_SPLIT_ASC=$a" >> $o
  OCLFFT_SPLIT_ASC=$a .gpu/shapes_new --r2c $R 2>&1 | cut -c1-90 >> $o
done
echo "## C2C" >> $o
.gpu/shapes_new 1048576x128 2>&1 | cut -c1-90 >> $o
