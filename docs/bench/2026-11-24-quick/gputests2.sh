#!/usr/bin/env bash
# The rest of the device tests on the H100 (NVIDIA's driver), with host_calls fixed.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/t_*.gz; do n=$(basename $f .gz); gunzip -c $f > /tmp/b/$n; chmod +x /tmp/b/$n; done
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/occ_tests2
for t in host_calls binary_cache bad_input ndarray multi_dim_real any_length; do
  echo "== $t"; timeout 120 /tmp/b/t_$t 2>&1 | grep -E "test result|FAILED|panicked" | head -5
done
