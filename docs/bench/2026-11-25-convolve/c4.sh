#!/usr/bin/env bash
# Stage twiddles by stage for mixed and Bluestein passes (s3) against s2 (convolution, table
# by exponent) and s0 (the session's start); s3 with the convolution's radices capped at 32.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in s0 s2 s3 s3_r5; do gunzip -c .gpu/shapes_$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
export OCLFFT_DEVICE=nvidia
B="1009x133020 2039x65827 17x7895160 1201x111756 4001x33546 7001x19171 65537x2048 999983x134"
M="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 3000x44739 1200x111848 3600x37282 6000x22369 2310x58100"
D="1009x66510 2039x32913 4001x16773 1000x67108 2187x30685 5000x13421"
P="1024x131072 4096x32768 1048576x128"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for X in s0 s3 s3 s0; do echo "== $X mixed f32"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X $M; done
for X in s2 s3 s3 s2 s0; do echo "== $X bluestein f32"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X $B; done
echo "== s3_r5 bluestein f32"; OCLFFT_CACHE_DIR=/tmp/occ_r5 /tmp/b/s3_r5 $B
for X in s0 s3; do echo "== $X f64"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X --f64 $D; done
for X in s0 s3; do echo "== $X power of two"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X $P; done
echo "== s3 verbose"; OCLFFT_CACHE_DIR=/tmp/occv OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/s3 6561x20457 10000x13421 1009x133020 2039x65827 2>&1 | grep -i "registers\|spill\|entry\|x[0-9]" | grep -v "^ptxas info    : Compile\|gmem"
echo "== cuFFT f32"; python3 .gpu/cufft_shapes.py $M $B
echo "== cuFFT f64"; python3 .gpu/cufft_shapes.py --precision f64 $D
} 2>&1 | tee $OUT/c4.txt
