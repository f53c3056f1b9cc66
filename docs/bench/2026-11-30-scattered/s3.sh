#!/usr/bin/env bash
# s3: lengths that already ran in one pass taking a last radix that does not divide the
# first where it saves a stage (`.gpu/shapes_new.gz`, the working tree after 158eb47)
# against 9319c47 (`.gpu/shapes_old.gz`); a clamped pass's first radix a multiple of the
# parts too. f32 (2^27 points) then f64 (2^26): old, new; then cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
SH=""
for n in 4125 4480 7000 7280 8190 8320 9750 10240 10560 13200 15120 16800 20160 10500 13104 21000; do
  SH="$SH ${n}x$(( (1 << 27) / n ))"
done
D=""
for n in 2112 2520 3360 3840; do D="$D ${n}x$(( (1 << 26) / n ))"; done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new; do
  echo "== $v"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 190 /tmp/b/$v $SH | tail -n +3
done
for v in old new; do
  echo "== $v f64"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 45 /tmp/b/$v --f64 $D | tail -n +3
done
echo "== cuFFT"; timeout 50 python3 .gpu/cufft_shapes.py $SH | tail -n +2
echo "== cuFFT f64"; timeout 20 python3 .gpu/cufft_shapes.py --precision f64 $D | tail -n +2
} 2>&1 | cut -c1-200 | tee $OUT/s3.txt
