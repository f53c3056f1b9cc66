#!/usr/bin/env bash
# C2R with the merge in wide first passes, with and without the mirrored block order:
# shapes_x was the working tree with a temporary OCLFFT_X_REMAP switch in roles.rs (not committed).
# "wide" = shapes_x with OCLFFT_X_REMAP=0 (launch order), "wider" = shapes_x (mirrored
# order in wide merge passes), "old" = 58546ce; rounds old wide wider wider wide old (f32),
# old wide wider old (f64), cuFFT's C2R in the same call. Then the real-transform proptest
# of the old and the new test binaries with one seed, side by side, on the NVIDIA driver.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for f in shapes_old shapes_x real_tests_old real_tests_x; do gunzip -c .gpu/$f.gz > /tmp/b/$f && chmod +x /tmp/b/$f; done
export OCLFFT_DEVICE=nvidia
R="1048576x128 2097152x64 4194304x32 8388608x16 16777216x8 33554432x4"
D="1048576x64 2097152x32 4194304x16 8388608x8"
run() { # variant, extra args...
  local v=$1; shift
  case $v in
    old) OCLFFT_CACHE_DIR=/tmp/c_old /tmp/b/shapes_old "$@" ;;
    wide) OCLFFT_X_REMAP=0 OCLFFT_CACHE_DIR=/tmp/c_wide /tmp/b/shapes_x "$@" ;;
    wider) OCLFFT_CACHE_DIR=/tmp/c_wider /tmp/b/shapes_x "$@" ;;
  esac
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old wide wider wider wide old; do
echo "== $v c2r"; timeout 100 bash -c "$(declare -f run); run $v --c2r $R" | tail -n +3
done
for v in old wide wider old; do
echo "== $v c2r f64"; timeout 60 bash -c "$(declare -f run); run $v --f64 --c2r $D" | tail -n +3
done
echo "== cuFFT c2r"; timeout 80 python3 .gpu/cufft_shapes.py --kind c2r $R
echo "== cuFFT c2r f64"; timeout 60 python3 .gpu/cufft_shapes.py --kind c2r --precision f64 $D
} 2>&1 | tee $OUT/w3.txt
for t in old x; do
  (PROPTEST_RNG_SEED=1 PROPTEST_CASES=40 OCLFFT_CACHE_DIR=/tmp/ct_$t timeout 280 /tmp/b/real_tests_$t random_lengths > $OUT/proptest_$t.txt 2>&1; echo "rc=$?" >> $OUT/proptest_$t.txt) &
done
wait
tail -n 30 $OUT/proptest_old.txt $OUT/proptest_x.txt
