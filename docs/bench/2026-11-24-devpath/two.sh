#!/bin/bash
# Two GPUs: virtual ranks one per GPU (--spread) beside ranks sharing one GPU, and a batch
# split over both GPUs (MultiDeviceFft) beside one GPU, in one call.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
for b in slab_timing multi_device_timing; do gunzip -c .gpu/$b.gz > /tmp/$b; chmod +x /tmp/$b; done
export OCLFFT_DEVICE=nvidia
nvidia-smi --query-gpu=index,name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv
nvidia-smi topo -m 2>/dev/null | head -5
echo "=== multi-device batch"; timeout 120 /tmp/multi_device_timing 1048576 128
echo "=== multi-device batch, 2^12 points"; timeout 120 /tmp/multi_device_timing 4096 32768
echo "=== 512 one GPU per rank"; timeout 150 /tmp/slab_timing 512 1 2 --spread
echo "=== 512 ranks sharing GPU 0"; timeout 150 /tmp/slab_timing 512 1 2
