#!/usr/bin/env bash
# Issue 13 item 3: measure mode on the GPU, beside the estimate plans and cuFFT, in one call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OCLFFT_CACHE_DIR=/tmp/occ_measure
B=.gpu/oclfft_measure
P=${PREC:-f32}; MAX=${MAX:-27}
if [ "$P" = f32 ]; then echo "== cuFFT f32"; python3 .gpu/cufft_bench.py --min 4 --max 26 2>&1 | tee $OUT/cufft_f32.txt; fi
echo "== oclfft $P estimate"; $B bench --min 4 --max $MAX --precision $P --rustfft false 2>&1 | tee $OUT/est_$P.txt
echo "== oclfft $P measure"; $B bench --min 4 --max $MAX --precision $P --rustfft false --measure 2>&1 | tee $OUT/meas_$P.txt
echo "== oclfft $P measure, from the tuning file"; $B bench --min 4 --max $MAX --precision $P --rustfft false --measure 2>&1 | tee $OUT/meas2_$P.txt
cp $OCLFFT_CACHE_DIR/tuning.toml $OUT/tuning_$P.toml
