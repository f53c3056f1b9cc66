# f64 last resorts whose split pass keeps its stages in registers (today only passes through
# local memory are taken: f32's 250-point split in registers lost). One binary, r = the
# working tree at db0643e plus a switch (a temporary build, never committed): XREG64 lets
# f64's last resort take passes in registers; without it, db0643e's plans. Rounds old new
# new old; per 2^26 f64 reals; cuFFT's R2C in the same call. `bash b5.sh` on the GPU machine
# with .gpu/shapes_r.gz.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
gunzip -c .gpu/shapes_r.gz > /tmp/shapes_r && chmod +x /tmp/shapes_r
D="228096x294 314928x213 360000x186 412500x162 637000x105 235298x285 294912x227"
run() { tag=$1; shift; echo "== $tag"; env "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $5, $6}'; }
X="/tmp/shapes_r --r2c --f64"
run old OCLFFT_CACHE_DIR=/tmp/c_old $X $D
run reg XREG64=1 OCLFFT_CACHE_DIR=/tmp/c_new $X $D
run "reg b" XREG64=1 OCLFFT_CACHE_DIR=/tmp/c_new $X --no-check $D
run "old b" OCLFFT_CACHE_DIR=/tmp/c_old $X --no-check $D
python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $D 2>&1 | tail -8
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
