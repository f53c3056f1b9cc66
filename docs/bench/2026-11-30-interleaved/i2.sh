#!/usr/bin/env bash
# i2: the committed rule on axes i1 did not time: one build of the working tree with a
# temporary hook, OCLFFT_EXP_NO_ALIGNED (never committed), that plans without aligned passes
# (`old`, dbefe83's plans) or with them (`new`); rounds old new new old, f32 C2C along axis
# 0 of N x inner (inner a multiple of the columns), about 2^27 points per launch. The first
# `new` round checks each result against the oracle.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_new.gz > /tmp/b/new && chmod +x /tmp/b/new
export OCLFFT_DEVICE=nvidia
S="324,3072x134 600,2048x109 864,1536x101 972,1024x135 625,2048x105 1250,1024x105 1458,1024x90 2187,512x120 2430,512x108 1800,1024x73"
round() {
  if [ "$1" = old ]; then export OCLFFT_EXP_NO_ALIGNED=1; else unset OCLFFT_EXP_NO_ALIGNED; fi
  echo "== $1 $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 200 /tmp/b/new $2 --axes=0 $S | tail -n +3
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
round old --no-check; round new ""; round new --no-check; round old --no-check
} 2>&1 | cut -c1-220 | tee $OUT/i2.txt
