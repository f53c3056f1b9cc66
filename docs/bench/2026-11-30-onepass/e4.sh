#!/usr/bin/env bash
# e4: the long mixed passes read and write the caller's layout themselves (strided, planar;
# fft-core/src/kernel/fused/long_mixed.rs allows the load and store edges): gpu_plans
# (with layouts on 15625 and 12005) and layouts on NVIDIA's driver, then --layouts old
# (`.gpu/shapes_exp.gz` without knobs = abea9e4's plans) against new (`.gpu/shapes_new.gz`),
# rounds old new new old.
set -u
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:240 layouts:90
mkdir -p /tmp/b && for v in exp new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
{
for v in exp new new exp; do
  echo "== $v"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v --layouts 19683x6818 15625x8589 12005x11180 | tail -n +3
done
} 2>&1 | cut -c1-220 | tee $OUT/e4.txt
