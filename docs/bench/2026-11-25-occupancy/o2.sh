#!/usr/bin/env bash
# Register caps without reqd_work_group_size (temporary hook OCLFFT_TMP_NOREQD=1): does
# -cl-nv-maxrregcount take effect, and does two work-groups per SM pay for the spills?
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_t.gz > /tmp/b/t && chmod +x /tmp/b/t
export OCLFFT_DEVICE=nvidia
S="10000x13421 9000x14913 9216x14563 8748x15342 9261x14492 10800x12427 3600x37282 6561x20457 8192x16384 4096x32768 16384x8192"
regs() { grep -i "entry function\|Used .* registers\|spill stores" | sed 's/ptxas info    : //; s/ptxas         . //' | paste - - - | sed 's/Compiling entry function//; s/for .sm_90a.//' | head -40; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== A reqd (default)"; OCLFFT_CACHE_DIR=/tmp/oa /tmp/b/t $S
for cap in 64 72 80 96; do
echo "== noreqd maxrregcount=$cap"; OCLFFT_TMP_NOREQD=1 OCLFFT_CACHE_DIR=/tmp/ob$cap OCLFFT_BUILD_OPTIONS="-cl-nv-maxrregcount=$cap -cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/t $S 2> /tmp/b$cap.log; regs < /tmp/b$cap.log
done
echo "== A again"; OCLFFT_CACHE_DIR=/tmp/oa /tmp/b/t $S
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S
} 2>&1 | tee $OUT/o2.txt
