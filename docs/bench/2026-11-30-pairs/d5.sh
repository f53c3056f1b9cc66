#!/usr/bin/env bash
# d5: rows in pairs with f64 enabled (the working tree after 5baf881), `old` = 9bef204's
# shapes example; f64 rounds old new new old; then gpu_plans (its f64 pair check against the
# planar plan without pairs) on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
SH="4096,2048x8 2,4096,2048x4"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
  echo "== $v"; OCLFFT_CACHE_DIR=/tmp/c_$v /tmp/b/shapes_$v --f64 $SH | tail -n +3
done
} 2>&1 | cut -c1-220 | tee $OUT/d5.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:300 2>&1 | tee -a $OUT/d5.txt
