# The committed f64 rules (after b1) on the plans b1 did not time: power-of-two last passes
# with 4 f64 columns (runs of 32 bytes; the kernel pairing with C dividing t where C divides
# the stride: 2^20, 532480, 917504; at any stride: 640000), the mixed split onto 256 points
# (204800, 219648), fewer columns dividing the stride (12544: 64 points in 14 columns not 26
# at any stride; 38400, 33280), f32 249600 (12 columns of 325 points at stride 384: the
# dividing kernel, not the any-stride one) and unchanged controls (f32 2^20, f64 65536).
# old = main 58c1444's shapes example, new = the working tree; rounds old new new old; R2C
# per 2^26 f64 reals and 2^27 f32; cuFFT's R2C in the same call; then the device tests of
# the working tree (gpu_plans, real_transforms) on NVIDIA's driver. `bash b2.sh` on the GPU
# machine with .gpu/shapes_{old,new}.gz and .gpu/tests.tar.xz.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in old new; do gunzip -c .gpu/shapes_$b.gz > /tmp/shapes_$b && chmod +x /tmp/shapes_$b; done
D="1048576x64 532480x126 917504x73 640000x104 204800x327 219648x305 12544x5349 38400x1747 33280x2016 65536x1024"
S="249600x537 1048576x128"
run() { b=$1; shift; echo "== $b $*" | cut -c1-40; OCLFFT_CACHE_DIR=/tmp/c_$b /tmp/shapes_$b --r2c "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $5, $6}'; }
run old --f64 $D; run old $S
run new --f64 $D; run new $S
run new --no-check --f64 $D; run new --no-check $S
run old --no-check --f64 $D; run old --no-check $S
python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $D 2>&1 | tail -11
python3 .gpu/cufft_shapes.py --kind r2c $S 2>&1 | tail -3
bash .gpu/tests.sh gpu_plans:300 real_transforms:150
