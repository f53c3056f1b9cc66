#!/usr/bin/env bash
# The same change on the H100: `oclfft bench` of 85ebce3 (old) and 352c44a (new), f32
# 2^4..2^26 and f64 2^4..2^16, beside cuFFT's sweep, in one call. Binaries built here with
# `cargo build --release -p fft-cli`, stripped and carried in `.gpu/`.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in oclfft_old oclfft_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== bench new"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/oclfft_new bench --min 4 --max 26
echo "== bench old"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/oclfft_old bench --min 4 --max 26
echo "== cuFFT bench"; python3 .gpu/cufft_bench.py --min 4 --max 26
echo "== bench new again"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/oclfft_new bench --min 4 --max 14
echo "== bench new f64"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/oclfft_new bench --precision f64 --min 4 --max 16
echo "== bench old f64"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/oclfft_old bench --precision f64 --min 4 --max 16
} 2>&1 | tee $OUT/r6.txt
