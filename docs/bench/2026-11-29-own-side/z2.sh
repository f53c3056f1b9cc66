#!/bin/bash
# z2: with the own-side split (84dcf6a), other two-pass splits of the R2Cs whose split pass is
# longest (named decompositions; a temporary knob OCLFFT_SPLIT_MIN_RUN, never committed,
# lets a split pass with runs of 32 bytes exist), f32, per 2^27 reals.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_knob.gz && chmod +x shapes_knob && cd ..
o=$OUT/z2.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
for d in "2048x256" "4096x128" "1024x512"; do
  echo "## 1048576x128 fused $d" >> $o
  OCLFFT_SPLIT_MIN_RUN=32 .gpu/shapes_knob --r2c "--decomposition=fused $d" 1048576x128 2>&1 | cut -c1-120 >> $o
done
for d in "2048x128" "1024x256" "4096x64"; do
  echo "## 524288x256 fused $d" >> $o
  OCLFFT_SPLIT_MIN_RUN=32 .gpu/shapes_knob --r2c "--decomposition=fused $d" 524288x256 2>&1 | cut -c1-120 >> $o
done
for d in "512x64" "256x128" "1024x32"; do
  echo "## 65536x2048 fused $d" >> $o
  OCLFFT_SPLIT_MIN_RUN=32 .gpu/shapes_knob --r2c "--decomposition=fused $d" 65536x2048 2>&1 | cut -c1-120 >> $o
done
echo "## default plans" >> $o
.gpu/shapes_knob --r2c 1048576x128 524288x256 65536x2048 2>&1 | cut -c1-120 >> $o
