#!/usr/bin/env bash
# p6's layouts on the H100 (f32, three shapes), rounds e f f e.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in e f; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/shapes_$v && chmod +x /tmp/b/shapes_$v; done
export OCLFFT_DEVICE=nvidia
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in e f f e; do
echo "== $v layouts"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --layouts 1024x131072 4096x32768 256x524288 | tail -n +4
done
} 2>&1 | tee $OUT/p7.txt
