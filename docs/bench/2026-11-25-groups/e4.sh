#!/usr/bin/env bash
# Committed rules (new: mixed one-part exchanges up to 10240 scalars, balanced radices after
# the first) against 71ca212 (base): f32 C2C, A B B A, then the issue-9 list, f64, R2C, C2R
# once each; cuFFT in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in base new; do gunzip -c .gpu/shapes_$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
export OCLFFT_DEVICE=nvidia
M="1800x74565 2700x49710 3200x41943 3600x37282 3888x34521 8748x15342 9000x14913 9216x14563 9261x14492 9604x13975 10000x13421 10800x12427"
I9="1000x134217 2187x61370 3125x42949 6561x20457 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
D="4608x14563 4802x13975 5000x13421 3888x17260"
R="20000x6710 21600x6213 10000x13421"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for X in base new new base; do echo "== $X c2c f32"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X $M; done
for X in base new; do echo "== $X issue 9 list"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X $I9; done
for X in base new; do echo "== $X c2c f64"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X --f64 $D; done
for X in base new; do echo "== $X r2c"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X --r2c $R; done
for X in base new; do echo "== $X c2r"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X --c2r $R; done
echo "== cuFFT c2c f32"; python3 .gpu/cufft_shapes.py $M $I9
echo "== cuFFT c2c f64"; python3 .gpu/cufft_shapes.py --precision f64 $D
echo "== cuFFT r2c"; python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT c2r"; python3 .gpu/cufft_shapes.py --kind c2r $R
} 2>&1 | tee $OUT/e4.txt
