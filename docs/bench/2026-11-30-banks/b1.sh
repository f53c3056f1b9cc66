#!/usr/bin/env bash
# b1: the padding step of mixed local-memory passes chosen against bank conflicts
# (`.gpu/shapes_pad.gz`, the working tree) against the committed step of 16
# (`.gpu/shapes_rule.gz`, fe1b693's planner: the same plans and kernels but the padding).
# f32 C2C, 2^27 points; old then new, one process each; then cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in rule pad; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
SH=""
for n in 11025 5775 14520 18900 23100 32400 50625 8190 4200 27225 9375 15 30 5 25 20 45 90 10400 1024; do
  SH="$SH ${n}x$(( (1 << 27) / n ))"
done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in rule pad; do
  echo "== $v"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 110 /tmp/b/$v $SH | tail -n +3
done
echo "== cuFFT"; timeout 60 python3 .gpu/cufft_shapes.py $SH | tail -n +2
} 2>&1 | cut -c1-200 | tee $OUT/b1.txt
