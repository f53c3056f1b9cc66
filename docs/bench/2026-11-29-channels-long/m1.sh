#!/bin/bash
# m1: channels along axis 0 of multi-pass lengths (N, C) against the contiguous 1-D
# transform of the same points and cuFFT on the same layout; two temporary knobs of a
# scratch build (never committed): ZZ_SBS_BITS (radix bits of the 8192-point pass of 2
# channels side by side) and ZZ_4096_BITS (radix bits of the 4096-point first pass of the
# R2C of 2^20 reals). f32, 2^27 points per launch.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_knob.gz && chmod +x shapes_knob && cd ..
S=.gpu/shapes_knob
o=$OUT/m1.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
CH="16384,2x4096 32768,2x2048 65536,2x1024 262144,2x256 1048576,2x64 4096,4x8192 8192,4x4096 16384,4x2048 65536,4x512"
ONE="16384x8192 32768x4096 65536x2048 262144x512 1048576x128 4096x32768 8192x16384"
for r in 1 2; do
  echo "## round $r channels" >> $o
  $S --axes=0 $CH 2>&1 | cut -c1-130 >> $o
  echo "## round $r contiguous" >> $o
  $S $ONE 2>&1 | cut -c1-130 >> $o
done
echo "## cuFFT channels" >> $o
python3 docs/bench/2026-11-29-channels/stereo_cufft.py $CH >> $o 2>&1
for r in 1 2; do
  for b in default 5; do
    echo "## round $r 8192,2 ZZ_SBS_BITS=$b" >> $o
    if [ $b = default ]; then $S --axes=0 8192,2x8192 2>&1 | tail -1 >> $o; else ZZ_SBS_BITS=$b $S --axes=0 8192,2x8192 2>&1 | tail -1 >> $o; fi
  done
  for b in default 6; do
    echo "## round $r r2c 2^20 ZZ_4096_BITS=$b" >> $o
    if [ $b = default ]; then $S --r2c 1048576x128 2>&1 | tail -1 >> $o; else ZZ_4096_BITS=$b $S --r2c 1048576x128 2>&1 | tail -1 >> $o; fi
  done
done
