#!/usr/bin/env bash
# The committed build (2048-point wide passes with 8 columns): GPU fused-pass test, then measure
# mode over 2^13..2^24 (which decomposition wins on the device), beside the estimate's plans.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/*.gz; do gunzip -c $f > /tmp/b/$(basename $f .gz); chmod +x /tmp/b/$(basename $f .gz); done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/measure.txt
export OCLFFT_CACHE_DIR=/tmp/occ_m2
echo "== test fused_passes"; OCLFFT_DEVICE=nvidia timeout 120 /tmp/b/t_fused_passes 2>&1 | grep -E "test result|panicked" -A3 | tee $OUT/test.txt
{
echo "== estimate"; /tmp/b/oclfft_b bench --min 13 --max 24 --rustfft false | tail -13
echo "== measure"; /tmp/b/oclfft_b bench --min 13 --max 24 --rustfft false --measure | tail -13
echo "== estimate again"; /tmp/b/oclfft_b bench --min 13 --max 24 --rustfft false | tail -13
} 2>&1 | tee -a $OUT/measure.txt
find /tmp/occ_m2 -name "*.toml" -exec cp {} $OUT/ \;
