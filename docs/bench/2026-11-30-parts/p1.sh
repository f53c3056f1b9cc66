#!/usr/bin/env bash
# p1: 2 channels of a mixed length side by side in 2 columns whose exchanges go in a number
# of parts dividing the length (6561 x 2: 3 parts, [27, 27, 9] all multiples of 3), where a
# work-group per channel ran before. `old` = 8de229f's shapes example, `new` = the working
# tree; rounds old new new old of axis 0 of `N,2` (the channels' layout); the contiguous
# 1-D transform beside; cuFFT on the same layout.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
CH="6561,2x10228 7203,2x9316 9375,2x7158 2187,2x30685 8192,2x8192"
ONE="6561x20457 7203x18633 9375x14316"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
  echo "== $v"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --axes=0 $CH | tail -n +3
done
echo "== contiguous (new)"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/shapes_new $ONE | tail -n +3
echo "== ptxas (new)"
OCLFFT_CACHE_DIR=/tmp/cv OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/shapes_new --axes=0 6561,2x64 2>&1 | grep -E "registers|spill|Compiling entry" | head -4
echo "== cuFFT"
python3 docs/bench/2026-11-29-channels/stereo_cufft.py 6561,2x10228 7203,2x9316 9375,2x7158
python3 .gpu/cufft_shapes.py $ONE
} 2>&1 | cut -c1-200 | tee $OUT/p1.txt
