#!/usr/bin/env bash
# The committed rule (pass twiddles on a grid in f32 register passes of >= 512 work-items
# and in f64 multi-pass register passes; "new") against 98c6508 ("old"): oclfft bench, f64
# 2^4..2^25 (rounds old new new old) and f32 2^4..2^27 (old new), cuFFT's sweeps in the
# same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in oclfft_old oclfft_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
echo "== $v f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 150 /tmp/b/oclfft_$v bench --min 4 --max 25 --precision f64 --rustfft false
done
for v in old new; do
echo "== $v f32"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 150 /tmp/b/oclfft_$v bench --min 4 --max 27 --rustfft false
done
echo "== cuFFT f32"; timeout 100 python3 .gpu/cufft_bench.py --min 4 --max 26
} 2>&1 | tee $OUT/g3.txt
