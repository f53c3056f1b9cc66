#!/bin/bash
# e5: the interleaved 2048-point wide passes as [32, 32, 2] with 512 work-items
# (OCLFFT_EXP_IL2048 of the experiment build, branch exp-tw after merging 76e1afd) instead of
# [64, 32] with 256; rounds base il il base. Then ptxas' registers and local memory of the
# kernels of a few plans (no knob: main's kernels).
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_exp.gz && chmod +x shapes_exp && cd ..
o=$OUT/e5.txt
B=.gpu/shapes_exp
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
for v in base il il base; do
  unset OCLFFT_EXP_IL2048
  case $v in il) export OCLFFT_EXP_IL2048=1;; esac
  echo "## $v" >> $o
  timeout 60 $B 2048,2048x32 2048,512x128 2048,64x1024 2>&1 | cut -c1-110 >> $o
done
unset OCLFFT_EXP_IL2048
for s in 8192x16384 1048576x128 6561x20457 4096,4096x8 8192,8192 2187x61370; do
  echo "## ptxas $s" >> $o
  OCLFFT_CACHE_DIR=/tmp/occ_$s OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 timeout 60 $B $s > /tmp/v.txt 2>&1
  grep -E "Compiling entry|Used [0-9]+ registers|spill" /tmp/v.txt | sort -u | cut -c1-120 >> $o
  tail -1 /tmp/v.txt | cut -c1-110 >> $o
done
