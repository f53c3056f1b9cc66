#!/usr/bin/env bash
# t2: the 13 lengths t1's rounds did not reach (each round's process hit its 120 s limit),
# old then new, one round each; then ptxas registers of the new kernels that lost in t1 and
# of these 13.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
SH=""; SH2=""
for n in 25088 25600 25920 26244 27000 27216 27648 27783 28125 28672 28800 28812 29403 30000 30375 30625; do
  SH="$SH ${n}x$(( (1 << 27) / n ))"; SH2="$SH2 ${n}x2"
done
{
for v in new old; do
  echo "== $v"
  OCLFFT_CACHE_DIR=/tmp/c_$v timeout 150 /tmp/b/$v $SH | tail -n +3
done
echo "== ptxas (new)"
OCLFFT_CACHE_DIR=/tmp/c_ptx OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 timeout 100 /tmp/b/new 21609x2 21632x2 21875x2 23814x2 24576x2 21600x2 25000x2 $SH2 2>&1 | grep -E "Compiling entry|registers|spill" | cut -c1-160
} 2>&1 | cut -c1-220 | tee $OUT/t2.txt
