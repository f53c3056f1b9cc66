# The committed f64 split cap (b3): f64 one-pass splits of even half lengths take a first
# radix up to 12. b3 timed the point-wise plans whose first radix is 12; here the ones whose
# first radix is 11 (5324, 5808, 7260, 8712: point-wise before) and the already-fused plans
# whose radices change (4704, 5400, 6048, 7056, 7560, 9000), 6912 and f64 2^20 as checks.
# old = main 2f0327d's shapes example, new = the working tree; rounds old new new old; R2C
# per 2^26 f64 reals; cuFFT's R2C in the same call; then the device tests of the working
# tree (gpu_plans, real_transforms) on NVIDIA's driver. `bash b4.sh` on the GPU machine with
# .gpu/shapes_{old,new}.gz and .gpu/tests.tar.xz.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in old new; do gunzip -c .gpu/shapes_$b.gz > /tmp/shapes_$b && chmod +x /tmp/shapes_$b; done
D="4704x14266 5400x12427 6048x11096 7056x9510 7560x8876 9000x7456 5324x12604 5808x11554 7260x9243 8712x7702 6912x9709 1048576x64"
run() { b=$1; shift; echo "== $b $*" | cut -c1-30; OCLFFT_CACHE_DIR=/tmp/c_$b /tmp/shapes_$b --r2c --f64 "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $5, $6}'; }
run old $D
run new $D
run new --no-check $D
run old --no-check $D
python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $D 2>&1 | tail -13
bash .gpu/tests.sh gpu_plans:300 real_transforms:150
