# 6561 = 3^8 (issue 9's one shape above cuFFT) with other stage radices, on the GPU machine:
# `bash w1.sh` with .gpu/shapes_hack.gz = the shapes example of main ea7f340 plus a
# temporary hook (never committed), OCLFFT_HACK_LONG=len:radices:parts, that gives a pass
# of that length those radices and exchange parts through the long mixed path.
# base: [27, 27, 9], 243 work-items; n1: [9, 9, 9, 9], 729 work-items, one part;
# n3: the same in 3 parts (a third of the local memory).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
gunzip -c .gpu/shapes_hack.gz > /tmp/shapes && chmod +x /tmp/shapes
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
hack() { case $1 in base) echo "";; n1) echo "6561:9,9,9,9:1";; n3) echo "6561:9,9,9,9:3";; esac; }
run() { v=$1; shift; OCLFFT_HACK_LONG="$(hack $v)" OCLFFT_CACHE_DIR=/tmp/c_$v /tmp/shapes "$@"; }
for v in base n1 n3; do echo "== $v check"; run $v 6561x256 2187x256 2>&1 | tail -2; done
for v in base n1 n3; do echo "== $v ptxas"; OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 OCLFFT_HACK_LONG="$(hack $v)" OCLFFT_CACHE_DIR=/tmp/v_$v /tmp/shapes --no-check 6561x64 2>&1 | grep -iE "registers|spill" | grep -v gmem | cut -c1-120 | head -4; done
for r in 1 2; do
  for v in base n1 n3; do echo "== $v round $r"; run $v --no-check 6561x20457 2187x61370 2>&1 | tail -2; done
  python3 .gpu/cufft_shapes.py 6561x20457 2187x61370 2>&1 | tail -3
  for v in n3 n1 base; do echo "== $v round $r'"; run $v --no-check 6561x20457 2>&1 | tail -1; done
done
