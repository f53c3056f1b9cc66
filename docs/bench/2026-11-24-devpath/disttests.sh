#!/bin/bash
# The distributed test binaries on the H100 (NVIDIA's rect transfers and real plans).
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for t in distributed distributed_real; do
  gunzip -c .gpu/$t.gz > /tmp/$t; chmod +x /tmp/$t
  echo "=== $t"; timeout 250 /tmp/$t --test-threads 1 2>&1 | grep -E "^test |test result|testing on|panicked" 
done
