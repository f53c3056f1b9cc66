#!/usr/bin/env bash
# t3: the device tests of HEAD (the interleaved passes' layout edges, storage order) on
# NVIDIA's driver that f3 left out: gpu_plans, real_layouts, multi_dim_real.
set -u
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:300 real_layouts:120 multi_dim_real:120 2>&1 | tee $OUT/t3.txt
