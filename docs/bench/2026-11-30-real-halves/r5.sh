#!/usr/bin/env bash
# r5: a split above the complex capacity takes radices that pair its last stage in registers
# where the others would need the mirror exchange and these take at most one stage more:
# old = b28ed12, new = the working tree (shapes example, stripped), rounds old new new old.
# f32 8232 = 4116 [14, 21, 14] -> [14, 7, 6, 7], 8640 = 4320 [30, 6, 6, 2, 2] -> [24, 30,
# 6], 12000 = 6000 [30, 10, 10, 2] -> [20, 30, 10], 16000 = 8000 [20, 20, 20] -> [20, 20, 10,
# 2], 18000 = 9000 [30, 30, 10] -> [24, 25, 5, 3]; f64 4200 = 2100 [5, 12, 7, 5] -> [10, 7,
# 6, 5]; about 2^27 f32 reals per launch, 2^26 f64.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
S="8232x16304 8640x15534 12000x11184 16000x8388 18000x7456"
round() {
  echo "== $1 r2c $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 100 /tmp/b/$1 $2 --r2c $S | tail -n +3
  echo "== $1 f64 r2c $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 40 /tmp/b/$1 $2 --f64 --r2c 4200x15978 | tail -n +3
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
round old ""; round new ""; round new --no-check; round old --no-check
} 2>&1 | cut -c1-200 | tee $OUT/r5.txt
