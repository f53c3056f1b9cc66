#!/bin/bash
# Slabs and pencils on virtual ranks sharing the GPU, the model beside each.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
gunzip -c .gpu/slab_new.gz > /tmp/slab_new; chmod +x /tmp/slab_new
export OCLFFT_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv
echo "=== 256"; timeout 200 /tmp/slab_new 256 1 2 4 8 16
echo "=== 512"; timeout 300 /tmp/slab_new 512 1 4 8
