#!/bin/bash
# Distributed slab transform on virtual ranks sharing the GPU: new (device data path) and old
# (host data path, b6a5b17) builds, alternating, in one call.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
cd .gpu
for b in slab_new slab_old; do gunzip -c $b.gz > /tmp/$b; chmod +x /tmp/$b; done
export OCLFFT_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv
for n in 256 512; do
  for b in slab_new slab_old slab_new; do
    echo "=== $b $n"
    timeout 200 /tmp/$b $n 1 2 4 2>&1 | grep -v "^warning"
  done
done
