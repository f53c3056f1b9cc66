#!/usr/bin/env bash
# g1: mixed lengths above 4096 points whose radices cannot all divide the first, in one
# pass with clamped stages (`.gpu/shapes_new.gz`, the working tree) against their two
# passes (`.gpu/shapes_old.gz`, 90ee0a2). f32 C2C, 2^27 points; old then new (one process
# each), then cuFFT. Then f64 (2^26 points): old, new, cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
SH=""
for n in 4200 4410 4800 5040 5600 6048 6300 7000 7200 7560 7680 8190 8400 8640 9240 9600 10080 10240 6561 8000; do
  SH="$SH ${n}x$(( (1 << 27) / n ))"
done
D=""
for n in 2100 2400 3000 4200 4800 6000; do
  D="$D ${n}x$(( (1 << 26) / n ))"
done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new; do
  echo "== $v"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 150 /tmp/b/$v $SH | tail -n +3
done
echo "== cuFFT"; timeout 60 python3 .gpu/cufft_shapes.py $SH | tail -n +2
for v in old new; do
  echo "== $v f64"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v --f64 $D | tail -n +3
done
echo "== cuFFT f64"; timeout 40 python3 .gpu/cufft_shapes.py --precision f64 $D | tail -n +2
} 2>&1 | cut -c1-200 | tee $OUT/g1.txt
