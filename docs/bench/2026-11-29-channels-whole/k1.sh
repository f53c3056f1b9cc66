#!/bin/bash
# k1: the channel kernels with a temporary knob (OCLFFT_EXP_SBS, never committed), one
# binary: 0 = a40234d's kernels; bit 1 = the whole transform's register shape where its
# columns are a multiple of the channels (256..2048 points); bit 2 = a wide pass of C = q
# columns where the wide one exchanges in parts (4096 x 2, 2048 x 4); bit 4 = mixed lengths
# in registers (1000 x 2). Rounds 0 7 7 0, the contiguous 1-D transforms and cuFFT beside,
# f64 once each; then gpu_plans' multi-dimensional test with knob 7 on NVIDIA's driver.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f shapes_new.gz && chmod +x shapes_new && cd ..
o=$OUT/k1.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
ST="512,2x131072 1024,2x65536 2048,2x32768 4096,2x16384 1000,2x67108 1024,4x32768 256,4x131072 2048,4x16384"
for k in 0 7 7 0; do
  echo "## knob $k channels" >> $o
  OCLFFT_EXP_SBS=$k .gpu/shapes_new --axes=0 $ST 2>&1 | cut -c1-120 >> $o
done
echo "## contiguous 1-D" >> $o
.gpu/shapes_new 512x262144 1024x131072 2048x65536 4096x32768 1000x134217 256x524288 2>&1 | cut -c1-110 >> $o
python3 docs/bench/2026-11-29-channels/stereo_cufft.py $ST >> $o 2>&1
F64="512,2x65536 1024,2x32768 2048,2x16384 1000,2x33554"
for k in 0 7; do
  echo "## knob $k channels f64" >> $o
  OCLFFT_EXP_SBS=$k .gpu/shapes_new --f64 --axes=0 $F64 2>&1 | cut -c1-120 >> $o
done
echo "## contiguous 1-D f64" >> $o
.gpu/shapes_new --f64 1024x65536 2048x32768 1000x67108 2>&1 | cut -c1-110 >> $o
for k in 0 7; do
  echo "## knob $k C2C nd" >> $o
  OCLFFT_EXP_SBS=$k .gpu/shapes_new 1024,1024x128 4096,4096x8 512,512,512 2>&1 | cut -c1-110 >> $o
done
mkdir -p /tmp/tb && tar xJf .gpu/tests.tar.xz -C /tmp/tb
OCLFFT_EXP_SBS=7 OCLFFT_CACHE_DIR=/tmp/ct timeout 200 /tmp/tb/gpu_plans real_and_multi > $OUT/gpu_plans_k7.txt 2>&1
echo "gpu_plans knob 7: rc=$? $(grep -h '^test result' $OUT/gpu_plans_k7.txt)" >> $o
