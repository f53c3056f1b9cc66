#!/usr/bin/env bash
# t1: the device tests gpu_plans (now with 2000 x 12 forward and inverse and 1080 x 20, one
# aligned pass each) and multi_dim of the working tree on NVIDIA's driver.
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:330 multi_dim:200 | tee $OUT/t1.txt
