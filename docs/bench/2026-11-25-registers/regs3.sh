#!/usr/bin/env bash
# Issue 9: mixed lengths above the scalar capacity in one register pass, exchanging in two parts
# (s3), against s2 (4fbe304, two passes), ABBA; then the shapes with s3 beside cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in shapes_s2 shapes_s3; do gunzip -c .gpu/$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
A=/tmp/b/shapes_s2; B=/tmp/b/shapes_s3
export OCLFFT_DEVICE=nvidia
S="10000x13421 9000x14913 15000x8947 100000x1342 3145728x42 768x174762 5003x26828"
D="5000x13421 8000x8388 10000x6710"
I="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for X in $A $B $B $A; do echo "== $(basename $X) c2c f32"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X $S; done
for X in $A $B $B $A; do echo "== $(basename $X) c2c f64"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X --f64 $D; done
echo "== cuFFT c2c f32"; python3 .gpu/cufft_shapes.py $S
echo "== cuFFT c2c f64"; python3 .gpu/cufft_shapes.py --precision f64 $D
echo "== shapes_s3 issue 9 shapes"; OCLFFT_CACHE_DIR=/tmp/occ_shapes_s3 $B $I
echo "== cuFFT issue 9 shapes"; python3 .gpu/cufft_shapes.py $I
echo "== registers (s3, -cl-nv-verbose)"
OCLFFT_CACHE_DIR=/tmp/occ_verbose OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 $B 10000x512 9000x512 15000x512 2>&1 | grep -iE "registers|Compiling entry|x512" | head -20
} 2>&1 | tee $OUT/regs3.txt
