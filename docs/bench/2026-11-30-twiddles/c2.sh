#!/usr/bin/env bash
# c2: the committed rule (1690708: interleaved 4096-point column passes as [64, 64]):
# `old` = .gpu/shapes_exp.gz without knobs (main's 4b62764 plans), `new` = .gpu/shapes_new.gz
# (the shapes example of 1690708), rounds old new new old; issue 11's C2C and R2C shapes of
# `new` beside cuFFT in the same call; then gpu_plans of 1690708 on NVIDIA's driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_exp shapes_new; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
I11C="1024,1024x128 4096,4096x8 8192,8192 256,256,256x8 512,512,512"
I11R="4096,4096x8 512,512,512"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in exp new new exp; do
echo "== $v"; OCLFFT_CACHE_DIR=/tmp/c_$v timeout 60 /tmp/b/shapes_$v 4096,4096x8 4096,1024x32 4096,64x512 | tail -n +3
done
export OCLFFT_CACHE_DIR=/tmp/c_new
echo "== new c2c issue 11"; timeout 90 /tmp/b/shapes_new $I11C | tail -n +3
echo "== new r2c issue 11"; timeout 60 /tmp/b/shapes_new --r2c $I11R | tail -n +3
echo "== cuFFT c2c issue 11"; timeout 60 python3 .gpu/cufft_shapes.py $I11C
echo "== cuFFT r2c issue 11"; timeout 60 python3 .gpu/cufft_shapes.py --kind r2c $I11R
} 2>&1 | tee $OUT/c2.txt
bash docs/bench/2026-11-27-paired-merge/tests.sh gpu_plans:240 2>&1 | tee -a $OUT/c2.txt
