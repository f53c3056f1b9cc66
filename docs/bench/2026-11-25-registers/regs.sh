#!/usr/bin/env bash
# Issue 9: mixed lengths with their values in registers from load to store (before = 5f9d94e,
# after = this change), ABBA for f32, beside cuFFT, one call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in shapes_before shapes_after; do gunzip -c .gpu/$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
A=/tmp/b/shapes_before; B=/tmp/b/shapes_after
export OCLFFT_DEVICE=nvidia
S="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 400x335544 729x184118 2500x53687 5000x26843 8000x16777 2000x67108 1009x133020 65537x2048"
D="1000x67108 2187x30685 3125x21474 729x92059"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for X in $A $B $B $A; do echo "== $(basename $X) c2c f32"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X $S; done
for X in $A $B; do echo "== $(basename $X) c2c f64"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X --f64 $D; done
echo "== cuFFT c2c f32"; python3 .gpu/cufft_shapes.py $S
echo "== cuFFT c2c f64"; python3 .gpu/cufft_shapes.py --precision f64 $D
} 2>&1 | tee $OUT/regs.txt
