#!/usr/bin/env bash
# Issue 13 must-show, one call: the sweep beside cuFFT (f32 2^4..2^27, f64 2^4..2^25), cold
# and warm plan times with quick start, GPU tests of the changed code.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/oclfft_new.gz .gpu/t_*.gz; do n=$(basename $f .gz); gunzip -c $f > /tmp/b/$n; chmod +x /tmp/b/$n; done
B=/tmp/b/oclfft_new
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/sweep.txt
export OCLFFT_CACHE_DIR=/tmp/occ_final3
{
echo "== cuFFT f32"; python3 .gpu/cufft_bench.py --min 4 --max 26
echo "== oclfft f32"; $B bench --min 4 --max 27 --rustfft false
echo "== oclfft f64"; $B bench --min 4 --max 25 --precision f64 --rustfft false
} 2>&1 | tee -a $OUT/sweep.txt
echo "== plans: cold (empty oclfft and CUDA caches), then warm" | tee $OUT/plans.txt
for N in 4096 8192 16384 1048576 2097152 67108864; do
  d=$(mktemp -d)
  echo "-- N=$N"
  CUDA_CACHE_PATH=$d/c1 OCLFFT_CACHE_DIR=$d/occ $B plan $N 2>&1 | grep -E "plan built|quick start:" | sed 's/^/cold: /'
  CUDA_CACHE_PATH=$d/c1 OCLFFT_CACHE_DIR=$d/occ $B plan $N 2>&1 | grep -E "plan built|quick start:" | sed 's/^/warm: /'
done 2>&1 | tee -a $OUT/plans.txt
echo "== GPU tests" | tee $OUT/tests.txt
export OCLFFT_DEVICE=nvidia
for t in quick_start queue_and_buffers fused_passes; do timeout 150 /tmp/b/t_$t 2>&1 | grep -E "^test |test result" ; done 2>&1 | tee -a $OUT/tests.txt
