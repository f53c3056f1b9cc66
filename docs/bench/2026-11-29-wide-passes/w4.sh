#!/bin/bash
# w4: the shape of the R2C's split pass (128 points with the split, 32 columns of [16, 8],
# 256 work-items, local memory) under temporary knobs of the experiment build (branch
# wide8192 with two more knobs): OCLFFT_EXP_SPLIT_COLS=N columns, OCLFFT_EXP_SPLIT_RBITS=B
# main radix 2^B of every multi-pass split pass; all with OCLFFT_EXP_WIDE_RBITS=6 (main's
# 4096-point first pass as [64, 64]). Rounds base c16 r3 r5 c16r3 c8, then reversed.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia OCLFFT_EXP_WIDE_RBITS=6
cd .gpu && gunzip -f shapes_w8.gz && chmod +x shapes_w8 && cd ..
o=$OUT/w4.txt
B=.gpu/shapes_w8
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
for v in base c16 r3 r5 c16r3 c8 c8 c16r3 r5 r3 c16 base; do
  unset OCLFFT_EXP_SPLIT_COLS OCLFFT_EXP_SPLIT_RBITS
  case $v in
    c16) export OCLFFT_EXP_SPLIT_COLS=16;;
    c8) export OCLFFT_EXP_SPLIT_COLS=8;;
    r3) export OCLFFT_EXP_SPLIT_RBITS=3;;
    r5) export OCLFFT_EXP_SPLIT_RBITS=5;;
    c16r3) export OCLFFT_EXP_SPLIT_COLS=16 OCLFFT_EXP_SPLIT_RBITS=3;;
  esac
  echo "## $v" >> $o
  $B --r2c 1048576x128 524288x256 16777216x8 2>&1 | cut -c1-150 >> $o
  [ $v = base ] && $B 1048576x128 2>&1 | cut -c1-150 >> $o
done
