#!/bin/bash
# PoCL fused sweep: before (pre-loops kernels), after (loops only up to 16 elements), alternating.
for prec in f32 f64; do
for round in 1 2; do
for b in oclfft_before oclfft_r16; do
  echo "== $b $prec round $round"
  OCLFFT_DEVICE=portable /tmp/$b bench --strategy fused --precision $prec --min 8 --max 16 --log2-total 20 --runs 31 --rustfft false 2>&1 | grep -E '^ +[0-9]+ '
done; done; done
