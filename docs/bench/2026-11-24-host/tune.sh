#!/usr/bin/env bash
# Pinned host path: chunk and per-thread piece sizes (experiment build reading EXP_CHUNK_MB,
# EXP_PIECE_KB), 1 GiB f32 per call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
export OCLFFT_CACHE_DIR=/tmp/occ_tune OCLFFT_HOST_PATH=pinned
for cp in "16 1024" "16 256" "64 4096" "64 1024" "32 2048" "128 8192" "16 1024"; do
  set -- $cp
  echo "-- chunk $1 MiB, piece $2 KiB"
  EXP_CHUNK_MB=$1 EXP_PIECE_KB=$2 .gpu/oclfft_exp bench --sizes 1048576,67108864 --log2-total 27 --runs 7 --warmup 2 --rustfft false 2>&1 | sed -n '4p;6,7p' | cut -c1-120
done
nproc
