#!/usr/bin/env bash
# d2: rows in pairs. `old` = .gpu/shapes_old.gz (9bef204's shapes example: 8192-point columns
# in two interleaved passes after the rows' pass), `new` = .gpu/shapes_new.gz (the working
# tree: the rows' pass takes the columns' first radix-2 step, one interleaved 4096-point
# pass the rest); rounds old new new old; the layouts of 8192^2 and 4096^2 (the 64-byte rule
# of 2026-11-30 (twiddles) re-measured); ptxas registers; cuFFT in the same call; then
# gpu_plans of the working tree on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
SH="8192,8192 8192,8192x2 8192,4096x4 2,8192,4096x2"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
  echo "== $v"; OCLFFT_CACHE_DIR=/tmp/c_$v /tmp/b/shapes_$v $SH | tail -n +3
done
echo "== cuFFT"
python3 .gpu/cufft_shapes.py $SH
echo "== layouts: old, new"
for v in old new; do OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/shapes_$v --layouts 8192,8192 4096,4096x8 | tail -n +3; done
echo "== ptxas (new)"
OCLFFT_CACHE_DIR=/tmp/cv OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/shapes_new 8192,8192 2>&1 | grep -E "registers|spill|Compiling entry" | head -8
echo "== issue 11's other C2C shapes (new), cuFFT"
OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new 1024,1024x128 4096,4096x8 256,256,256x8 512,512,512 | tail -n +3
python3 .gpu/cufft_shapes.py 1024,1024x128 4096,4096x8 256,256,256x8 512,512,512
} 2>&1 | cut -c1-220 | tee $OUT/d2.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:240 2>&1 | tee -a $OUT/d2.txt
