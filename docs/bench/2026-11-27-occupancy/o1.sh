#!/usr/bin/env bash
# 6561 = 3^8 (issue 9's last shape above cuFFT): the committed [27, 27, 9] against the same
# kernel with every twiddle read (OCLFFT_TMP_GRID=0), capped at 64 registers (four
# work-groups per SM instead of three), and as [9, 9, 9, 9] (OCLFFT_TMP_RADICES; both hooks
# temporary, in this build only, never committed). Rounds A B C D, D C B A; cuFFT before and
# after. Register counts from the NVIDIA build log (-cl-nv-verbose).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && gunzip -c .gpu/shapes_h.gz > /tmp/b/h && chmod +x /tmp/b/h
export OCLFFT_DEVICE=nvidia
S="6561x20457"
run() { # label, env...
  local label=$1; shift
  echo "== $label"; env "$@" OCLFFT_CACHE_DIR=/tmp/c_$label /tmp/b/h $S $EXTRA | tail -n +3
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S 10000x13421 3125x42949 2187x61370
vlog() { # label, env...
  local label=$1; shift
  env OCLFFT_PRINT_BUILD_LOG=1 OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_CACHE_DIR=/tmp/v_$label "$@" \
    /tmp/b/h 6561x16 2>&1 | grep -i "registers\|spill\|lmem" | head -4 | sed "s/^/$label: /"
}
vlog A X=1
vlog B OCLFFT_TMP_GRID=0
vlog C "OCLFFT_BUILD_OPTIONS=-cl-nv-verbose -cl-nv-maxrregcount=64"
vlog D OCLFFT_TMP_RADICES=6561:9,9,9,9
EXTRA=""
for order in "A B C D" "D C B A"; do
  for label in $order; do
    case $label in
      A) run A X=1 ;;
      B) run B OCLFFT_TMP_GRID=0 ;;
      C) run C OCLFFT_BUILD_OPTIONS=-cl-nv-maxrregcount=64 ;;
      D) run D OCLFFT_TMP_RADICES=6561:9,9,9,9 ;;
    esac
  done
done
echo "== others: committed, then capped at 64 registers"
/tmp/b/h 10000x13421 3125x42949 2187x61370 | tail -n +3
OCLFFT_BUILD_OPTIONS=-cl-nv-maxrregcount=64 OCLFFT_CACHE_DIR=/tmp/c_o64 /tmp/b/h 10000x13421 3125x42949 2187x61370 | tail -n +3
echo "== cuFFT"; python3 .gpu/cufft_shapes.py $S
} 2>&1 | tee $OUT/o1.txt
