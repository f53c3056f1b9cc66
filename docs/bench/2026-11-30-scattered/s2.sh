#!/usr/bin/env bash
# s2: the committed rule (a last radix that does not divide R only where no dividing one
# gives a pass; long passes of at most 864 work-items), `.gpu/shapes_new.gz`, against
# 1e87a00 (`.gpu/shapes_old.gz`): gpu_plans on NVIDIA's driver, then f64 (2^26 points) old,
# new, cuFFT; f32 (2^27 points) lengths s1 did not time, old, new; cuFFT on s1's lengths.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:230 | tee $OUT/s2_tests.txt
export OCLFFT_DEVICE=nvidia
D=""
for n in 2310 3003 4095 5005 6144 7168; do D="$D ${n}x$(( (1 << 26) / n ))"; done
F=""
for n in 4459 9504 13728 16896 20384; do F="$F ${n}x$(( (1 << 27) / n ))"; done
C=""
for n in 4290 5005 6006 7098 8250 8918 10010 10920 11648 13000 13312 14560 16500 19008 22680 4459 9504 13728 16896 20384; do
  C="$C ${n}x$(( (1 << 27) / n ))"
done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new; do
  echo "== $v f64"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v --f64 $D | tail -n +3
done
echo "== cuFFT f64"; timeout 30 python3 .gpu/cufft_shapes.py --precision f64 $D | tail -n +2
for v in old new; do
  echo "== $v"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 70 /tmp/b/$v $F | tail -n +3
done
echo "== cuFFT"; timeout 70 python3 .gpu/cufft_shapes.py $C | tail -n +2
} 2>&1 | cut -c1-200 | tee $OUT/s2.txt
