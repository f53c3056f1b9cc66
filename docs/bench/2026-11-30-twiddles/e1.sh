#!/bin/bash
# e1: what the second passes' table twiddles and the kernels' non-restrict data pointers cost
# (diagnostic knobs of the experiment build, branch exp-tw): base = catalog kernels; emit =
# the same kernels emitted at run time (control); notw1 = pass twiddles replaced by 1 (wrong
# results, timing only); notw2 = also the split step's twiddles; restrict = data pointers
# `restrict`. Then the registers and local memory of the R2C's passes (ptxas -v).
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_exp.gz && chmod +x shapes_exp && cd ..
o=$OUT/e1.txt
B=.gpu/shapes_exp
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
clear() { unset OCLFFT_EXP_EMIT OCLFFT_EXP_NOTW OCLFFT_EXP_RESTRICT; }
for v in base emit notw1 notw2 restrict restrict notw2 notw1 emit base; do
  clear
  case $v in emit) export OCLFFT_EXP_EMIT=1;; notw1) export OCLFFT_EXP_NOTW=1;; notw2) export OCLFFT_EXP_NOTW=2;; restrict) export OCLFFT_EXP_RESTRICT=1;; esac
  echo "## $v" >> $o
  $B 1048576x128 4194304x32 8192,8192 2>&1 | cut -c1-110 >> $o
  $B --r2c 1048576x128 1048576x129 1048576x132 2>&1 | cut -c1-110 >> $o
done
clear
echo "## ptxas" >> $o
OCLFFT_CACHE_DIR=/tmp/occ_v OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 $B --r2c 1048576x128 > /tmp/v.txt 2>&1
grep -i "function properties\|registers\|Compiling entry\|bytes stack\|smem" /tmp/v.txt | head -40 >> $o
tail -5 /tmp/v.txt >> $o
