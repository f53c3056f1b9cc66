#!/usr/bin/env bash
# Images too (g): the split writes padded rows, the column pass reads the padded array's
# columns (on sectors) and writes the caller's compact rows, skipping the padding; against
# e (images compact), rounds e g g e, R2C f32.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in e g; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/shapes_$v && chmod +x /tmp/b/shapes_$v; done
export OCLFFT_DEVICE=nvidia
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in e g g e; do
echo "== $v r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --r2c 1024,1024x128 4096,4096x8 2048,2048x32 512,512x512 512,512,512 | tail -n +4
done
} 2>&1 | tee $OUT/p8.txt
