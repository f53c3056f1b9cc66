# a1 (exploratory, not the committed rule): every last pass paired at any stride where C does
# not divide it, the planner's passes taking it before the two passes real_mixed_split.rs picks;
# old = main aedaafc's shapes example, new = that working tree, rounds old new new old, R2C per
# 2^27 f32 reals and 2^26 f64 reals, cuFFT's R2C in the same call.
# That tree also bounded every mixed f32 split pass to 3600 values (96000: 200 x 20 -> 18
# columns). `bash a1.sh` on the GPU machine, .gpu/shapes_{old,new}.gz.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in old new; do gunzip -c .gpu/shapes_$b.gz > /tmp/shapes_$b && chmod +x /tmp/shapes_$b; done
R="100000x1342 120000x1118 44100x3043 88200x1521 200000x671 96000x1398 20580x6521 23100x5810 11858x11318 13750x9761 16038x8368 101920x1316 52500x2556 322102x416 1331000x100 60000x2236 72000x1864 65536x2048 1048576x128 16777216x8"
D="11858x5659 100000x671 322102x208 20580x3260 65536x1024"
run() { b=$1; shift; OCLFFT_CACHE_DIR=/tmp/c_$b /tmp/shapes_$b --r2c "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $5, $6}'; }
echo "== old"; run old $R; run old --f64 $D
echo "== new"; run new $R; run new --f64 $D
echo "== new r2"; run new --no-check $R; run new --no-check --f64 $D
echo "== old r2"; run old --no-check $R; run old --no-check --f64 $D
python3 .gpu/cufft_shapes.py --kind r2c $R 2>&1 | tail -22
python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $D 2>&1 | tail -7
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
