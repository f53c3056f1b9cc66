#!/usr/bin/env bash
# Where cold plan time goes by kernel family: fused (default) and global radix plans, each
# in a new process with empty oclfft and NVIDIA caches; program compile times and lines.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/oclfft_new.gz > /tmp/b/oclfft && chmod +x /tmp/b/oclfft
B=/tmp/b/oclfft
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/compile.txt
for strat in auto global; do
for N in 16 256 4096 8192 1048576 67108864; do
  d=$(mktemp -d)
  echo "-- strategy=$strat N=$N"
  CUDA_CACHE_PATH=$d/c1 OCLFFT_CACHE_DIR=$d/occ OCLFFT_PRINT_BUILD_LOG=1 $B plan $N --strategy $strat 2>&1 | grep -E "compiled in|plan built|pass [0-9]" | head -12
  CUDA_CACHE_PATH=$d/c1 OCLFFT_CACHE_DIR=$d/occ $B plan $N --strategy $strat 2>&1 | grep -E "plan built" | sed 's/^/warm: /'
done
done 2>&1 | tee -a $OUT/compile.txt
echo "== bench global vs fused at a few sizes" | tee -a $OUT/compile.txt
$B bench --sizes 4096,8192,1048576 --rustfft false --strategy global 2>&1 | tail -5 | tee -a $OUT/compile.txt
