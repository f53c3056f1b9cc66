#!/usr/bin/env bash
# Short mixed C2C lengths on PoCL: global radix passes against one lanes pass, rounds radix
# lanes lanes radix. Usage: bash mixed.sh SHAPES > mixed.txt (columns: shape, ms, copy ms,
# pass ms, rustfft ms, rustfft / ms).
set -u
export OCLFFT_CACHE_DIR=${OCLFFT_CACHE_DIR:-/tmp/oclfft-bench-cache}
m="36x116508 48x87381 60x69905 100x41943 120x34952 200x20971 243x17260"
for r in radix lanes lanes radix; do
  f=""
  [ $r = lanes ] && f="--lanes"
  echo "== $r"
  "$1" $f --rustfft $m 2>&1 | grep -E "^ +[0-9]+x" | awk '{print $1,$2,$3,$6,$9,$10,$11,$12}'
done
