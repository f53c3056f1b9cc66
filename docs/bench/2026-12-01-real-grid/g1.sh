# The split twiddles on a grid (R2C only), old (main 39a3893) against new; first call.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in old new; do gunzip -c .gpu/shapes_$b.gz > /tmp/shapes_$b && chmod +x /tmp/shapes_$b; done
R="65536x2048 131072x1024 262144x512 524288x256 1048576x128 2097152x64 4194304x32 16777216x8"
run() { b=$1; shift; OCLFFT_CACHE_DIR=/tmp/c_$b /tmp/shapes_$b "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $5, $6}'; }
echo "== old r2c"; run old --r2c $R
echo "== new r2c"; run new --r2c $R
echo "== c2c 2^20 old, new"; run old 1048576x128 65536x2048 16777216x8; run new 1048576x128
echo "== new r2c r2"; run new --r2c --no-check $R
echo "== old r2c r2"; run old --r2c --no-check $R
echo "== c2c 2^20 new, old"; run new --no-check 1048576x128; run old --no-check 1048576x128
python3 .gpu/cufft_shapes.py --kind r2c 65536x2048 1048576x128 16777216x8 2>&1 | tail -4
