#!/usr/bin/env bash
# g3: (1) the caller's layouts (stride 2, planar in, out, both) on the one-pass kernels with
# clamped stages (`.gpu/shapes_new.gz`, the working tree: the layout read and written by the
# kernel) against 90ee0a2 (`.gpu/shapes_old.gz`: two passes, the layout folded), f32, 2^27
# points; (2) the relative L2 error on NVIDIA's driver of every third length that went from
# two passes to one (g3_lengths.txt, batch 2); (3) the device tests gpu_plans and layouts
# (`.gpu/tests.tar.xz`, release test binaries of the working tree).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
SH=""
for n in 4200 8400 11025 14520; do
  SH="$SH ${n}x$(( (1 << 27) / n ))"
done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new; do
  echo "== $v layouts"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 90 /tmp/b/$v --layouts $SH | tail -n +3
done
} 2>&1 | cut -c1-200 | tee $OUT/g3.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:200 layouts:100 | tee -a $OUT/g3.txt
{
echo "== new, errors"
OCLFFT_CACHE_DIR=/tmp/c_new timeout 120 /tmp/b/new $(cat docs/bench/2026-11-30-guarded/g3_lengths.txt) | tail -n +3
} 2>&1 | cut -c1-200 | tee -a $OUT/g3.txt
