#!/bin/bash
# c3: what the channel kernels that stay above 1.2x the contiguous time hold: ptxas
# registers and spills of the side-by-side kernels (2 channels of 512, 1024, 2048, 4096 and
# 1000 points) and of the contiguous kernels of the same lengths, from NVIDIA's build log
# (-cl-nv-verbose, a fresh cache per run), then their times once more (6d8b978).
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_new.gz && chmod +x shapes_new && cd ..
o=$OUT/c3.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
for s in 512,2x131072 1024,2x65536 2048,2x32768 4096,2x16384 1000,2x67108; do
  echo "## registers --axes=0 $s" >> $o
  OCLFFT_CACHE_DIR=/tmp/cc_$s OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 .gpu/shapes_new --axes=0 $s 2>&1 | grep -iE "registers|spill|entry function|MultiDim" | grep -v gmem | cut -c1-120 >> $o
done
for s in 512x262144 1024x131072 2048x65536 4096x32768 1000x134217; do
  echo "## registers $s" >> $o
  OCLFFT_CACHE_DIR=/tmp/cc_$s OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 .gpu/shapes_new $s 2>&1 | grep -iE "registers|spill|entry function|PowerOfTwo|Mixed" | grep -v gmem | cut -c1-120 >> $o
done
