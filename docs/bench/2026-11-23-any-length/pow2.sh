#!/usr/bin/env bash
# Power-of-two f32 sweep before (7e96f27) and after (issue 9), same call, one round each.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
export OCLFFT_CACHE_DIR=/tmp/occ
for v in before after; do
  echo "== $v"; ./.gpu/oclfft-$v bench --min 4 --max 27 --rustfft false > $OUT/pow2_f32_$v.txt 2>&1; tail -4 $OUT/pow2_f32_$v.txt
done
