#!/usr/bin/env bash
# The final build's device tests on the H100 (NVIDIA's driver), each under a time limit.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/t_*.gz; do n=$(basename $f .gz); gunzip -c $f > /tmp/b/$n; chmod +x /tmp/b/$n; done
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/occ_tests
for t in quick_start queue_and_buffers fused_passes layouts multi_dim transforms_match_oracle host_calls measure_mode concurrency_and_buffers; do
  echo "== $t"; timeout 120 /tmp/b/t_$t 2>&1 | grep -E "test result|FAILED|panicked" | head -5
done
echo "== real_transforms (without the every-length sweep, which compiles hundreds of kernels)"
timeout 150 /tmp/b/t_real_transforms --skip every_length_up_to_160 2>&1 | grep -E "test result|FAILED|panicked" | head -5
