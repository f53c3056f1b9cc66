#!/usr/bin/env bash
# Issue 8 (index layer, loops only up to 16 elements per work-item): before (27e231c's
# kernels, no loops) / after sweep in one call, A B B A for f32, A B for f64, strategy fused
# at 512 and 4096; cold plans with the driver's cache off, three alternating rounds.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in oclfft_before oclfft_idx; do gunzip -c .gpu/$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
A=/tmp/b/oclfft_before; B=/tmp/b/oclfft_idx
export OCLFFT_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/sweep.txt
{
for X in $A $B $B $A; do echo "== $(basename $X) f32"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X bench --min 4 --max 27 --rustfft false; done
for X in $A $B; do echo "== $(basename $X) f64"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X bench --min 4 --max 25 --precision f64 --rustfft false; done
for X in $A $B $B $A; do echo "== $(basename $X) f32 fused 512..4096"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X bench --strategy fused --sizes 512,1024,2048,4096 --rustfft false; done
} 2>&1 | tee -a $OUT/sweep.txt
echo "== cold plans (CUDA_CACHE_DISABLE=1, empty OCLFFT_CACHE_DIR)" | tee $OUT/plans.txt
for round in 1 2 3; do for X in $A $B; do for N in 4096 1048576 67108864; do
  d=$(mktemp -d); echo "-- round $round $(basename $X) N=$N"; CUDA_CACHE_DISABLE=1 OCLFFT_CACHE_DIR=$d/occ $X plan $N 2>&1 | grep -E "plan built"
done; done; done 2>&1 | tee -a $OUT/plans.txt
