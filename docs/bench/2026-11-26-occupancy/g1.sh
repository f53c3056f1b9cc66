#!/usr/bin/env bash
# 10000 points with fewer work-items holding more values, so two work-groups fit an SM's
# registers: forced stage radices (temporary hook OCLFFT_TMP_RADICES), with and without
# reqd_work_group_size (temporary hook OCLFFT_TMP_NOREQD) under -cl-nv-maxrregcount; the
# HEAD binary (f293b6b) and the working tree (twiddle grid) on issue 9's list; cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in old new; do gunzip -c .gpu/shapes_$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
L="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
regs() { grep -i "entry function\|Used .* registers\|spill stores" | sed 's/ptxas info    : //; s/ptxas         . //' | paste - - - | sed 's/Compiling entry function//; s/for .sm_90a.//' | head -20; }
one() { # name radices cap(or -)
  local dir=/tmp/c_$1
  if [ "$3" = "-" ]; then
    echo "== $1: radices $2, reqd"
    OCLFFT_TMP_RADICES="10000:$2" OCLFFT_CACHE_DIR=$dir OCLFFT_BUILD_OPTIONS="-cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/new 10000x13421 2>/tmp/l.log
  else
    echo "== $1: radices $2, no reqd, maxrregcount $3"
    OCLFFT_TMP_NOREQD=1 OCLFFT_TMP_RADICES="10000:$2" OCLFFT_CACHE_DIR=$dir OCLFFT_BUILD_OPTIONS="-cl-nv-maxrregcount=$3 -cl-nv-verbose" OCLFFT_PRINT_BUILD_LOG=1 /tmp/b/new 10000x13421 2>/tmp/l.log
  fi
  regs < /tmp/l.log
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== old (f293b6b), issue 9 list"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/old $L
echo "== new (twiddle grid), issue 9 list"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/new $L
one a 20,10,10,5 -
one b 40,10,5,5 -
one c 40,10,5,5 128
one d 40,5,5,10 -
one e 40,5,5,10 128
one f 50,10,10,2 -
one g 50,10,10,2 144
one h 20,10,10,5 64
one i 40,10,5,5 120
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $L
echo "== old again"; OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/old 6561x20457 10000x13421 1000x134217
echo "== new again"; OCLFFT_CACHE_DIR=/tmp/c_new /tmp/b/new 6561x20457 10000x13421 1000x134217
one b2 40,10,5,5 -
one c2 40,10,5,5 128
} 2>&1 | tee $OUT/g1.txt
