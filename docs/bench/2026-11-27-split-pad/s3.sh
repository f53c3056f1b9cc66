#!/usr/bin/env bash
# Registers and spills (ptxas, -cl-nv-verbose) of the one-pass R2C kernels of s2's two
# builds, each compiled in a fresh cache directory.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_pad shapes_tw; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
{
for v in pad tw; do
for s in 1024x131072 2048x65536 4096x32768 8192x16384 "--f64 1024x65536" "--f64 2048x32768"; do
echo "== $v $s"
rm -rf /tmp/cc; OCLFFT_CACHE_DIR=/tmp/cc OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 timeout 60 /tmp/b/shapes_$v --r2c $s 2>&1 | grep -E "registers|spill|x_copy|^ +[0-9]" | head -8
done
done
} 2>&1 | tee $OUT/s3.txt
