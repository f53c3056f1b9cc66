#!/usr/bin/env bash
# Work-groups above 512 and one-part exchanges for the single-pass mixed lengths (6561, 10000).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_e.gz > /tmp/b/e && chmod +x /tmp/b/e
export OCLFFT_DEVICE=nvidia
S="6561x20457 10000x13421 12000x11184 9000x14913 5000x26843 8000x16777 1000x134217 2187x61370 3125x42949 4000x33554"
run() { local tag=$1; shift; echo "== $tag: $*"; env "$@" OCLFFT_CACHE_DIR=/tmp/occ_$tag /tmp/b/e $S; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run A A=1
run B OCLFFT_EXP_MAX_GROUP=1024
run C OCLFFT_EXP_MAX_GROUP=1024 OCLFFT_EXP_SCALARS=10240
run D OCLFFT_EXP_SCALARS=10240
run E OCLFFT_EXP_SCALARS=10240 "OCLFFT_EXP_RADICES=10000:20,10,10,5"
run F OCLFFT_EXP_MAX_GROUP=1024 "OCLFFT_EXP_RADICES=6561:27,9,9,3"
run B2 OCLFFT_EXP_MAX_GROUP=1024
run A2 A=1
echo "== verbose B/C"
for v in "OCLFFT_EXP_MAX_GROUP=1024" "OCLFFT_EXP_MAX_GROUP=1024 OCLFFT_EXP_SCALARS=10240" "A=1"; do
  echo "-- $v"
  env $v OCLFFT_CACHE_DIR=/tmp/occv_$RANDOM OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/e 6561x20457 10000x13421 12000x11184 2>&1 | grep -i "registers\|spill\|entry\|x[0-9]" | grep -v "^ptxas info    : Compile\|gmem"
done
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S
} 2>&1 | tee $OUT/e1.txt
