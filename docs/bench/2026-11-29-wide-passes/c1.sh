#!/usr/bin/env bash
# c1: the committed merge rule (the 2048-point wide pass with a C2R's merge as [32, 32, 2],
# 512 work-items): `old` = .gpu/shapes_w8.gz without knobs (main's 851fcd9 plans), `new` =
# .gpu/shapes_new.gz (the shapes example of this commit), C2R rounds old new new old; then
# the issues' tables of `new` beside cuFFT in the same call (issue 9's C2C shapes, issue
# 10's R2C and C2R shapes with our C2C of the same lengths, issue 11's shapes).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_w8 shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
C2R="4194304x32 1048576x128 16777216x8"
I9="1000x134217 2187x61370 3125x42949 6561x20457 10000x13421 100000x1342 1000000x134 3145728x42 1009x133020 65537x2048 999983x134"
I10="1024x131072 4096x32768 65536x2048 1048576x128 16777216x8 1000x134217"
I11C="1024,1024x128 4096,4096x8 8192,8192 256,256,256x8 512,512,512"
I11R="4096,4096x8 512,512,512"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in w8 new new w8; do
echo "== $v c2r"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v --c2r $C2R | tail -n +3
done
export OCLFFT_CACHE_DIR=/tmp/c_new
echo "== cuFFT c2r (C2R)"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r $C2R
echo "== new c2c issue 9"; timeout 120 /tmp/b/shapes_new $I9 | tail -n +3
echo "== cuFFT c2c issue 9"; timeout 90 python3 .gpu/cufft_shapes.py $I9
echo "== new r2c issue 10"; timeout 90 /tmp/b/shapes_new --r2c $I10 | tail -n +3
echo "== new c2r issue 10"; timeout 90 /tmp/b/shapes_new --c2r $I10 | tail -n +3
echo "== new c2c issue 10 lengths"; timeout 90 /tmp/b/shapes_new $I10 | tail -n +3
echo "== cuFFT r2c issue 10"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $I10
echo "== cuFFT c2r issue 10"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r $I10
echo "== new c2c issue 11"; timeout 90 /tmp/b/shapes_new $I11C | tail -n +3
echo "== new r2c issue 11"; timeout 60 /tmp/b/shapes_new --r2c $I11R | tail -n +3
echo "== cuFFT c2c issue 11"; timeout 60 python3 .gpu/cufft_shapes.py $I11C
echo "== cuFFT r2c issue 11"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $I11R
} 2>&1 | tee $OUT/c1.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:150 real_transforms:90 2>&1 | tee -a $OUT/c1.txt
