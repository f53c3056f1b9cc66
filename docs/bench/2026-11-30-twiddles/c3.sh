#!/usr/bin/env bash
# c3: the output layout written by the last, interleaved pass of a multi-dimensional plan
# (598591d): `old` = .gpu/shapes_old.gz (c758340 with this commit's shapes example: a layout
# pass writes the planar output), `new` = .gpu/shapes_new.gz (the shapes example of the
# commit after 598591d); `--layouts` (contiguous, stride 2, planar in, planar both, planar
# out), rounds old new; then gpu_plans of the new commit on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new; do
echo "== $v"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --layouts 4096,4096x8 1024,1024x128 8192,8192 256,256,256x8 | tail -n +3
done
} 2>&1 | cut -c1-220 | tee $OUT/c3.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:200 2>&1 | tee -a $OUT/c3.txt
