#!/usr/bin/env bash
# f3: the interleaved passes' layout edges. `old` = 83a8281's planner with HEAD's shapes
# example, `new` = HEAD; rounds old new new old of: an R2C's half spectrum in padded rows
# (`--layouts --r2c`: written by the last interleaved pass), the C2R from it (`--c2r`: read
# by the first), axis 0 alone (`--layouts --axes=0`: planar and strided sides read by the
# interleaved pass) and the C2C layouts of issue 11's 2-D shapes; then the device tests of
# HEAD on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
  echo "== $v"
  export OCLFFT_CACHE_DIR=/tmp/c_$v
  timeout 60 /tmp/b/shapes_$v --layouts --r2c 4096,4096x8 1024,1024x128 512,512,512 | tail -n +3
  timeout 60 /tmp/b/shapes_$v --layouts --c2r 4096,4096x8 1024,1024x128 | tail -n +3
  timeout 60 /tmp/b/shapes_$v --layouts --axes=0 1024,1024x128 8192,8192 | tail -n +3
done
} 2>&1 | cut -c1-220 | tee $OUT/f3.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh layouts:100 ndarray:100 2>&1 | tee -a $OUT/f3.txt
