#!/bin/bash
# c2: c1 again with the side-by-side mapping as a kernel of its own (`_il2`: q a constant,
# the exchanges padded for it) instead of a runtime q in every interleaved pass: a7aa238
# (old) against the working tree (new) on the interleaved channels, rounds old new new old;
# the 2-D/3-D shapes once each (their kernels are a7aa238's, text unchanged); cuFFT on the
# channels; the device tests of the working tree.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && for b in old new; do gunzip -f shapes_$b.gz && chmod +x shapes_$b; done && cd ..
o=$OUT/c2.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
ST="512,2x131072 1024,2x65536 2048,2x32768 4096,2x16384 1000,2x67108 1024,4x32768 256,4x131072"
for b in old new new old; do
  echo "## $b stereo" >> $o
  .gpu/shapes_$b --axes=0 $ST 2>&1 | cut -c1-120 >> $o
done
echo "## contiguous 1-D (new)" >> $o
.gpu/shapes_new 512x262144 1024x131072 2048x65536 4096x32768 1000x134217 256x524288 2>&1 | cut -c1-110 >> $o
python3 docs/bench/2026-11-29-channels/stereo_cufft.py $ST >> $o 2>&1
for b in old new; do
  echo "## $b C2C nd" >> $o
  .gpu/shapes_$b 1024,1024x128 4096,4096x8 8192,8192 512,512,512 2>&1 | cut -c1-110 >> $o
done
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:200 multi_dim:120 layouts:60 >> $o 2>&1
