#!/usr/bin/env bash
# g3's two builds on an H100: the sizes whose passes the pass grid changes (f32 2^23, 2^24
# with the 4096-point pass of 512 work-items; f64 2^20..2^22) and two it does not (f32
# 2^20, 2^22), rounds old new new old; cuFFT's sweep of 2^20..2^24 in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in oclfft_old oclfft_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
echo "== $v f32"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/oclfft_$v bench --sizes 1048576,4194304,8388608,16777216 --rustfft false
echo "== $v f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/oclfft_$v bench --sizes 1048576,2097152,4194304 --precision f64 --rustfft false
done
echo "== cuFFT f32"; timeout 60 python3 .gpu/cufft_bench.py --min 20 --max 24
} 2>&1 | tee $OUT/g4.txt
