#!/usr/bin/env bash
# Issues 11/10: interleaved column passes as wide passes (halves exchanged, 8 columns of 1024
# and 2048 points, 4 of 4096 in one pass), before (f804975) / after, beside cuFFT, one call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in shapes_before shapes_after; do gunzip -c .gpu/$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
A=/tmp/b/shapes_before; B=/tmp/b/shapes_after
export OCLFFT_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/wideil.txt
S="1024,1024x128 2048,2048x32 4096,4096x8 8192,8192 512,512,512 256,256,256x8"
R="1024,1024x128 4096,4096x8 512,512,512 256,256,256x8"
{
for X in $A $B $B $A; do echo "== $(basename $X) c2c f32"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X $S; done
for X in $A $B; do echo "== $(basename $X) c2c f64"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X --f64 1024,1024x64 2048,2048x16; done
for X in $A $B $B $A; do echo "== $(basename $X) r2c"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X --r2c $R; done
for X in $A $B; do echo "== $(basename $X) c2r"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X --c2r $R; done
echo "== cuFFT c2c f32"; python3 .gpu/cufft_shapes.py $S
echo "== cuFFT c2c f64"; python3 .gpu/cufft_shapes.py --precision f64 1024,1024x64 2048,2048x16
echo "== cuFFT r2c"; python3 .gpu/cufft_shapes.py --kind r2c $R
echo "== cuFFT c2r"; python3 .gpu/cufft_shapes.py --kind c2r $R
} 2>&1 | tee -a $OUT/wideil.txt
