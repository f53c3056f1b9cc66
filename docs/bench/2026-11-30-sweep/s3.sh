#!/usr/bin/env bash
# s3: mixed lengths without radix 15. `base` = the shapes example of 1712678's plans; `no15`
# = the same tree with a temporary hook (never committed: OCLFFT_EXP_NO15 set at build and
# run time) that leaves 15 out of the balanced factorizations of mixed sub-FFTs (105 -> [21,
# 5], 75 -> [25, 3], 135 -> [27, 5], 150 -> [25, 6]). Rounds base no15 no15 base.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_base shapes_no15; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
SH="11025x12173 10935x12274 9375x14316 30000x4473 225x596523 1125x119304 2025x66280 3375x39768 13500x9942"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in base no15 no15 base; do
  echo "== $v"
  if [ $v = no15 ]; then export OCLFFT_EXP_NO15=1; else unset OCLFFT_EXP_NO15; fi
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 110 /tmp/b/shapes_$v $SH | tail -n +3
done
python3 .gpu/cufft_shapes.py $SH
} 2>&1 | cut -c1-200 | tee $OUT/s3.txt
