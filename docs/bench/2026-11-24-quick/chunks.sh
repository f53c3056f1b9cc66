#!/usr/bin/env bash
# Two-pass plans run part by part of the batch (XCHUNK = points per part) so each part's work
# buffer stays in L2 between the passes; A B C D D C B A in one call, cuFFT beside.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/oclfft_chunks.gz > /tmp/b/oclfft && chmod +x /tmp/b/oclfft
B=/tmp/b/oclfft
export OCLFFT_CACHE_DIR=/tmp/occ_chunks
python3 .gpu/cufft_bench.py --min 15 --max 24 | tail -11
S=32768,65536,131072,262144,524288,1048576,2097152,4194304,8388608,16777216
$B bench --sizes 1024 --runs 1 --warmup 0 --rustfft false >/dev/null 2>&1
for c in 0 1048576 2097152 4194304 4194304 2097152 1048576 0; do
  echo "== XCHUNK $c"
  XCHUNK=$c $B bench --sizes $S --rustfft false 2>&1 | grep -E "^ +[0-9]+ " | awk '{print $1, $2, $3, $4, $7, $8}'
done
