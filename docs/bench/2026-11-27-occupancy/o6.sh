#!/usr/bin/env bash
# R2C whose half length is one pass in registers: each element writes its own X_e (its mirror
# read from the unpadded spill), "new", against 10a23ca ("old"), rounds old new new old,
# beside cuFFT's R2C. Binaries built as in o2.sh.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new oclfft_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="128x1048576 512x262144 1000x134217 1024x131072 2000x67108 2048x65536 4096x32768 8192x16384 4096,4096x8 512,512,512"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v /tmp/b/shapes_$v --r2c $R | tail -n +4
done
echo "== cuFFT r2c"; python3 .gpu/cufft_shapes.py --kind r2c $R
} 2>&1 | tee $OUT/o6.txt
