# The committed rule: a last pass pairs at any stride only where no pass pairs with C
# dividing its stride (the point-wise split's plans). old = main aedaafc's shapes example,
# new = the working tree, nb = the working tree with MIXED_SPLIT_MAX_VALUES lifted (a
# temporary build, never committed), rounds old new new old (nb twice between), R2C per 2^27
# f32 reals and 2^26 f64 reals, cuFFT's R2C in the same call. `bash a3.sh` on the GPU
# machine, .gpu/shapes_{old,new,nb}.gz.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in old new nb; do gunzip -c .gpu/shapes_$b.gz > /tmp/shapes_$b && chmod +x /tmp/shapes_$b; done
R="11858x11318 16038x8368 15730x8532 101920x1316 52500x2556 322102x416 106722x1257 113190x1185 380666x352 118098x1136 137500x976 158466x847 100000x1342 88200x1521 1048576x128 65536x2048"
N="16038x8368 15730x8532 118098x1136 137500x976 158466x847"
D="11858x5659 322102x208 7350x9130 100000x671 65536x1024"
run() { b=$1; shift; OCLFFT_CACHE_DIR=/tmp/c_$b /tmp/shapes_$b --r2c "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $5, $6}'; }
echo "== old"; run old $R; run old --f64 $D
echo "== new"; run new $R; run new --f64 $D
echo "== nb"; run nb $N
echo "== nb r2"; run nb --no-check $N
echo "== new r2"; run new --no-check $R; run new --no-check --f64 $D
echo "== old r2"; run old --no-check $R; run old --no-check --f64 $D
python3 .gpu/cufft_shapes.py --kind r2c $R 2>&1 | tail -17
python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $D 2>&1 | tail -6
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
