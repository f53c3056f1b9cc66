#!/usr/bin/env bash
# Linear padding of the register exchanges against the two-level pad(): f293b6b (before
# the twiddle grid), 8b2e331 (grid) and the working tree (grid + linear padding), issue 9's
# shapes and the one-pass powers of two, interleaved, beside cuFFT; registers of the new
# one-pass kernels.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_grid shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
S="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134 8192x16384 16384x8192"
K="2187x61370 3125x42949 6561x20457 10000x13421 8192x16384 16384x8192 9261x14492 10800x12427"
regs() { grep -i "entry function\|Used .* registers\|spill stores" | sed 's/ptxas info    : //; s/ptxas         . //' | paste - - - | sed 's/Compiling entry function//; s/for .sm_90a.//' | head -20; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== old (f293b6b)"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/shapes_old $S
echo "== grid (8b2e331)"; OCLFFT_CACHE_DIR=/tmp/c_grid /tmp/b/shapes_grid $S
echo "== new (grid + linear padding)"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new $S
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S 9261x14492 10800x12427
echo "== new, one-pass kernels, registers"; OCLFFT_CACHE_DIR=/tmp/c_newv OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/shapes_new $K 2>/tmp/l.log; regs < /tmp/l.log
echo "== grid, one-pass kernels, registers"; OCLFFT_CACHE_DIR=/tmp/c_gridv OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/shapes_grid $K 2>/tmp/l.log; regs < /tmp/l.log
echo "== old again"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/shapes_old $K
echo "== new again"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new $K
} 2>&1 | tee $OUT/g3.txt
