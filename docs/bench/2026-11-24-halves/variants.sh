#!/usr/bin/env bash
# Issue 13: halves-exchange variants, same call, A B C D D C B A.
# A: 8192 = [32,32,8] W=256; B: [16,16,16,2] W=512; C: [64,64,2] W=128; D: A plus 4096 f32
# as halves [16,16,16] W=256. All with the f32 halves pad every 32 values.
set -u
bash .gpu/nvidia-opencl.sh
for v in A B C D D C B A; do echo "== $v"; .gpu/oclfft_$v bench --min 11 --max 14 --rustfft false 2>&1 | tail -5 | head -4 | tee -a $OUT/variant_$v.txt; done
