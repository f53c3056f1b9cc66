#!/usr/bin/env bash
# Wide passes (the 1024/2048/4096-point passes of multi-pass plans and of 2-D/3-D columns)
# and the one-pass 64..1024-point register kernels whose exchanges went through pad(): their
# exchanges now pad linearly with a skew per sub-FFT (working tree, "new") against 10a23ca
# ("old"), f32 and f64, 1-D, 2-D/3-D and R2C, beside cuFFT. Binaries built here with
# `cargo build --release -p fft-cli` and, separately,
# `cargo build --release -p fft-runtime --example shapes`, stripped and carried in `.gpu/`.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new oclfft_old oclfft_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
S="64x2097152 256x524288 512x262144 1024x131072 32768x4096 131072x1024 524288x256 2097152x64 8388608x16 16777216x8"
T="1024,1024x128 4096,4096x8 8192,8192 256,256,256x8 512,512,512"
R="1024x131072 4096x32768 65536x2048 1048576x128 16777216x8 4096,4096x8 512,512,512"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
echo "== old f32"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/shapes_old $S $T | tail -n +4
echo "== new f32"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new $S $T | tail -n +4
done
echo "== cuFFT f32"; python3 .gpu/cufft_shapes.py $S $T
echo "== old r2c"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/shapes_old --r2c $R | tail -n +4
echo "== new r2c"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new --r2c $R | tail -n +4
echo "== cuFFT r2c"; python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== bench new"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/oclfft_new bench --min 4 --max 26
echo "== bench old"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/oclfft_old bench --min 4 --max 26
echo "== cuFFT bench"; python3 .gpu/cufft_bench.py --min 4 --max 26
echo "== bench new f64"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/oclfft_new bench --precision f64 --min 4 --max 25
echo "== bench old f64"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/oclfft_old bench --precision f64 --min 4 --max 25
} 2>&1 | tee $OUT/o2.txt
