# f64 one-pass real kernels that exchange halves: the split (R2C) and the merge (C2R) in the
# pass with a first radix of 11 or 12 (today at most 10, else a point-wise pass beside it).
# One binary, k = the working tree at 2f0327d plus environment switches (a temporary build,
# never committed): XCAPS64 / XCAPM64 set the f64 split's / merge's first-radix cap (10
# without them = 2f0327d's plans). Rounds old new new old; per 2^26 f64 reals; cuFFT's R2C
# and C2R in the same call. `bash b3.sh` on the GPU machine with .gpu/shapes_k.gz.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
gunzip -c .gpu/shapes_k.gz > /tmp/shapes_k && chmod +x /tmp/shapes_k
R="6912x9709 5184x12945 6050x11092 4368x15363 8640x7767 9216x7281"
C="6912x9709 4608x14563 5184x12945 6050x11092 8008x8380 12288x5461 4224x15887"
run() { tag=$1; shift; echo "== $tag"; env "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $5, $6}'; }
X=/tmp/shapes_k
run "old r2c" OCLFFT_CACHE_DIR=/tmp/c_old $X --f64 --r2c $R
run "old c2r" OCLFFT_CACHE_DIR=/tmp/c_old $X --f64 --c2r $C
run "cap12 r2c" XCAPS64=12 OCLFFT_CACHE_DIR=/tmp/c_new $X --f64 --r2c $R
run "cap12 c2r" XCAPM64=12 OCLFFT_CACHE_DIR=/tmp/c_new $X --f64 --c2r $C
run "cap12 r2c b" XCAPS64=12 OCLFFT_CACHE_DIR=/tmp/c_new $X --no-check --f64 --r2c $R
run "cap12 c2r b" XCAPM64=12 OCLFFT_CACHE_DIR=/tmp/c_new $X --no-check --f64 --c2r $C
run "old r2c b" OCLFFT_CACHE_DIR=/tmp/c_old $X --no-check --f64 --r2c $R
run "old c2r b" OCLFFT_CACHE_DIR=/tmp/c_old $X --no-check --f64 --c2r $C
python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $R 2>&1 | tail -7
python3 .gpu/cufft_shapes.py --kind c2r --precision f64 $C 2>&1 | tail -8
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
