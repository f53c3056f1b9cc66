#!/usr/bin/env bash
# The 2^27 estimate rule (A B A B), and f64: estimate beside measure mode.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OCLFFT_CACHE_DIR=/tmp/occ_c3
for b in new rule new rule; do
  echo "== $b f32 2^25..2^27"; .gpu/oclfft_$b bench --min 25 --max 27 --rustfft false 2>&1 | tail -4
done
echo "== f64 estimate"; .gpu/oclfft_rule bench --min 4 --max 25 --precision f64 --rustfft false 2>&1 | tee $OUT/est_f64.txt
echo "== f64 measure"; .gpu/oclfft_rule bench --min 4 --max 25 --precision f64 --rustfft false --measure 2>&1 | tee $OUT/meas_f64.txt
grep -E "transform|measured" $OCLFFT_CACHE_DIR/tuning.toml > $OUT/tuning_f64.txt
