#!/usr/bin/env bash
# The committed build (exchanges in parts; f64 wide passes up to 2048): the sweep beside
# cuFFT in one call, then cold / NVIDIA-JIT-only / warm plan times.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/oclfft_final.gz .gpu/oclfft_wide.gz; do gunzip -c $f > /tmp/b/$(basename $f .gz); chmod +x /tmp/b/$(basename $f .gz); done
B=/tmp/b/oclfft_final
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/sweep.txt
export OCLFFT_CACHE_DIR=/tmp/occ_final2
{
echo "== cuFFT f32"; python3 .gpu/cufft_bench.py --min 4 --max 26
echo "== final f32"; $B bench --min 4 --max 27 --rustfft false
echo "== final f64"; $B bench --min 4 --max 25 --precision f64 --rustfft false
echo "== wide (previous commit) f64 2^23..2^24"; /tmp/b/oclfft_wide bench --min 23 --max 24 --precision f64 --rustfft false | tail -3
} 2>&1 | tee -a $OUT/sweep.txt
echo "== cold compile split: both caches empty / oclfft's binary kept, CUDA cache empty / both warm" | tee $OUT/plans.txt
for N in 4096 8192 16384 1048576 8388608 67108864; do
  d=$(mktemp -d)
  echo "-- N=$N"
  CUDA_CACHE_PATH=$d/c1 OCLFFT_CACHE_DIR=$d/occ OCLFFT_PRINT_BUILD_LOG=1 $B plan $N 2>&1 | grep -E "compiled in|plan built" | sed 's/^/cold:     /'
  CUDA_CACHE_PATH=$d/c2 OCLFFT_CACHE_DIR=$d/occ $B plan $N 2>&1 | grep -E "plan built" | sed 's/^/ptx only: /'
  CUDA_CACHE_PATH=$d/c2 OCLFFT_CACHE_DIR=$d/occ $B plan $N 2>&1 | grep -E "plan built" | sed 's/^/warm:     /'
done 2>&1 | tee -a $OUT/plans.txt
