#!/usr/bin/env bash
# Stage twiddles chained from one table load (temporary hook OCLFFT_TMP_CHAIN=seq|bin) against
# one table load per input (0): do the twiddle loads cost registers and time?
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_t.gz > /tmp/b/t && chmod +x /tmp/b/t
export OCLFFT_DEVICE=nvidia
S="10000x13421 9000x14913 9216x14563 8748x15342 9261x14492 10800x12427 3600x37282 6561x20457"
regs() { grep -i "entry function\|Used .* registers\|spill stores" | sed 's/ptxas info    : //; s/ptxas         . //' | paste - - - | sed 's/Compiling entry function//; s/for .sm_90a.//' | head -40; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for c in 0 seq half bin 0; do
echo "== chain=$c"; OCLFFT_TMP_CHAIN=$c OCLFFT_CACHE_DIR=/tmp/oc$c OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/t $S 2> /tmp/c$c.log; regs < /tmp/c$c.log
done
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S
} 2>&1 | tee $OUT/o3.txt
