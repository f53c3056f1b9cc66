#!/usr/bin/env bash
# Cold quick-start plans, stand-in on two-level tables in every pass (hilo2) against the
# previous build (hilo), alternating; one untimed process first loads the drivers from disk.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/oclfft_hilo.gz .gpu/oclfft_hilo2.gz .gpu/t_quick_start.gz; do n=$(basename $f .gz); gunzip -c $f > /tmp/b/$n; chmod +x /tmp/b/$n; done
/tmp/b/oclfft_hilo2 devices > /dev/null 2>&1
for i in 1 2; do
for b in oclfft_hilo2 oclfft_hilo; do
  for N in 4096 8192 16384 1048576 2097152 8388608 16777216 67108864; do
    d=$(mktemp -d)
    echo "$b plan $N: $(CUDA_CACHE_PATH=$d/c OCLFFT_CACHE_DIR=$d/o /tmp/b/$b plan $N 2>&1 | grep -E '^plan built|^quick start' | sed -E 's/plan built in ([0-9.]+) ms.*/built \1 ms/; s/quick start: .*, ([0-9.]+) ms after.*/ready \1 ms/' | tr '\n' ' ')"
  done
done
done
export OCLFFT_DEVICE=nvidia
timeout 100 /tmp/b/t_quick_start 2>&1 | grep -E "^test |test result"
