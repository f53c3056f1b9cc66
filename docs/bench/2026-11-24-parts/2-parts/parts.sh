#!/usr/bin/env bash
# Exchanges in parts (16384-point passes, 4096-point wide passes): GPU tests, the full sweep
# beside cuFFT, before/after (wide = previous commit) and a [32,32,16] variant of 16384.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/*.gz; do gunzip -c $f > /tmp/b/$(basename $f .gz); chmod +x /tmp/b/$(basename $f .gz); done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/sweep.txt
export OCLFFT_CACHE_DIR=/tmp/occ_parts
for t in fused_passes multi_dim layouts; do
  echo "== test $t"; OCLFFT_DEVICE=nvidia timeout 100 /tmp/b/t_$t 2>&1 | grep -E "^test |test result|panicked" -A3
done 2>&1 | tee $OUT/tests.txt
{
echo "== cuFFT f32"; python3 .gpu/cufft_bench.py --min 4 --max 26
echo "== parts f32"; /tmp/b/oclfft_parts bench --min 4 --max 27 --rustfft false
echo "== parts f64"; /tmp/b/oclfft_parts bench --min 4 --max 25 --precision f64 --rustfft false
} 2>&1 | tee -a $OUT/sweep.txt
{
for v in parts wide v32 parts wide v32; do echo "== $v"; /tmp/b/oclfft_$v bench --min 13 --max 14 --rustfft false | tail -3; /tmp/b/oclfft_$v bench --min 23 --max 24 --rustfft false | tail -3; done
echo "== wide f64 13,23"; /tmp/b/oclfft_wide bench --min 13 --max 13 --precision f64 --rustfft false | tail -2; /tmp/b/oclfft_wide bench --min 23 --max 24 --precision f64 --rustfft false | tail -3
} 2>&1 | tee $OUT/variants.txt
echo "== test real_transforms"; OCLFFT_DEVICE=nvidia timeout 150 /tmp/b/t_real_transforms 2>&1 | grep -E "^test |test result|panicked" -A3 | tee $OUT/tests_real.txt
