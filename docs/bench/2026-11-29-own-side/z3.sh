#!/bin/bash
# z3: the committed 82e3c31 (own-side split, 65536 reals as 1024 x 32, 2^20 as 4096 x 128)
# against e36c439's plans (the same real plans as 24cf058) on the R2Cs of issue 10 and the
# multi-pass ones, new old new, beside cuFFT's R2C and our C2C; then the device tests of
# 82e3c31 on NVIDIA's driver.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && for b in old new; do gunzip -f shapes_$b.gz && chmod +x shapes_$b; done && cd ..
o=$OUT/z3.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
I10="1024x131072 4096x32768 65536x2048 1048576x128 16777216x8 1000x134217"
MORE="131072x1024 262144x512 524288x256 2097152x64 4194304x32"
for b in new old new; do
  echo "## $b R2C" >> $o
  .gpu/shapes_$b --r2c $I10 $MORE 2>&1 | cut -c1-100 >> $o
done
echo "## new C2C" >> $o
.gpu/shapes_new 65536x2048 1048576x128 16777216x8 2>&1 | cut -c1-100 >> $o
python3 .gpu/cufft_shapes.py --kind r2c $I10 $MORE >> $o 2>&1
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:150 real_transforms:60 real_layouts:60 multi_dim_real:60 >> $o 2>&1
