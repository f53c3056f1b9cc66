#!/usr/bin/env bash
# t4: the device tests of 1712678 (storage order, the interleaved passes' layout edges, 6561
# x 2 channels in three parts) on NVIDIA's driver.
set -u
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:240 multi_dim:120 layouts:60 ndarray:60 real_layouts:60 multi_dim_real:60 2>&1 | tee $OUT/t4.txt
