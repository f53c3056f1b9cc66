#!/usr/bin/env bash
# t5: gpu_plans of the commit after 6b057e5 (radix 15 left out; 11025 and 9375 checked) on
# NVIDIA's driver.
set -u
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:170 2>&1 | tee $OUT/t5.txt
