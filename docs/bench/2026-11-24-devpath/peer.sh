#!/bin/bash
# Cross-device copies within one OpenCL context on the two-GPU machine.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
gunzip -c .gpu/peer_copy.gz > /tmp/peer_copy; chmod +x /tmp/peer_copy
nvidia-smi topo -m 2>/dev/null | head -3
timeout 120 /tmp/peer_copy 256
timeout 120 /tmp/peer_copy 1024
