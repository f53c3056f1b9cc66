#!/usr/bin/env bash
# Stage radices of the one-pass 1000, 2187 and 6561 now that the exchanges cost no index
# arithmetic: the planner's choice against others (temporary hook OCLFFT_TMP_RADICES in
# this build only), interleaved, twice, beside cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_h.gz > /tmp/b/h && chmod +x /tmp/b/h
export OCLFFT_DEVICE=nvidia
S="1000x134217 2187x61370 6561x20457"
run() { echo "== $1"; OCLFFT_TMP_RADICES="$1" OCLFFT_CACHE_DIR=/tmp/c_$2 /tmp/b/h $S | tail -3; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
run "" def
run "2187:27,27,3/1000:20,10,5" a
run "2187:27,9,9/6561:27,9,27/1000:20,5,10" b
done
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S
run "" def
} 2>&1 | tee $OUT/g7.txt
