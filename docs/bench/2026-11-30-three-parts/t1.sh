#!/usr/bin/env bash
# t1: long mixed passes up to three exchange parts (30720 points in f32). `old` =
# `.gpu/shapes_old.gz` (main d28fac5's shapes example: two passes for these lengths), `new` =
# `.gpu/shapes_new.gz` (the working tree). All 31 lengths the rule moves, f32 C2C, 2^27
# points, rounds old new new old (one process per round), then cuFFT; the R2C of three
# doubled lengths and --layouts on two; ptxas registers of the new kernels; then gpu_plans
# and layouts of the working tree (`.gpu/tests.tar.xz`).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
SH=""; SH2=""
for n in 20736 21168 21296 21600 21609 21632 21875 21952 22500 23328 23814 24000 24576 24696 25000 25088 25600 25920 26244 27000 27216 27648 27783 28125 28672 28800 28812 29403 30000 30375 30625; do
  SH="$SH ${n}x$(( (1 << 27) / n ))"; SH2="$SH2 ${n}x2"
done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
  echo "== $v"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 120 /tmp/b/$v $SH | tail -n +3
done
echo "== cuFFT"; timeout 90 python3 .gpu/cufft_shapes.py $SH | tail -n +2
for v in old new new old; do
  echo "== $v r2c, layouts"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v --r2c 43750x3067 54000x2485 60000x2236 | tail -n +3
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v --layouts 21875x6135 27000x4971 | tail -n +3
done
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 43750x3067 54000x2485 60000x2236 | tail -n +2
echo "== ptxas (new)"
OCLFFT_CACHE_DIR=/tmp/c_ptx OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 timeout 120 /tmp/b/new $SH2 2>&1 | grep -E "Compiling entry|registers|spill" | cut -c1-160
} 2>&1 | cut -c1-220 | tee $OUT/t1.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:240 layouts:120 | tee -a $OUT/t1.txt
