#!/usr/bin/env bash
# Issue 13, first call: 8192-point (f32) and 4096-point (f64) single passes whose stages
# exchange halves, against the previous main (two passes) and cuFFT, same call, ABBA.
set -u
bash .gpu/nvidia-opencl.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== cuFFT f32"; python3 .gpu/cufft_bench.py --min 10 --max 16 2>&1 | tee $OUT/cufft_f32.txt
for v in main new new main; do echo "== $v f32"; .gpu/oclfft_$v bench --min 10 --max 16 --rustfft false 2>&1 | tee -a $OUT/bench_$v.txt; done
for v in main new; do echo "== $v f64"; .gpu/oclfft_$v bench --min 10 --max 14 --precision f64 --rustfft false 2>&1 | tee -a $OUT/bench64_$v.txt; done
echo "== cuFFT f64"; python3 .gpu/cufft_shapes.py --precision f64 1024x65536 2048x32768 4096x16384 8192x8192 2>&1 | tee $OUT/cufft_f64.txt
for v in main new; do echo "== $v r2c"; .gpu/shapes_$v --r2c 16384x8192 8192x16384 2>&1 | tee -a $OUT/r2c_$v.txt; echo "== $v c2r"; .gpu/shapes_$v --c2r 16384x8192 2>&1 | tee -a $OUT/c2r_$v.txt; done
echo "== cuFFT r2c/c2r"; python3 .gpu/cufft_shapes.py --kind r2c 16384x8192 8192x16384 2>&1 | tee $OUT/cufft_r2c.txt; python3 .gpu/cufft_shapes.py --kind c2r 16384x8192 2>&1 | tee $OUT/cufft_c2r.txt
