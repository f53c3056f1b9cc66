#!/usr/bin/env bash
# In-place one-pass plans and measure mode (out-of-place timing) on the GPU, beside cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OCLFFT_CACHE_DIR=/tmp/occ_c2
echo "== tests on the GPU"
for t in queue_and_buffers measure_mode fused_passes; do
  OCLFFT_DEVICE=nvidia timeout 150 .gpu/t_$t 2>&1 | grep -E "^test |test result|panicked" | tee $OUT/test_$t.txt
done
echo "== cuFFT f32"; python3 .gpu/cufft_bench.py --min 4 --max 26 2>&1 | tee $OUT/cufft_f32.txt
echo "== main (ebc53f7) f32"; .gpu/oclfft_main bench --min 4 --max 27 --rustfft false 2>&1 | tee $OUT/main_f32.txt
echo "== new f32 estimate"; .gpu/oclfft_new bench --min 4 --max 27 --rustfft false 2>&1 | tee $OUT/new_f32.txt
echo "== new f32 estimate in place"; .gpu/oclfft_new bench --min 4 --max 16 --rustfft false --in-place 2>&1 | tee $OUT/new_f32_inplace.txt
echo "== new f32 measure"; .gpu/oclfft_new bench --min 4 --max 27 --rustfft false --measure 2>&1 | tee $OUT/meas_f32.txt
cp $OCLFFT_CACHE_DIR/tuning.toml $OUT/tuning_f32.toml
