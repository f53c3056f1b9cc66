#!/usr/bin/env bash
# Occupancy: the fused kernels with and without reqd_work_group_size (a temporary hook,
# OCLFFT_TMP_NOREQD=1), which lets NVIDIA's compiler take up to 128+ registers per work-item.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_t.gz > /tmp/b/t && chmod +x /tmp/b/t
export OCLFFT_DEVICE=nvidia
S="10000x13421 6561x20457 9000x14913 9216x14563 8748x15342 9261x14492 10800x12427 3600x37282 2700x49710 1000x134217 4096x32768 8192x16384"
D="5000x13421 3888x17260 4608x14563"
regs() { grep -i "entry function\|Used .* registers\|spill stores" | grep -v " 0 bytes spill" | sed 's/ptxas info    : //' | head -60; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== A reqd (default)"; OCLFFT_CACHE_DIR=/tmp/oa OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/t $S 2> /tmp/a.log; regs < /tmp/a.log
echo "== B no reqd"; OCLFFT_TMP_NOREQD=1 OCLFFT_CACHE_DIR=/tmp/ob OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/t $S 2> /tmp/b.log; regs < /tmp/b.log
echo "== A f64"; OCLFFT_CACHE_DIR=/tmp/oa /tmp/b/t --f64 $D
echo "== B f64"; OCLFFT_TMP_NOREQD=1 OCLFFT_CACHE_DIR=/tmp/ob OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/t --f64 $D 2> /tmp/bf.log; regs < /tmp/bf.log
echo "== B again"; OCLFFT_TMP_NOREQD=1 OCLFFT_CACHE_DIR=/tmp/ob OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" /tmp/b/t $S
echo "== A again"; OCLFFT_CACHE_DIR=/tmp/oa OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" /tmp/b/t $S
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S; python3 .gpu/cufft_shapes.py --precision f64 $D
} 2>&1 | tee $OUT/o1.txt
