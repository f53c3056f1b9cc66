#!/bin/bash
# o2: 3 channels side by side of multi-pass lengths (axis 0 of N,3), which keep the
# interleaved rules, beside 2 and 4 channels and the contiguous 1-D transforms; the committed
# tree's shapes example (9efe6dc), two rounds; cuFFT on the same layout.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_head.gz && chmod +x shapes_head && cd ..
o=$OUT/o2.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
CH3="32768,3x1365 65536,3x682 262144,3x170 1048576,3x42 4096,3x10922 8192,3x5461"
CH="65536,2x1024 262144,2x256 65536,4x512"
for r in 1 2; do
  echo "## round $r" >> $o
  .gpu/shapes_head --axes=0 $CH3 $CH 2>&1 | cut -c1-150 >> $o
  .gpu/shapes_head 32768x4095 65536x2046 262144x510 1048576x126 4096x32766 8192x16383 2>&1 | cut -c1-110 >> $o
done
echo "## cuFFT, the same layout" >> $o
for s in 32768,3x1365 65536,3x682 262144,3x170 1048576,3x42 4096,3x10922 8192,3x5461; do
  python3 docs/bench/2026-11-29-channels/stereo_cufft.py $s >> $o 2>&1
done
