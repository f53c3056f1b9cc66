#!/usr/bin/env bash
# The one-pass powers of two with their values in registers (working tree, `_whole`
# kernels) against 85ebce3 (the catalog's local-memory stages), f32 and f64, a 2-D image
# whose rows are such a pass, and the power-of-two sweep of `oclfft bench`, beside cuFFT.
# Binaries built here by `cargo build --release -p fft-cli -p fft-runtime --example shapes`
# from 85ebce3 (old) and the working tree (new), stripped and carried in `.gpu/`.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new oclfft_old oclfft_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
S="64x2097152 128x1048576 256x524288 512x262144 1024x131072 2048x65536 4096x32768 8192x16384"
D="256x262144 512x131072 1024x65536 2048x32768 4096x16384"
T="1024,1024x128 2048,2048x32 256,256x2048"
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
echo "== bench old"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/oclfft_old bench --min 4 --max 26
echo "== bench new"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/oclfft_new bench --min 4 --max 26
echo "== cuFFT bench"; python3 .gpu/cufft_bench.py --min 4 --max 26
} 2>&1 | tee $OUT/r2.txt
