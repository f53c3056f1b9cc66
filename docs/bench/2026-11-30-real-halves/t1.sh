#!/usr/bin/env bash
# t1: the device tests gpu_plans and multi_dim_real of the final tree (c01c416: the merges
# of r3 in 8640 and 12000 reals, the real layouts of 8400 and 8232) on NVIDIA's driver.
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:240 multi_dim_real:150 | tee $OUT/t1.txt
