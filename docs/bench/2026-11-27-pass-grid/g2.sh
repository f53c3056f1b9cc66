#!/usr/bin/env bash
# g1's grid with each pq[b] read just before its first element ("grid2") against g1's
# "grid" and 98c6508 ("tw"): registers (ptxas) of the 1024- and 4096-point register
# passes, then f32 C2C per 2^27 points (f64 2^26), rounds tw grid2 grid2 tw grid.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_tw shapes_grid shapes_grid2; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
C="1048576x128 2097152x64 4194304x32 8388608x16 16777216x8"
D="1048576x64 4194304x16"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in tw grid grid2; do for s in 1048576x128 16777216x8 "--f64 1048576x64"; do
echo "== registers $v $s"
rm -rf /tmp/cc; OCLFFT_CACHE_DIR=/tmp/cc OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 timeout 60 /tmp/b/shapes_$v $s 2>&1 | grep -E "registers|spill" | head -4
done; done
for v in tw grid2 grid2 tw grid; do
echo "== $v c2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v $C | tail -n +3
echo "== $v c2c f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --f64 $D | tail -n +3
done
} 2>&1 | tee $OUT/g2.txt
