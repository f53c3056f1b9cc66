#!/usr/bin/env bash
# s1: a last stage radix that does not divide R (each output stored at its own point,
# fft-codegen's `scattered.rs`), every guarded choice free to take it (`.gpu/shapes_new.gz`)
# against 1e87a00 (`.gpu/shapes_old.gz`). f32 C2C, 2^27 points: lengths that go from two
# passes to one (first line), lengths whose radices change (second); old, new, new, old (one
# process each), then cuFFT. f64 (2^26 points) likewise.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
SH=""
for n in 4290 5005 6006 7098 8250 8918 10010 10920 11648 13000 13312 14560 16500 17920 19008 19800 22680 24576 28672 \
         4125 4480 5250 6825 7280 8190 8320 9750 10080 10560 13200 15120 7938 4200; do
  SH="$SH ${n}x$(( (1 << 27) / n ))"
done
D=""
for n in 2310 3003 4095 5005 6144 7168 2112 2520 3360 3000; do
  D="$D ${n}x$(( (1 << 26) / n ))"
done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
  echo "== $v"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 200 /tmp/b/$v $SH | tail -n +3
done
echo "== cuFFT"; timeout 90 python3 .gpu/cufft_shapes.py $SH | tail -n +2
for v in old new; do
  echo "== $v f64"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v --f64 $D | tail -n +3
done
echo "== cuFFT f64"; timeout 40 python3 .gpu/cufft_shapes.py --precision f64 $D | tail -n +2
} 2>&1 | cut -c1-200 | tee $OUT/s1.txt
