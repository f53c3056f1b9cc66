#!/usr/bin/env bash
# t2: the device tests gpu_plans and multi_dim_real of 17b06a0 (the paired split radices;
# 9450 reals and 3 x 4 x 9450 through the mirror exchange) on NVIDIA's driver.
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:240 multi_dim_real:120 | tee $OUT/t2.txt
