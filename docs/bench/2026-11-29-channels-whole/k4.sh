#!/bin/bash
# k4: 27d93c1 (old: a work-group per channel, `_il1`) against the working tree (new: 2
# channels side by side in 2 columns exchanging halves where the contiguous transform is one
# pass of one column), rounds old new new old (f32), f64 once each; then gpu_plans.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
cd .gpu && for b in old new; do gunzip -f shapes_$b.gz && chmod +x shapes_$b; done && cd ..
o=$OUT/k4.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $o
FAR="2187,2x30685 3000,2x22369 6561,2x10228 8192,2x8192"
F64="4096,2x8192 8192,2x4096 2187,2x15342"
for b in old new new old; do
  echo "## $b far" >> $o
  .gpu/shapes_$b --axes=0 $FAR 2>&1 | cut -c1-120 >> $o
done
for b in old new; do
  echo "## $b far f64" >> $o
  .gpu/shapes_$b --f64 --axes=0 $F64 2>&1 | cut -c1-120 >> $o
done
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:200 >> $o 2>&1
