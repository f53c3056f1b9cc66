#!/usr/bin/env bash
# Issue 8 item 6 (fused load/store phases as loops): before/after sweep in one call, A B B A
# order for f32, A B for f64; cold plan times; issue 12: the streamed path on the GPU.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in oclfft_before oclfft_after; do gunzip -c .gpu/$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
A=/tmp/b/oclfft_before; B=/tmp/b/oclfft_after
export OCLFFT_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/sweep.txt
{
for X in $A $B $B $A; do echo "== $(basename $X) f32"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X bench --min 4 --max 27 --rustfft false; done
for X in $A $B; do echo "== $(basename $X) f64"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X bench --min 4 --max 25 --precision f64 --rustfft false; done
} 2>&1 | tee -a $OUT/sweep.txt
