#!/usr/bin/env bash
# Stage order within the same radices (temporary OCLFFT_EXP_RADICES hook, not committed).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_x.gz > /tmp/b/x && chmod +x /tmp/b/x
export OCLFFT_DEVICE=nvidia
S="6561x20457 10000x13421 9000x14913 8748x15342 9216x14563"
run() { local tag=$1; shift; echo "== $tag: $1"; OCLFFT_EXP_RADICES="$1" OCLFFT_CACHE_DIR=/tmp/occ_$tag /tmp/b/x $S; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run D0 "1:1"
run V1 "6561:27,9,27;10000:20,5,10,10;9000:30,10,30;8748:18,6,9,9;9216:24,6,8,8"
run V2 "6561:27,3,9,9,3;10000:20,10,5,10;9000:30,15,10,2;8748:18,9,6,9;9216:24,8,6,8"
run V3 "6561:27,27,9;10000:20,20,5,5;9000:30,6,5,10;8748:18,18,9,3;9216:24,12,8,4"
run D1 "1:1"
run V1b "6561:27,9,27;10000:20,5,10,10;9000:30,10,30;8748:18,6,9,9;9216:24,6,8,8"
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S
} 2>&1 | tee $OUT/e5.txt
