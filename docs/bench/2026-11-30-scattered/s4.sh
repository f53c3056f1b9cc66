#!/usr/bin/env bash
# s4: out of s3's sample, lengths the committed rule (32f6ac3, `.gpu/shapes_new.gz`) switches
# to a last radix that does not divide the first, and two it makes one pass, against 9319c47
# (`.gpu/shapes_old.gz`); gpu_plans of 32f6ac3 on NVIDIA's driver first. f32 (2^27 points)
# then f64 (2^26): old, new; then cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:230 | tee $OUT/s4_tests.txt
export OCLFFT_DEVICE=nvidia
SH=""
for n in 4160 5040 5544 6720 7560 8448 9240 9800 11264 12672 15360 12600 15750; do
  SH="$SH ${n}x$(( (1 << 27) / n ))"
done
D=""
for n in 2100 2560 3072; do D="$D ${n}x$(( (1 << 26) / n ))"; done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new; do
  echo "== $v"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 150 /tmp/b/$v $SH | tail -n +3
done
for v in old new; do
  echo "== $v f64"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 40 /tmp/b/$v --f64 $D | tail -n +3
done
echo "== cuFFT"; timeout 45 python3 .gpu/cufft_shapes.py $SH | tail -n +2
echo "== cuFFT f64"; timeout 20 python3 .gpu/cufft_shapes.py --precision f64 $D | tail -n +2
} 2>&1 | cut -c1-200 | tee $OUT/s4.txt
