#!/usr/bin/env bash
# Shapes of the one-pass powers of two around 2eafdc4's choices (a build of 2eafdc4 with
# temporary hooks, never committed: OCLFFT_TMP_SP="len:bits:columns" makes the whole
# transform of `len` keep its values in registers with main radix 2^bits and that many
# sub-FFTs per work-group; OCLFFT_TMP_BITS="len:bits" sets the main radix alone), beside
# cuFFT. No variable set: 2eafdc4 as committed.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_h.gz > /tmp/b/h && chmod +x /tmp/b/h
export OCLFFT_DEVICE=nvidia
S="64x2097152 128x1048576 2048x65536 4096x32768 8192x16384"
v() { echo "== $1"; env $1 OCLFFT_CACHE_DIR=/tmp/c_$2 /tmp/b/h $S | tail -n +4; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
v "OCLFFT_NONE=1" d
v "OCLFFT_TMP_SP=64:3:32/128:3:32" a
v "OCLFFT_TMP_SP=64:2:16/128:4:32" b
v "OCLFFT_TMP_SP=64:3:64/128:3:16" c
v "OCLFFT_TMP_BITS=4096:3/8192:5/2048:5" e
v "OCLFFT_TMP_BITS=4096:5/8192:4" f
v "OCLFFT_TMP_BITS=4096:6" g
done
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S
} 2>&1 | tee $OUT/r3.txt
