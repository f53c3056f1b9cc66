#!/usr/bin/env bash
# s5: long clamped passes (exchange parts) choosing the fewest work-items before the fewest
# values per work-item (a temporary hook, OCLFFT_EXP_GROUP_KEY, in a build of 778226b's tree,
# never committed): the same binary without the hook (old) and with it (new), f32, 2^27
# points, rounds old new new old.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_new.gz > /tmp/b/x && chmod +x /tmp/b/x
export OCLFFT_DEVICE=nvidia
SH=""
for n in 11648 10920 12480 12150 10752 11232 13440 12600; do SH="$SH ${n}x$(( (1 << 27) / n ))"; done
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new new old; do
  echo "== $v"
  if [ $v = new ]; then export OCLFFT_EXP_GROUP_KEY=1; else unset OCLFFT_EXP_GROUP_KEY; fi
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 80 /tmp/b/x $SH | tail -n +3
done
} 2>&1 | cut -c1-200 | tee $OUT/s5.txt
