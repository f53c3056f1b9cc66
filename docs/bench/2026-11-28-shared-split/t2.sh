#!/usr/bin/env bash
# gpu_plans and real_transforms of ad3712a (the f64-only shared split, the fft-core splits)
# on NVIDIA's driver.
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:120 real_transforms:120 | tee $OUT/t2.txt
