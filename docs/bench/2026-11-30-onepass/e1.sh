#!/usr/bin/env bash
# e1: one-pass kernels for smooth lengths above 10240 points (work-groups up to 1024, exchange
# parts that divide the length, first radix up to 64) and other stage radices for the slow
# 75/105/135/150-point passes of two-pass plans, against today's plans and cuFFT in one call.
# `.gpu/shapes_exp.gz` = the shapes example of branch exp-onepass (temporary OCLFFT_EXP_* knobs
# read at run time; without them its plans are abea9e4's).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_exp.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia
S=/tmp/b/shapes
ONE="15625x8589 19683x6818 20000x6710 16807x7985 12005x11180 10935x12274"
CTRL="6561x20457 10000x13421 13500x9942"
knobs() { env OCLFFT_EXP_MAX_GROUP=1024 OCLFFT_EXP_DIV_PARTS=1 OCLFFT_EXP_REGISTER_MAX=20480 OCLFFT_EXP_FIRST_CAP=64 "$@"; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== A base"; OCLFFT_CACHE_DIR=/tmp/c1 timeout 120 $S $ONE $CTRL | tail -n +3
echo "== B one-pass"; knobs OCLFFT_CACHE_DIR=/tmp/c2 timeout 120 $S $ONE $CTRL | tail -n +3
echo "== B one-pass"; knobs OCLFFT_CACHE_DIR=/tmp/c2 timeout 120 $S $ONE | tail -n +3
echo "== A base"; OCLFFT_CACHE_DIR=/tmp/c1 timeout 120 $S $ONE | tail -n +3
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $ONE $CTRL 9375x14316 11025x12173 30000x4473 12000x11184 21875x6135 | tail -n +2
echo "== ptxas one-pass"
knobs OCLFFT_CACHE_DIR=/tmp/c3 OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 timeout 120 $S 15625x2 19683x2 20000x2 16807x2 12005x2 10935x2 2>&1 | grep -E "Compiling entry|registers|spill" | head -40
echo "== ptxas two-pass"
OCLFFT_CACHE_DIR=/tmp/c4 OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 timeout 120 $S 9375x2 11025x2 30000x2 10935x2 12000x2 15625x2 2>&1 | grep -E "Compiling entry|registers|spill" | head -40
for round in 1 2; do
while read -r R SH; do
  echo "== radices [$R] round $round"
  OCLFFT_EXP_RADICES="$R" OCLFFT_CACHE_DIR=/tmp/c5 timeout 60 $S $SH | tail -n +3
done <<'LIST'
- 9375x14316 11025x12173 30000x4473 10935x12274 12000x11184
75=5,5,3 9375x14316
75=15,5 9375x14316
105=7,5,3 11025x12173
105=15,7 11025x12173
105=35,3 11025x12173
150=10,15 30000x4473
150=6,5,5 30000x4473
135=9,5,3 10935x12274
135=15,9 10935x12274
120=4,5,6 12000x11184
100=5,5,4 12000x11184
125=5,5,5 9375x14316
LIST
done
} 2>&1 | cut -c1-200 | tee $OUT/e1.txt
