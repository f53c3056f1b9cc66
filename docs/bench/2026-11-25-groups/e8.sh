#!/usr/bin/env bash
# The session's end (final: 4e4a610) against its start (base: 71ca212): the issue-9 list
# A B B A, Bluestein's power-of-two M once each; cuFFT in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in base final; do gunzip -c .gpu/shapes_$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
export OCLFFT_DEVICE=nvidia
I9="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
B="131071x1024 524287x256 1048573x128 2097143x64 4194301x32"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for X in base final final base; do echo "== $X issue 9 list"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X $I9; done
for X in base final; do echo "== $X Bluestein, power-of-two M"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X $B; done
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $I9 $B
} 2>&1 | tee $OUT/e8.txt
