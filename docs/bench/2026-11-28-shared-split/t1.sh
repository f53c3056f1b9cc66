#!/usr/bin/env bash
# The device suite of the committed tree on NVIDIA's driver (release test binaries in
# .gpu/tests.tar.xz), every-length sweeps skipped (PoCL runs them in CI).
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:120 fused_passes:80 \
  transforms_match_oracle:60 real_transforms:120 layouts:40 any_length:120 multi_dim:60 \
  multi_dim_real:60 host_calls:60 | tee $OUT/t1.txt
