#!/bin/bash
# m2: d6338ab (old) against the working tree (new: 2 or 4 channels of a multi-pass length take
# its contiguous passes, the first storing the channels side by side; 2 channels of 8192
# points as [32, 32, 8]), rounds old new new old (f32), f64 once each; the contiguous 1-D
# transforms and cuFFT on the same layout; then the device tests of the working tree.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && for b in old new; do gunzip -f shapes_$b.gz && chmod +x shapes_$b; done && cd ..
o=$OUT/m2.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
CH="32768,2x2048 65536,2x1024 262144,2x256 1048576,2x64 8388608,2x8 65536,4x512 262144,4x128 8192,2x8192"
WHOLE="512,2x131072 2048,2x32768 4096,2x16384 1000,2x67108 2187,2x30685 64,64x32768"
F64="16384,2x2048 65536,2x512 262144,2x128 1048576,2x32"
for b in old new new old; do
  echo "## $b channels" >> $o
  .gpu/shapes_$b --axes=0 $CH 2>&1 | cut -c1-130 >> $o
  echo "## $b whole" >> $o
  .gpu/shapes_$b --axes=0 $WHOLE 2>&1 | cut -c1-130 >> $o
done
for b in old new; do
  echo "## $b f64 channels" >> $o
  .gpu/shapes_$b --f64 --axes=0 $F64 2>&1 | cut -c1-130 >> $o
done
echo "## contiguous 1-D (new)" >> $o
.gpu/shapes_new 32768x4096 65536x2048 262144x512 1048576x128 8388608x16 8192x16384 2>&1 | cut -c1-110 >> $o
.gpu/shapes_new --f64 16384x4096 65536x1024 262144x256 1048576x64 2>&1 | cut -c1-110 >> $o
echo "## cuFFT channels" >> $o
python3 docs/bench/2026-11-29-channels/stereo_cufft.py $CH >> $o 2>&1
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:200 multi_dim:120 layouts:60 >> $o 2>&1
