#!/bin/bash
# e3: pass twiddles as one table read, hi[s >> h] * exp(i a) with exp(i a) of the low bits a
# Taylor series (OCLFFT_EXP_POLY of the experiment build, branch exp-tw), instead of two reads
# (hi * lo); rounds base poly poly base.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_exp.gz && chmod +x shapes_exp && cd ..
o=$OUT/e3.txt
B=.gpu/shapes_exp
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
for v in base poly poly base; do
  unset OCLFFT_EXP_POLY
  case $v in poly) export OCLFFT_EXP_POLY=1;; esac
  echo "## $v" >> $o
  $B 32768x4096 65536x2048 1048576x128 4194304x32 16777216x8 8192,8192 4096,4096x8 100000x1342 1000000x134 2>&1 | cut -c1-110 >> $o
  $B --r2c 1048576x128 16777216x8 2>&1 | cut -c1-110 >> $o
  $B --c2r 1048576x128 2>&1 | cut -c1-110 >> $o
done
