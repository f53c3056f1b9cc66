#!/usr/bin/env bash
# Issues 9 and 10: edges on register passes, final rule (s5: power-of-two Bluestein passes of at
# most 2 sub-FFTs, real steps on first radices up to 20) against s3 (3967090), ABBA; then the
# issues' shapes with s5 beside cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in shapes_s3 shapes_s5; do gunzip -c .gpu/$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
A=/tmp/b/shapes_s3; B=/tmp/b/shapes_s5
export OCLFFT_DEVICE=nvidia
C="1009x133020 2039x65827 65537x2048 999983x134"
R="2000x67108 4000x33554 6000x22369"
I9="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42"
I10="1024x131072 4096x32768 65536x2048 1048576x128 16777216x8 1000x134217 10000x13421"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for X in $A $B $B $A; do echo "== $(basename $X) c2c f32"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X $C; done
for X in $A $B $B $A; do echo "== $(basename $X) r2c"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X --r2c $R; done
for X in $A $B $B $A; do echo "== $(basename $X) c2r"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X --c2r $R; done
echo "== shapes_s5 c2c issue 9"; OCLFFT_CACHE_DIR=/tmp/occ_shapes_s5 $B $I9
echo "== shapes_s5 r2c issue 10"; OCLFFT_CACHE_DIR=/tmp/occ_shapes_s5 $B --r2c $I10
echo "== shapes_s5 c2r issue 10"; OCLFFT_CACHE_DIR=/tmp/occ_shapes_s5 $B --c2r $I10
echo "== shapes_s5 c2c of the issue 10 lengths"; OCLFFT_CACHE_DIR=/tmp/occ_shapes_s5 $B $I10
echo "== cuFFT c2c"; python3 .gpu/cufft_shapes.py $C $I9
echo "== cuFFT r2c"; python3 .gpu/cufft_shapes.py --kind r2c $R $I10
echo "== cuFFT c2r"; python3 .gpu/cufft_shapes.py --kind c2r $R $I10
} 2>&1 | tee $OUT/regs5.txt
