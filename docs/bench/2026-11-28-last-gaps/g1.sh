#!/usr/bin/env bash
# The one-pass R2C kernels nearest issue 10's limits under other shapes (knobs ZZ_SC<len> =
# sub-FFTs per work-group, ZZ_SR<len> = stage radices, of the single-pass split kernels;
# a build of 130acd2 with those knobs, never committed), rounds A B C D D C B A beside
# cuFFT; then issue 11's layouts (stride 2, planar) at multi-pass lengths.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_g1.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia
S=/tmp/b/shapes
run() { # name env...
  local name=$1; shift
  echo "== $name"
  env "$@" OCLFFT_CACHE_DIR=/tmp/c_$name timeout 60 $S --r2c 4096x32768 1000x134217 | tail -n +3
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for name in A B C D D C B A; do
  case $name in
    A) run A ZZ_NONE=1 ;;
    B) run B ZZ_SC2048=1 ZZ_SC500=4 ;;
    C) run C ZZ_SR2048=32,8,8 ZZ_SC500=2 ;;
    D) run D ZZ_SR2048=32,16,4 ;;
  esac
  [ $name = D ] && { echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 4096x32768 1000x134217; }
done
echo "== cuFFT r2c again"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 4096x32768 1000x134217
echo "== layouts"; OCLFFT_CACHE_DIR=/tmp/c_A timeout 200 $S --layouts 1024x131072 65536x2048 1048576x128 16777216x8 33554432x4 65537x2048 1000x134217 | tail -n +3
} > $OUT/g1.txt 2>&1
cat $OUT/g1.txt
