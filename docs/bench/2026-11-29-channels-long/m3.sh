#!/bin/bash
# m3: the committed tree (f32 only, whole-axis side-by-side kernels as before): channels
# along axis 0, the contiguous 1-D transforms, then the device tests.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_new.gz && chmod +x shapes_new && cd ..
o=$OUT/m3.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
CH="32768,2x2048 65536,2x1024 262144,2x256 1048576,2x64 8388608,2x8 65536,4x512 262144,4x128 8192,2x8192"
WHOLE="512,2x131072 2048,2x32768 4096,2x16384 1000,2x67108 2187,2x30685 64,64x32768"
for r in 1 2; do
  echo "## round $r channels" >> $o
  .gpu/shapes_new --axes=0 $CH $WHOLE 2>&1 | cut -c1-130 >> $o
done
echo "## f64 channels" >> $o
.gpu/shapes_new --f64 --axes=0 16384,2x2048 65536,2x512 262144,2x128 1048576,2x32 2>&1 | cut -c1-130 >> $o
echo "## contiguous 1-D" >> $o
.gpu/shapes_new 32768x4096 65536x2048 262144x512 1048576x128 8388608x16 8192x16384 4096x32768 1000x134217 2>&1 | cut -c1-110 >> $o
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:200 multi_dim:120 layouts:60 multi_dim_real:150 >> $o 2>&1
