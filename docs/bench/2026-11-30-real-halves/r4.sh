#!/usr/bin/env bash
# r4: the split in long mixed passes (half lengths 10241..30720 f32 points, exchanges in
# parts; the mirrors through one more exchange of halves in those parts): old = 10798f3,
# new = the working tree (shapes example, stripped), rounds old new new old, f32 about 2^27
# reals per launch; cuFFT's R2C beside. 48000 = 24000 as [60, 20, 20] in 4 parts, 40000 =
# 20000 as [20, 10, 10, 10] in 2, 43200 = [60, 60, 6], 50000 = [50, 50, 10], 54000 = [30,
# 30, 30], 30000 = 15000 as [30, 10, 5, 10], 24000 = 12000.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
S="48000x2796 40000x3355 43200x3106 50000x2684 54000x2485 30000x4473 24000x5592"
round() { echo "== $1 r2c $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 120 /tmp/b/$1 $2 --r2c $S | tail -n +3; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
round old ""; round new ""; round new --no-check; round old --no-check
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $S | tail -n +2
} 2>&1 | cut -c1-200 | tee $OUT/r4.txt
