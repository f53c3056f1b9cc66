#!/usr/bin/env bash
# The device test suite (release test binaries of the working tree, .gpu/tests.tar.xz) on
# NVIDIA's driver, each binary under its own time limit, full output in $OUT/tests/NAME.txt:
# `bash tests.sh NAME:SECONDS ...`. The every-length sweeps (2048 lengths x 4 compile some
# thousand programs, seconds each on this driver) are skipped; PoCL runs them in CI.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/tb $OUT/tests && tar xJf .gpu/tests.tar.xz -C /tmp/tb
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/ct
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for entry in "$@"; do
  name=${entry%%:*}; limit=${entry##*:}
  start=$(date +%s)
  timeout "$limit" /tmp/tb/$name --skip every_length > $OUT/tests/$name.txt 2>&1
  rc=$?
  echo "$name: rc=$rc in $(( $(date +%s) - start )) s; $(grep -h '^test result' $OUT/tests/$name.txt | tail -1)"
done
