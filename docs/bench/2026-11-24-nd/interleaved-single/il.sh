#!/usr/bin/env bash
# Experiment: interleaved (column) axes of 2048 and 4096 points in one pass (2 or 1 columns per
# work-group, runs of 16 or 8 bytes) against two passes of >= 4 columns (the committed rule).
set -u
bash .gpu/nvidia-opencl.sh
S="4096,4096x8 2048,2048x32 2048,4096x16 4096,1024x32 1024,1024x128"
for round in 1 2; do
  echo "== committed rule (two passes for columns above 1024), round $round"; .gpu/shapes $S 2>&1 | tee -a $OUT/il_committed.txt
  echo "== one pass up to 4096, round $round"; .gpu/shapes_il_single $S 2>&1 | tee -a $OUT/il_single.txt
done
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S 2>&1 | tee $OUT/cufft_il.txt
echo "== r2c committed"; .gpu/shapes --r2c 4096,4096x8 2048,2048x32 2>&1 | tee -a $OUT/il_r2c.txt
echo "== r2c single"; .gpu/shapes_il_single --r2c 4096,4096x8 2048,2048x32 2>&1 | tee -a $OUT/il_r2c.txt
echo "== cuFFT r2c"; python3 .gpu/cufft_shapes.py --kind r2c 4096,4096x8 2048,2048x32 2>&1 | tee -a $OUT/il_r2c.txt
