#!/usr/bin/env bash
# Wide interleaved passes (issue 11) and the 500-point paired split's radices (issue 10), one
# binary whose experiment knobs are environment variables: ZZ_ILMIN = the shortest f32
# interleaved pass that is wide (1024: the rule before this session; 512: the new rule, 32
# columns; 256: 64 columns), ZZ_IL1024=1 = 16 columns for 1024-point interleaved passes
# (else 8), ZZ_R500 = the stage radices of the 500-point pass of the R2C of 1000 reals.
# Each variant its own kernel cache; cuFFT in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_e2.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia
S=/tmp/b/shapes
C2C="512,512,512 256,256,256x8 1024,1024x128 512,512x512 8192,8192"
R2C="512,512,512 256,256,256x8 1024,1024x128"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
for v in "ZZ_ILMIN=1024" "ZZ_ILMIN=512" "ZZ_ILMIN=256" "ZZ_ILMIN=512 ZZ_IL1024=1"; do
d=/tmp/c_$(echo $v | tr ' =' '__')
echo "== $v c2c"; env $v OCLFFT_CACHE_DIR=$d timeout 60 $S $C2C | tail -n +3
echo "== $v r2c"; env $v OCLFFT_CACHE_DIR=$d timeout 60 $S --r2c $R2C | tail -n +3
echo "== $v c2r"; env $v OCLFFT_CACHE_DIR=$d timeout 60 $S --c2r 512,512,512 | tail -n +3
done
for r in 10,10,5 20,5,5 10,5,10; do
echo "== r500=$r r2c"; ZZ_R500=$r OCLFFT_CACHE_DIR=/tmp/c_r$r timeout 60 $S --r2c 1000x134217 | tail -n +3
done
echo "== c2c 1000 (the ratio's denominator)"; OCLFFT_CACHE_DIR=/tmp/c_r timeout 60 $S 1000x134217 | tail -n +3
echo "== cuFFT c2c"; timeout 90 python3 .gpu/cufft_shapes.py $C2C 1000x134217
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $R2C 1000x134217
echo "== cuFFT c2r"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r 512,512,512
done
} > $OUT/e2.txt 2>&1
cat $OUT/e2.txt
