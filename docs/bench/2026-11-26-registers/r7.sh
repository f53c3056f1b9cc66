#!/usr/bin/env bash
# Real transforms whose N/2-point half is one power-of-two pass with the split (R2C) or
# merge (C2R) edge: its local-memory kernel (4e960a8 as committed) against the same pass
# with its values in registers (temporary hook OCLFFT_TMP_REAL=1 in this build, never
# committed), beside cuFFT's R2C and C2R.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_h.gz > /tmp/b/h && chmod +x /tmp/b/h
export OCLFFT_DEVICE=nvidia
S="128x1048576 256x524288 512x262144 1024x131072 2048x65536 4096x32768 8192x16384"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
for k in r2c c2r; do
echo "== $k committed"; OCLFFT_CACHE_DIR=/tmp/c_d /tmp/b/h --$k $S | tail -n +4
echo "== $k registers"; OCLFFT_TMP_REAL=1 OCLFFT_CACHE_DIR=/tmp/c_r /tmp/b/h --$k $S | tail -n +4
done
done
echo "== cuFFT r2c"; python3 .gpu/cufft_shapes.py --kind r2c $S
echo "== cuFFT c2r"; python3 .gpu/cufft_shapes.py --kind c2r $S
} 2>&1 | tee $OUT/r7.txt
