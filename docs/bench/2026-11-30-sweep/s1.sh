#!/usr/bin/env bash
# s1: smooth lengths whose transform takes two passes (8000 to 100000 points), beside cuFFT
# in the same call: where do the mixed two-pass plans stand? `new` = f491206's shapes
# example (its plans are 1712678's).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_new.gz > /tmp/b/shapes_new && chmod +x /tmp/b/shapes_new
export OCLFFT_DEVICE=nvidia
SH="9375x14316 11025x12173 15625x8589 10935x12274 12005x11180 14641x9167 12000x11184 13500x9942 16807x7985 19683x6818 20000x6710 21875x6135 30000x4473 33075x4057 50000x2684 59049x2272 78125x1717 84035x1597 100000x1342"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
OCLFFT_CACHE_DIR=/tmp/c_new timeout 200 /tmp/b/shapes_new $SH | tail -n +3
python3 .gpu/cufft_shapes.py $SH
} 2>&1 | cut -c1-200 | tee $OUT/s1.txt
