#!/usr/bin/env bash
# The unchanged multi-pass plans (2^20 and 65536 reals) alternating old and new, three rounds.
# Usage: bash control.sh OLD_SHAPES NEW_SHAPES > control.txt
set -u
export OCLFFT_CACHE_DIR=${OCLFFT_CACHE_DIR:-/tmp/oclfft-bench-cache}
for round in 1 2 3; do
  for bin in "$1" "$2"; do
    echo "== round $round $bin"
    "$bin" --r2c --no-check 1048576x4 65536x64
  done
done
