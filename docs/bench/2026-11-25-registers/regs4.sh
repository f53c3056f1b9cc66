#!/usr/bin/env bash
# Issues 9 and 10: edges on register passes (s4: Bluestein's pad/filter/unpad on power-of-two
# and mixed passes, real merge and split on mixed passes) against s3 (3967090), ABBA, beside cuFFT.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in shapes_s3 shapes_s4; do gunzip -c .gpu/$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
A=/tmp/b/shapes_s3; B=/tmp/b/shapes_s4
export OCLFFT_DEVICE=nvidia
C="1009x133020 65537x2048 999983x134 5003x26828 4099x32745"
R="2000x67108 1000x134217 4000x33554 6000x22369"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for X in $A $B $B $A; do echo "== $(basename $X) c2c f32"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X $C; done
for X in $A $B $B $A; do echo "== $(basename $X) r2c"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X --r2c $R; done
for X in $A $B $B $A; do echo "== $(basename $X) c2r"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X --c2r $R; done
echo "== shapes_s4 r2c, c2r 10000, 20000 (s3 fused a split it cannot generate)"
OCLFFT_CACHE_DIR=/tmp/occ_shapes_s4 $B --r2c 10000x13421 20000x6710
OCLFFT_CACHE_DIR=/tmp/occ_shapes_s4 $B --c2r 10000x13421 20000x6710
echo "== cuFFT c2c f32"; python3 .gpu/cufft_shapes.py $C
echo "== cuFFT r2c"; python3 .gpu/cufft_shapes.py --kind r2c $R 10000x13421 20000x6710
echo "== cuFFT c2r"; python3 .gpu/cufft_shapes.py --kind c2r $R 10000x13421 20000x6710
} 2>&1 | tee $OUT/regs4.txt
