#!/usr/bin/env bash
# Two-level radix twiddle tables: cold quick-start plans at every size, global-radix plan
# build times and kernel times before (d270a74) and after, GPU tests.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/oclfft_hilo.gz .gpu/oclfft_old.gz .gpu/t_*.gz; do n=$(basename $f .gz); gunzip -c $f > /tmp/b/$n; chmod +x /tmp/b/$n; done
echo "== cold plans, quick start (new)"
for N in 4096 8192 1048576 2097152 8388608 67108864; do
  d=$(mktemp -d)
  echo "plan $N: $(CUDA_CACHE_PATH=$d/c OCLFFT_CACHE_DIR=$d/o /tmp/b/oclfft_hilo plan $N 2>&1 | grep -E '^plan built|^quick start' | sed -E 's/plan built in ([0-9.]+) ms.*/built \1 ms/; s/quick start: .*, ([0-9.]+) ms after.*/ready \1 ms/' | tr '\n' ' ')"
  echo "warm $N: $(CUDA_CACHE_PATH=$d/c OCLFFT_CACHE_DIR=$d/o /tmp/b/oclfft_hilo plan $N 2>&1 | grep -E '^plan built' | sed -E 's/plan built in ([0-9.]+) ms.*/built \1 ms/')"
done
echo "== global radix plans, warm build ms (second process), old then new"
for b in oclfft_old oclfft_hilo; do
  for N in 1048576 16777216 67108864; do
    d=$(mktemp -d)
    CUDA_CACHE_PATH=$d/c OCLFFT_CACHE_DIR=$d/o /tmp/b/$b plan $N --strategy global > /dev/null 2>&1
    echo "$b global $N: $(CUDA_CACHE_PATH=$d/c OCLFFT_CACHE_DIR=$d/o /tmp/b/$b plan $N --strategy global 2>&1 | grep -E '^plan built' | sed -E 's/plan built in ([0-9.]+) ms.*/built \1 ms/')"
  done
done
echo "== global radix kernels, A B B A"
export OCLFFT_CACHE_DIR=/tmp/occ_hilo
for b in oclfft_old oclfft_hilo oclfft_hilo oclfft_old; do
  echo "-- $b"; /tmp/b/$b bench --strategy global --sizes 65536,1048576,16777216,67108864 --rustfft false 2>&1 | grep -E "^ +[0-9]+ " | awk '{print $1, $3, $4, $7, $8}'
done
echo "== GPU tests"
export OCLFFT_DEVICE=nvidia
for t in quick_start every_kernel; do timeout 200 /tmp/b/t_$t 2>&1 | grep -E "^test |test result"; done
