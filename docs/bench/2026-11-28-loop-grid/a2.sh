#!/usr/bin/env bash
# Pass twiddles of the local-memory column passes read per point ("direct": one table of
# L * p values, pass_tw_hi[m * p + k], read in the data's runs; OCLFFT_ZZ_PASSTW=direct at
# build and run time, a temporary hook) against HEAD ("head", two-level table) and the grid
# ("grid", a1); rounds head direct grid grid direct head. Then mixed and real shapes, head
# against direct.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in oclfft_head oclfft_grid oclfft_direct shapes_head shapes_direct; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
S=32768,65536,131072,262144,524288,1048576,2097152,33554432,67108864,134217728
C="100000x1342 1000000x134 3145728x42 10000x13421 65537x2048"
R="65536x2048 1048576x128 16777216x8"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in head direct grid grid direct head; do
echo "== $v"; OCLFFT_ZZ_PASSTW=$v OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/oclfft_$v bench --sizes $S --rustfft false | tail -n +5
done
for v in head direct direct head; do
echo "== $v shapes"; OCLFFT_ZZ_PASSTW=$v OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v $C | tail -n +3
echo "== $v r2c"; OCLFFT_ZZ_PASSTW=$v OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --r2c $R | tail -n +3
echo "== $v c2r"; OCLFFT_ZZ_PASSTW=$v OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/shapes_$v --c2r $R | tail -n +3
done
} 2>&1 | tee $OUT/a2.txt
