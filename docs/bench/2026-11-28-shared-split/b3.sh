#!/usr/bin/env bash
# Registers of the split passes (NVIDIA's -cl-nv-verbose), old and inter, R2C 2^19 and 2^20 reals.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_inter; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
{
for v in old inter; do
echo "== $v"; OCLFFT_CACHE_DIR=/tmp/v_$v OCLFFT_PRINT_BUILD_LOG=1 OCLFFT_BUILD_OPTIONS=-cl-nv-verbose timeout 120 /tmp/b/shapes_$v --r2c 524288x256 1048576x128 229376x585 200000x671 2>&1 | grep -E "ptxas|Compiling|Function prop|Used|spill|split|x[0-9]+ " 
done
} 2>&1 | tee $OUT/b3.txt
