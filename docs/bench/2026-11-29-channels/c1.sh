#!/bin/bash
# c1: interleaved axes over few sequences side by side (two channels: a stereo signal, the
# C2C of axis 0 of N,2), a7aa238 (old: neighbouring work-items in neighbouring columns,
# runs of 2 values) against the working tree (new: the channels side by side at
# neighbouring points in whole-transform launches; 2048 and 4096 points in one pass),
# rounds old new new old, beside the contiguous 1-D transforms of the same points and
# cuFFT on the same layout; then the 2-D/3-D shapes of issue 11, whose column passes run
# the same interleaved kernels, old and new.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && for b in old new; do gunzip -f shapes_$b.gz && chmod +x shapes_$b; done && cd ..
o=$OUT/c1.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
ST="512,2x131072 1024,2x65536 2048,2x32768 4096,2x16384 1000,2x67108 1024,4x32768 256,4x131072"
for b in old new new old; do
  echo "## $b stereo" >> $o
  .gpu/shapes_$b --axes=0 $ST 2>&1 | cut -c1-120 >> $o
done
echo "## contiguous 1-D (new)" >> $o
.gpu/shapes_new 512x262144 1024x131072 2048x65536 4096x32768 1000x134217 256x524288 2>&1 | cut -c1-110 >> $o
python3 docs/bench/2026-11-29-channels/stereo_cufft.py $ST >> $o 2>&1
ND="1024,1024x128 4096,4096x8 8192,8192 256,256,256x8 512,512,512"
for b in old new new old; do
  echo "## $b C2C nd" >> $o
  .gpu/shapes_$b $ND 2>&1 | cut -c1-110 >> $o
  echo "## $b R2C nd" >> $o
  .gpu/shapes_$b --r2c 4096,4096x8 512,512,512 1024,1024x128 2>&1 | cut -c1-110 >> $o
done
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:200 multi_dim:120 layouts:60 >> $OUT/c1.txt 2>&1
