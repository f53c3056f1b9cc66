#!/usr/bin/env bash
# Quick start with the fused compile started before the stand-in's (qs3) against qs2 (after)
# and d270a74 (none): cold `oclfft plan N` (build / ready) and cold one-shot commands
# (qs3's fft and spectrum do not quick-start); then the quick-start tests on the GPU.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/oclfft_qs2.gz .gpu/oclfft_qs3.gz .gpu/oclfft_old.gz .gpu/t_quick_start.gz; do n=$(basename $f .gz); gunzip -c $f > /tmp/b/$n; chmod +x /tmp/b/$n; done
for i in 1 2; do
for b in oclfft_qs3 oclfft_qs2 oclfft_old; do
  for N in 4096 8192 16384 1048576; do
    d=$(mktemp -d)
    echo "$b plan $N: $(CUDA_CACHE_PATH=$d/c OCLFFT_CACHE_DIR=$d/o /tmp/b/$b plan $N 2>&1 | grep -E '^plan built|^quick start' | sed -E 's/plan built in ([0-9.]+) ms.*/built \1 ms/; s/quick start: .*, ([0-9.]+) ms after.*/ready \1 ms/' | tr '\n' ' ')"
  done
  for args in "fft examples/input.txt --check" "fft examples/input.txt --real"; do
    d=$(mktemp -d); t0=$(date +%s%N)
    CUDA_CACHE_PATH=$d/c OCLFFT_CACHE_DIR=$d/o /tmp/b/$b $args > $d/out.txt 2>&1; rc=$?
    t1=$(date +%s%N)
    echo "$b | $args | rc $rc | $(( (t1-t0)/1000000 )) ms"
  done
done
done
export OCLFFT_DEVICE=nvidia
timeout 120 /tmp/b/t_quick_start 2>&1 | grep -E "^test |test result"
