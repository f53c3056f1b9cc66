#!/bin/bash
# w1: 8192-point passes of 2 columns (16384 values, as the 4096-point pass of 4 columns) in
# multi-pass plans: the 8192^2 column axis in one pass, the R2C of 2^20 and 2^21 reals as
# 8192 x 64 and 8192 x 128, C2C 2^22..2^25 with an 8192-point first pass. One build with
# temporary knobs (OCLFFT_EXP_WIDE8192: 8192-point wide passes; OCLFFT_EXP_R32: their
# radices [32, 32, 8] with 512 work-items instead of [64, 64, 2] with 256); base = no knob
# (the plans of main). Two rounds; cuFFT beside.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_w8.gz && chmod +x shapes_w8 && cd ..
o=$OUT/w1.txt
B=.gpu/shapes_w8
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
ND="8192,8192x1 8192,8192x2 8192,1024x16"
for round in 1 2; do
  echo "## round $round base" >> $o
  $B $ND 2>&1 | cut -c1-150 >> $o
  $B --r2c 1048576x128 2097152x64 2>&1 | cut -c1-150 >> $o
  $B 4194304x32 8388608x16 16777216x8 33554432x4 2>&1 | cut -c1-150 >> $o
  for v in r64 r32; do
    if [ $v = r32 ]; then export OCLFFT_EXP_R32=1; else unset OCLFFT_EXP_R32; fi
    export OCLFFT_EXP_WIDE8192=1
    echo "## round $round wide8192 $v" >> $o
    $B $ND 2>&1 | cut -c1-150 >> $o
    $B --r2c --decomposition="fused 8192x64" 1048576x128 2>&1 | cut -c1-150 >> $o
    $B --r2c --decomposition="fused 8192x128" 2097152x64 2>&1 | cut -c1-150 >> $o
    $B --decomposition="fused 8192x512" 4194304x32 2>&1 | cut -c1-150 >> $o
    $B --decomposition="fused 8192x1024" 8388608x16 2>&1 | cut -c1-150 >> $o
    $B --decomposition="fused 8192x2048" 16777216x8 2>&1 | cut -c1-150 >> $o
    $B --decomposition="fused 8192x4096" 33554432x4 2>&1 | cut -c1-150 >> $o
    unset OCLFFT_EXP_WIDE8192 OCLFFT_EXP_R32
  done
done
echo "## cuFFT" >> $o
python3 .gpu/cufft_shapes.py $ND 4194304x32 8388608x16 16777216x8 33554432x4 >> $o 2>&1
python3 .gpu/cufft_shapes.py --kind r2c 1048576x128 2097152x64 >> $o 2>&1
