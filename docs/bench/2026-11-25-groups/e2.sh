#!/usr/bin/env bash
# Mixed single passes: one-part exchanges up to 10240 scalars (S) and balanced radices after
# the first (B), against the rules of 71ca212 (A); A SB A SB for f32, cuFFT in the same call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_e.gz > /tmp/b/e && chmod +x /tmp/b/e
export OCLFFT_DEVICE=nvidia
F32="648x207126 800x167772 972x138084 1152x116508 1568x85598 1800x74565 2000x67108 2304x58254 2592x51781 2700x49710 3072x43690 3200x41943 3456x38836 3600x37282 3888x34521 4500x29826 5184x25890 5488x24456 6272x21399 8100x16570 8748x15342 8788x15272 9000x14913 9216x14563 9261x14492 9604x13975 10000x13421 10368x12945 10800x12427"
F64="288x233016 432x155344 1152x58254 2592x25890 3456x19418 3888x17260 4608x14563 4802x13975 5000x13421 5184x12945"
BIG="8748x15342 8788x15272 9000x14913 9216x14563 9261x14492 9604x13975 10000x13421 10368x12945 10800x12427"
run() { local tag=$1; shift; local v=$1; shift; echo "== $tag: $v"; env $v OCLFFT_CACHE_DIR=/tmp/occ_$tag /tmp/b/e "$@"; }
SB="OCLFFT_EXP_SCALARS=10240 OCLFFT_EXP_BALANCED=1"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run A A=1 $F32
run SB "$SB" $F32
run S OCLFFT_EXP_SCALARS=10240 $BIG
run A A=1 $F32
run SB "$SB" $F32
run A64 A=1 --f64 $F64
run SB64 "$SB" --f64 $F64
run A64 A=1 --f64 $F64
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $F32
echo "== cuFFT f64"; python3 .gpu/cufft_shapes.py --precision f64 $F64
} 2>&1 | tee $OUT/e2.txt
