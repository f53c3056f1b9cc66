#!/usr/bin/env bash
# i3: aligned passes in the most columns that are a multiple of 4 and divide the sequences
# (600 points over 2048 sequences: 4 of the 6 the interleaved pass holds). First the device
# test gpu_plans of the working tree on NVIDIA's driver (now with 600 x 44); then one build
# of the working tree with the temporary hook OCLFFT_EXP_NO_ALIGNED (never committed):
# `old` plans without aligned passes, `new` with them; rounds old new new old, axis 0 alone,
# f32, about 2^27 points per launch, the first `new` round checked against the oracle.
set -u
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:260 | tee $OUT/i3_tests.txt
mkdir -p /tmp/b && gunzip -c .gpu/shapes_new.gz > /tmp/b/new && chmod +x /tmp/b/new
export OCLFFT_DEVICE=nvidia
S="600,2048x109 625,2048x105 800,600x280 768,1024x170 600,600x372"
round() {
  if [ "$1" = old ]; then export OCLFFT_EXP_NO_ALIGNED=1; else unset OCLFFT_EXP_NO_ALIGNED; fi
  echo "== $1 $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 100 /tmp/b/new $2 --axes=0 $S | tail -n +3
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
round old --no-check; round new ""; round new --no-check; round old --no-check
} 2>&1 | cut -c1-220 | tee $OUT/i3.txt
