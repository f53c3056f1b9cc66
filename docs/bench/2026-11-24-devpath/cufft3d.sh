#!/bin/bash
# The one-plan 3-D transforms of slab_timing/real_timing beside cuFFT's, one call.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
for b in slab_timing real_timing; do gunzip -c .gpu/$b.gz > /tmp/$b; chmod +x /tmp/$b; done
export OCLFFT_DEVICE=nvidia
python3 .gpu/cufft_shapes.py 256,256,256 512,512,512
python3 .gpu/cufft_shapes.py --kind r2c 256,256,256 512,512,512
for n in 256 512; do /tmp/slab_timing $n 1 | grep -E "one plan|round trip"; /tmp/real_timing $n 1 | grep "one plan"; done
