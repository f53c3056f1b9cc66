#!/usr/bin/env bash
# r1: R2C and C2R of even lengths whose half length runs as one register pass exchanging
# halves (4097..10240 f32 points, 2049.. f64). old = 10798f3 (the split or merge as a
# point-wise pass beside that pass), new = the working tree (the step fused into it); each
# `cargo build --release -p fft-runtime --example shapes`, stripped. Rounds old new new old
# (the first of each binary checks the first row against the f64 oracle); f32 about 2^27
# reals per launch, f64 2^26; our C2C of the same N beside (issue 10's 0.6); cuFFT on the
# same shapes; and old's R2C of 2 x 4 x 32768 and 3 x 4 x 32768 reals, whose split kernel
# PoCL 3.1 miscompiled (2eeb309), on NVIDIA's compiler.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for v in old new; do gunzip -c .gpu/shapes_$v.gz > /tmp/b/$v && chmod +x /tmp/b/$v; done
export OCLFFT_DEVICE=nvidia
S="8400x15978 10000x13421 8232x16304 8640x15534 12000x11184 16000x8388 9000x14913 15000x8947"
D="4200x15978 6000x11184 8232x8152"
round() {
  echo "== $1 r2c $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 150 /tmp/b/$1 $2 --r2c $S | tail -n +3
  echo "== $1 c2r $2"; OCLFFT_CACHE_DIR=/tmp/c_$1 timeout 150 /tmp/b/$1 $2 --c2r $S | tail -n +3
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
round old ""; round new ""; round new --no-check; round old --no-check
echo "== new c2c"; OCLFFT_CACHE_DIR=/tmp/c_new timeout 120 /tmp/b/new --no-check $S | tail -n +3
for v in old new; do
  echo "== $v f64 r2c"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v --f64 --r2c $D | tail -n +3
  echo "== $v f64 c2r"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/$v --f64 --c2r $D | tail -n +3
done
echo "== old r2c volumes"; OCLFFT_CACHE_DIR=/tmp/c_old timeout 60 /tmp/b/old --r2c 2,4,32768x1 3,4,32768x1 | tail -n +3
echo "== cuFFT r2c"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $S | tail -n +2
echo "== cuFFT c2r"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r $S | tail -n +2
echo "== cuFFT f64 r2c"; timeout 40 python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $D | tail -n +2
echo "== cuFFT f64 c2r"; timeout 40 python3 .gpu/cufft_shapes.py --kind c2r --precision f64 $D | tail -n +2
} 2>&1 | cut -c1-240 | tee $OUT/r1.txt
