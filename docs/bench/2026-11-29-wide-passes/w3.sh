#!/bin/bash
# w3: the 4096-point wide pass of 4 columns as [64, 64] with 256 work-items (one exchange)
# instead of [32, 32, 4] with 512 (two): OCLFFT_EXP_WIDE_RBITS=6 of the build of w1 and w2
# (2048-point passes stay [64, 32]); base = no knob. Rounds base r6 r6 base.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_w8.gz && chmod +x shapes_w8 && cd ..
o=$OUT/w3.txt
B=.gpu/shapes_w8
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
for v in base r6 r6 base; do
  case $v in base) unset OCLFFT_EXP_WIDE_RBITS;; r6) export OCLFFT_EXP_WIDE_RBITS=6;; esac
  echo "## $v" >> $o
  $B 4194304x32 1048576x128 2>&1 | cut -c1-150 >> $o
  $B --r2c 1048576x128 2>&1 | cut -c1-150 >> $o
  $B --c2r 8388608x16 2>&1 | cut -c1-150 >> $o
done
