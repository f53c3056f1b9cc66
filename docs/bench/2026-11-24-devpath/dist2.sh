#!/bin/bash
# The device data path with the time model's prediction beside each measurement.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
gunzip -c .gpu/slab_new.gz > /tmp/slab_new; chmod +x /tmp/slab_new
export OCLFFT_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv
for n in 256 512; do echo "=== $n"; timeout 250 /tmp/slab_new $n 1 2 4 8; done
