#!/usr/bin/env bash
# Issue 10: R2C on PoCL (the lent machine's 16-core CPU) against the realfft crate, one thread.
set -u
export OCLFFT_CACHE_DIR=/tmp/occ-pocl
export OCLFFT_DEVICE="Portable Computing"
lscpu | grep -E "Model name|^CPU\(s\)" | tee $OUT/cpu.txt
for i in 1 2; do
./.gpu/shapes-D --r2c --realfft 1024x1024 65536x16 1048576x2 2>&1 | tee $OUT/pocl16_r2c_$i.txt
done
./.gpu/shapes-D --c2r --realfft 1024x1024 65536x16 1048576x2 2>&1 | tee $OUT/pocl16_c2r.txt
