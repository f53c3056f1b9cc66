#!/usr/bin/env bash
# The committed build (cf6f625, "new") against 6ca31b2 ("old"): C2R f32 and f64 of the
# shapes whose plans changed, rounds old new new old, beside cuFFT's C2R in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in old new; do gunzip -c .gpu/shapes_$f.gz > /tmp/b/shapes_$f && chmod +x /tmp/b/shapes_$f; done
export OCLFFT_DEVICE=nvidia
R="65536x2048 1048576x128 2097152x64 4194304x32 8388608x16 16777216x8 33554432x4"
D="1048576x64 4194304x16 8388608x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
echo "== $v c2r"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 80 /tmp/b/shapes_$v --c2r $R | tail -n +4
done
for v in old new; do
echo "== $v c2r f64"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --f64 --c2r $D | tail -n +4
done
echo "== cuFFT c2r"; timeout 80 python3 .gpu/cufft_shapes.py --kind c2r $R
echo "== cuFFT c2r f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r --precision f64 $D
} 2>&1 | tee $OUT/s5.txt
