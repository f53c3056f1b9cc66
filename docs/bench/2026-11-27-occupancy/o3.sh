#!/usr/bin/env bash
# The rule as committed (only wide passes that exchange in parts, 2048 and 4096 points in
# f32, skew each sub-FFT; "new") against 10a23ca ("old") on the sizes whose plans take
# those passes, rounds old new new old, then the f32 sweep of the new build beside cuFFT.
# Binaries built as in o2.sh.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new oclfft_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
S="1048576x128 2097152x64 4194304x32 8388608x16 16777216x8 2048,2048x32 4096,4096x8"
R="16777216x8 4194304x32 4096,4096x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
echo "== $v f32"; OCLFFT_CACHE_DIR=/tmp/c_$v /tmp/b/shapes_$v $S | tail -n +4
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v /tmp/b/shapes_$v --r2c $R | tail -n +4
done
echo "== cuFFT f32"; python3 .gpu/cufft_shapes.py $S
echo "== cuFFT r2c"; python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== bench new"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/oclfft_new bench --min 4 --max 26
echo "== cuFFT bench"; python3 .gpu/cufft_bench.py --min 4 --max 26
} 2>&1 | tee $OUT/o3.txt
