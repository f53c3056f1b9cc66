#!/usr/bin/env bash
# R2Cs whose complex plan's last lanes pass has a stride that is no multiple of 16, on the
# lent machine's CPU (16 cores, PoCL 5.0): OLD = 894af04's rules (the planner's lengths and
# the point-wise split; the example built with no split size bound, the same plans up to
# 512 KiB), NEW = lanes lengths whose last stride is a multiple of 16, the split paired in
# the last pass; rounds old new new old. On the GPU machine: bash .gpu/p16b.sh with
# .gpu/shapes_{old,new}.gz
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
for f in .gpu/shapes_*.gz; do gunzip -f "$f"; done; chmod +x .gpu/shapes_*
export OCLFFT_DEVICE=portable OCLFFT_CACHE_DIR=/tmp/occ POCL_CACHE_DIR=/tmp/pcc
f32="8640x485 8736x480 9152x458 9216x455 9408x445 10080x416 10368x404 126720x33"
f64="9152x229 9216x227 10368x202"
for r in old new new old; do
  echo "== round $r r2c f32"; .gpu/shapes_$r --r2c --no-check $f32
  echo "== round $r r2c f64"; .gpu/shapes_$r --r2c --no-check --f64 $f64
done
