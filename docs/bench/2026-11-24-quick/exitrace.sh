#!/usr/bin/env bash
# Cold one-shot runs that exit while quick start's background compile may still run:
# qs1 = quick start without waiting at drop, qs2 = the plan's drop joins the build; old =
# d270a74 (no quick start). Counts crashes and times, alternating.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/oclfft_qs1.gz .gpu/oclfft_qs2.gz .gpu/oclfft_old.gz; do n=$(basename $f .gz); gunzip -c $f > /tmp/b/$n; chmod +x /tmp/b/$n; done
for i in 1 2 3 4 5 6; do
  for b in oclfft_qs1 oclfft_qs2 oclfft_old; do
    for args in "fft examples/input.txt --check" "fft examples/input.txt --real"; do
      d=$(mktemp -d); t0=$(date +%s%N)
      CUDA_CACHE_PATH=$d/c OCLFFT_CACHE_DIR=$d/o /tmp/b/$b $args > $d/out.txt 2>&1; rc=$?
      t1=$(date +%s%N)
      echo "$b | $args | rc $rc | $(( (t1-t0)/1000000 )) ms"
    done
  done
done
