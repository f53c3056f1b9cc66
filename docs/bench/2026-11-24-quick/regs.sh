#!/usr/bin/env bash
# Register caps for the kernel-bound passes: NVIDIA's -cl-nv-maxrregcount through
# OCLFFT_BUILD_OPTIONS, ABBA-style, one call; register/spill counts from -cl-nv-verbose.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/oclfft_new.gz > /tmp/b/oclfft && chmod +x /tmp/b/oclfft
B=/tmp/b/oclfft
export OCLFFT_CACHE_DIR=/tmp/occ_regs
S=4096,8192,16384,32768,4194304,8388608,16777216
echo "== registers (default options)"
OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 $B bench --sizes $S --runs 3 --warmup 1 --rustfft false 2>&1 | grep -E "build log|registers|spill|bytes stack" | head -60
for r in default 128 96 168 default 168 96 128; do
  echo "== maxrregcount $r"
  if [ $r = default ]; then $B bench --sizes $S --rustfft false 2>&1 | grep -E "^ +[0-9]+ "
  else OCLFFT_BUILD_OPTIONS="-cl-nv-maxrregcount=$r" $B bench --sizes $S --rustfft false 2>&1 | grep -E "^ +[0-9]+ "; fi
done
