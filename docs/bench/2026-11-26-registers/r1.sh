#!/usr/bin/env bash
# One-pass powers of two with their values in registers (the mixed lengths' register passes,
# linear exchange padding) against the catalog's local-memory kernels, beside cuFFT.
# Temporary hooks in this build only: OCLFFT_TMP_POW2REG=1 lets plain power-of-two passes
# (not wide) keep their values in registers; OCLFFT_TMP_RADICES="len:R/..." forces the
# main radix R of a power of two.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_r.gz > /tmp/b/r && chmod +x /tmp/b/r
export OCLFFT_DEVICE=nvidia
S="64x2097152 128x1048576 256x524288 512x262144 1024x131072 2048x65536 4096x32768 8192x16384"
A="512:8/1024:16/2048:16/4096:16"
B="128:8/256:8/512:16/2048:32/4096:64"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
echo "== default"; /tmp/b/r $S | tail -n +4
echo "== reg"; OCLFFT_TMP_POW2REG=1 /tmp/b/r $S | tail -n +4
echo "== reg A $A"; OCLFFT_TMP_POW2REG=1 OCLFFT_TMP_RADICES="$A" /tmp/b/r $S | tail -n +4
echo "== reg B $B"; OCLFFT_TMP_POW2REG=1 OCLFFT_TMP_RADICES="$B" /tmp/b/r $S | tail -n +4
done
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S
echo "== f64 default"; /tmp/b/r --f64 256x262144 512x131072 1024x65536 2048x32768 4096x16384 | tail -n +4
echo "== f64 reg"; OCLFFT_TMP_POW2REG=1 /tmp/b/r --f64 256x262144 512x131072 1024x65536 2048x32768 4096x16384 | tail -n +4
echo "== cuFFT f64"; python3 .gpu/cufft_shapes.py --precision f64 256x262144 512x131072 1024x65536 2048x32768 4096x16384
L="16384x8192 32768x4096 65536x2048 131072x1024 262144x512 524288x256 1048576x128 4194304x32 16777216x8 67108864x2"
echo "== multi default"; /tmp/b/r $L | tail -n +4
echo "== multi reg"; OCLFFT_TMP_POW2REG=1 /tmp/b/r $L | tail -n +4
} 2>&1 | tee $OUT/r1.txt
