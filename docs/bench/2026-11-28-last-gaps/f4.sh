#!/usr/bin/env bash
# The issues' tables of 6d2f903 (wide passes take the caller's layout, one-pass R2C work-groups)
# beside cuFFT in one call: issue 9's C2C shapes, issue 10's R2C and C2R shapes with
# our C2C of the same lengths, issue 11's shapes (and 1024,1024 x128 real) and layouts; then
# 8192,8192 and 6561 C2C and the R2C of 4096 reals, ours and cuFFT's alternately, three rounds.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_f4.gz > /tmp/b/shapes && chmod +x /tmp/b/shapes
export OCLFFT_DEVICE=nvidia OCLFFT_CACHE_DIR=/tmp/c_f4
S=/tmp/b/shapes
I9="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
I10="1024x131072 4096x32768 65536x2048 1048576x128 16777216x8 1000x134217"
I11C="1024,1024x128 4096,4096x8 8192,8192 256,256,256x8 512,512,512"
I11R="4096,4096x8 512,512,512 1024,1024x128"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== c2c issue 11"; timeout 90 $S $I11C | tail -n +3
echo "== cuFFT c2c issue 11"; timeout 60 python3 .gpu/cufft_shapes.py $I11C
echo "== r2c issue 11"; timeout 60 $S --r2c $I11R | tail -n +3
echo "== c2r issue 11"; timeout 60 $S --c2r $I11R | tail -n +3
echo "== cuFFT r2c issue 11"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $I11R
echo "== cuFFT c2r issue 11"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r $I11R
echo "== layouts"; timeout 120 $S --layouts 1024x131072 4096x32768 1048576x128 16777216x8 | tail -n +3
echo "== c2c issue 9"; timeout 120 $S $I9 | tail -n +3
echo "== cuFFT c2c issue 9"; timeout 90 python3 .gpu/cufft_shapes.py $I9
echo "== r2c issue 10"; timeout 90 $S --r2c $I10 | tail -n +3
echo "== c2r issue 10"; timeout 90 $S --c2r $I10 | tail -n +3
echo "== c2c issue 10 lengths"; timeout 90 $S $I10 | tail -n +3
echo "== cuFFT r2c issue 10"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $I10
echo "== cuFFT c2r issue 10"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r $I10
for round in 1 2 3; do
echo "== round $round oclfft c2c"; timeout 60 $S 8192,8192 6561x20457 | tail -n +3
echo "== round $round cuFFT c2c"; timeout 60 python3 .gpu/cufft_shapes.py 8192,8192 6561x20457
echo "== round $round oclfft r2c"; timeout 60 $S --r2c 4096x32768 | tail -n +3
echo "== round $round cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c 4096x32768
done
} > $OUT/f4.txt 2>&1
cat $OUT/f4.txt
