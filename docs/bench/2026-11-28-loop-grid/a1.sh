#!/usr/bin/env bash
# Pass twiddles of the looped column passes (256 work-items of 16 elements: 2^15, 2^16 and
# 2^17's second pass) on a grid ("grid": 4 + 3 two-level reads of 16, products for the rest,
# as the register passes' grid) against HEAD 3153ec0 ("head"), and without them at all
# ("notw": pass_tw_hi[0], wrong results, the time the twiddles cost); rounds head grid notw
# notw grid head. Then HEAD's full sweeps (f32 2^4..2^27, f64 2^4..2^25) and cuFFT's, the
# first since the shared twiddles of interleaved passes (7e24062).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in oclfft_head oclfft_grid oclfft_notw; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
S=16384,32768,65536,131072,262144
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in head grid notw notw grid head; do
echo "== $v"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 100 /tmp/b/oclfft_$v bench --sizes $S --rustfft false | tail -n +5
done
echo "== head f32"; OCLFFT_CACHE_DIR=/tmp/c_head timeout 150 /tmp/b/oclfft_head bench --min 4 --max 27 --rustfft false
echo "== head f64"; OCLFFT_CACHE_DIR=/tmp/c_head timeout 150 /tmp/b/oclfft_head bench --min 4 --max 25 --precision f64 --rustfft false
echo "== cuFFT f32"; timeout 100 python3 .gpu/cufft_bench.py --min 4 --max 26
} 2>&1 | tee $OUT/a1.txt
