#!/usr/bin/env bash
# Column passes at large strides (issue 11) and 6561's stage order (issue 9), one binary
# whose experiment knobs are environment variables of the working tree at the time:
# ZZ_IL512 = columns of a wide interleaved 512-point pass (0: today's complex exchange, 8
# columns); ZZ_COLSPLIT = the split of an interleaved axis (log2 lengths); ZZ_6561 = the
# stage radices of 6561. Each variant its own kernel cache; cuFFT in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_e1.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia
S=/tmp/b/shapes
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
for c in 0 16 32; do
echo "== il512=$c c2c"; ZZ_IL512=$c OCLFFT_CACHE_DIR=/tmp/c_il$c timeout 60 $S 512,512,512 256,512,512x2 | tail -n +3
echo "== il512=$c r2c"; ZZ_IL512=$c OCLFFT_CACHE_DIR=/tmp/c_il$c timeout 60 $S --r2c 512,512,512 | tail -n +3
done
for sp in 0 6,7 7,6 8,5 5,8 9,4 4,9 10,3 3,10; do
echo "== colsplit=$sp 8192,8192"; ZZ_COLSPLIT=$([ $sp = 0 ] || echo $sp) OCLFFT_CACHE_DIR=/tmp/c_cs$sp timeout 60 $S 8192,8192 | tail -n +3
done
echo "== colsplit=9,4 il512=16 8192,8192"; ZZ_IL512=16 ZZ_COLSPLIT=9,4 OCLFFT_CACHE_DIR=/tmp/c_x1 timeout 60 $S 8192,8192 | tail -n +3
echo "== colsplit=9,4 il512=32 8192,8192"; ZZ_IL512=32 ZZ_COLSPLIT=9,4 OCLFFT_CACHE_DIR=/tmp/c_x2 timeout 60 $S 8192,8192 | tail -n +3
for sp in 0 6,6 7,5 5,7; do
echo "== colsplit=$sp 4096,4096x8"; ZZ_COLSPLIT=$([ $sp = 0 ] || echo $sp) OCLFFT_CACHE_DIR=/tmp/c_d$sp timeout 60 $S 4096,4096x8 | tail -n +3
echo "== colsplit=$sp r2c 4096,4096x8"; ZZ_COLSPLIT=$([ $sp = 0 ] || echo $sp) OCLFFT_CACHE_DIR=/tmp/c_d$sp timeout 60 $S --r2c 4096,4096x8 | tail -n +3
done
for v in 0 27,9,27; do
echo "== 6561=$v"; ZZ_6561=$([ $v = 0 ] || echo $v) OCLFFT_CACHE_DIR=/tmp/c_6$v timeout 60 $S 6561x20457 | tail -n +3
done
done
echo "== cuFFT c2c"; timeout 90 python3 .gpu/cufft_shapes.py 512,512,512 256,512,512x2 8192,8192 4096,4096x8 6561x20457
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 512,512,512 4096,4096x8
} > $OUT/e1.txt 2>&1
cat $OUT/e1.txt
