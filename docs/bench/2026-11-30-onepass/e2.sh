#!/usr/bin/env bash
# e2: every 13-smooth length from 10241 to 20480 points that the long mixed rule takes from
# two passes to one (45 lengths), f32, about 2^27 points per launch: old plans
# (`.gpu/shapes_exp.gz` without its knobs = abea9e4's plans), new plans (`.gpu/shapes_new.gz`,
# the working tree with fft-core/src/kernel/fused/long_mixed.rs) and cuFFT, in one call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in exp new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
SH=""
for n in 10584 10816 10935 11250 11520 11664 11907 11979 12000 12005 12348 12500 12800 12960 13122 13689 13824 14336 14400 14406 15125 15309 15488 15552 15625 15876 16000 16200 16464 16807 16875 17280 17496 17576 18000 18225 18432 18522 19200 19208 19683 19773 20000 20250 20480; do
  SH="$SH ${n}x$(( (1 << 27) / n ))"
done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== old"; OCLFFT_CACHE_DIR=/tmp/c_old timeout 280 /tmp/b/exp $SH | tail -n +3
echo "== new"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 280 /tmp/b/new $SH | tail -n +3
echo "== cuFFT"; timeout 200 python3 .gpu/cufft_shapes.py $SH | tail -n +2
} 2>&1 | cut -c1-200 | tee $OUT/e2.txt
