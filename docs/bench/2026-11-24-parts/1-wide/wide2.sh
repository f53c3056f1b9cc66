#!/usr/bin/env bash
# Final sweep with wide passes beside cuFFT, a 2048-stage variant (ABBA), an in-L2 probe,
# and the GPU test suites whose Auto plans take fused passes.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/*.gz; do gunzip -c $f > /tmp/b/$(basename $f .gz); chmod +x /tmp/b/$(basename $f .gz); done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/sweep.txt
export OCLFFT_CACHE_DIR=/tmp/occ_w2
{
echo "== cuFFT f32"; python3 .gpu/cufft_bench.py --min 4 --max 26
echo "== wide f32"; /tmp/b/oclfft_wide bench --min 4 --max 27 --rustfft false
echo "== wide f64"; /tmp/b/oclfft_wide bench --min 4 --max 25 --precision f64 --rustfft false
} 2>&1 | tee -a $OUT/sweep.txt
{
for v in wide w2 w2 wide; do echo "== $v 2^21..2^22"; /tmp/b/oclfft_$v bench --min 21 --max 22 --rustfft false; done
echo "== in-L2 probe: 2^21 points per launch"; /tmp/b/oclfft_wide bench --min 10 --max 16 --log2-total 21 --runs 50 --rustfft false
echo "== main in-L2 probe"; /tmp/b/oclfft_rule bench --min 14 --max 15 --log2-total 21 --runs 50 --rustfft false
} 2>&1 | tee $OUT/variants.txt
for t in real_transforms multi_dim layouts; do
  echo "== test $t"; OCLFFT_DEVICE=nvidia timeout 120 /tmp/b/t_$t 2>&1 | grep -E "^test |test result|panicked" -A3
done 2>&1 | tee $OUT/tests.txt
