#!/usr/bin/env bash
# A user's first command on a fresh machine: `oclfft fft examples/input.txt` (1000 samples)
# and with --real, wall time with empty oclfft and CUDA caches, before (d270a74) and after
# (quick start), A B B A; then warm; then the quick-start tests on the GPU.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in .gpu/oclfft_new.gz .gpu/oclfft_old.gz .gpu/t_quick_start.gz; do n=$(basename $f .gz); gunzip -c $f > /tmp/b/$n; chmod +x /tmp/b/$n; done
run() { # binary label args...
  local b=$1 label=$2; shift 2
  local d=$(mktemp -d)
  local t0=$(date +%s%N)
  CUDA_CACHE_PATH=$d/c OCLFFT_CACHE_DIR=$d/o /tmp/b/$b "$@" > $d/out.txt 2>&1 || echo "FAILED $b $*"
  local t1=$(date +%s%N)
  CUDA_CACHE_PATH=$d/c OCLFFT_CACHE_DIR=$d/o /tmp/b/$b "$@" > $d/out2.txt 2>&1
  local t2=$(date +%s%N)
  echo "$label $b: cold $(( (t1-t0)/1000000 )) ms, warm $(( (t2-t1)/1000000 )) ms, $(wc -l < $d/out.txt) lines, same output: $(cmp -s $d/out.txt $d/out2.txt && echo yes || echo no)"
}
for b in oclfft_old oclfft_new oclfft_new oclfft_old; do
  run $b "fft 1000 complex" fft examples/input.txt
  run $b "fft 1000 --real " fft examples/input.txt --real
  run $b "fft 1000 --check" fft examples/input.txt --check
done
export OCLFFT_DEVICE=nvidia
timeout 120 /tmp/b/t_quick_start 2>&1 | grep -E "^test |test result"
