#!/usr/bin/env bash
# Where a265ef0 is still above cuFFT: 8192 points (halves, [64, 64, 2]) against [32, 32, 8]
# (a build of 2eafdc4 with the temporary hook OCLFFT_TMP_BITS="len:bits", never committed,
# setting the main radix), and the two-pass sizes 2^15, 2^21, 2^23, 2^24 and f64 2^13, 2^14:
# the estimate's plan against measure mode's fastest split (`--measure`), beside cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_h oclfft_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
L=8192,32768,2097152,8388608,16777216
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
echo "== 8192 as [64, 64, 2]"; OCLFFT_CACHE_DIR=/tmp/c_h /tmp/b/shapes_h 8192x16384 | tail -n +4
echo "== 8192 as [32, 32, 8]"; OCLFFT_TMP_BITS=8192:5 OCLFFT_CACHE_DIR=/tmp/c_h5 /tmp/b/shapes_h 8192x16384 | tail -n +4
echo "== f64 8192 as [16, 16, 16, 2]"; OCLFFT_CACHE_DIR=/tmp/c_h /tmp/b/shapes_h --f64 8192x16384 | tail -n +4
echo "== f64 8192 as [32, 32, 8]"; OCLFFT_TMP_BITS=8192:5 OCLFFT_CACHE_DIR=/tmp/c_h5 /tmp/b/shapes_h --f64 8192x16384 | tail -n +4
done
echo "== bench estimate"; OCLFFT_CACHE_DIR=/tmp/c_e /tmp/b/oclfft_new bench --sizes $L
echo "== bench measure"; OCLFFT_CACHE_DIR=/tmp/c_m /tmp/b/oclfft_new bench --sizes $L --measure
for n in 32768 2097152 8388608 16777216; do OCLFFT_CACHE_DIR=/tmp/c_m /tmp/b/oclfft_new plan $n --batch $((134217728 / n)) --measure; done
echo "== bench f64 estimate"; OCLFFT_CACHE_DIR=/tmp/c_e /tmp/b/oclfft_new bench --precision f64 --sizes 8192,16384
echo "== bench f64 measure"; OCLFFT_CACHE_DIR=/tmp/c_m /tmp/b/oclfft_new bench --precision f64 --sizes 8192,16384 --measure
OCLFFT_CACHE_DIR=/tmp/c_m /tmp/b/oclfft_new plan 16384 --batch 8192 --precision f64 --measure
echo "== cuFFT"; python3 .gpu/cufft_shapes.py 8192x16384 32768x4096 2097152x64 8388608x16 16777216x8
echo "== cuFFT f64"; python3 .gpu/cufft_shapes.py --precision f64 8192x16384 16384x8192
} 2>&1 | tee $OUT/r5.txt
