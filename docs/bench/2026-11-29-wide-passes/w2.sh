#!/bin/bash
# w2: the f32 wide passes of 16384 values (4096 points in 4 columns, 2048 in 8) with smaller
# radices and more work-items: OCLFFT_EXP_WIDE_RBITS=4 (4096 as [16, 16, 16], 2048 as
# [16, 16, 8], 1024 work-items) and =5 (2048 as [32, 32, 2], 512), a temporary knob of the
# same build as w1; base = no knob (main's [32, 32, 4] with 512 and [64, 32] with 256).
# Rounds base r4 r5 r5 r4 base.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_w8.gz && chmod +x shapes_w8 && cd ..
o=$OUT/w2.txt
B=.gpu/shapes_w8
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
for v in base r4 r5 r5 r4 base; do
  case $v in base) unset OCLFFT_EXP_WIDE_RBITS;; r4) export OCLFFT_EXP_WIDE_RBITS=4;; r5) export OCLFFT_EXP_WIDE_RBITS=5;; esac
  echo "## $v" >> $o
  $B 2097152x64 4194304x32 1048576x128 2>&1 | cut -c1-150 >> $o
  $B --r2c 1048576x128 2>&1 | cut -c1-150 >> $o
  $B --c2r 4194304x32 16777216x8 2>&1 | cut -c1-150 >> $o
done
unset OCLFFT_EXP_WIDE_RBITS
echo "## cuFFT" >> $o
python3 .gpu/cufft_shapes.py 2097152x64 4194304x32 1048576x128 >> $o 2>&1
python3 .gpu/cufft_shapes.py --kind r2c 1048576x128 >> $o 2>&1
