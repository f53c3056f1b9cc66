#!/usr/bin/env bash
# s1: every issue shape of issues 9, 10 and 11 on 00fd015's plans beside cuFFT in one call,
# and the f32 C2R merge in one-pass kernels with a first radix of 21..28. `.gpu/shapes_k.gz`
# = 00fd015's shapes example plus a temporary knob, never committed: OCLFFT_EXP_MERGE_CAP
# replaces the largest first radix (20) of an f32 merge pass that exchanges halves; unset,
# the plans are 00fd015's. f32, 2^27 values per launch (8192,8192: 2^26), median of 20 runs
# after 3 warm-ups, kernel time from profiling events.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
gunzip -c .gpu/shapes_k.gz > /tmp/shapes && chmod +x /tmp/shapes
S=/tmp/shapes
I9="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
I10="1024x131072 4096x32768 65536x2048 1048576x128 16777216x8 1000x134217"
I11C="1024,1024x128 4096,4096x8 8192,8192 256,256,256x8 512,512,512"
I11R="4096,4096x8 512,512,512"
CH="8192,2x8192 6561,2x10228 16384,2x4096 4096,2x16384 2187,2x30685"
CHC="8192x16384 6561x20457 16384x8192 4096x32768 2187x61370"
M="9702x13834 10648x12604 13824x9709 18432x7281 17576x7636 13122x10228 19208x6987 21952x6114"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== merge cap: rounds base k24 k28 k28 k24 base (C2R, ms)"
for v in base k24 k28 k28 k24 base; do
  echo "-- $v"
  case $v in
    base) OCLFFT_CACHE_DIR=/tmp/c_base timeout 120 $S --c2r $M | tail -n +3 ;;
    k24) OCLFFT_EXP_MERGE_CAP=24 OCLFFT_CACHE_DIR=/tmp/c_k24 timeout 120 $S --c2r $M | tail -n +3 ;;
    k28) OCLFFT_EXP_MERGE_CAP=28 OCLFFT_CACHE_DIR=/tmp/c_k28 timeout 120 $S --c2r $M | tail -n +3 ;;
  esac
done
echo "== cuFFT c2r (merge shapes)"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r $M
export OCLFFT_CACHE_DIR=/tmp/c_base
echo "== c2c issue 9"; timeout 150 $S $I9 | tail -n +3
echo "== cuFFT c2c issue 9"; timeout 90 python3 .gpu/cufft_shapes.py $I9
echo "== r2c issue 10"; timeout 90 $S --r2c $I10 | tail -n +3
echo "== c2r issue 10"; timeout 90 $S --c2r $I10 | tail -n +3
echo "== c2c issue 10 lengths"; timeout 90 $S $I10 | tail -n +3
echo "== cuFFT r2c issue 10"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $I10
echo "== cuFFT c2r issue 10"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r $I10
echo "== c2c issue 11"; timeout 90 $S $I11C | tail -n +3
echo "== r2c issue 11"; timeout 60 $S --r2c $I11R | tail -n +3
echo "== c2r issue 11"; timeout 60 $S --c2r $I11R | tail -n +3
echo "== cuFFT c2c issue 11"; timeout 60 python3 .gpu/cufft_shapes.py $I11C
echo "== cuFFT r2c issue 11"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $I11R
echo "== cuFFT c2r issue 11"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r $I11R
echo "== layouts"; timeout 90 $S --layouts 1024x131072 4096x32768 | tail -n +3
echo "== channels (axis 0 of N,2)"; timeout 90 $S --axes=0 $CH | tail -n +3
echo "== contiguous of the channels' points"; timeout 90 $S $CHC | tail -n +3
echo "== cuFFT channels"; timeout 60 python3 docs/bench/2026-11-29-channels/stereo_cufft.py $CH
echo "== c2c issue 9 r2"; timeout 150 $S --no-check 6561x20457 10000x13421 1000x134217 2187x61370 | tail -n +3
echo "== cuFFT r2"; timeout 60 python3 .gpu/cufft_shapes.py 6561x20457 10000x13421 1000x134217 2187x61370
} 2>&1 | tee $OUT/s1.txt
