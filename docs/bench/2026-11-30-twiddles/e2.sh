#!/bin/bash
# e2: pass twiddles computed (cospi/sinpi of 2s/N, OCLFFT_EXP_SINPI of the experiment build,
# branch exp-tw) instead of read from the two-level table; rounds base sinpi sinpi base.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_exp.gz && chmod +x shapes_exp && cd ..
o=$OUT/e2.txt
B=.gpu/shapes_exp
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
for v in base sinpi sinpi base; do
  unset OCLFFT_EXP_SINPI
  case $v in sinpi) export OCLFFT_EXP_SINPI=1;; esac
  echo "## $v" >> $o
  $B 32768x4096 65536x2048 1048576x128 4194304x32 16777216x8 8192,8192 4096,4096x8 512,512,512 100000x1342 1000000x134 10000x13421 65537x2048 2>&1 | cut -c1-110 >> $o
  $B --r2c 65536x2048 1048576x128 16777216x8 2>&1 | cut -c1-110 >> $o
  $B --c2r 1048576x128 2>&1 | cut -c1-110 >> $o
done
