#!/bin/bash
# Two transfer queues and parallel mailbox copies: head (one queue, serial copies), queues
# (two queues), both (two queues and parallel copies), ABC CBA in one call.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
for b in head queues both; do gunzip -c .gpu/slab_$b.gz > /tmp/slab_$b; chmod +x /tmp/slab_$b; done
export OCLFFT_DEVICE=nvidia
for b in head queues both both queues head; do
  echo "=== $b 512"; timeout 120 /tmp/slab_$b 512 1 2 4 | grep -E "Slabs\(1\)|Pencils|network|one plan|round trip"
done
