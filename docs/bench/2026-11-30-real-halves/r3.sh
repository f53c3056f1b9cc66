#!/usr/bin/env bash
# r3: f32 C2R merges in clamped passes held to 24 values per work-item (r2: 25 and 30 lost
# or tied): old = 10798f3, new = the working tree (shapes example, stripped), rounds old new
# new old; 8640 = 4320 as [15, 18, 16], 12000 = 6000 as [15, 20, 20], 15000 = 7500 as [15,
# 10, 10, 5], 11000 = 5500 as [20, 11, 5, 5], 18000 = 9000 as [18, 10, 10, 5], 9000 = 4500 as
# [15, 20, 15] (as in r2); cuFFT's C2R beside.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
S="8640x15534 12000x11184 15000x8947 11000x12201 18000x7456 9000x14913"
round() { echo "== $1 c2r $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 120 /tmp/b/$1 $2 --c2r $S | tail -n +3; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
round old ""; round new ""; round new --no-check; round old --no-check
echo "== cuFFT c2r"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r $S | tail -n +2
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 11000x12201 18000x7456 | tail -n +2
echo "== new r2c"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 60 /tmp/b/new --r2c 11000x12201 18000x7456 | tail -n +3
echo "== old r2c"; OCLFFT_CACHE_DIR=/tmp/c_old timeout 60 /tmp/b/old --r2c 11000x12201 18000x7456 | tail -n +3
} 2>&1 | cut -c1-200 | tee $OUT/r3.txt
