#!/usr/bin/env bash
# 1-D power-of-two C2C before (4c88609, the previous main) and after (this session's main), same
# call, ABBA, f32 2^4..2^27 with 2^27 points per launch: the executor's launch path changed
# (Data, layout checks); the kernels did not.
set -u
bash .gpu/nvidia-opencl.sh
for v in before after after before; do
  echo "== $v"; .gpu/oclfft_$v bench --min 4 --max 27 --rustfft false 2>&1 | tee -a $OUT/bench_$v.txt
done
