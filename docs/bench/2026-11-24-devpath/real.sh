#!/bin/bash
# Distributed R2C beside the complex transform of the same field, one call.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
for b in real_timing slab_both; do gunzip -c .gpu/$b.gz > /tmp/$b; chmod +x /tmp/$b; done
export OCLFFT_DEVICE=nvidia
for n in 256 512; do
  echo "=== R2C $n"; timeout 150 /tmp/real_timing $n 1 2 4
  echo "=== C2C $n"; timeout 150 /tmp/slab_both $n 1 2 4 | grep -E "one plan|Slabs\(1\)"
done
