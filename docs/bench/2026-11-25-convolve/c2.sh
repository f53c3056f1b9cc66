#!/usr/bin/env bash
# Bluestein's convolution in one pass (s1) against two passes (s0), ABBA; s1 with the
# convolution's radices capped at 16 (r4) and 32 (r5); cuFFT on the same shapes.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in s0 s1 s1_r4 s1_r5; do gunzip -c .gpu/shapes_$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
export OCLFFT_DEVICE=nvidia
S="1009x133020 2039x65827 17x7895160 1201x111756 4001x33546 7001x19171"
D="1009x66510 2039x32913 4001x16773"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for X in s0 s1 s1 s0; do echo "== $X c2c f32"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X $S; done
for X in s0 s1; do echo "== $X c2c f64"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X --f64 $D; done
for X in s1_r4 s1_r5 s1_r5 s1_r4; do echo "== $X c2c f32"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X $S; done
echo "== s1 verbose"; OCLFFT_CACHE_DIR=/tmp/occv OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/s1 $S 2>&1 | grep -i "registers\|spill\|entry\|x[0-9]" | grep -v "^ptxas info    : Compile\|gmem"
echo "== cuFFT f32"; python3 .gpu/cufft_shapes.py $S
echo "== cuFFT f64"; python3 .gpu/cufft_shapes.py --precision f64 $D
} 2>&1 | tee $OUT/c2.txt
