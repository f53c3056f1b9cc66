#!/usr/bin/env bash
# pocl2.sh's rounds on the lent GPU machine's 16-core CPU (PoCL 5.0, OCLFFT_DEVICE=portable):
# .gpu/shapes_k.gz = OLD (00fd015's plans), shapes_new.gz = TWO (5938201), shapes_one.gz = ONE
# (bf01c1c).
set -u
for b in shapes_k shapes_new shapes_one; do gunzip -c .gpu/$b.gz > /tmp/$b && chmod +x /tmp/$b; done
export OCLFFT_DEVICE=portable
bash docs/bench/2026-12-02-straddle/pocl2.sh /tmp/shapes_k /tmp/shapes_new /tmp/shapes_one 2>&1 | tee $OUT/p16.txt
