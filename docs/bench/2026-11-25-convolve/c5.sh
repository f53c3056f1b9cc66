#!/usr/bin/env bash
# The committed change (s4: convolution in one pass, radices up to 32, stage twiddles by stage)
# against the session's start (s0), ABBA for f32 C2C; R2C/C2R and f64 once each; cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in s0 s4; do gunzip -c .gpu/shapes_$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
export OCLFFT_DEVICE=nvidia
I9="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
B="2039x65827 17x7895160 1201x111756 4001x33546 7001x19171"
D="1009x66510 2039x32913 4001x16773 1000x67108 2187x30685 5000x13421"
R="1000x134217 2000x67108 4000x33554 6000x22369 10000x13421"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for X in s0 s4 s4 s0; do echo "== $X c2c f32"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X $I9 $B; done
for X in s0 s4; do echo "== $X c2c f64"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X --f64 $D; done
for X in s0 s4; do echo "== $X r2c"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X --r2c $R; done
for X in s0 s4; do echo "== $X c2r"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X --c2r $R; done
echo "== cuFFT c2c f32"; python3 .gpu/cufft_shapes.py $I9 $B
echo "== cuFFT c2c f64"; python3 .gpu/cufft_shapes.py --precision f64 $D
echo "== cuFFT r2c"; python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT c2r"; python3 .gpu/cufft_shapes.py --kind c2r $R
} 2>&1 | tee $OUT/c5.txt
