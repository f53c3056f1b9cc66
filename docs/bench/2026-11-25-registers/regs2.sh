#!/usr/bin/env bash
# Issue 9: stage radices that divide the first (s2) against the balanced ones (s1 = c857c99),
# ABBA, beside cuFFT; then NVIDIA's register counts of the register-resident mixed kernels.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in shapes_s1 shapes_s2; do gunzip -c .gpu/$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
A=/tmp/b/shapes_s1; B=/tmp/b/shapes_s2
export OCLFFT_DEVICE=nvidia
S="2000x67108 3000x44739 4000x33554 1200x111848 1500x89478 1296x103563 3600x37282 6000x22369 768x174762 1536x87381 3072x43690 100000x1342 3145728x42 1000x134217 5003x26828 65537x2048"
D="2000x33554 1296x51781 200x335544"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for X in $A $B $B $A; do echo "== $(basename $X) c2c f32"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X $S; done
for X in $A $B; do echo "== $(basename $X) c2c f64"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X --f64 $D; done
echo "== cuFFT c2c f32"; python3 .gpu/cufft_shapes.py $S
echo "== cuFFT c2c f64"; python3 .gpu/cufft_shapes.py --precision f64 $D
echo "== registers (s2, -cl-nv-verbose)"
OCLFFT_CACHE_DIR=/tmp/occ_verbose OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 $B 1000x1024 2000x1024 3000x1024 3125x1024 5000x1024 6561x1024 8000x1024 6000x1024 2>&1 | grep -iE "registers|Compiling entry|shape|x1024" | head -60
} 2>&1 | tee $OUT/regs2.txt
