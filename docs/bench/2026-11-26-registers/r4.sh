#!/usr/bin/env bash
# The one-pass powers of two in registers as committed (working tree: 64..4096 points,
# 4096 as [32, 32, 4]) against 85ebce3 (local-memory stages), f32 and f64, 2-D images
# whose rows are such passes, and the power-of-two sweeps of `oclfft bench` (f32 and f64),
# beside cuFFT. Binaries built here with `cargo build --release -p fft-cli` and, separately,
# `cargo build --release -p fft-runtime --example shapes` (one command with both `-p` and
# `--example` builds only the example), stripped and carried in `.gpu/`.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new oclfft_old oclfft_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
S="16x8388608 32x4194304 64x2097152 128x1048576 256x524288 512x262144 1024x131072 2048x65536 4096x32768 8192x16384 16384x8192"
D="16x4194304 32x2097152 64x1048576 128x524288 256x262144 512x131072 1024x65536 2048x32768 4096x16384 8192x8192"
T="1024,1024x128 2048,2048x32 256,256x2048 64,64,64x512"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
echo "== old f32"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/shapes_old $S $T | tail -n +4
echo "== new f32"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new $S $T | tail -n +4
done
echo "== cuFFT f32"; python3 .gpu/cufft_shapes.py $S $T
echo "== old f64"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/shapes_old --f64 $D | tail -n +4
echo "== new f64"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new --f64 $D | tail -n +4
echo "== cuFFT f64"; python3 .gpu/cufft_shapes.py --precision f64 $D
echo "== bench new"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/oclfft_new bench --min 4 --max 26
echo "== bench old"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/oclfft_old bench --min 4 --max 26
echo "== cuFFT bench"; python3 .gpu/cufft_bench.py --min 4 --max 26
echo "== bench new f64"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/oclfft_new bench --precision f64 --min 4 --max 25
echo "== bench old f64"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/oclfft_old bench --precision f64 --min 4 --max 25
} 2>&1 | tee $OUT/r4.txt
