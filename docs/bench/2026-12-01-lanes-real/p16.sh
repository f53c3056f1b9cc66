#!/usr/bin/env bash
# The CPU changes of 2026-12-01 on the lent machine's CPU through PoCL, rounds old new new old.
# Run from the repository root on the GPU machine, with .gpu/ holding nvidia-opencl.sh and the
# stripped, gzipped binaries oclfft_old, oclfft_new, shapes_old, shapes_new (see PERFORMANCE.md).
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
for f in .gpu/*.gz; do gunzip -f "$f"; done; chmod +x .gpu/shapes_* .gpu/oclfft_*
export OCLFFT_DEVICE=portable OCLFFT_CACHE_DIR=/tmp/occ POCL_CACHE_DIR=/tmp/pcc
nproc; lscpu | grep -E "Model name|^CPU\(s\)"
.gpu/oclfft_new devices
for r in old new new old; do
  echo "== round $r bench"
  .gpu/oclfft_$r bench --min 4 --max 9 --runs 20 --warmup 3
  echo "== round $r bench mixed"
  .gpu/oclfft_$r bench --sizes 36,48,100,120,200,243 --runs 20 --warmup 3
  echo "== round $r r2c"
  .gpu/shapes_$r --r2c --realfft 16x262144 64x65536 256x16384 1000x4096 1024x4096 8192x512 65536x64
  echo "== round $r c2r"
  .gpu/shapes_$r --c2r --realfft 16x262144 64x65536 256x16384 1000x4096 1024x4096 8192x512 65536x64
done
