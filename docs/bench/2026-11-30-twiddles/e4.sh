#!/bin/bash
# e4: the interleaved 4096-point column passes as [64, 64] with 256 work-items (one exchange,
# OCLFFT_EXP_IL64 of the experiment build, branch exp-tw) instead of [32, 32, 4] with 512
# (two); rounds base il64 il64 base.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_exp.gz && chmod +x shapes_exp && cd ..
o=$OUT/e4.txt
B=.gpu/shapes_exp
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
for v in base il64 il64 base; do
  unset OCLFFT_EXP_IL64
  case $v in il64) export OCLFFT_EXP_IL64=1;; esac
  echo "## $v" >> $o
  $B 4096,4096x8 4096,1024x32 4096,256x128 4096,64x512 2>&1 | cut -c1-110 >> $o
  $B --r2c 4096,4096x8 2>&1 | cut -c1-110 >> $o
done
