#!/usr/bin/env bash
# One-pass R2C kernels with half the sub-FFTs per work-group (knob ZZ_SCHALF), the 2048-point
# split as [32, 8, 8] (ZZ_SR2048), rounds A B C C B A beside cuFFT; then wide passes taking
# the caller's layout (new) against the layout in narrower passes (ZZ_NOWIDEIO, as before),
# rounds N W W N. A build of 130acd2 with those knobs, never committed.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_g2.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia
S=/tmp/b/shapes
R1="256x524288 512x262144 1024x131072 2048x65536 4096x32768 1000x134217 2000x67108 4000x33554"
R2="4096,4096x8 1024,1024x128 512,512,512"
L="1048576x128 2097152x64 4194304x32 16777216x8"
run() { # name env...
  local name=$1; shift
  echo "== $name"
  env "$@" OCLFFT_CACHE_DIR=/tmp/c_$name timeout 100 $S --r2c $R1 $R2 | tail -n +3
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for name in A B C C B A; do
  case $name in
    A) run A ZZ_NONE=1 ;;
    B) run B ZZ_SCHALF=1 ;;
    C) run C ZZ_SCHALF=1 ZZ_SR2048=32,8,8 ;;
  esac
done
echo "== cuFFT r2c"; timeout 100 python3 .gpu/cufft_shapes.py --kind r2c $R1 $R2
echo "== c2c of the mixed lengths"; OCLFFT_CACHE_DIR=/tmp/c_A timeout 60 $S 1000x134217 2000x67108 4000x33554 | tail -n +3
for name in N W W N; do
  echo "== layouts $name"
  if [ $name = N ]; then
    ZZ_NOWIDEIO=1 OCLFFT_CACHE_DIR=/tmp/c_N timeout 200 $S --layouts $L | tail -n +3
  else
    OCLFFT_CACHE_DIR=/tmp/c_W timeout 200 $S --layouts $L | tail -n +3
  fi
done
} > $OUT/g2.txt 2>&1
cat $OUT/g2.txt
