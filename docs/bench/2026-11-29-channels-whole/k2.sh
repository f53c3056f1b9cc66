#!/bin/bash
# k2: a40234d (old) against the working tree (new: side-by-side passes in the contiguous whole
# transform's shapes, no knob), rounds old new new old: channels along axis 0 (f32, f64),
# small 2-D/3-D shapes whose axes now take the register shape (64 sequences of 64 points...),
# channels of one-pass lengths the change does not reach (2187, 3000, 6561, 8192: as they
# stand); contiguous 1-D and cuFFT beside; the device tests of the working tree.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && for b in old new; do gunzip -f shapes_$b.gz && chmod +x shapes_$b; done && cd ..
o=$OUT/k2.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
ST="512,2x131072 1024,2x65536 2048,2x32768 4096,2x16384 1000,2x67108 1024,4x32768 256,4x131072 2048,4x16384 64,2x1048576"
SMALL="64,64x32768 128,32x32768 256,16x32768 64,64,64x512"
FAR="2187,2x30685 3000,2x22369 6561,2x10228 8192,2x8192"
F64="512,2x65536 1024,2x32768 2048,2x16384 1000,2x33554 4096,2x8192"
for b in old new new old; do
  echo "## $b channels" >> $o
  .gpu/shapes_$b --axes=0 $ST 2>&1 | cut -c1-120 >> $o
  echo "## $b small nd" >> $o
  .gpu/shapes_$b $SMALL 2>&1 | cut -c1-120 >> $o
done
for b in old new; do
  echo "## $b channels f64" >> $o
  .gpu/shapes_$b --f64 --axes=0 $F64 2>&1 | cut -c1-120 >> $o
  echo "## $b channels far" >> $o
  .gpu/shapes_$b --axes=0 $FAR 2>&1 | cut -c1-120 >> $o
done
echo "## contiguous 1-D (new)" >> $o
.gpu/shapes_new 512x262144 1024x131072 2048x65536 4096x32768 1000x134217 256x524288 64x2097152 2187x61370 3000x44739 6561x20457 8192x16384 2>&1 | cut -c1-110 >> $o
.gpu/shapes_new --f64 512x131072 1024x65536 2048x32768 1000x67108 4096x16384 2>&1 | cut -c1-110 >> $o
python3 docs/bench/2026-11-29-channels/stereo_cufft.py $ST $FAR >> $o 2>&1
python3 .gpu/cufft_shapes.py $SMALL >> $o 2>&1
for b in old new; do
  echo "## $b C2C nd" >> $o
  .gpu/shapes_$b 1024,1024x128 4096,4096x8 8192,8192 256,256,256x8 512,512,512 2>&1 | cut -c1-110 >> $o
done
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:200 multi_dim:120 layouts:60 >> $o 2>&1
