#!/usr/bin/env bash
# Bluestein's M: the power of two as one pass against a shorter smooth M of four passes.
# old = 149522d-equivalent binary (4e4a610), new = one_pass_bluestein_len; A B B A.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in final m; do gunzip -c .gpu/shapes_$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
export OCLFFT_DEVICE=nvidia
S="2503x53624 3001x44724 4099x32744 5003x26827 6007x22343"
D="2503x26812 3001x22362"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for X in final m m final; do echo "== $X f32"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X $S; done
for X in final m; do echo "== $X f64"; OCLFFT_CACHE_DIR=/tmp/occ_$X /tmp/b/$X --f64 $D; done
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S
echo "== cuFFT f64"; python3 .gpu/cufft_shapes.py --precision f64 $D
} 2>&1 | tee $OUT/e11.txt
