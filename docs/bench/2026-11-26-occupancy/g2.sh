#!/usr/bin/env bash
# What the single-pass kernels spend their issue slots on: the local-memory padding
# (temporary hook OCLFFT_TMP_PAD=none|one instead of e + e/32 + e/1024) and the twiddle grid
# (OCLFFT_TMP_GRID=0 reads every stage twiddle), beside cuFFT; the PTX of 10000 and 6561.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_new.gz > /tmp/b/new && chmod +x /tmp/b/new
export OCLFFT_DEVICE=nvidia
S="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 1009x133020 4096x32768 8192x16384"
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
ls -d /usr/local/cuda*/bin 2>/dev/null; which ptxas nvdisasm cuobjdump nvcc 2>/dev/null
python3 -c "import cupy, os; print(cupy.__version__, os.path.dirname(cupy.__file__))"
pip list 2>/dev/null | grep -i "nvidia\|cuda" | head
echo "== default (pad two-level, grid)"; OCLFFT_CACHE_DIR=/tmp/c_def /tmp/b/new $S
echo "== grid off"; OCLFFT_TMP_GRID=0 OCLFFT_CACHE_DIR=/tmp/c_nogrid /tmp/b/new $S
echo "== pad one-level"; OCLFFT_TMP_PAD=one OCLFFT_CACHE_DIR=/tmp/c_one /tmp/b/new $S
echo "== pad none"; OCLFFT_TMP_PAD=none OCLFFT_CACHE_DIR=/tmp/c_none /tmp/b/new $S
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S
echo "== default again"; OCLFFT_CACHE_DIR=/tmp/c_def /tmp/b/new 6561x20457 10000x13421 2187x61370
echo "== pad none again"; OCLFFT_TMP_PAD=none OCLFFT_CACHE_DIR=/tmp/c_none /tmp/b/new 6561x20457 10000x13421 2187x61370
mkdir -p /tmp/ptx && for d in def none; do OCLFFT_TMP_PAD=$d OCLFFT_CACHE_DIR=/tmp/p_$d /tmp/b/new 6561x64 10000x64 >/dev/null; done
tar czf $OUT/ptx.tgz -C /tmp p_def p_none
} 2>&1 | tee $OUT/g2.txt
