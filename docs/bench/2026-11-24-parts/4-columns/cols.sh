#!/usr/bin/env bash
# Columns of wide passes, three builds in one call (A B C C B A), f32, 2^27 points per launch:
# final = 1024 c8, 2048 c4, 4096 c4; B = 2048 c8; C = 1024 c16, 2048 c8 (16384 values per
# work-group, two parts per exchange).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/*.gz; do gunzip -c $f > /tmp/b/$(basename $f .gz); chmod +x /tmp/b/$(basename $f .gz); done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/cols.txt
export OCLFFT_CACHE_DIR=/tmp/occ_cols
for v in final B C C B final; do echo "== $v"; /tmp/b/oclfft_$v bench --min 20 --max 27 --rustfft false | tail -9; done 2>&1 | tee -a $OUT/cols.txt
echo "== cuFFT"; python3 .gpu/cufft_bench.py --min 20 --max 26 2>&1 | tee -a $OUT/cols.txt
