#!/usr/bin/env bash
# oclfft bench on PoCL before/after lanes passes from 32 points, rounds old new new old.
# Usage: bash bench.sh OLD_OCLFFT NEW_OCLFFT > bench.txt
set -u
export OCLFFT_CACHE_DIR=${OCLFFT_CACHE_DIR:-/tmp/oclfft-bench-cache}
for round in old new new old; do
  bin=$1
  [ "$round" = new ] && bin=$2
  echo "== round $round f32"
  "$bin" bench --min 4 --max 9
  echo "== round $round f32 mixed"
  "$bin" bench --sizes 36,48,100,120,200,243
done
