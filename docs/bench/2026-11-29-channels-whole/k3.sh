#!/bin/bash
# k3: f7adc65 (old: channels in the contiguous whole shapes) against the working tree (new:
# also a work-group per channel where the contiguous transform is one pass of one column,
# `_il1`), rounds old new new old on those channels (f32), f64 once each, the committed
# channels once each (unchanged kernels); contiguous 1-D and cuFFT beside; device tests.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && for b in old new; do gunzip -f shapes_$b.gz && chmod +x shapes_$b; done && cd ..
o=$OUT/k3.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
FAR="2187,2x30685 3000,2x22369 6561,2x10228 8192,2x8192 4096,3x10922 8192,4x4096 2187,3x20456"
F64="4096,2x8192 8192,2x4096 2187,2x15342"
ST="512,2x131072 1024,2x65536 2048,2x32768 4096,2x16384 1000,2x67108"
for b in old new new old; do
  echo "## $b far" >> $o
  .gpu/shapes_$b --axes=0 $FAR 2>&1 | cut -c1-120 >> $o
done
for b in old new; do
  echo "## $b far f64" >> $o
  .gpu/shapes_$b --f64 --axes=0 $F64 2>&1 | cut -c1-120 >> $o
  echo "## $b channels" >> $o
  .gpu/shapes_$b --axes=0 $ST 2>&1 | cut -c1-120 >> $o
done
echo "## contiguous 1-D (new)" >> $o
.gpu/shapes_new 2187x61370 3000x44739 6561x20457 8192x16384 4096x32768 2>&1 | cut -c1-110 >> $o
.gpu/shapes_new --f64 4096x16384 8192x8192 2187x30685 2>&1 | cut -c1-110 >> $o
python3 docs/bench/2026-11-29-channels/stereo_cufft.py $FAR >> $o 2>&1
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:200 multi_dim:120 layouts:60 >> $o 2>&1
