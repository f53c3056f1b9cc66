#!/usr/bin/env bash
# The lanes merge on the lent machine's CPU (16 cores, PoCL 5.0): C2Rs of lanes passes of
# several, OLD = ea7f340's shapes example (point-wise merge), NEW = the committed change,
# rounds old new new old; then R2Cs above 192 KiB per sequence, OLD = the committed split rule,
# SPLIT = the paired split without its size bound (split.sh's binaries).
# On the GPU machine: bash .gpu/p16.sh with .gpu/shapes_{old,new,split}.gz
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
for f in .gpu/shapes_*.gz; do gunzip -f "$f"; done; chmod +x .gpu/shapes_*
export OCLFFT_DEVICE=portable OCLFFT_CACHE_DIR=/tmp/occ POCL_CACHE_DIR=/tmp/pcc
nproc; lscpu | grep -E "Model name|^CPU\(s\)"
c2r="9216x455 12800x327 16384x256 19968x210 32768x128 49152x85 65536x64 131072x32 262144x16 1048576x4 8320x504 8448x496 33280x126"
c2r64="9216x227 16384x128 65536x32 131072x16 8320x252"
r2c="65536x64 131072x32 262144x16 1048576x4"
r2c64="65536x32 131072x16"
for r in old new new old; do
  echo "== round $r c2r f32"; .gpu/shapes_$r --c2r --no-check $c2r
  echo "== round $r c2r f64"; .gpu/shapes_$r --c2r --no-check --f64 $c2r64
done
for r in new split split new; do
  echo "== round $r r2c f32"; .gpu/shapes_$r --r2c --no-check $r2c
  echo "== round $r r2c f64"; .gpu/shapes_$r --r2c --no-check --f64 $r2c64
done
