#!/bin/bash
# x4: the power-of-two sweep of the working tree beside cuFFT's, then the device tests
# (gpu_plans, real_transforms, layouts, real_layouts) on NVIDIA's driver.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && gunzip -f oclfft_new.gz && chmod +x oclfft_new && cd ..
o=$OUT/x4.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
.gpu/oclfft_new bench --min 4 --max 27 --rustfft false >> $o 2>&1
python3 .gpu/cufft_bench.py --min 4 --max 26 >> $o 2>&1
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:150 real_transforms:90 layouts:90 real_layouts:90 >> $o 2>&1
