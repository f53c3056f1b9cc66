#!/bin/bash
# Batched non-blocking messages (batch) against one message at a time (prev, 726b7e1), ABBA.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
for b in prev batch; do gunzip -c .gpu/slab_$b.gz > /tmp/slab_$b; chmod +x /tmp/slab_$b; done
export OCLFFT_DEVICE=nvidia
for b in prev batch batch prev; do
  echo "=== $b 512"; timeout 120 /tmp/slab_$b 512 1 2 4 | grep -E "Slabs|Pencils|network"
done
