#!/usr/bin/env bash
# g5: the long lengths of g4 whose one pass has four stages, against their two passes of
# 90ee0a2 (`.gpu/shapes_old.gz`), then the one pass again (`.gpu/shapes_new.gz`). f32, 2^27.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
SH=""
for n in 10296 10725 11375 11830 12285 12672 13104 13377 14000 14850 15840 16500 16940 18018 18634 19110 19712 20384 23400; do
  SH="$SH ${n}x$(( (1 << 27) / n ))"
done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== old"; OCLFFT_CACHE_DIR=/tmp/c_old timeout 140 /tmp/b/old $SH | tail -n +3
echo "== new"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 140 /tmp/b/new $SH | tail -n +3
} 2>&1 | cut -c1-200 | tee $OUT/g5.txt
