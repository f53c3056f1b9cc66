#!/usr/bin/env bash
# r2: the rule r1 led to (f32 merges keep a first radix of at most 20, f64 real steps 10):
# old = 10798f3, new = the working tree (shapes example, stripped), rounds old new new old,
# the C2R of the f32 lengths whose merge now takes other radices (12000 = 6000 as [20, 30,
# 10], 9000 = 4500 as [15, 20, 15], 15000 = 7500 as [15, 25, 20]; 8400 as in r1), the f64
# R2C and C2R of r1 (8232 reals back to the point-wise steps); then the device tests
# gpu_plans and multi_dim_real on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
S="12000x11184 9000x14913 15000x8947 8400x15978"
D="4200x15978 6000x11184 8232x8152"
round() {
  echo "== $1 c2r $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 100 /tmp/b/$1 $2 --c2r $S | tail -n +3
  echo "== $1 f64 r2c $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 60 /tmp/b/$1 $2 --f64 --r2c $D | tail -n +3
  echo "== $1 f64 c2r $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 60 /tmp/b/$1 $2 --f64 --c2r $D | tail -n +3
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
round old ""; round new ""; round new --no-check; round old --no-check
} 2>&1 | cut -c1-200 | tee $OUT/r2.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:240 multi_dim_real:150 | tee -a $OUT/r2.txt
